/* The review of a hand played on /play/ (play.js opens it; badugi_spec/web/review.py
 * answers it): the hand on the replayer's table (replayer.js's seatTable), stepped with
 * the replayer's buttons, the player's own decisions marked and listed; at each of their
 * draws, the exact chance of every keep they could have made, with one line of coaching
 * where the choice was far from the best; the hand as a scenario to download; and a link
 * that opens the same review anywhere.
 *
 * The odds of a draw cost up to a few seconds in the page, so the hand is drawn first and
 * each draw's odds are asked for after it, one at a time.
 */
(function () {
  "use strict";

  const MOST_SHOWN = 5; // keeps in a draw's table before "every keep" (the rest folded)

  function create({ engine, element: make, seatTable, sentence, ruleHref, link, root }) {
    // The engine's `element`, with any number of children (text or nodes).
    const element = (tag, attributes, ...kids) => {
      const node = make(tag, attributes);
      kids.forEach((kid) => node.append(kid));
      return node;
    };
    const box = element("section", { class: "play-review", hidden: true, "aria-label": "Hand review" });
    let token = 0;

    function close() {
      token += 1;
      box.hidden = true;
      box.replaceChildren();
      delete box.dataset.hand;
      delete box.dataset.ready;
    }

    /* Open hand `number` of `session` ({profile, seats, seed, hints, inputs}). */
    function open(session, number) {
      const mine = ++token;
      box.hidden = false;
      box.replaceChildren(element("p", { class: "play-review-wait" }, `Reviewing hand ${number}…`));
      box.dataset.hand = String(number);
      delete box.dataset.ready;
      return new Promise((resolve) => setTimeout(resolve, 20)).then(() => {
        if (mine !== token) return null;
        const args = { profile: session.profile, seats: session.seats, seed: session.seed, inputs: session.inputs, hand: number };
        const answer = engine.call("review", args);
        if (answer.status !== "ok") {
          box.replaceChildren(head(number), element("p", { class: "engine-message play-review-error", role: "alert" },
            `No review: ${answer.message}${answer.where ? ` (${answer.where})` : ""}.`));
          box.dataset.ready = "error";
          return answer;
        }
        draw(answer, session, number, mine);
        return answer;
      });
    }

    function head(number) {
      const bar = element("div", { class: "play-review-head" });
      const closer = element("button", { type: "button", class: "md-button play-review-close" }, "Close review");
      closer.addEventListener("click", close);
      bar.append(element("h3", {}, `Review of hand ${number}`), closer);
      return bar;
    }

    function draw(answer, session, number, mine) {
      const hand = answer.hand;
      const frames = hand.frames;
      const marked = new Map(answer.decisions.map((d, i) => [d.frame, i]));
      const labels = labelsOf(frames, hand.names.length);
      const result = answer.net > 0 ? `You won ${answer.net} chips` : answer.net < 0 ? `You lost ${-answer.net} chips` : "You broke even";
      const summary = element("p", { class: "play-review-result" },
        `${result} in this hand${answer.won ? " (you won a pot or part of one)" : ""}. Your ${answer.decisions.length} decisions are marked ★: listed below, and in the sentence under the table when it shows one.`);

      // The replayer: the site's table, with its buttons.
      const table = seatTable(hand.names, hand.button, hand.blinds);
      const bar = element("div", { class: "replayer-bar" });
      const button = (css, label, text) => {
        const b = element("button", { type: "button", class: `replayer-button ${css}`, "aria-label": label }, text);
        bar.appendChild(b);
        return b;
      };
      const first = button("first", "First event", "« Start");
      const prev = button("prev", "Back one event", "◀ Back");
      const counter = element("span", { class: "replayer-count" });
      bar.appendChild(counter);
      const next = button("next", "Next event", "Next ▶");
      const yours = button("yours", "Your next decision", "★ Next of yours");
      const last = button("last", "Last event", "End »");
      const phase = element("p", { class: "replayer-phase" });
      const scroll = element("div", { class: "replayer-scroll" });
      scroll.appendChild(table.table);
      const said = element("p", { class: "replayer-sentence", "aria-live": "polite" });
      const list = element("ol", { class: "play-review-decisions" });
      let at = 0;

      function show(index) {
        at = Math.max(0, Math.min(frames.length - 1, index));
        const frame = frames[at];
        table.show(Object.assign({}, frame, { y: hand.you, l: labels[at] }));
        phase.textContent = frame.h;
        said.replaceChildren();
        const decision = marked.has(at);
        said.className = "replayer-sentence" + (decision ? " play-yours" : "");
        if (decision) said.appendChild(element("strong", { class: "play-yours-mark" }, "★ Your decision: "));
        const words = element("span", { class: "replayer-words" });
        sentence(words, frame.t);
        said.appendChild(words);
        if (frame.r) {
          const href = ruleHref(frame.r);
          said.append(" ");
          said.appendChild(element(href ? "a" : "span", { class: "replayer-rule-link", href }, `(${frame.r})`));
        }
        counter.textContent = `Event ${at + 1} of ${frames.length}`;
        first.disabled = prev.disabled = at === 0;
        next.disabled = last.disabled = at === frames.length - 1;
        const after = answer.decisions.find((d) => d.frame > at);
        yours.disabled = !after;
        list.querySelectorAll("li").forEach((li) => li.classList.toggle("now", Number(li.dataset.frame) === at));
        box.dataset.frame = String(at);
      }
      first.addEventListener("click", () => show(0));
      prev.addEventListener("click", () => show(at - 1));
      next.addEventListener("click", () => show(at + 1));
      last.addEventListener("click", () => show(frames.length - 1));
      yours.addEventListener("click", () => {
        const after = answer.decisions.find((d) => d.frame > at);
        if (after) show(after.frame);
      });

      // The decisions, each a jump to its frame; a draw's odds below it.
      const oddsBoxes = [];
      let drawIndex = 0;
      answer.decisions.forEach((decision) => {
        const li = element("li", { "data-frame": decision.frame });
        const jump = element("button", { type: "button", class: "play-review-jump" }, `★ ${decision.did}`);
        jump.addEventListener("click", () => show(decision.frame));
        li.append(jump, element("span", { class: "play-review-phase" }, ` ${decision.phase}`));
        if (/^You (draw|stand|throw)/.test(decision.did) && drawIndex < answer.draws.length) {
          const spot = answer.draws[drawIndex];
          const odds = element("div", { class: "play-odds", "data-draw": drawIndex });
          odds.appendChild(element("p", { class: "play-odds-wait" },
            `Your cards ${spot.cards}; you threw ${spot.thrown || "nothing"}. The odds of every keep: counting…`));
          oddsBoxes.push([drawIndex, odds]);
          li.appendChild(odds);
          drawIndex += 1;
        }
        list.appendChild(li);
      });

      const tools = element("div", { class: "play-review-tools" });
      if (answer.scenario) {
        const blob = new Blob([answer.scenario], { type: "text/plain;charset=utf-8" });
        const save = element("a", { class: "md-button play-review-save", href: URL.createObjectURL(blob), download: answer.file }, "Save as scenario (.badugi)");
        tools.append(save, element("span", { class: "play-review-save-note" },
          ` ${answer.file}: `, element("code", {}, `badugi-spec check ${answer.file}`), " replays it."));
      } else {
        tools.appendChild(element("p", { class: "play-review-unsaved" }, answer.unsaved));
      }
      const share = element("input", { type: "text", readonly: true, class: "play-review-link", value: link(session, number), "aria-label": "A link to this review" });
      const copy = element("button", { type: "button", class: "md-button play-review-copy" }, "Copy link");
      copy.addEventListener("click", () => {
        share.select();
        const done = () => (copy.textContent = "Copied");
        if (navigator.clipboard) navigator.clipboard.writeText(share.value).then(done, () => document.execCommand("copy"));
        else document.execCommand("copy");
      });
      const shareRow = element("p", { class: "play-review-share" }, "Share this review: ");
      shareRow.append(share, copy);
      tools.appendChild(shareRow);

      box.replaceChildren(head(number), summary, bar, phase, scroll, said,
        element("h4", {}, "Your decisions"), list, tools);
      show(answer.decisions.length ? answer.decisions[0].frame : 0);
      box.dataset.ready = "hand";
      if (!root.badugiReviewNoScroll) box.scrollIntoView({ block: "start" });
      fillOdds(session, number, oddsBoxes, mine);
    }

    /* Each draw's odds, one engine call at a time, the page drawn between them. */
    async function fillOdds(session, number, boxes, mine) {
      for (const [index, node] of boxes) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        if (mine !== token) return;
        const args = { profile: session.profile, seats: session.seats, seed: session.seed, inputs: session.inputs, hand: number, draw: index };
        const answer = engine.call("review", args);
        if (answer.status !== "ok") {
          node.replaceChildren(element("p", { class: "engine-message" }, `No odds: ${answer.message}.`));
          continue;
        }
        node.replaceChildren(...oddsTable(answer.odds));
        node.dataset.ready = "yes";
      }
      if (mine === token) box.dataset.ready = "odds";
    }

    function oddsTable(odds) {
      const out = [element("p", { class: "play-odds-head" },
        `At draw ${odds.draw} you held ${odds.cards} and threw ${odds.thrown || "nothing (stood pat)"}. The chance of each keep making each hand, ${odds.when}:`)];
      if (odds.coach) out.push(element("p", { class: "play-coach" }, odds.coach));
      const rows = odds.keeps;
      const shown = rows.filter((row, i) => i < MOST_SHOWN || row.yours);
      out.push(keepTable(odds, shown, rows));
      if (rows.length > shown.length) {
        const all = element("details", { class: "play-odds-all" });
        all.append(element("summary", {}, `Every keep (${rows.length})`), keepTable(odds, rows, rows));
        out.push(all);
      }
      out.push(element("p", { class: "play-odds-note" }, odds.note));
      return out;
    }

    function keepTable(odds, rows, all) {
      const wrap = element("div", { class: "play-odds-scroll" });
      const table = element("table", { class: "play-odds-table" });
      const headRow = element("tr", {});
      ["Keep", "Throw", ...odds.columns].forEach((name) => headRow.appendChild(element("th", { scope: "col" }, name)));
      table.appendChild(element("thead", {}, headRow));
      const body = element("tbody", {});
      rows.forEach((row) => {
        const best = row === all[0];
        const tr = element("tr", { class: (row.yours ? "yours" : "") + (best ? " best" : "") });
        const kept = element("td", {});
        sentence(kept, row.kept || "nothing");
        if (row.yours) kept.appendChild(element("strong", { class: "play-odds-tag" }, " ← yours"));
        if (best) kept.appendChild(element("span", { class: "play-odds-tag" }, " (best score)"));
        const thrown = element("td", {});
        sentence(thrown, row.thrown || "nothing");
        tr.append(kept, thrown);
        row.chances.forEach(([pct, exact]) => tr.appendChild(element("td", { class: "play-odds-figure", title: `exactly ${exact}` }, pct)));
        body.appendChild(tr);
      });
      table.appendChild(body);
      wrap.appendChild(table);
      return wrap;
    }

    return { box, open, close };
  }

  /* What each seat did last in its round, at every frame (play.js keeps it as it goes). */
  function labelsOf(frames, seats) {
    const out = [];
    let labels = Array(seats).fill("");
    let phase = null;
    frames.forEach((frame) => {
      if (frame.h !== phase) {
        labels = Array(seats).fill("");
        phase = frame.h;
      } else labels = labels.slice();
      if (frame.w && frame.a >= 0) labels[frame.a] = frame.w;
      out.push(labels);
    });
    return out;
  }

  window.badugiReview = { create };
})();
