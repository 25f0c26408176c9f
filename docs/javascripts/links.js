/* The links the pages make and open, read as what they are: text from anyone.
 *
 * The playground's share link (#s=...) is a scenario text, deflate-raw, then base64url.
 * Opening one inflates it chunk by chunk with a running total and stops as soon as the
 * text passes what a scenario may hold (MOST_CHARS, as badugi_spec/web/playground.py), so
 * a small link that inflates to gigabytes costs a moment, not the tab.
 *
 * The play page's link (#profile=...&players=...&seed=...&keys=[...]) is checked field by
 * field: a seed or a player count that is no whole number in range is a message about the
 * link, not a session the engine is asked for and fails on.
 *
 * Works as a browser script (window.badugiLinks) and as a node module
 * (tests/test_share_link.py).
 */
(function (global) {
  "use strict";

  const MOST_CHARS = 256000;
  /* UTF-8 takes at most 4 bytes a character: past this many bytes the text is too long. */
  const MOST_BYTES = 4 * MOST_CHARS;
  /* A link longer than this could not hold a text within the limit anyway. */
  const MOST_LINK_CHARS = 2 * MOST_BYTES;

  class LinkTooLong extends Error {}

  function toBase64Url(bytes) {
    let binary = "";
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }

  function fromBase64Url(text) {
    const padded = text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4);
    return Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
  }

  async function squeeze(text) {
    const stream = new Blob([new TextEncoder().encode(text)]).stream().pipeThrough(new CompressionStream("deflate-raw"));
    return toBase64Url(new Uint8Array(await new Response(stream).arrayBuffer()));
  }

  /* The text of a link; LinkTooLong past the limit, another error for a broken link. */
  async function unsqueeze(packed, mostBytes = MOST_BYTES) {
    if (packed.length > MOST_LINK_CHARS) throw new LinkTooLong("link too long");
    const stream = new Blob([fromBase64Url(packed)]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
    const reader = stream.getReader();
    const chunks = [];
    let total = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.length;
      if (total > mostBytes) {
        await reader.cancel();
        throw new LinkTooLong(`more than ${mostBytes} bytes`);
      }
      chunks.push(value);
    }
    const whole = new Uint8Array(total);
    let at = 0;
    for (const chunk of chunks) {
      whole.set(chunk, at);
      at += chunk.length;
    }
    const text = new TextDecoder("utf-8", { fatal: true }).decode(whole);
    if (text.length > MOST_CHARS) throw new LinkTooLong(`more than ${MOST_CHARS} characters`);
    return text;
  }

  const MOST_SEED = 999999999;
  const SHOWN = 20;

  function quoted(text) {
    return JSON.stringify(text.length > SHOWN ? text.slice(0, SHOWN) + "…" : text);
  }

  /* The session a play link names: null when it names none (no seed), {problem} when a
   * field cannot be read, else {choice, keysUnreadable}. */
  function readPlayLink(hash) {
    const params = new URLSearchParams(hash.replace(/^#/, ""));
    if (!params.has("seed")) return null;
    const seed = params.get("seed");
    const players = params.has("players") ? params.get("players") : "2";
    const profile = params.get("profile") || "house";
    const cut = "the link is cut or changed; deal a session below instead.";
    if (!/^[0-9]{1,9}$/.test(seed)) {
      return { problem: `This link's seed ${quoted(seed)} is not a whole number from 0 to ${MOST_SEED}: ${cut}` };
    }
    if (!/^[2-8]$/.test(players)) {
      return { problem: `This link's players ${quoted(players)} is not a whole number from 2 to 8: ${cut}` };
    }
    if (!/^[a-z0-9][a-z0-9-]{0,39}$/.test(profile)) {
      return { problem: `This link's profile ${quoted(profile)} is no profile name: ${cut}` };
    }
    let keys;
    try {
      keys = JSON.parse(params.get("keys") || "[]");
    } catch (error) {
      keys = null;
    }
    const keysUnreadable = !Array.isArray(keys) || !keys.every((k) => typeof k === "string");
    const choice = {
      profile,
      seats: Number(players),
      seed: Number(seed),
      hints: params.get("hints") === "1",
      inputs: keysUnreadable ? [] : keys,
    };
    // A review link names a finished hand of the session: the session opens either way.
    let reviewProblem = "";
    if (params.has("review") && !keysUnreadable) {
      const review = params.get("review");
      if (/^[1-9][0-9]{0,2}$/.test(review)) choice.review = Number(review);
      else reviewProblem = `This link's review ${quoted(review)} is not a hand number from 1 to 999: the session is shown without a review.`;
    }
    return { choice, keysUnreadable, reviewProblem };
  }

  const api = { MOST_CHARS, MOST_BYTES, LinkTooLong, squeeze, unsqueeze, readPlayLink };
  if (typeof module === "object" && module.exports) {
    module.exports = api;
  } else {
    global.badugiLinks = api;
  }
})(typeof window !== "undefined" ? window : this);
