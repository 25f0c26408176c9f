/* Play in the page (docs/play/): the trainer of `badugi-spec play`, run by Pyodide.
 *
 * The page keeps the keys typed in this session and asks the engine for the session
 * again with one key more (badugi_spec/web/play.py): the answer is the whole transcript,
 * of which only the new lines are added, and the table the next buttons are made from.
 */
(function () {
  "use strict";

  const container = document.getElementById("badugi-play");
  if (!container || !window.badugiEngine || !window.badugiLinks) return;
  const { load, decorate, element, progressPanel } = window.badugiEngine;
  const root = container.dataset.root || "../";

  let engine = null;
  const state = { profile: "house", seats: 2, seed: 3, hints: false, inputs: [], shown: [] };
  const selected = new Set();

  const form = element("form", { class: "play-setup", hidden: true });
  const log = element("div", { class: "play-log", role: "log", "aria-live": "polite", tabindex: "0" });
  const table = element("div", { class: "play-table", hidden: true });
  const message = element("p", { class: "engine-message", role: "alert", hidden: true });
  const timing = element("p", { class: "play-timing" });

  function showMessage(text) {
    message.textContent = text;
    message.hidden = !text;
  }

  // ----- the setup form ---------------------------------------------------------------

  function buildForm(profiles) {
    form.innerHTML = "";
    const profile = element("select", { name: "profile", "aria-label": "Profile" });
    for (const p of profiles) {
      const option = element("option", { value: p.name }, p.name);
      profile.appendChild(option);
    }
    const seats = element("input", { name: "seats", type: "number", min: 2, max: 8, value: 2, "aria-label": "Players" });
    const seed = element("input", { name: "seed", type: "number", min: 0, max: 999999999, value: state.seed, "aria-label": "Seed" });
    const hints = element("input", { name: "hints", type: "checkbox" });
    const deal = element("button", { type: "submit", class: "md-button md-button--primary play-deal" }, "Deal");
    const label = (text, input) => {
      const wrap = element("label", {}, text + " ");
      wrap.appendChild(input);
      return wrap;
    };
    const fitSeats = () => {
      const chosen = profiles.find((p) => p.name === profile.value);
      seats.min = chosen.min_seats;
      seats.max = chosen.max_seats;
      seats.value = Math.min(Math.max(Number(seats.value) || 2, chosen.min_seats), chosen.max_seats);
    };
    profile.addEventListener("change", fitSeats);
    fitSeats();
    form.append(label("Profile", profile), label("Players", seats), label("Seed", seed), label("Odds hints", hints), deal);
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      newSession({
        profile: profile.value,
        seats: Number(seats.value),
        seed: Number(seed.value),
        hints: hints.checked,
      });
    });
    form.hidden = false;
  }

  // ----- a session --------------------------------------------------------------------

  function newSession(choice) {
    Object.assign(state, choice, { inputs: [], shown: [] });
    log.innerHTML = "";
    selected.clear();
    step();
  }

  function send(key) {
    state.inputs.push(key);
    selected.clear();
    step();
  }

  function step() {
    const answer = engine.call("play", {
      profile: state.profile,
      seats: state.seats,
      seed: state.seed,
      hints: state.hints,
      inputs: state.inputs,
    });
    timing.textContent = `Last answer: ${answer.ms} ms (the session replayed from seed ${state.seed} with ${state.inputs.length} keys).`;
    if (answer.status === "error" || answer.status === "crash") {
      state.inputs.pop();
      const where = answer.where ? ` (${answer.where})` : "";
      showMessage((answer.status === "crash" ? "The engine failed: " : "") + answer.message + where);
      return answer;
    }
    showMessage("");
    try {
      addLines(answer.lines);
      if (answer.status === "turn") drawTable(answer.table);
      else drawEnd(answer);
    } catch (error) {
      showMessage(`The page could not show the engine's answer: ${error.message}`);
    }
    remember();
    container.dataset.status = answer.status;
    container.dataset.keys = String(state.inputs.length);
    return answer;
  }

  // ----- the session in the link: a reload, or the link sent to someone, resumes it -----

  function remember() {
    const params = new URLSearchParams({
      profile: state.profile,
      players: String(state.seats),
      seed: String(state.seed),
      hints: state.hints ? "1" : "0",
      keys: JSON.stringify(state.inputs),
    });
    window.history.replaceState(null, "", "#" + params.toString());
  }

  /* The session a link names (#profile=...&players=...&seed=...&keys=[...]), or null. */
  function fromLink(hash) {
    const read = window.badugiLinks.readPlayLink(hash);
    if (read === null) return null;
    if (read.problem) {
      showMessage(read.problem);
      return null;
    }
    if (read.keysUnreadable) {
      showMessage("This link's keys cannot be read; a new session is dealt from its seed instead.");
    }
    return read.choice;
  }

  function resume(hash) {
    const choice = fromLink(hash);
    if (choice === null) return null;
    const { inputs, ...rest } = choice;
    for (const [name, value] of Object.entries({ profile: rest.profile, seats: rest.seats, seed: rest.seed })) {
      const field = form.querySelector(`[name=${name}]`);
      if (field) field.value = String(value);
    }
    const hints = form.querySelector("[name=hints]");
    if (hints) hints.checked = rest.hints;
    Object.assign(state, rest, { inputs: inputs.slice(), shown: [] });
    log.innerHTML = "";
    selected.clear();
    return step();
  }

  function addLines(lines) {
    // Each answer repeats the session from its start: only its new lines are added.
    const same = state.shown.length <= lines.length && state.shown.every((line, i) => line === lines[i]);
    if (!same) {
      log.innerHTML = "";
      state.shown = [];
    }
    for (const line of lines.slice(state.shown.length)) {
      const row = element("div", { class: rowClass(line) });
      row.innerHTML = decorate(line, engine) || "&nbsp;";
      log.appendChild(row);
    }
    state.shown = lines.slice();
    log.scrollTop = log.scrollHeight;
  }

  function rowClass(line) {
    if (line.startsWith("> ")) return "line typed";
    if (line.startsWith("── ")) return "line heading";
    if (/^(R\d+\.\d+|hint)\s/.test(line)) return "line narrated";
    return "line";
  }

  function drawTable(view) {
    table.innerHTML = "";
    table.hidden = false;
    const drawing = view.phase === "draw";
    const cards = element("div", { class: "play-cards", role: "group", "aria-label": "Your cards" });
    view.cards.forEach((card, index) => {
      const button = element("button", {
        type: "button",
        class: `card ${card.suit} play-card${card.plays ? "" : " off"}`,
        "aria-pressed": drawing ? String(selected.has(index + 1)) : false,
        disabled: !drawing,
        title: card.plays ? "plays (R2.1)" : "does not play",
        "data-place": index + 1,
      });
      button.textContent = card.face + (card.plays ? "*" : "");
      button.addEventListener("click", () => {
        if (selected.has(index + 1)) selected.delete(index + 1);
        else selected.add(index + 1);
        button.setAttribute("aria-pressed", String(selected.has(index + 1)));
        drawButton.disabled = selected.size === 0;
        drawButton.textContent = selected.size ? `Draw ${selected.size}` : "Draw";
      });
      cards.appendChild(button);
    });
    const actions = element("div", { class: "play-actions" });
    let drawButton = null;
    for (const action of view.actions) {
      if (action.kind === "draw") {
        const pat = element("button", { type: "button", class: "md-button play-action", "data-key": "p" }, "Stand pat");
        pat.addEventListener("click", () => send("p"));
        drawButton = element("button", { type: "button", class: "md-button play-action", "data-key": "d", disabled: true }, "Draw");
        drawButton.addEventListener("click", () => {
          const places = Array.from(selected).sort((a, b) => a - b);
          if (places.length) send("d " + places.join(" "));
        });
        actions.append(pat, drawButton);
      } else if (action.most) {
        // Big bet: an amount inside the range (R14.10), the least filled in.
        const group = element("span", { class: "play-amount" });
        const amount = element("input", {
          type: "number",
          min: action.least,
          max: action.most,
          value: action.least,
          "aria-label": `${action.kind} to`,
          "data-kind": action.kind,
        });
        const button = element("button", { type: "button", class: "md-button play-action", "data-key": action.key }, action.kind === "bet" ? "Bet" : "Raise to");
        button.addEventListener("click", () => send(`${action.key} ${amount.value}`));
        group.append(button, amount, element("span", { class: "play-range" }, ` ${action.least}–${action.most}`));
        actions.appendChild(group);
      } else {
        const button = element("button", { type: "button", class: "md-button play-action", "data-key": action.key }, capital(action.label));
        button.addEventListener("click", () => send(action.key));
        actions.appendChild(button);
      }
    }
    const typed = element("form", { class: "play-typed" });
    const input = element("input", { type: "text", name: "key", placeholder: "any key: o 1 4, ? R3.6, q", "aria-label": "Type a key" });
    typed.append(input, element("button", { type: "submit", class: "md-button" }, "Send"));
    typed.addEventListener("submit", (event) => {
      event.preventDefault();
      if (input.value.trim()) send(input.value.trim());
    });
    const head = element("p", { class: "play-pot" }, `Pot ${view.pot} · ${drawing ? "click the cards to throw, then Draw" : "your move"}`);
    table.append(head, cards, actions, typed);
  }

  function capital(text) {
    return text.charAt(0).toUpperCase() + text.slice(1);
  }

  function drawEnd(answer) {
    table.innerHTML = "";
    table.hidden = false;
    const again = element("button", { type: "button", class: "md-button md-button--primary play-again" }, "Deal a new session");
    again.addEventListener("click", () => newSession({ seed: state.seed + 1 }));
    const why = answer.stopped ? `Session stopped (${answer.stopped}).` : "The session is over.";
    table.append(element("p", { class: "play-over" }, `${why} Stacks: ${answer.stacks.join(", ")}.`), again);
  }

  // ----- start ------------------------------------------------------------------------

  const panel = progressPanel(container);
  container.append(message, form, table, log, timing);
  load(root, (text, index) => panel.step(text, index))
    .then((loaded) => {
      engine = loaded;
      panel.done(engine);
      buildForm(engine.about.profiles);
      window.badugiPlay = { engine, state, send, newSession, step, resume };
      if (window.location.hash.length > 1) resume(window.location.hash);
      container.dataset.readyMs = String(Math.round(performance.now())); // time to interactive
      container.dataset.ready = "true";
    })
    .catch((error) => {
      panel.failed(error);
      container.dataset.ready = "false";
    });
})();
