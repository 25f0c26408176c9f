#!/usr/bin/env node
// The page's own evaluator (docs/javascripts/badugi.js, the "Try a hand" box) behind the
// badugi-spec protocol, so the compliance board can check it against the suite:
//
//   badugi-spec verify --impl "node docs/starters/page-evaluator-server.js"
//
// It values hands in the house Badugi only; it plays no hands.
"use strict";

const path = require("path");
const readline = require("readline");
const B = require(path.join(__dirname, "..", "javascripts", "badugi.js"));

function refuse(error, message) {
  return { ok: false, error, message };
}

function hand(cards) {
  if (!Array.isArray(cards) || cards.length < 1 || cards.length > 4) throw new Error("1 to 4 cards");
  return B.parseCards(cards.join(" ")); // refuses a card given twice, as the page does
}

function answer(request) {
  try {
    switch (request.type) {
      case "hello":
        return {
          ok: true, protocol: 2, name: "badugi.js (the page's evaluator)", version: "site",
          capabilities: ["evaluate", "compare"], profiles: ["house"],
        };
      case "evaluate": {
        if (request.ranking !== undefined && request.ranking !== "badugi") {
          return refuse("not-supported", "house Badugi only");
        }
        const value = B.evaluate(hand(request.cards));
        return { ok: true, value: { size: value.size, ranks: value.ranks } };
      }
      case "compare": {
        if (request.ranking !== undefined && request.ranking !== "badugi") {
          return refuse("not-supported", "house Badugi only");
        }
        if (!Array.isArray(request.hands) || request.hands.length < 2) throw new Error("two or more hands");
        B.parseCards(request.hands.flat().join(" ")); // no card in two hands
        const strengths = request.hands.map((cards) => B.evaluate(hand(cards)).strength);
        const best = Math.max(...strengths);
        return { ok: true, winners: strengths.flatMap((s, i) => (s === best ? [i] : [])) };
      }
      case "bye":
        return { ok: true };
      default:
        return refuse("not-supported", `the page's evaluator does not answer ${request.type}`);
    }
  } catch (error) {
    return refuse("bad-request", error.message);
  }
}

readline.createInterface({ input: process.stdin }).on("line", (line) => {
  let request;
  try {
    request = JSON.parse(line);
  } catch (error) {
    process.stdout.write(JSON.stringify(refuse("bad-request", "not JSON")) + "\n");
    return;
  }
  process.stdout.write(JSON.stringify(answer(request)) + "\n");
  if (request.type === "bye") process.exit(0);
});
