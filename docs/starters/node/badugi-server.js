#!/usr/bin/env node
// A starter for a Badugi engine in JavaScript: it speaks the badugi-spec protocol
// (docs/implementers.md) on stdin/stdout and passes every evaluator case of the suite.
//
//   badugi-spec verify --impl "node docs/starters/node/badugi-server.js"
//
// One JSON request a line in, one JSON reply a line out. stdout carries only the replies:
// anything else you want to print goes to stderr (console.error), or verify reads it as a
// malformed reply.
"use strict";

const readline = require("readline");

// Ace low (R1.2): A is 1, T is 10 ... K is 13. A value names ten as "10".
const RANKS = "A23456789TJQK";
const SUITS = "shdc";
const NAMES = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];

function parse(card) {
  if (typeof card !== "string" || card.length !== 2) return null;
  const rank = RANKS.indexOf(card[0]);
  const suit = SUITS.indexOf(card[1]);
  return rank < 0 || suit < 0 ? null : { rank: rank + 1, suit };
}

// The house Badugi (R2): the largest set of cards with no two of a rank or a suit plays;
// among sets of that size the lowest wins, compared from the highest card down.
function value(cards) {
  let best = null;
  for (let mask = 1; mask < 1 << cards.length; mask++) {
    const chosen = cards.filter((_, i) => mask & (1 << i));
    const ranks = new Set(chosen.map((c) => c.rank));
    const suits = new Set(chosen.map((c) => c.suit));
    if (ranks.size !== chosen.length || suits.size !== chosen.length) continue;
    const high = chosen.map((c) => c.rank).sort((a, b) => b - a);
    if (best === null || better(high, best)) best = high;
  }
  return best;
}

// Is `a` (ranks, highest first) better than `b`? More cards, then lower from the top.
function better(a, b) {
  if (a.length !== b.length) return a.length > b.length;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] < b[i];
  return false;
}

// A list of cards, or a refusal's message: 1 to 4 real cards, none given twice.
function readHand(cards, where) {
  if (!Array.isArray(cards) || cards.length < 1 || cards.length > 4) {
    return `${where}: 1 to 4 cards`;
  }
  const parsed = cards.map(parse);
  const bad = parsed.indexOf(null);
  if (bad >= 0) return `${where}[${bad}]: not a card: ${JSON.stringify(cards[bad])}`;
  return parsed;
}

function refuse(error, message) {
  return { ok: false, error, message };
}

function answer(request) {
  switch (request.type) {
    case "hello":
      // Protocol 2; an evaluator sends profiles too (never read without "play").
      return {
        ok: true, protocol: 2, name: "starter-node", version: "0.1",
        capabilities: ["evaluate", "compare"], profiles: ["house"],
      };
    case "evaluate": {
      if (request.ranking !== undefined && request.ranking !== "badugi") {
        return refuse("not-supported", `no ranking ${request.ranking}`);
      }
      const hand = readHand(request.cards, "cards");
      if (typeof hand === "string") return refuse("bad-request", hand);
      const seen = new Set(request.cards);
      if (seen.size !== request.cards.length) return refuse("bad-request", "a card is given twice");
      const ranks = value(hand);
      return { ok: true, value: { size: ranks.length, ranks: ranks.map((r) => NAMES[r - 1]) } };
    }
    case "compare": {
      if (request.ranking !== undefined && request.ranking !== "badugi") {
        return refuse("not-supported", `no ranking ${request.ranking}`);
      }
      if (!Array.isArray(request.hands) || request.hands.length < 2) {
        return refuse("bad-request", "hands: two or more hands");
      }
      const values = [];
      for (const [i, cards] of request.hands.entries()) {
        const hand = readHand(cards, `hands[${i}]`);
        if (typeof hand === "string") return refuse("bad-request", hand);
        values.push(value(hand));
      }
      const all = request.hands.flat();
      if (new Set(all).size !== all.length) return refuse("bad-request", "a card is in two hands");
      // Every best hand wins: a tie names them all.
      let best = values[0];
      for (const v of values) if (better(v, best)) best = v;
      const winners = values.flatMap((v, i) => (better(best, v) ? [] : [i]));
      return { ok: true, winners };
    }
    // The betting goes here: add "play" to the capabilities and answer start, deal and act
    // with the whole state (docs/implementers.md, "The state"). Until then, say so.
    case "start":
    case "deal":
    case "act":
      return refuse("not-supported", "this starter values hands only");
    case "bye":
      return { ok: true };
    default:
      return refuse("bad-request", `unknown request type ${JSON.stringify(request.type)}`);
  }
}

const lines = readline.createInterface({ input: process.stdin });
lines.on("line", (line) => {
  let request;
  try {
    request = JSON.parse(line);
  } catch (error) {
    process.stdout.write(JSON.stringify(refuse("bad-request", `not JSON: ${error.message}`)) + "\n");
    return;
  }
  const reply = answer(request);
  process.stdout.write(JSON.stringify(reply) + "\n");
  if (request.type === "bye") process.exit(0);
});
