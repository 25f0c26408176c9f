/* A hand you can step through (badugi_spec/docs/replayer.py).

   Each `.replayer` box holds the frames the engine wrote at build time, as JSON: one frame
   per event, each only what changed since the one before. This script draws the table
   from them and moves between frames: the buttons, or Left/Right, Home/End when the box
   has the focus. It plays nothing and works nothing out: every number is in the frame.

   Rule links: the pages carry small maps from rule ID to its page (`.replayer-links`),
   made after the rules are placed; a fragment loaded into a fold brings its own. */
(function () {
  "use strict";

  var SUITS = { s: ["♠", "spades"], h: ["♥", "hearts"], d: ["♦", "diamonds"], c: ["♣", "clubs"] };
  var CARD_TEXT = /(10|[2-9TJQKA])([♠♥♦♣])/g;
  var CLASS_OF = { "♠": "spades", "♥": "hearts", "♦": "diamonds", "♣": "clubs" };

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function card(code) {
    var suit = SUITS[code.slice(-1)];
    var rank = code.slice(0, -1);
    if (rank === "T") rank = "10";
    return el("span", "card " + suit[1], rank + suit[0]);
  }

  function back() {
    var node = el("span", "card card-back");
    node.setAttribute("aria-hidden", "true");
    return node;
  }

  // A sentence as text, with its cards in their colours: never parsed as HTML.
  function sentence(node, words) {
    node.textContent = "";
    var last = 0;
    words.replace(CARD_TEXT, function (match, rank, suit, at) {
      node.appendChild(document.createTextNode(words.slice(last, at)));
      node.appendChild(el("span", "card " + CLASS_OF[suit], match));
      last = at + match.length;
      return match;
    });
    node.appendChild(document.createTextNode(words.slice(last)));
  }

  function expand(deltas) {
    var frames = [];
    var current = {};
    deltas.forEach(function (delta) {
      var next = {};
      Object.keys(current).forEach(function (key) { next[key] = current[key]; });
      Object.keys(delta).forEach(function (key) {
        if (delta[key] === null) delete next[key];
        else next[key] = delta[key];
      });
      frames.push(next);
      current = next;
    });
    return frames;
  }

  function ruleLinks() {
    var links = {};
    document.querySelectorAll("script.replayer-links").forEach(function (script) {
      try {
        var map = JSON.parse(script.textContent);
        Object.keys(map).forEach(function (id) { links[id] = map[id]; });
      } catch (error) { /* a broken map only costs its links */ }
    });
    return links;
  }

  function seatNames(list, seats) {
    return seats.map(function (seat) { return list[seat]; }).join(", ");
  }

  /* The table of one hand: the seats around an oval (a list on a phone) and the middle
     (pots, deck, burns). `show(frame)` draws a frame on it. The replayer below steps
     through a hand's frames with it; the play page (play.js) draws its live hand with it,
     and adds to a frame what only it has: `y`, the seat that is the player's; `l`, a
     few words at each seat (what it did last this round). A card `?` is face down. */
  function seatTable(names, button, blinds) {
    var count = names.length;
    var table = el("div", "replayer-table seats-" + count);
    var seats = el("ol", "replayer-seats");
    var middle = el("div", "replayer-middle");
    table.appendChild(seats);
    table.appendChild(middle);

    var seatNodes = names.map(function (name, seat) {
      var li = el("li", "seat");
      var angle = Math.PI / 2 + (2 * Math.PI * seat) / count;
      // Around an oval, clockwise from the bottom; close enough to the middle that a seat
      // of five cards at either end stays inside the box.
      li.style.setProperty("--x", (50 + 37 * Math.cos(angle)).toFixed(1) + "%");
      li.style.setProperty("--y", (50 + 35 * Math.sin(angle)).toFixed(1) + "%");
      li.setAttribute("data-seat", String(seat));
      var head = el("div", "seat-head");
      head.appendChild(el("strong", "seat-name", name));
      var roles = [];
      if (seat === button) roles.push(["D", "the button"]);
      if (seat === blinds[0]) roles.push(["SB", "small blind"]);
      if (seat === blinds[1]) roles.push(["BB", "big blind"]);
      roles.forEach(function (role) {
        var tag = el("abbr", "seat-role", role[0]);
        tag.title = role[1];
        head.appendChild(tag);
      });
      var status = el("span", "seat-status");
      head.appendChild(status);
      var stack = el("div", "seat-stack");
      var hand = el("div", "seat-cards");
      var bet = el("div", "seat-bet");
      var did = el("div", "seat-said");
      li.appendChild(head);
      li.appendChild(hand);
      li.appendChild(stack);
      li.appendChild(bet);
      li.appendChild(did);
      seats.appendChild(li);
      return { li: li, status: status, stack: stack, hand: hand, bet: bet, did: did };
    });

    function show(f) {
      var folded = f.f || [];
      seatNodes.forEach(function (node, seat) {
        var out = folded.indexOf(seat) >= 0;
        node.li.className = "seat" + (out ? " folded" : "") + (f.a === seat ? " actor" : "") +
          (f.n === seat ? " turn" : "") + (f.y === seat ? " you" : "");
        node.status.textContent = out ? "folded" : f.n === seat ? "to act" :
          f.s[seat] === 0 && f.c[seat] ? "all-in" : "";
        node.stack.textContent = "Stack " + f.s[seat];
        node.bet.textContent = f.b[seat] ? "Bet " + f.b[seat] : "";
        node.did.textContent = f.l && f.l[seat] ? f.l[seat] : "";
        node.hand.textContent = "";
        var off = f.o && f.o[seat] ? f.o[seat].split(" ") : [];
        (f.c[seat] ? f.c[seat].split(" ") : []).forEach(function (code) {
          var face = code === "?" ? back() : card(code);
          if (off.indexOf(code) >= 0) {
            face.classList.add("off"); // greyed as in the step table: it does not play
            face.title = "does not play";
          }
          node.hand.appendChild(face);
          node.hand.appendChild(document.createTextNode(" "));
        });
      });
      middle.textContent = "";
      var inFront = f.b.reduce(function (a, b) { return a + b; }, 0);
      var pot = el("div", "replayer-pot", "Pot " + f.p);
      // The pot counts the bets still in front of the players; say how much of it that is.
      if (inFront) pot.textContent += inFront === f.p ? " (all bet this round)" : " (" + inFront + " of it bet this round)";
      middle.appendChild(pot);
      (f.q || []).forEach(function (side, number) {
        var label = number === 0 ? "Main pot " : "Side pot " + number + ": ";
        middle.appendChild(el("div", "replayer-side", label + side[0] + " for " + seatNames(names, side[1])));
      });
      var deck = el("div", "replayer-deck", "Deck " + f.k);
      middle.appendChild(deck);
      if (f.u) {
        var burned = el("div", "replayer-burns", "Burned ");
        for (var i = 0; i < f.u; i++) burned.appendChild(back());
        var hidden = el("span", "replayer-hidden", f.u + " card" + (f.u > 1 ? "s" : "") + " face down");
        burned.appendChild(hidden);
        middle.appendChild(burned);
      }
    }

    return { table: table, seats: seatNodes, middle: middle, show: show };
  }

  function build(box) {
    var script = box.querySelector(":scope > script.replayer-data");
    var data;
    try {
      data = JSON.parse(script.textContent);
    } catch (error) {
      return; // the step table below stays open: the hand is still there to read
    }
    var frames = expand(data.frames);
    var at = 0;

    var bar = el("div", "replayer-bar");
    function button(css, label, text) {
      var b = el("button", "replayer-button " + css, text);
      b.type = "button";
      b.setAttribute("aria-label", label);
      bar.appendChild(b);
      return b;
    }
    var first = button("first", "First event", "« Start");
    var prev = button("prev", "Back one event", "◀ Back");
    var counter = el("span", "replayer-count");
    bar.appendChild(counter);
    var next = button("next", "Next event", "Next ▶");
    var last = button("last", "Last event", "End »");

    // A phone has no arrow keys: a touch screen with no hovering pointer gets tap wording.
    var touch = ("ontouchstart" in window || navigator.maxTouchPoints > 0)
      && !(window.matchMedia && window.matchMedia("(hover: hover)").matches);
    var hint = el("p", "replayer-hint", touch
      ? "Tap Next ▶ and ◀ Back to step through the hand; « Start and End » jump to either end."
      : "Step through the hand with the buttons, or with ← → (Home, End) once the box has the focus.");
    var phase = el("p", "replayer-phase");
    var scroll = el("div", "replayer-scroll");
    var drawn = seatTable(data.names, data.button, data.blinds);
    scroll.appendChild(drawn.table);

    var said = el("p", "replayer-sentence");
    said.setAttribute("aria-live", "polite");
    var words = el("span", "replayer-words");
    var rule = el("span", "replayer-rule");
    said.appendChild(words);
    said.appendChild(document.createTextNode(" "));
    said.appendChild(rule);

    function show(index) {
      at = Math.max(0, Math.min(frames.length - 1, index));
      var f = frames[at];
      drawn.show(f);
      phase.textContent = f.h;
      sentence(words, f.t);
      said.className = "replayer-sentence" + (f.x ? " refused" : "");
      rule.textContent = "";
      if (f.r) {
        var href = ruleLinks()[f.r];
        var link = el(href ? "a" : "span", "replayer-rule-link", "(" + f.r + ")");
        if (href) link.href = href;
        rule.appendChild(link);
      }
      counter.textContent = "";
      counter.appendChild(el("span", "word", "Event ")); // hidden on a phone, for room
      counter.appendChild(document.createTextNode((at + 1) + " of " + frames.length));
      first.disabled = prev.disabled = at === 0;
      next.disabled = last.disabled = at === frames.length - 1;
      box.setAttribute("data-frame", String(at));
    }

    first.addEventListener("click", function () { show(0); });
    prev.addEventListener("click", function () { show(at - 1); });
    next.addEventListener("click", function () { show(at + 1); });
    last.addEventListener("click", function () { show(frames.length - 1); });
    box.addEventListener("keydown", function (event) {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      var to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: frames.length - 1 }[event.key];
      if (to === undefined) return;
      event.preventDefault(); // the page does not scroll while the hand moves
      show(to);
    });

    box.appendChild(bar);
    box.appendChild(hint);
    box.appendChild(phase);
    box.appendChild(scroll);
    box.appendChild(said);
    box.tabIndex = 0;
    box.setAttribute("aria-roledescription", "hand replayer");
    box.setAttribute("aria-keyshortcuts", "ArrowLeft ArrowRight Home End");
    box.hidden = false;
    box.setAttribute("data-ready", "yes");
    // The step table stays, folded, for those who want every row.
    var trace = box.nextElementSibling;
    if (trace && trace.classList.contains("badugi-trace")) trace.open = false;
    show(0);
  }

  // For the play page (play.js): the same table, drawn from its own frames.
  window.badugiReplayer = { seatTable: seatTable, sentence: sentence, ruleLinks: ruleLinks };

  function start(root) {
    root.querySelectorAll(".replayer:not([data-ready])").forEach(build);
  }

  document.addEventListener("badugi:fragment", function (event) { start(event.detail || document); });
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", function () { start(document); });
  } else {
    start(document);
  }
})();
