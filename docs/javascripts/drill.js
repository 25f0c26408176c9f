/*
 * The "what would you draw?" drill on the strategy page. Its built hands' chances were
 * counted exactly by the odds module while the site was built (badugi_spec/docs/drill.py)
 * and sit on the drill's element as JSON; after them come hands dealt in the page without
 * end, last draws that practice-items.js counts exactly (tests/test_practice_items.py
 * checks that count against the odds module). The page lets the learner mark cards to
 * throw, any of the sixteen sets from none to all four, then shows the best few choices'
 * chances with the learner's, the rest behind "show all", and greys kept cards that
 * cannot play. The first answer to each hand is the score, kept by progress.js.
 *
 * Keys, while the drill has the focus: 1 to 4 mark or unmark a card, Enter draws, N goes
 * to the next hand. Cards are buttons, so Tab and Space work as anywhere else.
 */
(function () {
  "use strict";

  var SUITS = { "♠": "spades", "♥": "hearts", "♦": "diamonds", "♣": "clubs" };

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    (children || []).forEach(function (c) {
      node.appendChild(typeof c === "string" ? document.createTextNode(c) : c);
    });
    return node;
  }

  function face(text) {
    return el("span", { class: "card " + SUITS[text.slice(-1)] }, [text]);
  }

  /* Card faces; those in `idle` (kept but not playing) greyed, as the site greys them. */
  function faces(cards, idle) {
    var span = el("span", { class: "held" }, []);
    cards.forEach(function (c, n) {
      if (n) span.appendChild(document.createTextNode(" "));
      var card = face(c);
      if (idle && idle.indexOf(c) >= 0) {
        card.classList.add("off");
        card.setAttribute("title", "does not play");
      }
      span.appendChild(card);
    });
    if (!cards.length) span.appendChild(document.createTextNode("nothing"));
    return span;
  }

  /* "an 8", "an A", "a 9": the article of a rank as it is read aloud. */
  function article(rank) {
    return rank === "8" || rank === "A" ? "an " + rank : "a " + rank;
  }

  function sameSet(a, b) {
    return a.length === b.length && a.every(function (x) { return b.indexOf(x) >= 0; });
  }

  /* Kept cards that cannot play with the others (R2.1) cost a card at this draw. */
  function idleNote(question, choice) {
    if (!choice.idle.length) return "";
    var idle = choice.idle.map(function (i) { return question.hand[i]; });
    var verb = idle.length === 1 ? " does" : " do";
    return idle.join(" and ") + verb + " not play with the other cards you keep (R2.1): kept,"
      + (idle.length === 1 ? " it takes a place" : " they take places")
      + " in your hand at this draw, so fewer cards come, and the odds throw"
      + (idle.length === 1 ? " it" : " them") + " at the next draw.";
  }

  function setUp(box) {
    var fixed = JSON.parse(box.getAttribute("data-questions"));
    var params = new URLSearchParams(window.location.search);
    var current = Math.min(Math.max(parseInt(params.get("drill") || "1", 10) || 1, 1), fixed.length) - 1;
    var thrown = [];
    var session = {}; // first answers, when progress.js is not there to keep them
    var extra = {}; // hands dealt in the page after the built ones, by number
    var SHOWN = 5; // rows of the table before "show all"

    /* The built hands first (odds counted by drill.py), then, without end, last-draw hands
       dealt in the page and counted exactly there (practice-items.js). */
    function questionAt(n) {
      if (n < fixed.length) return fixed[n];
      if (!extra[n]) extra[n] = window.BadugiPractice.drillHand(Math.floor(Math.random() * 1000000000));
      return extra[n];
    }

    function keyOf(n) {
      return n < fixed.length ? String(n) : "x" + questionAt(n).seed;
    }

    function firstAnswers() {
      return window.BadugiProgress ? window.BadugiProgress.load().drill.first : session;
    }
    box.innerHTML = "";
    box.setAttribute("tabindex", "0");
    box.setAttribute("aria-label", "What would you draw? A drill: keys 1 to 4 mark cards, Enter draws, N for the next hand");

    var count = el("span", { class: "drill-count" }, []);
    var score = el("span", { class: "drill-score" }, []);
    var story = el("p", { class: "drill-story" }, []);
    var dead = el("p", { class: "drill-dead" }, []);
    var cards = el("div", { class: "drill-cards", role: "group", "aria-label": "Your hand: mark the cards to throw" }, []);
    var go = el("button", { type: "button", class: "md-button md-button--primary drill-go" }, []);
    var next = el("button", { type: "button", class: "md-button drill-next" }, ["Next hand"]);
    var result = el("div", { class: "drill-result", "aria-live": "polite" }, []);
    box.appendChild(el("div", { class: "drill-head" }, [count, " ", score]));
    [story, dead, cards, el("div", { class: "drill-actions" }, [go, " ", next]), result]
      .forEach(function (n) { box.appendChild(n); });

    function showScore() {
      var first = firstAnswers();
      var answered = Object.keys(first);
      var right = answered.filter(function (k) { return first[k]; }).length;
      score.textContent = "Best first time: " + right + " of " + answered.length;
    }

    function label() {
      go.textContent = thrown.length ? "Draw " + thrown.length : "Stand pat";
    }

    function show(number) {
      current = Math.max(number, 0);
      var q = questionAt(current);
      thrown = [];
      box.setAttribute("data-question", String(current + 1));
      count.textContent = current < fixed.length ? "Hand " + (current + 1) + " of " + fixed.length
        : "Extra hand " + (current - fixed.length + 1) + ", dealt in this page";
      var left = q.draws === 1 ? "1 draw left" : q.draws + " draws left";
      var wins = q.top === "K" ? "Any badugi wins." : "A badugi of " + q.top + " or better wins; anything less loses.";
      story.textContent = "";
      story.appendChild(el("strong", {}, [left + ". "]));
      // A story that already says what wins is not followed by the same sentence again.
      var says = q.story && /\bwins?\b/i.test(q.story);
      story.appendChild(document.createTextNode(q.story ? q.story + (says ? "" : " " + wins) : wins));
      if (current < fixed.length && window.history && window.history.replaceState) {
        window.history.replaceState(null, "", "?drill=" + (current + 1) + window.location.hash);
      }
      if (window.BadugiProgress) window.BadugiProgress.visit("drill", { title: "Drill: " + count.textContent });
      dead.textContent = "";
      dead.hidden = !q.dead.length;
      if (q.dead.length) {
        dead.appendChild(document.createTextNode("Known out of play: "));
        dead.appendChild(faces(q.dead));
      }
      cards.innerHTML = "";
      q.hand.forEach(function (c, i) {
        var button = el("button", {
          type: "button",
          class: "drill-card",
          "aria-pressed": "false",
          "data-index": String(i),
          "aria-label": c + ": keep (press to throw)",
        }, [el("span", { class: "drill-key", "aria-hidden": "true" }, [String(i + 1)]), face(c)]);
        button.addEventListener("click", function () { toggle(i); });
        cards.appendChild(button);
      });
      result.innerHTML = "";
      label();
      showScore();
    }

    function toggle(i) {
      var at = thrown.indexOf(i);
      if (at >= 0) thrown.splice(at, 1);
      else thrown.push(i);
      var button = cards.querySelector('[data-index="' + i + '"]');
      var out = at < 0;
      button.setAttribute("aria-pressed", out ? "true" : "false");
      button.classList.toggle("thrown", out);
      button.setAttribute("aria-label", questionAt(current).hand[i] + (out ? ": thrown (press to keep)" : ": keep (press to throw)"));
      label();
    }

    function answer() {
      var q = questionAt(current);
      result.innerHTML = "";
      var picked = -1;
      q.choices.forEach(function (c, n) { if (sameSet(c.throw, thrown)) picked = n; });
      if (picked < 0) {
        // The page has all sixteen discards; say so plainly if one is ever missing.
        result.appendChild(el("p", { class: "drill-note" }, ["This page has no odds for that choice."]));
        return;
      }
      var best = q.best.indexOf(picked) >= 0;
      var key = keyOf(current);
      if (window.BadugiProgress) window.BadugiProgress.record("drill", { hand: key, best: best });
      else if (!(key in session)) session[key] = best;
      showScore();
      var mine = q.choices[picked];
      var top = q.choices[q.best[0]];
      var goal = q.top === "K" ? "a badugi" : article(q.top) + " or better";
      var verdict = best
        ? "Best choice: " + mine.target + " % to make " + goal + " by the showdown."
          + (q.best.length > 1 ? " Other choices tie with it." : "")
        : "Not the best: " + mine.target + " % to make " + goal + ", where the best choice gives " + top.target + " %.";
      result.appendChild(el("p", { class: best ? "drill-right" : "drill-wrong" }, [verdict]));
      var why = idleNote(q, mine);
      if (why) result.appendChild(el("p", { class: "drill-idle" }, [why]));
      result.appendChild(table(q, picked));
    }

    function table(q, picked) {
      var order = q.choices.map(function (c, n) { return n; }).sort(function (a, b) {
        return parseFloat(q.choices[b].target) - parseFloat(q.choices[a].target) || a - b;
      });
      var goal = q.top === "K" ? "Badugi" : q.top + " or better";
      var head = el("tr", {}, ["Throw", "Keep", goal, "Any badugi"].map(function (h) { return el("th", { scope: "col" }, [h]); }));
      var body = el("tbody", {}, []);
      var hidden = 0;
      order.forEach(function (n, place) {
        var c = q.choices[n];
        var throwCards = c.throw.map(function (i) { return q.hand[i]; });
        var keepCards = q.hand.filter(function (x, i) { return c.throw.indexOf(i) < 0; });
        var idle = c.idle.map(function (i) { return q.hand[i]; });
        var css = (n === picked ? "picked " : "") + (q.best.indexOf(n) >= 0 ? "best" : "");
        var note = (n === picked ? " (yours)" : "") + (q.best.indexOf(n) >= 0 ? " (best)" : "");
        // The best few, the best and yours always; the rest behind "show all".
        var row = el("tr", { class: css.trim(), "data-choice": String(n) }, [
          el("td", {}, [throwCards.length ? faces(throwCards) : "stand pat", note]),
          el("td", {}, [faces(keepCards, idle)]),
          el("td", { class: "num", title: "exactly " + c.exact[0] }, [c.target + " %"]),
          el("td", { class: "num", title: "exactly " + c.exact[1] }, [c.any + " %"]),
        ]);
        if (place >= SHOWN && n !== picked && q.best.indexOf(n) < 0) {
          row.hidden = true;
          row.classList.add("drill-more");
          hidden += 1;
        }
        body.appendChild(row);
      });
      var grid = el("table", { class: "drill-table" }, [el("thead", {}, [head]), body]);
      var wrap = el("div", { class: "drill-table-wrap" }, [grid]);
      if (hidden) {
        var all = el("button", { type: "button", class: "md-button drill-all" },
          ["Show all " + q.choices.length + " choices"]);
        all.addEventListener("click", function () {
          body.querySelectorAll("tr.drill-more").forEach(function (r) { r.hidden = false; });
          all.remove();
        });
        wrap.appendChild(all);
      }
      return wrap;
    }

    go.addEventListener("click", answer);
    next.addEventListener("click", function () { show(current + 1); });
    box.addEventListener("keydown", function (event) {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      var digit = parseInt(event.key, 10);
      if (digit >= 1 && digit <= questionAt(current).hand.length) {
        toggle(digit - 1);
      } else if (event.key === "Enter" && (event.target === box || event.target.classList.contains("drill-card"))) {
        answer();
      } else if (event.key === "n" || event.key === "N") {
        show(current + 1);
      } else {
        return;
      }
      // The theme's own keys (N is its "next page") must not see a key the drill used.
      event.preventDefault();
      event.stopPropagation();
    });
    show(current);
  }

  function start() {
    Array.prototype.forEach.call(document.querySelectorAll(".drill[data-questions]"), setUp);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
