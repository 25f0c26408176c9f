/* The playground (docs/playground/): a scenario text run by the project's own parser and
 * runner in Pyodide (badugi_spec/web/playground.py), its answer drawn as the site draws it.
 *
 * The text comes from the link (#s=... holds it compressed: deflate-raw, then base64url),
 * or a suite scenario by id (#try=ID, from a worked example's "Try it" link), or the
 * house worked example.
 */
(function () {
  "use strict";

  const container = document.getElementById("badugi-playground");
  if (!container || !window.badugiEngine || !window.badugiLinks) return;
  const { load, decorate, element, progressPanel } = window.badugiEngine;
  const root = container.dataset.root || "../";
  const FIRST = "house-worked-example";

  let engine = null;
  const editor = element("textarea", {
    class: "playground-source",
    spellcheck: "false",
    rows: 22,
    "aria-label": "Scenario text",
  });
  const runButton = element("button", { type: "button", class: "md-button md-button--primary playground-run", disabled: true }, "Run");
  const shareButton = element("button", { type: "button", class: "md-button playground-share" }, "Copy link");
  const shared = element("input", { type: "text", class: "playground-link", readonly: true, hidden: true, "aria-label": "Link to this scenario" });
  const verdict = element("p", { class: "playground-verdict", role: "status", "aria-live": "polite" });
  const lines = element("pre", { class: "playground-lines", hidden: true });
  const tables = element("div", { class: "playground-tables" });

  // ----- the link: the text compressed after the # ------------------------------------

  const { squeeze, unsqueeze, LinkTooLong, MOST_CHARS } = window.badugiLinks;

  let suite = null;
  async function suiteText(id) {
    if (suite === null) {
      try {
        const response = await fetch(new URL(root + "pyodide/scenarios.json", window.location.href));
        suite = response.ok ? await response.json() : {};
      } catch (error) {
        suite = {};
      }
    }
    return suite[id];
  }

  /* The text the link names; null and a message when it names none that can be read. */
  async function textFromLink() {
    const params = new URLSearchParams(window.location.hash.slice(1));
    if (params.has("s")) {
      try {
        return await unsqueeze(params.get("s"));
      } catch (error) {
        verdict.textContent = error instanceof LinkTooLong
          ? `This link's scenario is longer than a scenario may be (${MOST_CHARS.toLocaleString("en")} characters), so it was not opened; the house example is shown instead.`
          : "This link's scenario cannot be read (the link is cut or changed); the house example is shown instead.";
        verdict.className = "playground-verdict failed";
        return null;
      }
    }
    if (params.has("try")) {
      const text = await suiteText(params.get("try"));
      if (text) return text;
      verdict.textContent = `There is no scenario ${params.get("try")} in this build's suite; the house example is shown instead.`;
      verdict.className = "playground-verdict failed";
    }
    return null;
  }

  async function openLink() {
    const text = (await textFromLink()) || (await suiteText(FIRST)) || editor.value;
    editor.value = text || "";
  }

  async function share() {
    const packed = await squeeze(editor.value);
    const url = new URL(window.location.href);
    url.hash = "s=" + packed;
    window.history.replaceState(null, "", url.href);
    shared.value = url.href;
    shared.hidden = false;
    shared.select();
    try {
      await navigator.clipboard.writeText(url.href);
      shareButton.textContent = "Link copied";
    } catch (error) {
      shareButton.textContent = "Copy link"; // no clipboard here: the link is in the box
    }
    return url.href;
  }

  // ----- a run ------------------------------------------------------------------------

  function goTo(line, column) {
    const rows = editor.value.split("\n");
    let offset = 0;
    for (let i = 0; i < Math.min(line - 1, rows.length); i++) offset += rows[i].length + 1;
    offset += Math.max(column - 1, 0);
    editor.focus();
    editor.setSelectionRange(offset, offset);
  }

  function show(answer) {
    tables.innerHTML = "";
    lines.hidden = true;
    const took = answer.seconds !== undefined ? ` in ${Math.round(answer.seconds * 1000)} ms` : "";
    if (answer.status === "passed") {
      verdict.textContent = `Passed${took}: ${answer.id}, every check held (engine ${answer.version}).`;
      verdict.className = "playground-verdict passed";
      tables.innerHTML = answer.html;
      // The worked example's replayer (replayer.js) draws the boxes put in after load.
      document.dispatchEvent(new CustomEvent("badugi:fragment", { detail: tables }));
    } else if (answer.status === "crash") {
      verdict.textContent = `The engine failed on this text: ${answer.message}${answer.where ? " (" + answer.where + ")" : ""}. This is a bug of ours, not of the scenario.`;
      verdict.className = "playground-verdict crash";
    } else {
      const kind = answer.status === "error" ? "Does not load" : answer.status === "failed" ? "Failed" : "Errored";
      const place = answer.line ? ` at line ${answer.line}${answer.column ? ", column " + answer.column : ""}` : "";
      verdict.textContent = `${kind}${place}${took}.`;
      verdict.className = "playground-verdict failed";
      lines.innerHTML = answer.lines.map((line) => decorate(line, engine)).join("\n");
      lines.hidden = false;
      if (answer.line) {
        const jump = element("button", { type: "button", class: "md-button playground-goto" }, `Go to line ${answer.line}`);
        jump.addEventListener("click", () => goTo(answer.line, answer.column || 1));
        tables.appendChild(jump);
      }
    }
    container.dataset.status = answer.status;
    container.dataset.runs = String(Number(container.dataset.runs || 0) + 1);
    return answer;
  }

  function run(args) {
    return show(engine.call("run", args === undefined ? { source: editor.value } : args));
  }

  // ----- start ------------------------------------------------------------------------

  const panel = progressPanel(container);
  const buttons = element("div", { class: "playground-buttons" });
  buttons.append(runButton, shareButton);
  container.append(editor, buttons, shared, verdict, lines, tables);
  runButton.addEventListener("click", () => run());
  shareButton.addEventListener("click", () => share());
  editor.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      if (engine) run();
    }
  });
  window.addEventListener("hashchange", () => {
    if (window.location.hash.length > 1) openLink();
  });
  openLink().then(() => {
    container.dataset.opened = "true";
  });
  load(root, (text, index) => panel.step(text, index))
    .then((loaded) => {
      engine = loaded;
      panel.done(engine);
      runButton.disabled = false;
      window.badugiPlayground = { engine, run, share, openLink, squeeze, unsqueeze };
      container.dataset.readyMs = String(Math.round(performance.now())); // time to interactive
      container.dataset.ready = "true";
    })
    .catch((error) => {
      panel.failed(error);
      container.dataset.ready = "false";
    });
})();
