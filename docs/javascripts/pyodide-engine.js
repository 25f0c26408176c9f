/* The project's Python engine in the page, through Pyodide (docs/play/, docs/playground/).
 *
 * Only a page holding an element of class `badugi-engine` loads anything: the build's
 * manifest first (site/pyodide/manifest.json, written by badugi_spec/docs/pyodide_build.py),
 * then the runtime, then the two wheels unpacked into Pyodide's file system. Every file
 * comes from this site; a build without Pyodide says so in its manifest, and the page
 * says it in words.
 *
 * window.badugiEngine.load(root, progress) resolves to an engine whose call(name, args)
 * sends JSON to badugi_spec.web.entry.call and parses its JSON answer.
 *
 * The runtime's files have the same addresses from every page (root + "pyodide/"), so
 * the browser's cache holds one copy for the play page, the playground and the rest: a
 * second visit, or a second page, fetches nothing it has. A page calls load() as soon as
 * its script runs, and draws its controls without waiting; what the first deal does
 * not need (the wheels' digests, the package's fingerprint) is worked out after it.
 */
(function () {
  "use strict";

  class EngineMissing extends Error {}

  const loading = new Map();

  /* What `badugi_spec.web.entry` imports, in the order it does, cut into parts. */
  const IMPORTS = [
    ["the scenario parser's Lark", ["lark"]],
    ["the engine", ["badugi_spec.engine"]],
    ["the trainer", ["badugi_spec.trainer"]],
    ["the page's entry", ["badugi_spec.web.entry"]],
  ];

  function loadScript(url) {
    return new Promise((resolve, reject) => {
      const script = document.createElement("script");
      script.src = url;
      script.onload = () => resolve();
      script.onerror = () => reject(new Error("could not load " + url));
      document.head.appendChild(script);
    });
  }

  async function sha256(buffer) {
    // crypto.subtle exists on https and on localhost only; elsewhere the digest is left out.
    if (!(window.crypto && window.crypto.subtle)) return "";
    const digest = await window.crypto.subtle.digest("SHA-256", buffer);
    return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
  }

  async function fetchOk(url, what) {
    let response;
    try {
      response = await fetch(url);
    } catch (error) {
      throw new Error(`could not fetch ${what}: ${error.message}`);
    }
    if (!response.ok) throw new Error(`could not fetch ${what}: HTTP ${response.status}`);
    return response;
  }

  async function start(root, progress) {
    const base = new URL(root + "pyodide/", window.location.href);
    const timings = {};
    const began = performance.now();
    const lap = (name) => {
      timings[name] = Math.round(performance.now() - began);
    };
    progress("Reading this build's manifest", 0);
    let manifest;
    try {
      const response = await fetch(new URL("manifest.json", base));
      manifest = response.ok ? await response.json() : null;
    } catch (error) {
      manifest = null;
    }
    if (!manifest) {
      throw new EngineMissing("this build of the site has no engine in the page (no pyodide/manifest.json)");
    }
    if (!manifest.enabled) throw new EngineMissing(manifest.reason);
    // Everything the first deal needs is asked for at once: the runtime, the two wheels
    // and the rules' places travel together, so the wheels cost no wait of their own.
    progress("Fetching the Python runtime (about 12 MB the first time, then from the cache)", 1);
    const wheels = manifest.wheels.map((name) =>
      fetchOk(new URL("wheels/" + name, base), name).then((response) => response.arrayBuffer())
    );
    wheels.forEach((promise) => promise.catch(() => {})); // each is awaited below
    const rulesWanted = fetchOk(new URL("rules.json", base), "rules.json")
      .then((response) => response.json())
      .catch(() => ({})); // the narration then shows rule IDs without links
    const snapshots = await openSnapshots();
    const key = snapshotKey(base, manifest);
    const saved = await readSnapshot(snapshots, key);
    await loadScript(new URL("pyodide.js", base).href);
    if (typeof window.loadPyodide !== "function") throw new Error("pyodide.js defined no loadPyodide");
    let pyodide = null;
    if (saved) {
      // A later visit: the engine as an earlier one left it, started and imported.
      try {
        pyodide = await window.loadPyodide({ indexURL: base.href, _loadSnapshot: saved });
      } catch (error) {
        snapshots.delete(key).catch(() => {}); // a snapshot this browser cannot use
      }
    }
    const restored = pyodide !== null;
    if (!pyodide) pyodide = await window.loadPyodide({ indexURL: base.href, _makeSnapshot: Boolean(snapshots) });
    lap(restored ? "restored" : "runtime");
    progress("Unpacking the project's wheel and Lark's", 2);
    const buffers = await Promise.all(wheels);
    buffers.forEach((buffer) => pyodide.unpackArchive(buffer, "wheel"));
    lap("wheels");
    // Importing runs on the page's one thread: a few parts, with a pause between them in
    // which the page answers clicks, rather than seconds in one piece.
    for (const [part, modules] of IMPORTS) {
      progress(`Importing the engine: ${part}`, 3);
      await new Promise((resolve) => setTimeout(resolve, 0));
      pyodide.runPython(modules.map((name) => `import ${name}`).join("\n"));
    }
    lap("imported");
    // One proxy of the Python function, kept for the page's life: it is never freed.
    const pyCall = pyodide.runPython("import badugi_spec.web.entry\nbadugi_spec.web.entry.call");
    const rules = await rulesWanted;
    const digests = {};
    let about = null;
    let used = false;
    const engine = {
      restored,
      manifest,
      digests,
      timings,
      rules,
      root,
      pyodide: pyodide.version,
      call(name, args) {
        const started = performance.now();
        let answer;
        try {
          answer = JSON.parse(pyCall(name, JSON.stringify(args || {})));
        } catch (error) {
          // A Python error past entry.call (it catches its own), or the runtime itself.
          answer = { status: "crash", message: String(error && error.message ? error.message : error) };
        }
        answer.ms = Math.round(performance.now() - started);
        if (!used && !restored && snapshots) {
          used = true; // kept for the next visit once the first answer is drawn
          setTimeout(() => saveSnapshot(pyodide, snapshots, key), 1000);
        }
        return answer;
      },
      ruleHref(id) {
        return rules[id] ? root + rules[id] : null;
      },
      // Which engine this is (its version, fingerprint and profiles): the fingerprint
      // reads every file of the package, so it is worked out when first asked for.
      get about() {
        if (about === null) about = engine.call("about");
        return about;
      },
    };
    lap("ready");
    progress("Ready", 4);
    // The wheels' digests are not needed to play: worked out once the page is idle.
    setTimeout(() => {
      manifest.wheels.forEach((name, i) => sha256(buffers[i]).then((digest) => (digests[name] = digest)));
    }, 0);
    return engine;
  }

  // ----- the started engine, kept by the browser for the next visit ------------------
  //
  // Starting the runtime and importing the package is most of the wait, the same work
  // on every visit. Once a page has used its engine, a snapshot of its memory (Pyodide's
  // makeMemorySnapshot, about 25 MB) goes into the browser's Cache Storage under the
  // runtime's version and the wheels' digests; the next visit, on any page of the site,
  // starts from it and only unpacks the wheels again (their files are not in the memory).
  // Without Cache Storage (a page not on https or localhost) every visit starts afresh.

  const SNAPSHOTS = "badugi-engine-snapshots";

  async function openSnapshots() {
    try {
      return window.caches ? await window.caches.open(SNAPSHOTS) : null;
    } catch (error) {
      return null;
    }
  }

  function snapshotKey(base, manifest) {
    const digests = manifest.wheels.map((name) => (manifest.sha256 || {})[name] || name);
    const tag = [manifest.pyodide, manifest.version, ...digests.map((d) => d.slice(0, 16))].join("-");
    return new URL(`snapshot/${encodeURIComponent(tag)}.bin`, base).href;
  }

  async function readSnapshot(snapshots, key) {
    if (!snapshots) return null;
    try {
      const hit = await snapshots.match(key);
      return hit ? new Uint8Array(await hit.arrayBuffer()) : null;
    } catch (error) {
      return null;
    }
  }

  async function saveSnapshot(pyodide, snapshots, key) {
    try {
      const memory = pyodide.makeMemorySnapshot();
      // One kept engine per browser: an earlier build's goes when this one's comes.
      for (const request of await snapshots.keys()) {
        if (request.url !== key) await snapshots.delete(request);
      }
      await snapshots.put(key, new Response(memory, { headers: { "Content-Type": "application/octet-stream" } }));
      document.documentElement.dataset.engineSnapshot = "saved";
    } catch (error) {
      document.documentElement.dataset.engineSnapshot = "not saved";
    }
  }

  function load(root, progress) {
    if (!loading.has(root)) loading.set(root, start(root, progress || (() => {})));
    return loading.get(root);
  }

  // ----- helpers shared by the two pages ---------------------------------------------

  const SUITS = { "♠": "spades", "♥": "hearts", "♦": "diamonds", "♣": "clubs" };
  const FACE = /(10|[A2-9TJQK])?([♠♥♦♣])/g;
  const RULE = /\bR\d+\.\d+\b/g;

  function escapeHtml(text) {
    return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  }

  /* A line of plain text as HTML: card faces in the site's four colours, rule IDs as
   * links to their place in the rules (when the engine knows it). */
  function decorate(text, engine) {
    let html = escapeHtml(text).replace(FACE, (face, rank, suit) =>
      rank ? `<span class="card ${SUITS[suit]}">${face}</span>` : `<span class="suit ${SUITS[suit]}">${face}</span>`
    );
    if (engine) {
      html = html.replace(RULE, (id) => {
        const href = engine.ruleHref(id);
        return href ? `<a class="rule-link" href="${href}">${id}</a>` : id;
      });
    }
    return html;
  }

  function element(tag, attributes, text) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes || {})) {
      if (value === false || value === null || value === undefined) continue;
      node.setAttribute(name, value === true ? "" : value);
    }
    if (text !== undefined) node.textContent = text;
    return node;
  }

  /* The loading panel: the steps with a tick as each is done, then the engine or why not. */
  function progressPanel(container) {
    const steps = [
      "Reading this build's manifest",
      "Fetching the Python runtime",
      "Unpacking the wheels",
      "Importing the engine",
    ];
    const status = container.querySelector(".engine-status") || element("p", { class: "engine-status" });
    status.setAttribute("role", "status");
    status.textContent = "Loading the engine…";
    container.prepend(status);
    const list = element("ol", { class: "engine-steps" });
    steps.forEach((step) => list.appendChild(element("li", {}, step)));
    status.after(list);
    container.setAttribute("aria-busy", "true");
    const began = performance.now();
    return {
      step(text, index) {
        list.querySelectorAll("li").forEach((li, i) => {
          li.className = i < index ? "done" : i === index ? "now" : "";
        });
        status.textContent = index < steps.length ? `Loading the engine: ${text}…` : "";
      },
      done(engine) {
        const seconds = ((performance.now() - began) / 1000).toFixed(1);
        list.remove();
        container.removeAttribute("aria-busy");
        const kept = engine.restored ? " (started from the copy this browser kept)" : "";
        status.textContent = `Engine ready in ${seconds} s: badugi-spec ${engine.manifest.version} on Pyodide ${engine.pyodide}${kept}.`;
        status.classList.add("ready");
      },
      failed(error) {
        list.remove();
        container.removeAttribute("aria-busy");
        status.classList.add(error instanceof EngineMissing ? "missing" : "failed");
        status.textContent =
          error instanceof EngineMissing
            ? `The engine in the page is not part of this build: ${error.message}. The rest of the site works without it; badugi-spec at a terminal does all this page does.`
            : `The engine could not start: ${error.message}`;
      },
    };
  }

  window.badugiEngine = { load, decorate, element, escapeHtml, progressPanel, EngineMissing };
})();
