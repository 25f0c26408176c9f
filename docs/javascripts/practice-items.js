/*
 * The practice page's exercises, made from a seed: the same seed gives the same exercise,
 * in the page and under node, so a link can carry one and tests/test_practice_items.py can
 * check a few hundred against the Python engine (who acts next and the pot-limit
 * maximum by playing the actions on the engine's Hand, side pots by its pot builder, the
 * best draw by the odds module, hands and halves by its rankings).
 *
 * An exercise is {theme, seed, prompt, hands: [{label, cards}], choices: [text], answer,
 * why, check}: `answer` indexes `choices`; `check` is what the Python test replays.
 * Hands are valued by the page's evaluator (badugi.js), itself checked against Python.
 *
 * Works as a browser script (window.BadugiPractice) and as a node module.
 */
(function (root, B) {
  "use strict";

  var NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"];
  var SMALL = 1;
  var BIG = 2;
  var STACK = 1000; // deep stacks: no all-in gets in the way of the sums

  var THEMES = [
    { id: "order", title: "Who acts next", rule: "R8.2" },
    { id: "pot", title: "The pot-limit maximum", rule: "R14.4" },
    { id: "side", title: "Side pots and who may win them", rule: "R8.13" },
    { id: "wins", title: "Which hand wins", rule: "R2.3" },
    { id: "halves", title: "Badeucy and Badacy halves", rule: "R8.29" },
    { id: "draw", title: "The best draw, by exact odds", rule: "R4.1" },
  ];

  function mulberry32(seed) {
    var t = seed >>> 0;
    return function () {
      t = (t + 0x6d2b79f5) >>> 0;
      var r = Math.imul(t ^ (t >>> 15), 1 | t);
      r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
      return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
    };
  }

  function pick(random, n) {
    return Math.floor(random() * n);
  }

  function shuffled(random) {
    var cards = B.deck();
    for (var i = cards.length - 1; i > 0; i -= 1) {
      var j = pick(random, i + 1);
      var swap = cards[i];
      cards[i] = cards[j];
      cards[j] = swap;
    }
    return cards;
  }

  function and(names) {
    return names.length < 2 ? names.join("") : names.slice(0, -1).join(", ") + " and " + names[names.length - 1];
  }

  function shuffledList(random, list) {
    var out = list.slice();
    for (var i = out.length - 1; i > 0; i -= 1) {
      var j = pick(random, i + 1);
      var swap = out[i];
      out[i] = out[j];
      out[j] = swap;
    }
    return out;
  }

  /* Choices: the answer and up to three other distinct texts, in a seeded order. */
  function choicesOf(random, right, others) {
    var list = [right];
    others.forEach(function (o) { if (list.indexOf(o) < 0 && list.length < 4) list.push(o); });
    for (var i = list.length - 1; i > 0; i -= 1) {
      var j = pick(random, i + 1);
      var swap = list[i];
      list[i] = list[j];
      list[j] = swap;
    }
    return { choices: list, answer: list.indexOf(right) };
  }

  // ----- a pot-limit round before the draw, played by the rules ---------------------

  /* Seats, button, blinds and some actions before the draw; the round is not over when it
     stops. Raises are pot-limit (R14.3, R14.4) with the engine's figures: a raise reaches
     at least the bet plus the last raise, at most the bet plus the pot after the call. */
  function preDraw(random, steps) {
    var seats = 2 + pick(random, 5);
    var button = pick(random, seats);
    var heads = seats === 2;
    var sb = heads ? button : (button + 1) % seats;
    var bb = (sb + 1) % seats;
    var t = { seats: seats, button: button, sb: sb, bb: bb, level: BIG, increment: BIG,
      committed: [], folded: [], pending: [], actions: [], raises: 0 };
    for (var s = 0; s < seats; s += 1) {
      t.committed.push(s === sb ? SMALL : s === bb ? BIG : 0);
      t.folded.push(false);
      t.pending.push(true);
    }
    t.next = (bb + 1) % seats;
    for (var n = 0; n < steps; n += 1) {
      var seat = t.next;
      var live = t.folded.filter(function (f) { return !f; }).length;
      var waiting = t.pending.filter(function (p) { return p; }).length;
      var roll = random();
      var kind;
      if (roll < 0.3 && live > 2) kind = "fold";
      else if (roll < 0.55 && t.raises < 3) kind = "raise";
      else kind = "call";
      if (kind !== "raise" && waiting <= 1) break; // the round would end: stop before
      act(t, seat, kind, random);
    }
    return t;
  }

  function pot(t) {
    return t.committed.reduce(function (a, b) { return a + b; }, 0);
  }

  function range(t, seat) {
    var call = t.level - t.committed[seat];
    return { call: call, least: t.level + t.increment, most: t.level + pot(t) + call, pot: pot(t) };
  }

  function act(t, seat, kind, random) {
    var r = range(t, seat);
    var record = { seat: seat, kind: kind };
    if (kind === "fold") {
      t.folded[seat] = true;
    } else if (kind === "call") {
      record.kind = r.call ? "call" : "check";
      t.committed[seat] = t.level;
    } else {
      var to = r.least + pick(random, r.most - r.least + 1);
      record.amount = to;
      t.increment = to - t.level;
      t.level = to;
      t.committed[seat] = to;
      t.raises += 1;
      for (var s = 0; s < t.seats; s += 1) t.pending[s] = !t.folded[s];
    }
    t.pending[seat] = false;
    t.actions.push(record);
    var next = seat;
    do { next = (next + 1) % t.seats; } while (t.folded[next]);
    t.next = next;
  }

  function said(a) {
    var who = NAMES[a.seat];
    if (a.kind === "raise") return who + " raises to " + a.amount;
    return who + " " + a.kind + "s";
  }

  function tableLine(t) {
    var names = NAMES.slice(0, t.seats);
    return and(names) + " sit in that order, clockwise" + (t.seats === 2 ? " (heads-up)" : "")
      + "; " + names[t.button] + " has the button. Blinds " + SMALL + " and " + BIG
      + (t.seats === 2 ? ", the button posting the small one" : "") + ". "
      + (t.actions.length ? "Before the draw: " + t.actions.map(said).join(", ") + "." : "No one has acted yet.");
  }

  function order(seed) {
    var random = mulberry32(seed);
    var t = preDraw(random, pick(random, 6));
    var right = NAMES[t.next];
    var others = NAMES.slice(0, t.seats).filter(function (n) { return n !== right; });
    var c = choicesOf(random, right, shuffledList(random, others));
    var why = t.actions.length
      ? "Play goes clockwise from the last to act, " + NAMES[t.actions[t.actions.length - 1].seat]
        + ", past anyone who folded (R8.5): " + right + " still has to act."
      : t.seats === 2
        ? "Heads-up the button posts the small blind and acts first before the draw (R8.2): " + right + "."
        : "Before the draw the first to act is the player left of the big blind, " + NAMES[t.bb] + " (R8.2): " + right + ".";
    return { theme: "order", seed: seed, prompt: tableLine(t) + " Who acts next?", hands: [],
      choices: c.choices, answer: c.answer, why: why,
      check: { seats: t.seats, button: t.button, actions: t.actions, next: t.next } };
  }

  function potMax(seed) {
    var random = mulberry32(seed);
    var t = preDraw(random, pick(random, 5));
    var seat = t.next;
    var r = range(t, seat);
    var who = NAMES[seat];
    var right = String(r.most);
    var wrong = [String(t.level + r.pot), String(r.pot + r.call), String(r.most + t.committed[seat]),
      String(r.least), String(2 * r.pot)];
    var c = choicesOf(random, right, wrong);
    var why = "Call first: " + t.level + " − " + t.committed[seat] + " in already = " + r.call
      + ". The pot after the call: " + r.pot + " + " + r.call + " = " + (r.pot + r.call)
      + ". Raise by that pot: " + t.level + " + " + (r.pot + r.call) + " = " + r.most + " (R14.4).";
    return { theme: "pot", seed: seed,
      prompt: "Pot limit. " + tableLine(t) + " " + who + " is next, with "
        + (t.committed[seat] ? t.committed[seat] + " in" : "nothing in yet")
        + ". What is the largest raise " + who + " may make (to)?",
      hands: [], choices: c.choices, answer: c.answer, why: why,
      check: { seats: t.seats, button: t.button, actions: t.actions, seat: seat, most: r.most } };
  }

  // ----- side pots ----------------------------------------------------------------

  /* Pots as the engine builds them (R8.13): one at each level a player still in reached. */
  function buildPots(totals, live) {
    var levels = [];
    totals.forEach(function (t, s) { if (live[s] && levels.indexOf(t) < 0) levels.push(t); });
    levels.sort(function (a, b) { return a - b; });
    var pots = [];
    var below = 0;
    levels.forEach(function (level) {
      var amount = 0;
      totals.forEach(function (t) { amount += Math.min(t, level) - Math.min(t, below); });
      var eligible = [];
      totals.forEach(function (t, s) { if (live[s] && t >= level) eligible.push(s); });
      if (amount) pots.push({ amount: amount, eligible: eligible });
      below = level;
    });
    return pots;
  }

  function side(seed) {
    var random = mulberry32(seed);
    var pots;
    var totals;
    var live;
    var seats;
    for (var tries = 0; tries < 100; tries += 1) {
      seats = 3 + pick(random, 3);
      totals = [];
      live = [];
      for (var s = 0; s < seats; s += 1) {
        totals.push(5 * (1 + pick(random, 20)));
        live.push(random() > 0.2);
      }
      // Everyone still in put in at most the top live level: uncalled chips go back.
      var top = Math.max.apply(null, totals.filter(function (x, n) { return live[n]; }).concat([0]));
      totals = totals.map(function (x) { return Math.min(x, top); });
      pots = buildPots(totals, live);
      if (live.filter(Boolean).length >= 2 && pots.length >= 2) break;
    }
    var which = 1 + pick(random, pots.length - 1);
    var p = pots[which];
    var names = function (list) { return and(list.map(function (s) { return NAMES[s]; })); };
    var right = p.amount + ": " + names(p.eligible);
    var wrong = [];
    pots.forEach(function (q, n) {
      if (n !== which) wrong.push(q.amount + ": " + names(q.eligible));
      wrong.push(q.amount + ": " + names(p.eligible));
    });
    var everyone = [];
    live.forEach(function (l, s) { if (l) everyone.push(s); });
    wrong.push(p.amount + ": " + names(everyone));
    var c = choicesOf(random, right, wrong.filter(function (w) { return w !== right; }));
    var lines = totals.map(function (x, s) { return NAMES[s] + " " + x + (live[s] ? "" : " (folded)"); });
    var label = which === 1 ? "the first side pot" : "side pot " + which;
    var levels = [];
    totals.forEach(function (x, s) { if (live[s] && levels.indexOf(x) < 0) levels.push(x); });
    levels.sort(function (a, b) { return a - b; });
    var why = "A pot forms at each level a player still in reached (" + levels.join(", ")
      + "); each holds every seat's chips between its level and the one below, folded seats' too, "
      + "and only the players still in who reached its level may win it (R8.13). " + label.charAt(0).toUpperCase()
      + label.slice(1) + " is " + p.amount + ", for " + names(p.eligible) + ".";
    return { theme: "side", seed: seed,
      prompt: "The hand is over, all bets in. Chips each put in: " + lines.join(", ")
        + ". How much is in " + label + ", and who may win it?",
      hands: [], choices: c.choices, answer: c.answer, why: why,
      check: { totals: totals, live: live, pots: pots, which: which } };
  }

  // ----- hands --------------------------------------------------------------------

  var MODES = [["badugi", 4], ["badugi", 5], ["badugi-ace-high", 5], ["low-2-7", 5], ["low-a-5", 5]];
  var MODE_TITLE = { "badugi:4": "Badugi, four cards (the house game)", "badugi:5": "Badugi, five cards (Badacy's half)",
    "badugi-ace-high:5": "Badugi aces high, five cards (Badeucy's half)", "low-2-7:5": "2-7 low (Badeucy's half)",
    "low-a-5:5": "A-5 low (Badacy's half)" };

  function wins(seed) {
    var random = mulberry32(seed);
    var mode = MODES[pick(random, MODES.length)];
    var q = B.quizQuestion(pick(random, 1000000), mode[0], mode[1]);
    var v = B.compare(q.first, q.second, q.ranking);
    var right = v.result === 1 ? "Hand 1" : v.result === -1 ? "Hand 2" : "They tie";
    var c = { choices: ["Hand 1", "Hand 2", "They tie"] };
    c.answer = c.choices.indexOf(right);
    return { theme: "wins", seed: seed, prompt: MODE_TITLE[mode[0] + ":" + mode[1]] + ". Which hand wins?",
      hands: [{ label: "Hand 1", cards: q.first.map(B.pretty) }, { label: "Hand 2", cards: q.second.map(B.pretty) }],
      choices: c.choices, answer: c.answer, why: v.why,
      check: { ranking: q.ranking, first: q.first.map(B.pretty), second: q.second.map(B.pretty), result: v.result } };
  }

  var GAMES = { badeucy: ["badugi-ace-high", "low-2-7", "Badeucy"], badacy: ["badugi", "low-a-5", "Badacy"] };

  function halves(seed) {
    var random = mulberry32(seed);
    var game = random() < 0.5 ? "badeucy" : "badacy";
    var g = GAMES[game];
    var a;
    var b;
    var one;
    var two;
    for (var tries = 0; tries < 200; tries += 1) {
      var cards = shuffled(random);
      a = cards.slice(0, 5);
      b = cards.slice(5, 10);
      one = B.compare(a, b, g[0]);
      two = B.compare(a, b, g[1]);
      if (one.result && two.result) break;  // no split half: a clear question
    }
    var who = function (r) { return r === 1 ? "Ann" : "Bob"; };
    var badugi = who(one.result);
    var low = who(two.result);
    var text = function (x, y) {
      return x === y ? x + " scoops: both halves" : x + " takes the Badugi half, " + y + " the low half";
    };
    var right = text(badugi, low);
    var all = [text("Ann", "Ann"), text("Bob", "Bob"), text("Ann", "Bob"), text("Bob", "Ann")];
    var c = choicesOf(random, right, all.filter(function (x) { return x !== right; }));
    var why = "Badugi half (" + B.RANKINGS[g[0]].title + "): " + one.why + " Low half ("
      + B.RANKINGS[g[1]].title + "): " + two.why + " Each half is half the pot (R8.29)"
      + (badugi === low ? "; winning both is a scoop." : ".");
    return { theme: "halves", seed: seed,
      prompt: g[2] + ", heads-up, at the showdown: who wins which half of the pot?",
      hands: [{ label: "Ann", cards: a.map(B.pretty) }, { label: "Bob", cards: b.map(B.pretty) }],
      choices: c.choices, answer: c.answer, why: why,
      check: { rankings: [g[0], g[1]], first: a.map(B.pretty), second: b.map(B.pretty), results: [one.result, two.result] } };
  }

  // ----- the best draw --------------------------------------------------------------

  function choose(n, k) {
    var r = 1;
    for (var i = 0; i < k; i += 1) r = r * (n - i) / (i + 1);
    return Math.round(r);
  }

  /* Of every set of cards the draw could bring, how many make a badugi of `top` or better
     (aces low, R2.4) with the kept cards: exact, one draw left, 48 cards unseen. */
  function drawCount(hand, thrown, top) {
    var kept = hand.filter(function (c, i) { return thrown.indexOf(i) < 0; });
    var inHand = {};
    hand.forEach(function (c) { inHand[c.index] = true; });
    var unseen = B.deck().filter(function (c) { return !inHand[c.index]; });
    var k = thrown.length;
    var good = 0;
    /* A card joins if it is low enough and repeats no rank or suit of those before it
       (R2.1): the masks go down the walk, so each draw costs a few bit tests. */
    function joins(c, ranks, suits) {
      return c.order <= top && !(ranks & (1 << c.order)) && !(suits & (1 << c.index % 4));
    }
    var ranks0 = 0;
    var suits0 = 0;
    for (var i = 0; i < kept.length; i += 1) {
      if (!joins(kept[i], ranks0, suits0)) return { good: 0, total: choose(unseen.length, k) };
      ranks0 |= 1 << kept[i].order;
      suits0 |= 1 << kept[i].index % 4;
    }
    (function walk(from, left, ranks, suits) {
      if (!left) {
        good += 1;
        return;
      }
      for (var j = from; j <= unseen.length - left; j += 1) {
        var c = unseen[j];
        if (joins(c, ranks, suits)) walk(j + 1, left - 1, ranks | 1 << c.order, suits | 1 << c.index % 4);
      }
    })(0, k, ranks0, suits0);
    return { good: good, total: choose(unseen.length, k) };
  }

  function percent(n) {
    return (100 * n.good / n.total).toFixed(2) + " %";
  }

  function draw(seed) {
    var random = mulberry32(seed);
    var hand = shuffled(random).slice(0, 4);
    var tops = [13, 13, 10, 9, 8];
    var top = tops[pick(random, tops.length)];
    var goal = top === 13 ? "any badugi" : "a badugi of " + B.pretty({ rank: B.deck()[(top - 1) * 4].rank, suit: "s" }).slice(0, -1) + " or better";
    var all = [];
    for (var bits = 0; bits < 16; bits += 1) {
      var thrown = [0, 1, 2, 3].filter(function (i) { return bits & (1 << i); });
      var n = drawCount(hand, thrown, top);
      all.push({ thrown: thrown, count: n, chance: n.good / n.total });
    }
    all.sort(function (x, y) { return y.chance - x.chance || x.thrown.length - y.thrown.length; });
    var best = all[0];
    var name = function (d) {
      return d.thrown.length ? "Throw " + d.thrown.map(function (i) { return B.pretty(hand[i]); }).join(" ") : "Stand pat";
    };
    // Others: strictly worse, each a different chance, the nearest first, so the choice is close.
    var others = [];
    var seen = [best.chance];
    all.slice(1).forEach(function (d) {
      if (seen.indexOf(d.chance) < 0 && others.length < 3) {
        seen.push(d.chance);
        others.push(d);
      }
    });
    var shown = [best].concat(others);
    var c = choicesOf(random, name(best), others.map(name));
    var why = shown.map(function (d) {
      if (!d.thrown.length) return "Stand pat: " + (d.count.good ? "you have it" : "you do not have it, 0 %");
      return name(d) + ": " + d.count.good + " of " + d.count.total + " draws, " + percent(d.count);
    }).join("; ") + ". Counted exactly over every card the draw could bring, the 48 you have not seen.";
    return { theme: "draw", seed: seed,
      prompt: "Your last draw. You hold these four; " + goal + " wins, anything less loses. Which draw gives the best chance?",
      hands: [{ label: "You", cards: hand.map(B.pretty) }],
      choices: c.choices, answer: c.answer, why: why,
      check: { hand: hand.map(B.pretty), top: top, shown: shown.map(function (d) {
        return { thrown: d.thrown.map(function (i) { return B.pretty(hand[i]); }), good: d.count.good, total: d.count.total };
      }), best: all.filter(function (d) { return d.chance === best.chance; }).length } };
  }

  function gcd(a, b) {
    return b ? gcd(b, a % b) : a;
  }

  /* A chance as Python writes a Fraction: "0", "1" or "a/b" in lowest terms. */
  function fraction(n) {
    if (!n.good) return "0";
    var g = gcd(n.good, n.total);
    return n.good === n.total ? "1" : n.good / g + "/" + n.total / g;
  }

  var TOP_LABELS = { 13: "K", 10: "10", 9: "9", 8: "8" };

  /* A last-draw hand for the strategy page's drill, in the shape drill.py gives its own
     hands (question_data): every one of the sixteen discards, stand pat first, then by
     size, with its exact chance of the target badugi and of any badugi. */
  function drillHand(seed) {
    var random = mulberry32(seed);
    var hand = shuffled(random).slice(0, 4);
    var tops = [13, 10, 9, 8];
    var top = tops[pick(random, tops.length)];
    var choices = [];
    for (var size = 0; size <= 4; size += 1) {
      for (var bits = 0; bits < 16; bits += 1) {
        var thrown = [0, 1, 2, 3].filter(function (i) { return bits & (1 << i); });
        if (thrown.length !== size) continue;
        var kept = hand.filter(function (c, i) { return thrown.indexOf(i) < 0; });
        var playing = kept.length ? B.evaluate(kept).cards : [];
        var target = drawCount(hand, thrown, top);
        var any = drawCount(hand, thrown, 13);
        choices.push({
          throw: thrown,
          idle: kept.filter(function (c) { return playing.indexOf(c) < 0; })
            .map(function (c) { return hand.indexOf(c); }),
          target: (100 * target.good / target.total).toFixed(2),
          any: (100 * any.good / any.total).toFixed(2),
          exact: [fraction(target), fraction(any)],
          chance: target.good / target.total,
        });
      }
    }
    var most = Math.max.apply(null, choices.map(function (c) { return c.chance; }));
    var best = [];
    choices.forEach(function (c, n) {
      if (c.chance === most) best.push(n);
      delete c.chance;
    });
    return { hand: hand.map(B.pretty), draws: 1, top: TOP_LABELS[top], dead: [], story: "", seed: seed,
      choices: choices, best: best };
  }

  var MAKERS = { order: order, pot: potMax, side: side, wins: wins, halves: halves, draw: draw };

  function make(theme, seed) {
    var maker = MAKERS[theme];
    if (!maker) throw new Error("no practice theme '" + theme + "'; the themes are " + Object.keys(MAKERS).join(", "));
    return maker(seed >>> 0);
  }

  /* A day's deal: the same seeds for everyone that day, from the date (UTC, YYYY-MM-DD). */
  function dailySeeds(day) {
    var h = 2166136261;
    for (var i = 0; i < day.length; i += 1) h = Math.imul(h ^ day.charCodeAt(i), 16777619) >>> 0;
    var random = mulberry32(h);
    return THEMES.map(function (t) { return { theme: t.id, seed: pick(random, 1000000000) }; });
  }

  var api = { THEMES: THEMES, NAMES: NAMES, make: make, dailySeeds: dailySeeds, buildPots: buildPots,
    drillHand: drillHand, random: mulberry32 };
  if (typeof module === "object" && module.exports) module.exports = api;
  else root.BadugiPractice = api;
})(typeof window !== "undefined" ? window : this,
  typeof window !== "undefined" ? window.Badugi : require("./badugi.js"));
