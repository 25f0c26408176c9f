/* Play in the page (docs/play/): the trainer of `badugi-spec play`, run by Pyodide, at a table.
 *
 * The page keeps the keys typed in this session and asks the engine for the session
 * again with one key more (badugi_spec/web/play.py): the answer is the whole transcript,
 * of which only the new lines are added to the narration, the frames of the hands in
 * play (badugi_spec/web/table.py), drawn one after another on the replayer's table
 * (replayer.js draws it), and what the player may do next, made into the controls.
 *
 * The game chooser and the table are drawn at once; the engine loads meanwhile
 * (pyodide-engine.js), and a Deal clicked before it is ready deals when it is.
 */
(function () {
  "use strict";

  const container = document.getElementById("badugi-play");
  if (!container || !window.badugiEngine || !window.badugiLinks || !window.badugiReplayer) return;
  const { load, decorate, element, progressPanel } = window.badugiEngine;
  const { seatTable, sentence } = window.badugiReplayer;
  const root = container.dataset.root || "../";
  const since = (name) => {
    container.dataset[name] = String(Math.round(performance.now()));
  };

  /* The games a newcomer picks from, each in one line; six-max limit first. */
  const PRESETS = [
    { id: "six-max-limit", name: "Six-max limit", profile: "pokerstars-2010", seats: 6,
      line: "Fixed limit at six seats: blinds 1 and 2, bets of 2 then 4, four bets a round." },
    { id: "six-max-pot-limit", name: "Six-max pot limit", profile: "pot-limit", seats: 6,
      line: "Six seats; a bet or raise is any amount from the least up to the pot." },
    { id: "six-max-no-limit", name: "Six-max no limit", profile: "no-limit", seats: 6,
      line: "Six seats; a bet or raise is any amount up to your whole stack." },
    { id: "heads-up-house", name: "Heads-up house game", profile: "house", seats: 2,
      line: "The book's own game: you and one bot, 100 chips each, twelve hands." },
    { id: "badeucy-six-max", name: "Badeucy six-max", profile: "badeucy", seats: 6,
      line: "Five cards; each pot split: the best Badugi (aces high) and the best 2-7 low." },
    { id: "badacy-six-max", name: "Badacy six-max", profile: "badacy", seats: 6,
      line: "Five cards; each pot split: the best Badugi and the best A-5 low." },
  ];
  const PACES = [["Normal", 450], ["Slow", 900], ["Fast", 150], ["At once", 0]];

  let engine = null;
  let pending = null; // a Deal clicked before the engine was ready
  const state = { profile: "pokerstars-2010", seats: 6, seed: 3, hints: false, inputs: [], shown: [] };
  const view = { hand: 0, frame: -1, table: null, labels: [], phase: "", queue: Promise.resolve(), instant: false, token: 0, counted: new Set() };
  const selected = new Set();
  const api = { state, pace: 450, settled: Promise.resolve() };

  const chooser = element("details", { class: "play-chooser", open: true });
  const form = element("form", { class: "play-setup" });
  const board = element("div", { class: "play-board replayer" });
  const phase = element("p", { class: "replayer-phase play-phase" });
  const scroll = element("div", { class: "replayer-scroll" });
  const said = element("p", { class: "replayer-sentence play-said", "aria-live": "polite" });
  const table = element("div", { class: "play-table", hidden: true });
  const refusal = element("p", { class: "play-refusal", role: "alert", hidden: true });
  const message = element("p", { class: "engine-message", role: "alert", hidden: true });
  const narration = element("details", { class: "play-narration" });
  const log = element("div", { class: "play-log", role: "log", "aria-live": "polite", tabindex: "0" });
  const timing = element("p", { class: "play-timing" });
  const reviews = element("div", { class: "play-reviews", hidden: true });
  let review = null; // the review of a finished hand (play-review.js), made with the engine

  function showMessage(text) {
    message.textContent = text;
    message.hidden = !text;
  }

  function showRefusal(text) {
    refusal.textContent = text;
    refusal.hidden = !text;
  }

  // ----- the game chooser: usable before the engine is ------------------------------------

  function buildForm() {
    const presets = element("fieldset", { class: "play-presets" });
    presets.appendChild(element("legend", {}, "Game"));
    PRESETS.forEach((preset, index) => {
      const label = element("label", { class: "play-preset" });
      const radio = element("input", { type: "radio", name: "preset", value: preset.id, checked: index === 0 });
      const words = element("span", {});
      words.append(element("strong", {}, preset.name), element("span", { class: "play-preset-line" }, preset.line));
      label.append(radio, words);
      presets.appendChild(label);
    });
    const more = element("details", { class: "play-more" });
    more.appendChild(element("summary", {}, "More: seed, odds hints, speed, any profile"));
    const seed = element("input", { name: "seed", type: "number", min: 0, max: 999999999, value: state.seed, "aria-label": "Seed" });
    const hints = element("input", { name: "hints", type: "checkbox" });
    const pace = element("select", { name: "pace", "aria-label": "The bots' speed" });
    PACES.forEach(([name, ms]) => pace.appendChild(element("option", { value: ms }, name)));
    pace.addEventListener("change", () => (api.pace = Number(pace.value)));
    const profile = element("select", { name: "profile", "aria-label": "Profile" });
    profile.appendChild(element("option", { value: "" }, "the game's"));
    const seats = element("input", { name: "seats", type: "number", min: 2, max: 8, value: 6, "aria-label": "Players" });
    const label = (text, input) => {
      const wrap = element("label", {}, text + " ");
      wrap.appendChild(input);
      return wrap;
    };
    more.append(
      label("Seed", seed), label("Odds hints", hints), label("Bots' speed", pace),
      label("Profile", profile), label("Players", seats),
      element("p", { class: "play-more-note" },
        "The same seed deals the same cards and makes the bots choose the same way, here and at a terminal. A profile chosen here plays instead of the game's, with the players given.")
    );
    const deal = element("button", { type: "submit", class: "md-button md-button--primary play-deal" }, "Deal");
    form.append(presets, more, deal);
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const preset = PRESETS.find((p) => p.id === form.querySelector("[name=preset]:checked").value);
      const choice = profile.value
        ? { profile: profile.value, seats: Number(seats.value) }
        : { profile: preset.profile, seats: preset.seats };
      Object.assign(choice, { seed: Number(seed.value), hints: hints.checked });
      if (engine) newSession(choice);
      else {
        pending = choice;
        drawEmpty(choice.seats);
        showRefusal("");
        table.hidden = false;
        table.textContent = "Dealing as soon as the engine is ready (its progress is above).";
      }
    });
    chooser.append(element("summary", { class: "play-chooser-summary" }, "Choose a game"), form);
    form.addEventListener("change", (event) => {
      if (event.target.name !== "preset") return;
      const preset = PRESETS.find((p) => p.id === event.target.value);
      if (!pending && !state.inputs.length) drawEmpty(preset.seats);
      warm(preset);
    });
  }

  /* A game's first deal, played once while the player is still choosing: the split games'
   * rankings build their tables on first use (seconds in the page), better spent now. */
  const warmed = new Set();
  function warm(preset) {
    if (!engine || warmed.has(preset.profile)) return;
    warmed.add(preset.profile);
    const idle = () => !(state.profile === preset.profile && view.hand); // not being played
    setTimeout(() => {
      if (!idle()) return;
      if (!view.hand) said.textContent = `Getting ${preset.name} ready…`;
      setTimeout(() => {
        engine.call("play", { profile: preset.profile, seats: preset.seats, seed: 0, inputs: [] });
        if (!view.hand) said.textContent = "Choose a game and deal.";
      }, 30); // the words are drawn first
    }, 200);
  }

  /* The profiles the engine plays, for "any profile": asked for after the first deal. */
  function fillProfiles() {
    const select = form.querySelector("[name=profile]");
    if (!engine || select.options.length > 1) return;
    for (const p of engine.about.profiles) select.appendChild(element("option", { value: p.name }, p.name));
  }

  function summarise() {
    const preset = PRESETS.find((p) => p.profile === state.profile && p.seats === state.seats);
    const game = preset ? preset.name : `${state.profile}, ${state.seats} players`;
    chooser.querySelector("summary").textContent = `Game: ${game} · seed ${state.seed} (change)`;
  }

  // ----- the table ------------------------------------------------------------------------

  function seatNames(count) {
    return Array.from({ length: count }, (_, seat) => (seat === 0 ? "You" : count === 2 ? "Bot" : `Bot ${seat}`));
  }

  function drawEmpty(count) {
    view.table = seatTable(seatNames(count), -1, [-1, -1]);
    scroll.replaceChildren(view.table.table);
    const empty = Array(count).fill(0);
    view.table.show({ s: Array(count).fill(100), b: empty, c: Array(count).fill(""), p: 0, k: 0, a: -1, n: -1 });
    phase.textContent = "Before the deal";
    said.textContent = engine ? "Choose a game and deal." : "Choose a game and deal: the engine is loading meanwhile.";
  }

  function drawFrame(hand, frame) {
    if (frame.h !== view.phase) {
      view.labels = Array(hand.names.length).fill(""); // a new round: what was said is over
      view.phase = frame.h;
    }
    if (frame.w && frame.a >= 0) view.labels[frame.a] = frame.w;
    view.table.show(Object.assign({}, frame, { y: hand.you, l: view.labels }));
    phase.textContent = frame.h;
    said.textContent = "";
    const words = element("span", { class: "replayer-words" });
    sentence(words, frame.t);
    said.appendChild(words);
    const href = frame.r && engine ? engine.ruleHref(frame.r) : null;
    if (frame.r) {
      said.append(" ");
      said.appendChild(element(href ? "a" : "span", { class: "replayer-rule-link", href }, `(${frame.r})`));
    }
  }

  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

  /* The frames not shown yet, one after another: the bots act at their seats as you watch. */
  async function animate(hands, token, instant) {
    const stale = () => token !== view.token; // a new session was dealt meanwhile
    for (const hand of hands) {
      if (stale()) return;
      if (hand.number < view.hand) continue;
      let from = 0;
      if (hand.number === view.hand) from = view.frame + 1;
      else {
        if (view.hand && !instant) await sleep(api.pace * 3); // the last hand's end stays a moment
        if (stale()) return;
        view.table = seatTable(hand.names, hand.button, hand.blinds);
        scroll.replaceChildren(view.table.table);
        view.hand = hand.number;
        view.phase = "";
      }
      for (let i = from; i < hand.frames.length; i++) {
        const frame = hand.frames[i];
        const last = i === hand.frames.length - 1;
        if (!instant && !last && api.pace) await sleep(frame.w ? api.pace : api.pace / 6);
        if (stale()) return;
        if (instant && !last) continue;
        drawFrame(hand, frame);
        view.frame = i;
      }
      view.frame = hand.frames.length - 1;
      if (hand.over) offerReview(hand.number);
      if (hand.over && !instant) countHand(hand, token);
    }
  }

  // A hand watched to its end counts once on the progress page (a resumed session's hands,
  // drawn at once, were counted when they were played).
  function countHand(hand, token) {
    const key = `${token}:${hand.number}`;
    if (view.counted.has(key)) return;
    view.counted.add(key);
    if (window.BadugiProgress) {
      window.BadugiProgress.record("hand", { game: state.profile, won: !!hand.won, net: hand.net || 0 });
    }
  }

  // ----- the review of a finished hand (play-review.js) ---------------------------------

  /* A "Review hand N" button, once per finished hand, the latest first. */
  function offerReview(number) {
    if (!review || reviews.querySelector(`[data-hand="${number}"]`)) return;
    if (!reviews.firstChild) reviews.appendChild(element("span", { class: "play-reviews-label" }, "Review: "));
    const button = element("button", { type: "button", class: "md-button play-review-open", "data-hand": number }, `Hand ${number}`);
    button.addEventListener("click", () => openReview(number));
    reviews.insertBefore(button, reviews.children[1] || null);
    reviews.hidden = false;
  }

  function openReview(number) {
    if (!review) return Promise.resolve(null);
    const session = { profile: state.profile, seats: state.seats, seed: state.seed, hints: state.hints, inputs: state.inputs.slice() };
    return (api.reviewed = review.open(session, number));
  }

  /* The link that opens hand `number`'s review of this session, for anyone. */
  function reviewLink(session, number) {
    const url = new URL(window.location.href);
    url.hash = linkParams(session, number).toString();
    return url.toString();
  }

  function clearReviews() {
    if (review) review.close();
    reviews.replaceChildren();
    reviews.hidden = true;
  }

  // ----- a session --------------------------------------------------------------------

  function newSession(choice) {
    clearReviews();
    Object.assign(state, choice, { inputs: [], shown: [] });
    Object.assign(view, { hand: 0, frame: -1, phase: "", instant: false, token: view.token + 1 });
    log.innerHTML = "";
    selected.clear();
    showRefusal("");
    chooser.open = false;
    summarise();
    step();
    setTimeout(fillProfiles, 0); // the list of every profile waits until a hand is dealt
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
      table_from: Math.max(view.hand, 1),
    });
    timing.textContent = `Last answer: ${answer.ms} ms (the session replayed from seed ${state.seed} with ${state.inputs.length} keys).`;
    if (answer.status === "error" || answer.status === "crash") {
      state.inputs.pop();
      const where = answer.where ? ` (${answer.where})` : "";
      showMessage((answer.status === "crash" ? "The engine failed: " : "") + answer.message + where);
      return answer;
    }
    showMessage("");
    if (!container.dataset.dealtMs) since("dealtMs"); // the first hand dealt: drawn from here
    table.hidden = true; // the controls come back when the bots have acted
    table.replaceChildren();
    try {
      addLines(answer.lines);
    } catch (error) {
      showMessage(`The page could not show the engine's answer: ${error.message}`);
    }
    remember();
    const token = view.token;
    const instant = view.instant; // a resumed session is drawn at once; what follows is watched
    view.instant = false;
    api.settled = view.queue = view.queue
      .then(() => animate(answer.hands || [], token, instant))
      .then(() => {
        if (token !== view.token) return; // an answer of a session since replaced
        showRefusal(answer.refused || "");
        if (answer.status === "turn") drawControls(answer.table, hintsIn(answer.lines));
        else drawEnd(answer);
        container.dataset.status = answer.status;
        container.dataset.keys = String(state.inputs.length);
      })
      .catch((error) => showMessage(`The page could not draw the table: ${error.message}`));
    return answer;
  }

  // ----- the session in the link: a reload, or the link sent to someone, resumes it -----

  function linkParams(session, reviewed) {
    const params = new URLSearchParams({
      profile: session.profile,
      players: String(session.seats),
      seed: String(session.seed),
      hints: session.hints ? "1" : "0",
      keys: JSON.stringify(session.inputs),
    });
    if (reviewed) params.set("review", String(reviewed));
    return params;
  }

  function remember() {
    window.history.replaceState(null, "", "#" + linkParams(state).toString());
  }

  /* The session a link names (#profile=...&players=...&seed=...&keys=[...]), or null. */
  function fromLink(hash) {
    const read = window.badugiLinks.readPlayLink(hash);
    if (read === null) return null;
    if (read.problem) {
      showMessage(read.problem);
      return null;
    }
    // Said once the session is drawn (an answer clears the message line).
    view.note = read.keysUnreadable
      ? "This link's keys cannot be read; a new session is dealt from its seed instead."
      : read.reviewProblem || "";
    showMessage(view.note);
    return read.choice;
  }

  function resume(hash) {
    const choice = fromLink(hash);
    if (choice === null) return null;
    const { inputs, review: reviewed, ...rest } = choice;
    form.querySelector("[name=seed]").value = String(rest.seed);
    form.querySelector("[name=hints]").checked = rest.hints;
    const preset = PRESETS.find((p) => p.profile === rest.profile && p.seats === rest.seats);
    if (preset) form.querySelector(`[name=preset][value="${preset.id}"]`).checked = true;
    clearReviews();
    Object.assign(state, rest, { inputs: inputs.slice(), shown: [] });
    Object.assign(view, { hand: 0, frame: -1, phase: "", instant: true, token: view.token + 1 });
    log.innerHTML = "";
    selected.clear();
    chooser.open = false;
    summarise();
    // Every hand's frames are asked for, and only the last is drawn: no replay to sit through.
    const answer = step();
    if (view.note && answer.status !== "error") showMessage(view.note);
    // A review link (#...&review=N) opens that hand's review once the table is drawn.
    if (reviewed && answer.status !== "error") api.settled.then(() => openReview(reviewed));
    return answer;
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

  // ----- the controls -----------------------------------------------------------------

  function cardMarks(turn, card, place) {
    // A split game (R8.29): which half each card plays in, each half marked apart.
    if (!turn.halves.length) return { plays: card.plays, title: card.plays ? "plays (R2.1)" : "does not play", marks: [] };
    const halves = turn.halves.filter((half) => half.plays.includes(place));
    const names = halves.map((half) => half.name);
    return {
      plays: halves.length > 0,
      title: names.length ? `plays in the ${names.join(" and the ")} (R8.29)` : "plays in neither half",
      marks: turn.halves.map((half, i) => (half.plays.includes(place) ? i : -1)).filter((i) => i >= 0),
    };
  }

  function halfTag(turn, index) {
    const name = turn.halves[index].name;
    return /2-7/.test(name) ? "2-7" : /A-5/.test(name) ? "A-5" : "Badugi";
  }

  /* The odds hints (the Odds hints option) said since the last key, to show by the cards. */
  function hintsIn(lines) {
    let from = 0;
    lines.forEach((line, i) => {
      if (line.startsWith("> ")) from = i + 1;
    });
    const out = [];
    let inHint = false;
    for (const line of lines.slice(from)) {
      if (line.startsWith("hint ")) inHint = true;
      else if (!/^\s{4,}\S/.test(line)) inHint = false;
      if (inHint) out.push(line.replace(/^hint\s+/, "").trim());
    }
    return out.join(" ").replace(/\s+/g, " ").trim();
  }

  function drawControls(turn, hint) {
    table.innerHTML = "";
    table.hidden = false;
    const drawing = turn.phase === "draw";
    const cards = element("div", { class: "play-cards", role: "group", "aria-label": "Your cards" });
    let drawButton = null;
    turn.cards.forEach((card, index) => {
      const place = index + 1;
      const marks = cardMarks(turn, card, place);
      const button = element("button", {
        type: "button",
        class: `card ${card.suit} play-card${marks.plays ? "" : " off"}`,
        "aria-pressed": drawing ? String(selected.has(place)) : false,
        disabled: !drawing,
        title: marks.title,
        "data-place": place,
      });
      button.textContent = card.face + (turn.halves.length ? "" : card.plays ? "*" : "");
      if (marks.marks.length) {
        const tags = element("span", { class: "play-halves" });
        marks.marks.forEach((i) => tags.appendChild(element("span", { class: `play-half half-${i + 1}` }, halfTag(turn, i))));
        button.appendChild(tags);
      }
      button.addEventListener("click", () => {
        if (selected.has(place)) selected.delete(place);
        else selected.add(place);
        button.setAttribute("aria-pressed", String(selected.has(place)));
        drawButton.disabled = selected.size === 0;
        drawButton.textContent = selected.size ? `Draw ${selected.size}` : "Draw";
      });
      cards.appendChild(button);
    });
    const legend = turn.halves.length
      ? turn.halves.map((half, i) => `${halfTag(turn, i)}: plays in the ${half.name}`).join(" · ") + " (R8.29)"
      : "* plays in your hand's value (R2.1)";
    const actions = element("div", { class: "play-actions" });
    for (const action of turn.actions) {
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
        actions.appendChild(amountGroup(action));
      } else {
        const button = element("button", { type: "button", class: "md-button play-action", "data-key": action.key }, capital(action.label));
        button.addEventListener("click", () => send(action.key));
        actions.appendChild(button);
      }
    }
    const head = element("p", { class: "play-pot" }, drawing ? "Your draw: click the cards to throw, then Draw." : "Your move.");
    table.append(head, cards, element("p", { class: "play-legend" }, legend));
    if (hint) {
      const box = element("p", { class: "play-hint" });
      box.innerHTML = "<strong>Hint:</strong> " + decorate(hint, engine);
      table.appendChild(box);
    }
    table.append(actions, refusal);
  }

  /* A bet or raise in big bet (R14.10): an amount inside the range, with the sizes a
   * player reaches for. A refused amount stays in the box, with the engine's reason. */
  function amountGroup(action) {
    const group = element("div", { class: "play-amount" });
    const typed = api.lastAmount && api.lastAmount.kind === action.kind ? api.lastAmount.value : action.least;
    const amount = element("input", {
      type: "number", min: action.least, max: action.most, step: 1, value: typed,
      "aria-label": `${action.kind} to`, "data-kind": action.kind, inputmode: "numeric",
    });
    const button = element("button", { type: "button", class: "md-button play-action", "data-key": action.key },
      action.kind === "bet" ? "Bet" : "Raise to");
    button.addEventListener("click", () => {
      api.lastAmount = { kind: action.kind, value: amount.value };
      send(`${action.key} ${amount.value}`);
    });
    const sizes = element("span", { class: "play-sizes" });
    for (const [label, value] of action.sizes || []) {
      const size = element("button", { type: "button", class: "play-size", "data-amount": value, title: `${action.kind} to ${value}` }, label);
      size.addEventListener("click", () => {
        amount.value = String(value);
        showRefusal("");
      });
      sizes.appendChild(size);
    }
    group.append(button, amount, element("span", { class: "play-range" }, `${action.least}–${action.most}`), sizes);
    return group;
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

  // ----- start: the chooser and the table now, the engine when it comes ---------------

  const panel = progressPanel(container);
  buildForm();
  board.append(phase, scroll, said);
  const typedForm = element("form", { class: "play-typed" });
  const typedInput = element("input", { type: "text", name: "key", placeholder: "any key: o 1 4, ? R3.6, q", "aria-label": "Type a key" });
  typedForm.append(typedInput, element("button", { type: "submit", class: "md-button" }, "Send"));
  typedForm.addEventListener("submit", (event) => {
    event.preventDefault();
    if (engine && typedInput.value.trim()) send(typedInput.value.trim());
  });
  narration.append(element("summary", {}, "The narration, every event with its rule"), log, typedForm);
  container.append(message, chooser, board, table, reviews, narration, timing);
  drawEmpty(6);
  since("controlMs"); // the chooser and its Deal button work from here on
  window.badugiPlay = Object.assign(api, { send, newSession, step, resume, openReview });
  load(root, (text, index) => panel.step(text, index))
    .then((loaded) => {
      engine = loaded;
      api.engine = engine;
      if (window.badugiReview) {
        review = window.badugiReview.create({
          engine, element, seatTable, sentence, root: window,
          ruleHref: (id) => engine.ruleHref(id),
          link: reviewLink,
        });
        container.insertBefore(review.box, narration);
      }
      since("readyMs"); // time to the engine
      panel.done(engine);
      if (window.location.hash.length > 1 && !pending) resume(window.location.hash);
      else if (pending) newSession(pending);
      else {
        said.textContent = "Choose a game and deal.";
        warm(PRESETS.find((p) => p.id === form.querySelector("[name=preset]:checked").value));
      }
      pending = null;
      container.dataset.ready = "true";
    })
    .catch((error) => {
      panel.failed(error);
      container.dataset.ready = "false";
    });
})();
