/* The progress page (docs/progress/): what progress.js and lessons.js keep in this
 * browser, in one place: where to continue, lessons passed apart from tried, practice by
 * theme, the streak and the daily deals, the drill's and the quiz's scores, hands played
 * on /play/; with an export to a JSON file and an import from one. The lesson list (its
 * titles and question counts) is read from the lesson path's page, so it is never out of
 * step with the lessons themselves.
 */
(function () {
  "use strict";

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    (children || []).forEach(function (c) {
      node.appendChild(typeof c === "string" ? document.createTextNode(c) : c);
    });
    return node;
  }

  function table(head, rows, css) {
    var body = el("tbody", {}, rows.map(function (r) {
      return el("tr", {}, r.map(function (c) { return el("td", {}, [c]); }));
    }));
    var top = el("tr", {}, head.map(function (h) { return el("th", { scope: "col" }, [h]); }));
    return el("table", { class: css }, [el("thead", {}, [top]), body]);
  }

  function setUp(box) {
    var G = window.BadugiProgress;
    var P = window.BadugiPractice;
    var lessonsUrl = box.getAttribute("data-lessons");
    var lessonList = null; // [{slug, title, href, total}] once read

    var parts = {
      cont: el("div", { class: "progress-continue" }, []),
      lessons: el("div", { class: "progress-lessons" }, []),
      practice: el("div", { class: "progress-practice" }, []),
      scores: el("div", { class: "progress-scores" }, []),
      hands: el("div", { class: "progress-hands" }, []),
    };
    var titles = { cont: "Continue where you left off", lessons: "Lessons", practice: "Practice by theme",
      scores: "Drill and quiz", hands: "Hands played" };
    box.innerHTML = "";
    Object.keys(parts).forEach(function (k) {
      box.appendChild(el("h2", { id: "progress-" + k }, [titles[k]]));
      box.appendChild(parts[k]);
    });
    var exportButton = el("button", { type: "button", class: "md-button progress-export" }, ["Export to a file"]);
    var importInput = el("input", { type: "file", accept: ".json,application/json", class: "progress-import", id: "progress-import" }, []);
    var forget = el("button", { type: "button", class: "md-button progress-forget" }, ["Forget everything"]);
    var message = el("p", { class: "progress-message", role: "status", "aria-live": "polite" }, []);
    box.appendChild(el("h2", { id: "progress-keep" }, ["Keep it or move it"]));
    box.appendChild(el("p", {}, [exportButton, " ", el("label", { for: "progress-import" }, ["Import a file: "]), importInput, " ", forget]));
    box.appendChild(message);

    function render() {
      var kept = G.load();
      var lessons = G.lessons();
      parts.cont.innerHTML = "";
      parts.cont.appendChild(kept.last && kept.last.url
        ? el("p", {}, [el("a", { href: kept.last.url, class: "md-button md-button--primary progress-last" },
          ["Continue: " + (kept.last.title || kept.last.url)])])
        : el("p", {}, ["Nothing yet: start with ", el("a", { href: lessonsUrl }, ["the lesson path"]), "."]));

      parts.lessons.innerHTML = "";
      if (lessonList) {
        var passed = 0;
        var tried = 0;
        var rows = lessonList.map(function (l) {
          var mine = lessons[l.slug] || {};
          var answered = Object.keys(mine).length;
          var right = Object.keys(mine).filter(function (q) { return mine[q] === true; }).length;
          var pass = answered >= l.total && right >= G.passMark(l.total);
          if (pass) passed += 1;
          if (answered) tried += 1;
          var state = pass ? "passed" : answered >= l.total ? "tried, not passed" : answered ? "started" : "not started";
          return [el("a", { href: l.href }, [l.title]), state, right + " of " + l.total + " (" + G.passMark(l.total) + " to pass)"];
        });
        parts.lessons.appendChild(el("p", { class: "progress-lesson-summary" }, [
          "Passed: ", el("span", { class: "passed" }, [String(passed)]), " of " + lessonList.length
          + " · tried: ", el("span", { class: "tried" }, [String(tried)])]));
        parts.lessons.appendChild(table(["Lesson", "State", "Right first time"], rows, "progress-lesson-table"));
      } else {
        parts.lessons.appendChild(el("p", {}, ["Reading the lesson list…"]));
      }

      parts.practice.innerHTML = "";
      var prows = P.THEMES.map(function (t) {
        var s = kept.practice[t.id] || { tried: 0, right: 0, first: 0 };
        return [el("a", { href: "../practice/?theme=" + t.id }, [t.title]), String(s.tried), String(s.right), String(s.first)];
      });
      parts.practice.appendChild(el("p", { class: "progress-streak" }, ["Streak: " + kept.streak.now
        + " right first time in a row, best " + kept.streak.best + ". Daily deals done: "
        + Object.keys(kept.daily).length + ". Missed ones waiting: " + kept.missed.length + "."]));
      parts.practice.appendChild(table(["Theme", "Answered", "Right", "Right first time"], prows, "progress-practice-table"));

      parts.scores.innerHTML = "";
      var first = kept.drill.first;
      var best = Object.keys(first).filter(function (k) { return first[k]; }).length;
      parts.scores.appendChild(el("p", { class: "progress-drill" }, ["Drill (", el("a", { href: "../generated/strategy/#drill" }, ["what would you draw?"]),
        "): best choice first time on " + best + " of " + Object.keys(first).length + " hands answered."]));
      var modes = Object.keys(kept.quiz);
      parts.scores.appendChild(el("p", { class: "progress-quiz" }, ["Quiz (", el("a", { href: "../try/#which-hand-wins" }, ["which hand wins?"]),
        "): " + (modes.length ? modes.map(function (m) {
          return m + " " + kept.quiz[m].right + " of " + kept.quiz[m].tried;
        }).join(", ") : "not tried yet") + "."]));

      parts.hands.innerHTML = "";
      var h = kept.hands;
      var signed = function (n) { return (n >= 0 ? "+" : "") + n; };
      parts.hands.appendChild(el("p", { class: "progress-played" }, [h.played
        ? h.played + " hands played in the page, " + h.won + " won, net " + signed(h.net) + " chips."
        : "No hands played yet: ", h.played ? "" : el("a", { href: "../play/" }, ["play one"])]));
      var names = Object.keys(h.games);
      if (names.length) {
        var list = el("ul", { class: "progress-games" }, []);
        names.forEach(function (name) {
          var g = h.games[name];
          list.appendChild(el("li", { "data-game": name }, [name + ": " + g.played + " hands, " + g.won + " won, net " + signed(g.net) + " chips"]));
        });
        parts.hands.appendChild(list);
      }
    }

    exportButton.addEventListener("click", function () {
      var blob = new Blob([G.exportText()], { type: "application/json" });
      var link = el("a", { href: URL.createObjectURL(blob), download: "badugi-progress-" + new Date().toISOString().slice(0, 10) + ".json" }, []);
      document.body.appendChild(link);
      link.click();
      link.remove();
      message.textContent = "Exported: the file holds everything this page shows.";
    });
    importInput.addEventListener("change", function () {
      var file = importInput.files && importInput.files[0];
      if (!file) return;
      file.text().then(function (text) {
        try {
          G.importText(text);
          message.textContent = "Imported " + file.name + ".";
          message.className = "progress-message";
        } catch (e) {
          message.textContent = file.name + ": " + e.message;
          message.className = "progress-message progress-error";
        }
        render();
      });
    });
    forget.addEventListener("click", function () {
      G.forget();
      message.textContent = "Forgotten: this browser keeps nothing of the site now.";
      render();
    });

    render();
    fetch(lessonsUrl).then(function (r) { return r.text(); }).then(function (html) {
      var page = new DOMParser().parseFromString(html, "text/html");
      lessonList = Array.prototype.map.call(page.querySelectorAll("li[data-lesson]"), function (li) {
        var a = li.querySelector("a");
        return { slug: li.dataset.lesson, title: a.textContent, total: Number(li.dataset.total),
          href: new URL(a.getAttribute("href"), new URL(lessonsUrl, window.location.href)).pathname };
      });
      render();
      box.setAttribute("data-lessons-read", "");
    }).catch(function () {
      parts.lessons.textContent = "The lesson list could not be read (open this page over http, not from a file).";
    });
  }

  function start() {
    if (!window.BadugiProgress || !window.BadugiPractice) return;
    document.querySelectorAll("#badugi-progress:not([data-ready])").forEach(function (box) {
      box.setAttribute("data-ready", "");
      setUp(box);
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
