/* The lesson path's questions and progress (pages drawn by badugi_spec/docs/lessons/).
 *
 * Each question is a plain form of radio buttons whose right choice is in data-answer
 * (the engine's figure, put there at build time). The first answer to each question is
 * kept in localStorage, so the score is "right first time" and survives a reload; the
 * lesson index reads the same record to show lessons passed (PASS of the first answers
 * right), tried, and questions right. A wrong first answer gets a second try before the
 * answer and its explanation show: the score still keeps the first. No network, no
 * framework; without localStorage (a private window) the page still checks answers, it
 * only forgets them. The progress page (progress.js) reads the same record.
 */
(function () {
  "use strict";

  var KEY = "badugi-spec.lessons.v1";
  /* A lesson is passed with this share of its questions right at the first answer; the
     progress page (progress.js) uses the same mark. */
  var PASS = 0.7;

  function passMark(total) {
    return Math.ceil(total * PASS - 1e-9);
  }

  function load() {
    try {
      var value = JSON.parse(window.localStorage.getItem(KEY) || "{}");
      return value && typeof value === "object" && !Array.isArray(value) ? value : {};
    } catch (e) {
      return {};
    }
  }

  function save(state) {
    try {
      window.localStorage.setItem(KEY, JSON.stringify(state));
    } catch (e) {
      /* storage full or refused: the answers are still checked, only not kept */
    }
  }

  function choiceText(form, index) {
    var input = form.querySelector('input[type="radio"][value="' + index + '"]');
    return input ? input.parentNode.textContent.trim() : "";
  }

  function show(form, kept, picked) {
    /* The verdict and the explanation of an answered question. `kept` is the first
       answer's result; `picked` the choice just made (null after a reload). */
    var answer = form.dataset.answer;
    var verdict = form.querySelector(".lesson-verdict");
    var why = form.querySelector(".lesson-why");
    form.querySelectorAll(".lesson-choice").forEach(function (label) {
      var value = label.querySelector("input").value;
      label.classList.toggle("is-right", value === answer);
      label.classList.toggle("is-wrong", picked !== null && value === picked && value !== answer);
    });
    var text;
    if (picked === null) {
      text = kept ? "Answered: right first time." : "Answered: not right first time.";
    } else if (picked === answer) {
      text = kept ? "Right." : "Right this time (the score keeps your first answer).";
    } else if (kept === false && !form.dataset.retried) {
      /* The first wrong answer: mark it, keep the right one and the why hidden, and let
         the reader try once more. */
      form.dataset.retried = "1";
      form.querySelectorAll(".lesson-choice").forEach(function (label) {
        label.classList.remove("is-right");
      });
      verdict.textContent = "Not quite. Try once more: the answer shows after a second try.";
      verdict.className = "lesson-verdict wrong";
      return;
    } else {
      text = "Not quite: the answer is " + choiceText(form, answer) + ".";
    }
    verdict.textContent = text;
    verdict.className = "lesson-verdict " + (picked === null ? (kept ? "right" : "wrong")
      : (picked === answer ? "right" : "wrong"));
    form.classList.add("answered");
    if (why) {
      why.hidden = false;
      why.open = true;
    }
  }

  function setUpQuiz(quiz) {
    var lesson = quiz.dataset.lesson;
    var forms = Array.prototype.slice.call(quiz.querySelectorAll("form.lesson-q"));

    function score() {
      var mine = load()[lesson] || {};
      var right = forms.filter(function (f) { return mine[f.dataset.q] === true; }).length;
      quiz.querySelector(".lesson-right").textContent = String(right);
      var all = forms.every(function (f) { return f.dataset.q in mine; });
      var pass = quiz.querySelector(".lesson-pass");
      if (pass) {
        pass.textContent = " (" + passMark(forms.length) + " to pass"
          + (all ? (right >= passMark(forms.length) ? ": passed" : ": not passed yet; start again to retry") : "") + ")";
      }
      quiz.classList.toggle("done", all);
      quiz.classList.toggle("passed", all && right >= passMark(forms.length));
      if (window.BadugiProgress) window.BadugiProgress.visit("lesson", { lesson: lesson, title: document.title });
    }

    function fresh(form) {
      delete form.dataset.retried;
      form.classList.remove("answered");
      form.querySelector(".lesson-verdict").textContent = "";
      form.querySelector(".lesson-verdict").className = "lesson-verdict";
      form.querySelectorAll(".lesson-choice").forEach(function (label) {
        label.classList.remove("is-right", "is-wrong");
        label.querySelector("input").checked = false;
      });
      var why = form.querySelector(".lesson-why");
      if (why) { why.open = false; why.hidden = true; }
    }

    forms.forEach(function (form) {
      var mine = load()[lesson] || {};
      if (form.dataset.q in mine) {
        form.dataset.retried = "1";  // answered before the reload: no second try left
        show(form, mine[form.dataset.q], null);
      }
      else fresh(form);
      form.addEventListener("submit", function (event) {
        event.preventDefault();
        var checked = form.querySelector('input[type="radio"]:checked');
        var verdict = form.querySelector(".lesson-verdict");
        if (!checked) {
          verdict.textContent = "Pick an answer first.";
          verdict.className = "lesson-verdict";
          return;
        }
        var state = load();
        var mine = state[lesson] || (state[lesson] = {});
        if (!(form.dataset.q in mine)) {
          mine[form.dataset.q] = checked.value === form.dataset.answer;
          save(state);
        }
        show(form, mine[form.dataset.q], checked.value);
        score();
      });
    });

    var reset = quiz.querySelector(".lesson-reset");
    if (reset) {
      reset.addEventListener("click", function () {
        var state = load();
        delete state[lesson];
        save(state);
        forms.forEach(fresh);
        score();
        if (forms.length) forms[0].querySelector("input").focus();
      });
    }
    score();
  }

  function setUpIndex(box) {
    function render() {
      var state = load();
      var passed = 0;
      var tried = 0;
      var right = 0;
      box.querySelectorAll("li[data-lesson]").forEach(function (item) {
        var total = Number(item.dataset.total);
        var mine = state[item.dataset.lesson] || {};
        var answered = Object.keys(mine).length;
        var good = Object.keys(mine).filter(function (q) { return mine[q] === true; }).length;
        var label = item.querySelector(".lesson-state");
        var pass = answered >= total && good >= passMark(total);
        item.classList.toggle("done", pass);
        item.classList.toggle("started", answered > 0 && !pass);
        if (answered > 0) tried += 1;
        if (pass) {
          passed += 1;
          label.textContent = "passed: " + good + " of " + total + " right first time";
        } else if (answered >= total) {
          label.textContent = "tried: " + good + " of " + total + " right first time, "
            + passMark(total) + " to pass";
        } else if (answered > 0) {
          label.textContent = answered + " of " + total + " answered, " + good + " right";
        } else {
          label.textContent = "not started";
        }
        right += good;
      });
      box.querySelector(".lesson-summary .passed").textContent = String(passed);
      box.querySelector(".lesson-summary .tried").textContent = String(tried);
      box.querySelector(".lesson-summary .right").textContent = String(right);
    }
    var reset = box.querySelector(".lesson-reset-all");
    if (reset) {
      reset.addEventListener("click", function () {
        try { window.localStorage.removeItem(KEY); } catch (e) { /* nothing kept */ }
        render();
      });
    }
    render();
  }

  window.BadugiLessons = { KEY: KEY, PASS: PASS, passMark: passMark, load: load };

  function init() {
    document.querySelectorAll(".lesson-quiz:not([data-ready])").forEach(function (quiz) {
      quiz.setAttribute("data-ready", "");
      setUpQuiz(quiz);
    });
    document.querySelectorAll(".lesson-progress:not([data-ready])").forEach(function (box) {
      box.setAttribute("data-ready", "");
      setUpIndex(box);
    });
  }

  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(init);
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
