/* Small page helpers.

   A link to an example folded away under "more examples" opens the fold, so following a
   link always shows what it points at.

   A fold with `data-fragment` (a hand step by step, a scenario's source) holds only a
   link to a small file of its own; opened, it loads that file into the fold, so a chapter
   page stays light (badugi_spec/docs/fragments.py). If the file cannot be loaded the link
   stays, with a line saying so: never an empty fold. */
(function () {
  "use strict";

  function load(details) {
    var url = details.getAttribute("data-fragment");
    var state = details.getAttribute("data-loaded");
    if (!url || state === "yes" || state === "loading") return;
    details.setAttribute("data-loaded", "loading");
    details.setAttribute("aria-busy", "true");
    var failed = details.querySelector(":scope > .fragment-failed");
    if (failed) failed.remove();
    fetch(url)
      .then(function (reply) {
        if (!reply.ok) throw new Error("HTTP " + reply.status);
        return reply.text();
      })
      .then(function (html) {
        // A fragment is a page of its own (for a reader without scripts): take its body.
        var page = new DOMParser().parseFromString(html, "text/html");
        var link = details.querySelector(":scope > .fragment-link");
        var body = document.createElement("div");
        body.className = "fragment";
        while (page.body.firstChild) body.appendChild(document.adoptNode(page.body.firstChild));
        if (link) link.remove();
        details.appendChild(body);
        details.setAttribute("data-loaded", "yes");
        details.removeAttribute("aria-busy");
        // For scripts that draw inside fragments (replayer.js): the new content is here.
        document.dispatchEvent(new CustomEvent("badugi:fragment", { detail: body }));
      })
      .catch(function (error) {
        // Not kept as failed: closing and opening the fold again tries once more.
        details.setAttribute("data-loaded", "failed");
        details.removeAttribute("aria-busy");
        var note = document.createElement("p");
        note.className = "fragment-failed";
        note.textContent = "This part could not be loaded (" + error.message +
          "); the link above opens it on its own, or close and open the fold to try again.";
        details.appendChild(note);
      });
  }

  // `toggle` does not bubble: one listener in the capture phase serves every fold,
  // those inside a loaded fragment too.
  document.addEventListener("toggle", function (event) {
    var target = event.target;
    if (target.tagName === "DETAILS" && target.open) load(target);
  }, true);

  function reveal() {
    var id = decodeURIComponent(window.location.hash.slice(1));
    if (!id) return;
    var target = document.getElementById(id);
    for (var node = target; node; node = node.parentElement) {
      if (node.tagName === "DETAILS") node.open = true;
    }
    if (target) target.scrollIntoView();
  }
  window.addEventListener("hashchange", reveal);
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", reveal);
  } else {
    reveal();
  }
})();
