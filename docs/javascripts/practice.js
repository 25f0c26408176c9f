/* The practice page (docs/practice/): exercises without end, made in the page from a seed
 * by practice-items.js, by theme or mixed; a second try before the answer shows; the ones
 * missed twice kept in a queue and offered again a few exercises later (if the reader
 * asks for it); a daily deal, the same six for everyone that day (seeded by the date); a
 * streak of answers right first time. What is done goes to progress.js.
 *
 * A link can carry one exercise: ?theme=pot&seed=12. No network, no framework.
 */
(function () {
  "use strict";

  var SUITS = { "♠": "spades", "♥": "hearts", "♦": "diamonds", "♣": "clubs" };
  var AGAIN_AFTER = 3; // a missed exercise comes back after this many new ones
  var OPTION = "badugi-spec.practice.queue";

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    (children || []).forEach(function (c) {
      node.appendChild(typeof c === "string" ? document.createTextNode(c) : c);
    });
    return node;
  }

  function today() {
    return new Date().toISOString().slice(0, 10);
  }

  function queueWanted() {
    try { return window.localStorage.getItem(OPTION) === "on"; } catch (e) { return false; }
  }

  function setQueueWanted(on) {
    try { window.localStorage.setItem(OPTION, on ? "on" : "off"); } catch (e) { /* not kept */ }
  }

  function setUp(box) {
    var P = window.BadugiPractice;
    var G = window.BadugiProgress;
    var params = new URLSearchParams(window.location.search);
    var titles = {};
    P.THEMES.forEach(function (t) { titles[t.id] = t.title; });
    var theme = titles[params.get("theme")] ? params.get("theme") : "mixed";
    var item = null;
    var tries = 0;
    var done = false;
    var since = 0;
    var daily = null; // {day, seeds, at, right} while the daily deal is on

    box.innerHTML = "";
    var themes = el("div", { class: "practice-themes", role: "group", "aria-label": "Themes" }, []);
    [{ id: "mixed", title: "Mixed" }].concat(P.THEMES).forEach(function (t) {
      var b = el("button", { type: "button", class: "md-button practice-theme", "data-theme": t.id }, [t.title]);
      b.addEventListener("click", function () { daily = null; theme = t.id; since = 0; fresh(); });
      themes.appendChild(b);
    });
    var dealButton = el("button", { type: "button", class: "md-button practice-daily-start" }, ["Today's deal"]);
    var queueBox = el("input", { type: "checkbox", class: "practice-queue-on", id: "practice-queue-on" }, []);
    queueBox.checked = queueWanted();
    var queueLabel = el("label", { for: "practice-queue-on", class: "practice-queue" }, [queueBox, " Offer the ones I missed again later"]);
    var queueCount = el("span", { class: "practice-queue-count" }, []);
    var streak = el("p", { class: "practice-streak", "aria-live": "polite" }, []);
    var head = el("p", { class: "practice-head" }, []);
    var prompt = el("p", { class: "practice-prompt" }, []);
    var hands = el("div", { class: "practice-hands" }, []);
    var choices = el("div", { class: "practice-choices", role: "group", "aria-label": "Choices" }, []);
    var verdict = el("p", { class: "practice-verdict", role: "status", "aria-live": "polite" }, []);
    var why = el("p", { class: "practice-why" }, []);
    var next = el("button", { type: "button", class: "md-button md-button--primary practice-next" }, ["Next"]);
    [themes, el("p", { class: "practice-options" }, [dealButton, " ", queueLabel, " ", queueCount]),
      streak, el("div", { class: "practice-item" }, [head, prompt, hands, choices, verdict, why, next])]
      .forEach(function (n) { box.appendChild(n); });

    queueBox.addEventListener("change", function () { setQueueWanted(queueBox.checked); status(); });
    dealButton.addEventListener("click", function () {
      var day = today();
      daily = { day: day, seeds: P.dailySeeds(day), at: 0, right: 0 };
      show(daily.seeds[0].theme, daily.seeds[0].seed, false);
    });
    next.addEventListener("click", function () { advance(); });

    function status() {
      var kept = G.load();
      streak.textContent = "Streak: " + kept.streak.now + " right first time in a row (best " + kept.streak.best + ").";
      var waiting = G.queue().length;
      queueCount.textContent = queueBox.checked ? "(" + waiting + " waiting)" : "";
      themes.querySelectorAll(".practice-theme").forEach(function (b) {
        b.classList.toggle("md-button--primary", !daily && b.dataset.theme === theme);
        b.setAttribute("aria-pressed", !daily && b.dataset.theme === theme ? "true" : "false");
      });
    }

    function faces(cards) {
      var span = el("span", { class: "held" }, []);
      cards.forEach(function (c, n) {
        if (n) span.appendChild(document.createTextNode(" "));
        span.appendChild(el("span", { class: "card " + SUITS[c.slice(-1)] }, [c]));
      });
      return span;
    }

    function show(itemTheme, seed, again) {
      item = P.make(itemTheme, seed);
      tries = 0;
      done = false;
      box.setAttribute("data-theme", itemTheme);
      box.setAttribute("data-seed", String(seed));
      var where = daily ? "Today's deal (" + daily.day + "), " + (daily.at + 1) + " of " + daily.seeds.length + ": "
        : again ? "Again, one you missed: " : "";
      head.textContent = where + titles[itemTheme];
      head.classList.toggle("practice-again", again);
      prompt.textContent = item.prompt;
      hands.innerHTML = "";
      item.hands.forEach(function (h) {
        hands.appendChild(el("p", { class: "practice-hand" }, [el("strong", {}, [h.label + ": "]), faces(h.cards)]));
      });
      choices.innerHTML = "";
      item.choices.forEach(function (text, n) {
        var b = el("button", { type: "button", class: "md-button practice-choice", "data-choice": String(n) }, [text]);
        b.addEventListener("click", function () { answer(n); });
        choices.appendChild(b);
      });
      verdict.textContent = "";
      verdict.className = "practice-verdict";
      why.textContent = "";
      why.hidden = true;
      next.textContent = daily && daily.at === daily.seeds.length - 1 ? "Finish today's deal" : "Next";
      if (!daily && window.history && window.history.replaceState) {
        window.history.replaceState(null, "", "?theme=" + (theme === "mixed" ? itemTheme : theme) + "&seed=" + seed);
      }
      G.visit("practice", { title: "Practice: " + titles[itemTheme] });
      status();
    }

    function answer(n) {
      if (done) return;
      var button = choices.querySelector('[data-choice="' + n + '"]');
      if (n !== item.answer && tries === 0) {
        tries = 1;
        button.classList.add("is-wrong");
        button.disabled = true;
        verdict.textContent = "Not quite. Try once more: the answer shows after a second try.";
        verdict.className = "practice-verdict wrong";
        return;
      }
      done = true;
      var right = n === item.answer;
      var first = right && tries === 0;
      choices.querySelectorAll(".practice-choice").forEach(function (b) {
        b.disabled = true;
        if (Number(b.dataset.choice) === item.answer) b.classList.add("is-right");
      });
      if (!right) button.classList.add("is-wrong");
      verdict.textContent = first ? "Right." : right ? "Right at the second try."
        : "Not quite: the answer is " + item.choices[item.answer] + ".";
      verdict.className = "practice-verdict " + (right ? "right" : "wrong");
      why.textContent = item.why;
      why.hidden = false;
      G.record("practice", { theme: item.theme, right: right, first: first });
      var mine = { theme: item.theme, seed: item.seed };
      G.queue(function (list) {
        var at = -1;
        list.forEach(function (q, i) { if (q.theme === mine.theme && q.seed === mine.seed) at = i; });
        if (first && at >= 0) list.splice(at, 1); // answered right first time: it has been learnt
        if (!first && at < 0 && queueBox.checked) list.push(mine);
      });
      if (daily && first) daily.right += 1;
      status();
      next.focus();
    }

    function advance() {
      if (daily) {
        daily.at += 1;
        if (daily.at < daily.seeds.length) {
          show(daily.seeds[daily.at].theme, daily.seeds[daily.at].seed, false);
          return;
        }
        G.daily(daily.day, { right: daily.right, of: daily.seeds.length });
        var said = "Today's deal done: " + daily.right + " of " + daily.seeds.length + " right first time. A new one comes tomorrow.";
        daily = null;
        fresh();
        head.textContent = said + " Meanwhile: " + head.textContent;
        return;
      }
      since += 1;
      // A queued item of a theme this page does not have (an imported file's) is dropped.
      var known = P.THEMES.map(function (t) { return t.id; });
      G.queue(function (list) {
        for (var i = list.length - 1; i >= 0; i--) if (known.indexOf(list[i].theme) < 0) list.splice(i, 1);
      });
      var waiting = G.queue();
      if (queueBox.checked && waiting.length && since >= AGAIN_AFTER) {
        since = 0;
        var head0 = waiting[0];
        G.queue(function (list) { list.push(list.shift()); }); // to the back until learnt
        show(head0.theme, head0.seed, true);
        return;
      }
      fresh();
    }

    function fresh() {
      var ids = P.THEMES.map(function (t) { return t.id; });
      var chosen = theme === "mixed" ? ids[Math.floor(Math.random() * ids.length)] : theme;
      show(chosen, Math.floor(Math.random() * 1000000000), false);
    }

    var seed = parseInt(params.get("seed") || "", 10);
    if (!isNaN(seed) && seed >= 0 && titles[params.get("theme")]) show(params.get("theme"), seed, false);
    else fresh();
  }

  function start() {
    if (!window.BadugiPractice || !window.BadugiProgress) return;
    document.querySelectorAll("#badugi-practice:not([data-ready])").forEach(function (box) {
      box.setAttribute("data-ready", "");
      setUp(box);
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
