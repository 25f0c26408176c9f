/* What this browser has done on the site, kept in localStorage: practice by theme, the
 * drill's and the quiz's scores, hands played on /play/, the last page of study; and the
 * progress page (docs/progress/) that shows it with the lessons' record (lessons.js keeps
 * that under its own key), with an export to a JSON file and an import from one.
 *
 * Other pages write through one small API, so that none of them needs to know the shape:
 *
 *     BadugiProgress.record("hand", {game: "six-max-limit", won: true, net: 12})
 *     BadugiProgress.record("practice", {theme: "pot", right: true, first: true})
 *     BadugiProgress.record("drill", {hand: 3, best: true})
 *     BadugiProgress.record("quiz", {mode: "badugi:4", right: false})
 *     BadugiProgress.visit("lesson", {title: "..."})   // "continue where you left off"
 *
 * Without localStorage (a private window) every call still works and keeps nothing.
 */
(function (root) {
  "use strict";

  var KEY = "badugi-spec.progress.v1";
  var LESSONS = "badugi-spec.lessons.v1";
  var PASS = 0.7; // the lessons' pass mark, as lessons.js has it
  var KINDS = ["hand", "practice", "drill", "quiz"];

  function empty() {
    return { version: 1, practice: {}, streak: { now: 0, best: 0 }, missed: [], daily: {},
      drill: { first: {} }, quiz: {}, hands: { played: 0, won: 0, net: 0, games: {} }, last: null };
  }

  function isObject(x) {
    return x !== null && typeof x === "object" && !Array.isArray(x);
  }

  function read(key) {
    try {
      var value = JSON.parse(root.localStorage.getItem(key) || "null");
      return isObject(value) ? value : null;
    } catch (e) {
      return null;
    }
  }

  function write(key, value) {
    try {
      root.localStorage.setItem(key, JSON.stringify(value));
    } catch (e) {
      /* storage full or refused: the page still works, it only forgets */
    }
  }

  /* The record with every part present, whatever an older or hand-edited one lacked. */
  function load() {
    var state = read(KEY) || {};
    var base = empty();
    Object.keys(base).forEach(function (k) {
      if (k === "last") {
        if (!isObject(state.last)) state.last = null;
      } else if (k === "missed") {
        if (!Array.isArray(state.missed)) state.missed = [];
      } else if (k !== "version" && !isObject(state[k])) {
        state[k] = base[k];
      }
    });
    if (!isObject(state.drill.first)) state.drill.first = {};
    if (!isObject(state.hands.games)) state.hands.games = {};
    // A game's record is {played, won, net}; an older one kept only the count of hands.
    Object.keys(state.hands.games).forEach(function (name) {
      var g = state.hands.games[name];
      if (typeof g === "number") g = state.hands.games[name] = { played: g, won: 0, net: 0 };
      if (handsProblem(g, "")) delete state.hands.games[name];
    });
    // An imported file is someone else's: keep only entries of the shapes the pages read, so
    // one bad value cannot break the progress page or every later record.
    ["practice", "quiz"].forEach(function (part) {
      Object.keys(state[part]).forEach(function (name) {
        if (!isObject(state[part][name])) delete state[part][name];
      });
    });
    state.missed = state.missed.filter(function (item) {
      return isObject(item) && typeof item.theme === "string" &&
        typeof item.seed === "number" && isFinite(item.seed);
    });
    // The "continue" link: a page of this site only, never a javascript: or another site's URL.
    if (state.last && !(typeof state.last.url === "string" && /^\/(?!\/)/.test(state.last.url))) {
      state.last = null;
    }
    state.version = 1;
    return state;
  }

  /* What is wrong with a record of hands ({played, won, net}) named `where`, or "". */
  function handsProblem(g, where) {
    if (!isObject(g)) return where + " is not a record of hands {played, won, net}";
    var whole = function (n) { return typeof n === "number" && isFinite(n) && Math.floor(n) === n; };
    if (!whole(g.played) || g.played < 0) return where + ".played is not a whole number of 0 or more";
    if (!whole(g.won) || g.won < 0 || g.won > g.played) return where + ".won is not a whole number from 0 to played (" + g.played + ")";
    if (!whole(g.net)) return where + ".net is not a whole number of chips";
    return "";
  }

  function save(state) {
    write(KEY, state);
  }

  function count(n) {
    return typeof n === "number" && isFinite(n) ? n : 0;
  }

  /* One thing done. `kind` is one of KINDS; an unknown kind is refused with a clear error,
     so a caller's typo shows in the console rather than vanishing. */
  function record(kind, data) {
    if (KINDS.indexOf(kind) < 0) {
      throw new Error("BadugiProgress.record: unknown kind '" + kind + "'; the kinds are " + KINDS.join(", "));
    }
    data = data || {};
    var state = load();
    if (kind === "hand") {
      var h = state.hands;
      h.played = count(h.played) + 1;
      if (data.won) h.won = count(h.won) + 1;
      if (typeof data.net === "number") h.net = count(h.net) + data.net;
      var game = String(data.game || "other");
      var g = h.games[game] || (h.games[game] = { played: 0, won: 0, net: 0 });
      g.played = count(g.played) + 1;
      if (data.won) g.won = count(g.won) + 1;
      if (typeof data.net === "number" && isFinite(data.net)) g.net = count(g.net) + data.net;
    } else if (kind === "practice") {
      var theme = String(data.theme || "other");
      var t = state.practice[theme] || (state.practice[theme] = { tried: 0, right: 0, first: 0 });
      t.tried = count(t.tried) + 1;
      if (data.right) t.right = count(t.right) + 1;
      if (data.right && data.first) t.first = count(t.first) + 1;
      var s = state.streak;
      s.now = data.right && data.first ? count(s.now) + 1 : 0;
      s.best = Math.max(count(s.best), s.now);
    } else if (kind === "drill") {
      // The first answer to each hand is the score, as in the lessons.
      var key = String(data.hand);
      if (!(key in state.drill.first)) state.drill.first[key] = !!data.best;
    } else if (kind === "quiz") {
      var mode = String(data.mode || "badugi:4");
      var q = state.quiz[mode] || (state.quiz[mode] = { tried: 0, right: 0 });
      q.tried = count(q.tried) + 1;
      if (data.right) q.right = count(q.right) + 1;
    }
    save(state);
    return state;
  }

  /* The page to come back to: the last lesson, practice theme or drill hand opened. */
  function visit(kind, data) {
    var state = load();
    var loc = root.location || { pathname: "", search: "" };
    state.last = { kind: String(kind), url: loc.pathname + loc.search,
      title: String((data && data.title) || ""), at: new Date().toISOString() };
    save(state);
  }

  /* The missed-items queue of the practice page: items as {theme, seed}. */
  function queue(change) {
    var state = load();
    if (change) {
      change(state.missed);
      state.missed = state.missed.slice(-50);
      save(state);
    }
    return state.missed.slice();
  }

  function daily(day, done) {
    var state = load();
    if (done) {
      state.daily[day] = done;
      save(state);
    }
    return state.daily;
  }

  function lessons() {
    return read(LESSONS) || {};
  }

  function passMark(total) {
    return Math.ceil(total * PASS - 1e-9);
  }

  /* Everything kept, as one JSON text: the progress record and the lessons' record. */
  function exportText() {
    var out = { "badugi-spec-progress": 1 };
    out[KEY] = load();
    out[LESSONS] = lessons();
    return JSON.stringify(out, null, 2);
  }

  /* Replaces what is kept by an export; throws an Error whose message says what is wrong. */
  function importText(text) {
    var data;
    try {
      data = JSON.parse(text);
    } catch (e) {
      throw new Error("not a progress file: it is not JSON (" + e.message + ")");
    }
    if (!isObject(data) || data["badugi-spec-progress"] !== 1) {
      throw new Error("not a progress file: it lacks \"badugi-spec-progress\": 1 (export one from this page)");
    }
    if (!isObject(data[KEY]) || !isObject(data[LESSONS])) {
      throw new Error("the progress file lacks \"" + KEY + "\" or \"" + LESSONS + "\"");
    }
    // The hands played: each game's count, hands won and net chips, checked before anything
    // is replaced, so a hand-edited file is refused in one line rather than half read.
    var hands = data[KEY].hands;
    if (hands !== undefined) {
      var where = KEY + ".hands";
      var problem = handsProblem(hands, where);
      if (!problem && hands.games !== undefined) {
        if (!isObject(hands.games)) problem = where + ".games is not an object of games";
        else Object.keys(hands.games).some(function (name) {
          var g = hands.games[name];
          problem = typeof g === "number" ? "" : handsProblem(g, where + ".games[\"" + name + "\"]");
          return !!problem;
        });
      }
      if (problem) throw new Error("the progress file's " + problem);
    }
    write(KEY, data[KEY]);
    write(LESSONS, data[LESSONS]);
    return load();
  }

  function forget() {
    try {
      root.localStorage.removeItem(KEY);
      root.localStorage.removeItem(LESSONS);
    } catch (e) { /* nothing kept */ }
  }

  root.BadugiProgress = {
    KEY: KEY, LESSONS: LESSONS, KINDS: KINDS, PASS: PASS, passMark: passMark,
    load: load, record: record, visit: visit, queue: queue, daily: daily, lessons: lessons,
    exportText: exportText, importText: importText, forget: forget,
  };
})(window);
