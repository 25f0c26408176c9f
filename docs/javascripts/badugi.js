/*
 * The Badugi evaluator in the page: value a hand, explain it, compare two hands, and a
 * "which hand wins?" quiz. Hand-written, no dependencies, so the site needs no build step.
 *
 * It follows the rulebook, not the Python code: a hand plays its largest group of cards
 * with no repeated rank and no repeated suit (R2.1), every group is tried (R2.5), more
 * cards win (R2.3), then the lower cards from the top down (R2.4). A test runs it under
 * node on all 270,725 four-card hands and checks every value against the Python evaluator.
 *
 * Works as a browser script (window.Badugi) and as a node module (module.exports).
 */
(function (root) {
  "use strict";

  var RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"];
  var SUITS = ["c", "d", "h", "s"]; // the Python deck's order: index = rank * 4 + suit
  var SYMBOLS = { c: "♣", d: "♦", h: "♥", s: "♠" };
  var SUIT_NAMES = { c: "clubs", d: "diamonds", h: "hearts", s: "spades" };
  var FROM_SYMBOL = { "♣": "c", "♦": "d", "♥": "h", "♠": "s", "♧": "c", "♢": "d", "♡": "h", "♤": "s" };

  function label(rank) {
    return rank === "T" ? "10" : rank;
  }

  function card(rank, suit) {
    var order = RANKS.indexOf(rank) + 1;
    return { rank: rank, suit: suit, order: order, index: (order - 1) * 4 + SUITS.indexOf(suit) };
  }

  function pretty(c) {
    return label(c.rank) + SYMBOLS[c.suit];
  }

  /* Cards as people type them: "As2h3dKd", "A♠ 2♥ 3♦ K♦", "10h", "th", any separators. */
  function parseCards(text) {
    var clean = String(text).replace(/[\ufe0e\ufe0f]/g, "");
    var cards = [];
    var seen = {};
    var i = 0;
    while (i < clean.length) {
      var ch = clean[i];
      if (/[\s,;:\/|\-_+.()\[\]{}'"]/.test(ch)) {
        i += 1;
        continue;
      }
      var rank;
      if (clean.substr(i, 2) === "10") {
        rank = "T";
        i += 2;
      } else {
        rank = ch.toUpperCase();
        i += 1;
        if (RANKS.indexOf(rank) < 0) {
          throw new Error("'" + ch + "' is not a rank: A, 2 to 10, J, Q or K");
        }
      }
      var suitText = clean[i];
      if (suitText === undefined) {
        throw new Error("the card " + label(rank) + " needs a suit: s, h, d, c or ♠ ♥ ♦ ♣");
      }
      var suit = FROM_SYMBOL[suitText] || suitText.toLowerCase();
      if (SUITS.indexOf(suit) < 0) {
        throw new Error("'" + suitText + "' is not a suit: s, h, d, c or ♠ ♥ ♦ ♣");
      }
      i += 1;
      var c = card(rank, suit);
      if (seen[c.index]) {
        throw new Error(pretty(c) + " is there twice: a deck has one of each card");
      }
      seen[c.index] = true;
      cards.push(c);
    }
    return cards;
  }

  function plays(group) {
    var ranks = {};
    var suits = {};
    for (var i = 0; i < group.length; i += 1) {
      if (ranks[group[i].rank] || suits[group[i].suit]) return false;
      ranks[group[i].rank] = true;
      suits[group[i].suit] = true;
    }
    return true;
  }

  /* Larger is better: the size first, then each rank from the highest down, lower better. */
  function strength(group) {
    var orders = group.map(function (c) { return c.order; }).sort(function (a, b) { return b - a; });
    var packed = orders.length;
    for (var p = 0; p < 4; p += 1) {
      packed = packed * 16 + (p < orders.length ? 14 - orders[p] : 0);
    }
    return packed;
  }

  function evaluate(cards) {
    if (cards.length < 1 || cards.length > 4) {
      throw new Error("a Badugi hand has 1 to 4 cards, not " + cards.length);
    }
    var best = null;
    var bestStrength = -1;
    var subsets = 0;
    var valid = 0;
    for (var bits = 1; bits < 1 << cards.length; bits += 1) {
      var group = [];
      for (var i = 0; i < cards.length; i += 1) {
        if (bits & (1 << i)) group.push(cards[i]);
      }
      subsets += 1;
      if (!plays(group)) continue;
      valid += 1;
      var s = strength(group);
      if (s > bestStrength) {
        bestStrength = s;
        best = group;
      }
    }
    var playing = best.slice().sort(function (a, b) { return b.order - a.order; });
    var ranks = playing.map(function (c) { return label(c.rank); });
    var name = playing.length + "-card " + ranks.join("-") + (playing.length === 4 ? " (badugi)" : "");
    return {
      size: playing.length,
      ranks: ranks,
      cards: playing,
      strength: bestStrength,
      name: name,
      subsets: subsets,
      valid: valid,
    };
  }

  /* Why each card that does not play is left out: what it clashes with among those that do. */
  function explain(cards) {
    var value = evaluate(cards);
    var reasons = [];
    cards.forEach(function (c) {
      if (value.cards.indexOf(c) >= 0) return;
      var sameRank = value.cards.filter(function (p) { return p.rank === c.rank; });
      var sameSuit = value.cards.filter(function (p) { return p.suit === c.suit; });
      var clashes = [];
      if (sameRank.length) clashes.push("pairs with " + sameRank.map(pretty).join(" "));
      if (sameSuit.length) {
        clashes.push("shares " + SYMBOLS[c.suit] + " with " + sameSuit.map(pretty).join(" "));
      }
      reasons.push({ card: c, text: pretty(c) + " does not play: it " + clashes.join(" and ") });
    });
    return { value: value, reasons: reasons };
  }

  /* 1 if a wins, -1 if b wins, 0 for a tie; with the reason in words (R2.3, R2.4, R2.7). */
  function compare(a, b) {
    var va = evaluate(a);
    var vb = evaluate(b);
    if (va.strength === vb.strength) {
      return { result: 0, why: "Both are " + va.name + ": suits never break a tie (R2.7), so the pot is split." };
    }
    var winner = va.strength > vb.strength ? va : vb;
    var loser = winner === va ? vb : va;
    var why;
    if (winner.size !== loser.size) {
      why = winner.size + " cards that play beat " + loser.size + ", however low they are (R2.3).";
    } else {
      for (var i = 0; i < winner.ranks.length; i += 1) {
        if (winner.ranks[i] !== loser.ranks[i]) {
          why = "Both have " + winner.size + " cards that play. From the top down, the first"
            + " difference is " + winner.ranks[i] + " against " + loser.ranks[i]
            + ", and the lower card wins (R2.4).";
          break;
        }
      }
    }
    return { result: winner === va ? 1 : -1, why: why };
  }

  /* A small seeded generator, so a quiz question can be linked to and tested. */
  function mulberry32(seed) {
    var t = seed >>> 0;
    return function () {
      t = (t + 0x6d2b79f5) >>> 0;
      var r = Math.imul(t ^ (t >>> 15), 1 | t);
      r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
      return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
    };
  }

  function deck() {
    var out = [];
    RANKS.forEach(function (r) { SUITS.forEach(function (s) { out.push(card(r, s)); }); });
    return out;
  }

  /* Two hands from one deck. Every third question is between hands of the same size,
     where the ranks decide, since those are the ones people get wrong. */
  function quizQuestion(seed) {
    var random = mulberry32(seed);
    for (var attempt = 0; attempt < 200; attempt += 1) {
      var cards = deck();
      for (var i = cards.length - 1; i > 0; i -= 1) {
        var j = Math.floor(random() * (i + 1));
        var swap = cards[i];
        cards[i] = cards[j];
        cards[j] = swap;
      }
      var first = cards.slice(0, 4);
      var second = cards.slice(4, 8);
      var sameSize = evaluate(first).size === evaluate(second).size;
      if (seed % 3 === 0 || sameSize) return { seed: seed, first: first, second: second };
    }
    return { seed: seed, first: first, second: second };
  }

  var api = {
    parseCards: parseCards,
    evaluate: evaluate,
    explain: explain,
    compare: compare,
    quizQuestion: quizQuestion,
    pretty: pretty,
    deck: deck,
    SUIT_NAMES: SUIT_NAMES,
  };

  // ----- the page ------------------------------------------------------------------

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    (children || []).forEach(function (c) {
      node.appendChild(typeof c === "string" ? document.createTextNode(c) : c);
    });
    return node;
  }

  function faceNode(c, playing) {
    var css = "card " + SUIT_NAMES[c.suit] + (playing ? "" : " off");
    var attrs = { class: css };
    if (!playing) attrs.title = "does not play";
    return el("span", attrs, [pretty(c)]);
  }

  function handNode(cards) {
    var info = explain(cards);
    var held = el("span", { class: "held" }, []);
    cards.forEach(function (c, n) {
      if (n) held.appendChild(document.createTextNode(" "));
      held.appendChild(faceNode(c, info.value.cards.indexOf(c) >= 0));
    });
    var list = el("ul", { class: "why" }, []);
    info.reasons.forEach(function (r) { list.appendChild(el("li", {}, [r.text])); });
    if (!info.reasons.length) {
      list.appendChild(el("li", {}, ["every card plays: four ranks and four suits (R2.2)"]));
    }
    return el("div", { class: "try-hand" }, [
      held, " ", el("strong", { class: "value" }, [info.value.name]), list,
    ]);
  }

  function showHand(output, text) {
    output.innerHTML = "";
    var cards;
    try {
      cards = parseCards(text);
      if (cards.length !== 4) throw new Error("type four cards, not " + cards.length);
    } catch (error) {
      output.appendChild(el("p", { class: "try-error" }, [error.message]));
      return;
    }
    var info = explain(cards);
    output.appendChild(handNode(cards));
    output.appendChild(el("p", { class: "try-note" }, [
      "All " + info.value.subsets + " groups of these cards were tried; " + info.value.valid
        + " have no repeated rank or suit, and the best of the largest is kept (R2.5).",
    ]));
  }

  function setUpEvaluator(box, params) {
    var input = box.querySelector("input");
    var output = box.querySelector(".try-output");
    var form = box.querySelector("form");
    var start = params.get("hand") || input.value;
    input.value = start;
    showHand(output, start);
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      showHand(output, input.value);
    });
    input.addEventListener("input", function () { showHand(output, input.value); });
  }

  function setUpQuiz(box, params) {
    var seed = parseInt(params.get("quiz") || "", 10);
    if (isNaN(seed)) seed = Math.floor(Math.random() * 1000000);
    var area = box.querySelector(".quiz-area");

    function ask(number) {
      var q = quizQuestion(number);
      area.innerHTML = "";
      area.setAttribute("data-seed", String(number));
      var hands = el("div", { class: "quiz-hands" }, [
        el("div", { class: "quiz-hand" }, [el("p", {}, ["Hand 1"]), plainFaces(q.first)]),
        el("div", { class: "quiz-hand" }, [el("p", {}, ["Hand 2"]), plainFaces(q.second)]),
      ]);
      var buttons = el("div", { class: "quiz-buttons" }, []);
      [["1", "Hand 1 wins"], ["2", "Hand 2 wins"], ["tie", "They tie"]].forEach(function (b) {
        var button = el("button", { type: "button", class: "md-button", "data-pick": b[0] }, [b[1]]);
        button.addEventListener("click", function () { answer(q, b[0]); });
        buttons.appendChild(button);
      });
      area.appendChild(hands);
      area.appendChild(buttons);
      area.appendChild(el("div", { class: "quiz-answer" }, []));
    }

    function answer(q, pick) {
      var verdict = compare(q.first, q.second);
      var truth = verdict.result === 1 ? "1" : verdict.result === -1 ? "2" : "tie";
      var said = truth === "tie" ? "They tie." : "Hand " + truth + " wins.";
      var box = area.querySelector(".quiz-answer");
      box.innerHTML = "";
      box.setAttribute("data-truth", truth);
      box.appendChild(el("p", { class: pick === truth ? "quiz-right" : "quiz-wrong" }, [
        (pick === truth ? "Right. " : "Not quite. ") + said,
      ]));
      box.appendChild(el("p", { class: "quiz-why" }, [verdict.why]));
      box.appendChild(handNode(q.first));
      box.appendChild(handNode(q.second));
      var next = el("button", { type: "button", class: "md-button md-button--primary" }, ["Next question"]);
      next.addEventListener("click", function () { ask((q.seed * 7919 + 13) % 1000003); });
      box.appendChild(next);
    }

    ask(seed);
    var pick = params.get("pick");
    if (pick) answer(quizQuestion(seed), pick);
  }

  function plainFaces(cards) {
    var span = el("span", { class: "held" }, []);
    cards.forEach(function (c, n) {
      if (n) span.appendChild(document.createTextNode(" "));
      span.appendChild(faceNode(c, true));
    });
    return span;
  }

  function start() {
    var params = new URLSearchParams(window.location.search);
    var evaluator = document.getElementById("badugi-try");
    if (evaluator) setUpEvaluator(evaluator, params);
    var quiz = document.getElementById("badugi-quiz");
    if (quiz) setUpQuiz(quiz, params);
  }

  if (typeof module === "object" && module.exports) {
    module.exports = api;
  } else {
    root.Badugi = api;
    if (document.readyState === "loading") {
      document.addEventListener("DOMContentLoaded", start);
    } else {
      start();
    }
  }
})(typeof window !== "undefined" ? window : this);
