/*
 * The Badugi evaluator in the page: value a hand, explain it, compare two hands, and a
 * "which hand wins?" quiz. Hand-written, no dependencies, so the site needs no build step.
 *
 * It follows the rulebook, not the Python code: a hand plays its largest group of cards
 * with no repeated rank and no repeated suit (R2.1), every group is tried (R2.5), more
 * cards win (R2.3), then the lower cards from the top down (R2.4). Five cards are valued in
 * the four rankings of chapter R9: both Badugi orders (R9.2, R9.3) and the two lows
 * (R9.4 to R9.6). Suits are only ever compared for equality, and the cards' order never
 * matters; tests/test_js_evaluator.py leans on both to check every five-card hand through
 * one hand of each class, and runs all 270,725 four-card hands against Python under node.
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

  /* The four rankings of chapter R9 by the names the profiles use. `aceHigh` moves the ace
     above the king; a low plays all five cards and may count straights and flushes. */
  var RANKINGS = {
    "badugi": { name: "badugi", title: "Badugi, aces low", rule: "R9.2", low: false, aceHigh: false, compareRule: "R2.4" },
    "badugi-ace-high": { name: "badugi-ace-high", title: "Badugi, aces high", rule: "R9.3", low: false, aceHigh: true, compareRule: "R9.3" },
    "low-2-7": { name: "low-2-7", title: "deuce-to-seven low", rule: "R9.5", low: true, aceHigh: true, straights: true, flushes: true },
    "low-a-5": { name: "low-a-5", title: "ace-to-five low", rule: "R9.6", low: true, aceHigh: false, straights: false, flushes: false },
  };
  /* Best first, as rule R9.5 orders them; A-5 has no straights or flushes (R9.6). */
  var CATEGORIES_2_7 = ["no pair", "pair", "two pair", "three of a kind", "straight", "flush",
    "full house", "four of a kind", "straight flush"];
  var CATEGORIES_A_5 = ["no pair", "pair", "two pair", "three of a kind", "full house", "four of a kind"];
  var SHAPES = { "2111": "pair", "221": "two pair", "311": "three of a kind", "32": "full house", "41": "four of a kind" };

  function rankingOf(name) {
    var chosen = RANKINGS[name || "badugi"];
    if (!chosen) {
      throw new Error("unknown hand ranking '" + name + "'; the rankings are " + Object.keys(RANKINGS).join(", "));
    }
    return chosen;
  }

  /* 1 for the ranking's lowest (best) rank up to 13 for its highest. */
  function height(c, chosen) {
    if (!chosen.aceHigh) return c.order;
    return c.order === 1 ? 13 : c.order - 1;
  }

  function label(rank) {
    return rank === "T" ? "10" : rank;
  }

  function evaluateBadugi(cards, chosen) {
    if (cards.length < 1 || cards.length > 5) {
      throw new Error("a Badugi hand has 1 to 5 cards, not " + cards.length);
    }
    // A group is a set of ranks and a set of suits, kept as bit masks: a card joins only if
    // neither its rank nor its suit is in yet (R2.1). Suits are only ever tested for being
    // the same, which is all the rules say of them.
    var rankBits = cards.map(function (c) { return 1 << height(c, chosen); });
    var suitBits = cards.map(function (c) { return 1 << SUITS.indexOf(c.suit); });
    var bestStrength = -1;
    var bestBits = 0;
    var subsets = 0;
    var valid = 0;
    // Every group is tried (R2.5); the first of the best wins a tie, which only suits tell apart.
    for (var bits = 1; bits < 1 << cards.length; bits += 1) {
      subsets += 1;
      var ranks = 0;
      var suits = 0;
      var size = 0;
      for (var i = 0; i < cards.length; i += 1) {
        if (!(bits & (1 << i))) continue;
        if (ranks & rankBits[i] || suits & suitBits[i]) {
          size = -1;
          break;
        }
        ranks |= rankBits[i];
        suits |= suitBits[i];
        size += 1;
      }
      if (size < 0) continue;
      valid += 1;
      var s = packRanks(ranks, size);
      if (s > bestStrength) {
        bestStrength = s;
        bestBits = bits;
      }
    }
    var playing = cards.filter(function (c, n) { return bestBits & (1 << n); })
      .sort(function (a, b) { return height(b, chosen) - height(a, chosen); });
    var names = playing.map(function (c) { return label(c.rank); });
    var name = playing.length + "-card " + names.join("-") + (playing.length === 4 ? " (badugi)" : "");
    return {
      ranking: chosen.name,
      size: playing.length,
      ranks: names,
      cards: playing,
      strength: bestStrength,
      name: name,
      subsets: subsets,
      valid: valid,
    };
  }

  /* A Badugi value packed as the Python evaluator packs it: the size, then each playing
     rank from the highest down as 14 - height, four bits each, so larger is better.
     `ranks` has bit h set for each playing height h (1 for the best rank, 13 the worst). */
  function packRanks(ranks, size) {
    var packed = size;
    var fields = 0;
    for (var h = 13; h >= 1; h -= 1) {
      if (ranks & (1 << h)) {
        packed = packed * 16 + 14 - h;
        fields += 1;
      }
    }
    for (; fields < 4; fields += 1) packed *= 16;
    return packed;
  }

  /* A five-card low (R9.4): all five play. Its category, then the ranks in reading order
     (repeated ranks first, then from the highest down), packed as the Python strength:
     2**24 minus (the category's place, best first, then each height in four bits). */
  function evaluateLow(cards, chosen) {
    if (cards.length !== 5) {
      throw new Error("a " + chosen.name + " hand has 5 cards, not " + cards.length);
    }
    var counts = {};
    cards.forEach(function (c) { counts[height(c, chosen)] = (counts[height(c, chosen)] || 0) + 1; });
    var ordered = cards.slice().sort(function (a, b) {
      var ha = height(a, chosen);
      var hb = height(b, chosen);
      return (counts[hb] - counts[ha]) || (hb - ha);
    });
    var heights = ordered.map(function (c) { return height(c, chosen); });
    var shape = Object.keys(counts).map(function (h) { return counts[h]; })
      .sort(function (a, b) { return b - a; }).join("");
    var category = SHAPES[shape];
    var straight = false;
    var flush = false;
    if (!category) {
      straight = chosen.straights && heights[0] - heights[4] === 4;
      flush = chosen.flushes && cards.every(function (c) { return c.suit === cards[0].suit; });
      category = straight ? (flush ? "straight flush" : "straight") : (flush ? "flush" : "no pair");
    }
    var order = chosen.flushes ? CATEGORIES_2_7 : CATEGORIES_A_5;
    var badness = order.indexOf(category);
    heights.forEach(function (h) { badness = badness * 16 + h; });
    var ranks = ordered.map(function (c) { return label(c.rank); });
    return {
      ranking: chosen.name,
      size: 5,
      ranks: ranks,
      cards: ordered,
      strength: 16777216 - badness,
      name: ranks.join("-") + (category === "no pair" ? "" : " (" + category + ")"),
      category: category,
      categories: order,
      // All five cards play (R9.4): the one group the ranking looks at is the whole hand.
      subsets: 1,
      valid: 1,
    };
  }

  /* The sentence under a valued hand on how its value was found, with its counts read
     from the hand and the ranking, never written in: a Badugi hand of n cards has
     2^n - 1 groups (15 for four, 31 for five), all tried (R2.5); a low plays all its
     cards, so there is one group and nothing to choose (R9.4). */
  function groupsNote(cards, rankingName) {
    var chosen = rankingOf(rankingName);
    var value = evaluate(cards, chosen.name);
    if (chosen.low) {
      return "In " + chosen.title + " all " + cards.length + " cards play: the hand is its"
        + " only group, so there is nothing to choose (R9.4).";
    }
    if (cards.length === 1) return "One card is its own only group (R2.5).";
    return "All " + value.subsets + " groups of these " + cards.length + " cards were tried; "
      + value.valid + (value.valid === 1 ? " has" : " have")
      + " no repeated rank or suit, and the best of the largest is kept (R2.5).";
  }

  /* The value of a hand in a ranking (the house one, aces-low Badugi, by default). */
  function evaluate(cards, rankingName) {
    var chosen = rankingOf(rankingName);
    return chosen.low ? evaluateLow(cards, chosen) : evaluateBadugi(cards, chosen);
  }

  /* Why each card that does not play is left out: what it clashes with among those that do.
     In a low every card plays, so the notes say what the five make instead (R9.4 to R9.6). */
  function explain(cards, rankingName) {
    var value = evaluate(cards, rankingName);
    var chosen = rankingOf(rankingName);
    var reasons = [];
    if (chosen.low) return { value: value, reasons: reasons, notes: lowNotes(value, chosen) };
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
    var notes = [];
    if (chosen.aceHigh && cards.some(function (c) { return c.rank === "A"; })) {
      notes.push("the ace is high here, above the king (R9.3)");
    }
    return { value: value, reasons: reasons, notes: notes };
  }

  function lowNotes(value, chosen) {
    var notes = ["all five cards play (R9.4); in " + chosen.name + " aces are "
      + (chosen.aceHigh ? "high" : "low") + " (" + chosen.rule + ")"];
    var suited = value.cards.every(function (c) { return c.suit === value.cards[0].suit; });
    var distinct = value.category === "no pair" || value.category === "straight"
      || value.category === "flush" || value.category === "straight flush";
    notes.push(value.category === "no pair" ? "no pair: five different ranks"
      : distinct ? "five different ranks" : value.category + ": " + value.ranks.join("-"));
    if (distinct) {
      var heights = value.cards.map(function (c) { return height(c, chosen); });
      var inRow = heights[0] - heights[4] === 4;
      var wheel = value.ranks.slice().sort().join("") === "2345A";
      if (chosen.straights && inRow) {
        notes.push("a straight: five ranks in a row, which counts against it (" + chosen.rule + ")");
      } else if (chosen.straights && wheel) {
        notes.push("not a straight: the ace is high in " + chosen.name + ", so A-5-4-3-2 is ace high ("
          + chosen.rule + ")");
      } else if (!chosen.straights && inRow) {
        notes.push("five ranks in a row, but straights do not count (" + chosen.rule + ")");
      }
      if (suited) {
        notes.push("all five are " + SYMBOLS[value.cards[0].suit] + (chosen.flushes
          ? ", a flush, which counts against it (" : ", but flushes do not count (") + chosen.rule + ")");
      }
    }
    notes.push(chosen.name + " from best to worst: " + value.categories.join(", ") + " (" + chosen.rule + ")");
    return notes;
  }

  /* 1 if a wins, -1 if b wins, 0 for a tie; with the reason in words, citing the rules. */
  function compare(a, b, rankingName) {
    var chosen = rankingOf(rankingName);
    var va = evaluate(a, rankingName);
    var vb = evaluate(b, rankingName);
    if (va.strength === vb.strength) {
      return { result: 0, why: "Both are " + va.name + ": suits never break a tie ("
        + (chosen.name === "badugi" && a.length <= 4 ? "R2.7" : "R9.1") + "), so the pot is split." };
    }
    var winner = va.strength > vb.strength ? va : vb;
    var loser = winner === va ? vb : va;
    var why;
    if (chosen.low && winner.category !== loser.category) {
      why = "A " + winner.category + " beats a " + loser.category + " in " + chosen.name
        + " (" + chosen.rule + ").";
    } else if (!chosen.low && winner.size !== loser.size) {
      why = winner.size + " cards that play beat " + loser.size + ", however low they are (R2.3).";
    } else {
      for (var i = 0; i < winner.ranks.length; i += 1) {
        if (winner.ranks[i] !== loser.ranks[i]) {
          why = chosen.low
            ? "Both are " + winner.category + ". In reading order the first difference is "
              + winner.ranks[i] + " against " + loser.ranks[i] + ", and the lower card wins (R9.4)."
            : "Both have " + winner.size + " cards that play. From the top down, the first"
              + " difference is " + winner.ranks[i] + " against " + loser.ranks[i]
              + ", and the lower card wins (" + chosen.compareRule + ").";
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

  /* Two hands from one deck, of four cards (house Badugi) or five. Every third question is
     between hands of the same size, or in a low of the same category, where the ranks
     decide, since those are the ones people get wrong. */
  function quizQuestion(seed, rankingName, size) {
    var chosen = rankingOf(rankingName);
    var count = chosen.low ? 5 : size || 4;
    var random = mulberry32(seed);
    var first;
    var second;
    for (var attempt = 0; attempt < 200; attempt += 1) {
      var cards = deck();
      for (var i = cards.length - 1; i > 0; i -= 1) {
        var j = Math.floor(random() * (i + 1));
        var swap = cards[i];
        cards[i] = cards[j];
        cards[j] = swap;
      }
      first = cards.slice(0, count);
      second = cards.slice(count, 2 * count);
      var one = evaluate(first, chosen.name);
      var two = evaluate(second, chosen.name);
      var alike = chosen.low ? one.category === two.category : one.size === two.size;
      if (seed % 3 === 0 || alike) break;
    }
    return { seed: seed, first: first, second: second, ranking: chosen.name, size: count };
  }

  var api = {
    parseCards: parseCards,
    evaluate: evaluate,
    explain: explain,
    groupsNote: groupsNote,
    compare: compare,
    quizQuestion: quizQuestion,
    pretty: pretty,
    deck: deck,
    RANKINGS: RANKINGS,
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

  function handNode(cards, rankingName) {
    var info = explain(cards, rankingName);
    var held = el("span", { class: "held" }, []);
    cards.forEach(function (c, n) {
      if (n) held.appendChild(document.createTextNode(" "));
      held.appendChild(faceNode(c, info.value.cards.indexOf(c) >= 0));
    });
    var list = el("ul", { class: "why" }, []);
    info.reasons.forEach(function (r) { list.appendChild(el("li", {}, [r.text])); });
    if (!info.reasons.length && !rankingOf(rankingName).low) {
      list.appendChild(el("li", {}, [cards.length === 4
        ? "every card plays: four ranks and four suits (R2.2)"
        : "every card plays: no repeated rank or suit (R2.1)"]));
    }
    info.notes.forEach(function (n) { list.appendChild(el("li", {}, [n])); });
    return el("div", { class: "try-hand" }, [
      held, " ", el("strong", { class: "value" }, [info.value.name]), list,
    ]);
  }

  /* How many cards a ranking takes in this page: four or five for Badugi, five for a low. */
  function checkCount(cards, chosen) {
    if (chosen.low && cards.length !== 5) {
      throw new Error("a " + chosen.name + " hand is five cards: type five, not " + cards.length);
    }
    if (!chosen.low && cards.length !== 4 && cards.length !== 5) {
      throw new Error("type four cards (or five, as in Badacy and Badeucy), not " + cards.length);
    }
  }

  function showHand(output, text, rankingName) {
    output.innerHTML = "";
    var cards;
    var chosen;
    try {
      chosen = rankingOf(rankingName);
      cards = parseCards(text);
      checkCount(cards, chosen);
    } catch (error) {
      output.appendChild(el("p", { class: "try-error" }, [error.message]));
      return;
    }
    var info = explain(cards, chosen.name);
    output.setAttribute("data-ranking", chosen.name);
    output.setAttribute("data-strength", String(info.value.strength));
    output.appendChild(handNode(cards, chosen.name));
    output.appendChild(el("p", { class: "try-note" }, [groupsNote(cards, chosen.name)]));
  }

  function setUpEvaluator(box, params) {
    var input = box.querySelector("input");
    var select = box.querySelector("select");
    var output = box.querySelector(".try-output");
    var form = box.querySelector("form");
    var start = params.get("hand") || input.value;
    var wanted = params.get("ranking");
    if (select && wanted && RANKINGS[wanted]) select.value = wanted;
    function name() { return select ? select.value : "badugi"; }
    input.value = start;
    showHand(output, start, name());
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      showHand(output, input.value, name());
    });
    input.addEventListener("input", function () { showHand(output, input.value, name()); });
    if (select) select.addEventListener("change", function () { showHand(output, input.value, name()); });
  }

  /* A quiz mode is "ranking:cards", e.g. "badugi:4" (the house game) or "low-2-7:5". */
  function parseMode(text) {
    var parts = String(text || "badugi:4").split(":");
    var chosen = RANKINGS[parts[0]] ? parts[0] : "badugi";
    var count = parts[1] === "5" || RANKINGS[chosen].low ? 5 : 4;
    return { ranking: chosen, size: count, text: chosen + ":" + count };
  }

  function setUpQuiz(box, params) {
    var seed = parseInt(params.get("quiz") || "", 10);
    if (isNaN(seed)) seed = Math.floor(Math.random() * 1000000);
    var area = box.querySelector(".quiz-area");
    var select = box.querySelector("select");
    var fromUrl = params.get("ranking");
    var mode = parseMode(fromUrl ? fromUrl + ":" + (params.get("cards") || "5") : select ? select.value : "");
    if (select) {
      select.value = mode.text;
      select.addEventListener("change", function () {
        mode = parseMode(select.value);
        ask(parseInt(area.getAttribute("data-seed"), 10));
      });
    }

    /* The score, per ranking, kept by progress.js so it survives a reload; only the first
       answer to each question counts. Without progress.js it lasts as long as the page. */
    var session = {};
    var answered = false;
    var score = el("p", { class: "quiz-score", "aria-live": "polite" }, []);
    box.insertBefore(score, area);

    function tally() {
      var kept = window.BadugiProgress ? window.BadugiProgress.load().quiz : session;
      return kept[mode.text] || { tried: 0, right: 0 };
    }

    function showScore() {
      var t = tally();
      score.textContent = "Score: " + t.right + " of " + t.tried + " right first time in this choice of hands.";
    }

    function count(right) {
      if (window.BadugiProgress) {
        window.BadugiProgress.record("quiz", { mode: mode.text, right: right });
      } else {
        var t = session[mode.text] || (session[mode.text] = { tried: 0, right: 0 });
        t.tried += 1;
        if (right) t.right += 1;
      }
    }

    function ask(number) {
      var q = quizQuestion(number, mode.ranking, mode.size);
      answered = false;
      showScore();
      area.innerHTML = "";
      area.setAttribute("data-seed", String(number));
      area.setAttribute("data-mode", mode.text);
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
      var verdict = compare(q.first, q.second, q.ranking);
      var truth = verdict.result === 1 ? "1" : verdict.result === -1 ? "2" : "tie";
      var said = truth === "tie" ? "They tie." : "Hand " + truth + " wins.";
      if (!answered) {
        answered = true;
        count(pick === truth);
        showScore();
      }
      var box = area.querySelector(".quiz-answer");
      box.innerHTML = "";
      box.setAttribute("data-truth", truth);
      box.appendChild(el("p", { class: pick === truth ? "quiz-right" : "quiz-wrong" }, [
        (pick === truth ? "Right. " : "Not quite. ") + said,
      ]));
      box.appendChild(el("p", { class: "quiz-why" }, [verdict.why]));
      box.appendChild(handNode(q.first, q.ranking));
      box.appendChild(handNode(q.second, q.ranking));
      var next = el("button", { type: "button", class: "md-button md-button--primary" }, ["Next question"]);
      next.addEventListener("click", function () { ask((q.seed * 7919 + 13) % 1000003); });
      box.appendChild(next);
    }

    ask(seed);
    var pick = params.get("pick");
    if (pick) {
      answered = true; // a link's answer is shown, not scored
      answer(quizQuestion(seed, mode.ranking, mode.size), pick);
    }
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
