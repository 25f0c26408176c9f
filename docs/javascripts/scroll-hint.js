/* A hint on hand tables that are wider than the screen (at 390 px the Pot and Stacks
   columns are off to the right): a line above the table says it scrolls sideways, and
   the table's box gets the class `scrolls` (and `scrolled-right` once read to its end).

   Tables arrive late (a fold loads its hand when opened, site.js), so every box is looked
   at again when the page changes, is resized or scrolled sideways. The hint is a page
   script's: a reader without scripts sees the table, which still scrolls. */
(function () {
  "use strict";

  var BOX = ".badugi-scroll";

  function update(box) {
    var wide = box.scrollWidth > box.clientWidth + 1;
    var hint = box.previousElementSibling;
    var has = hint && hint.classList.contains("scroll-hint");
    if (wide && !has) {
      hint = document.createElement("p");
      hint.className = "scroll-hint";
      hint.setAttribute("aria-hidden", "true"); // the table itself is read in full
      hint.textContent = "Wider than the screen: scroll the table sideways for the Pot and Stacks →";
      box.parentNode.insertBefore(hint, box);
    } else if (!wide && has) {
      hint.remove();
    }
    box.classList.toggle("scrolls", wide);
    box.classList.toggle("scrolled-right", wide && box.scrollLeft + box.clientWidth >= box.scrollWidth - 1);
    if (!box.hasAttribute("data-scroll-hint")) {
      box.setAttribute("data-scroll-hint", "");
      box.addEventListener("scroll", function () { update(box); }, { passive: true });
    }
  }

  function all() {
    document.querySelectorAll(BOX).forEach(update);
  }

  var queued = false;
  function soon() {
    if (queued) return;
    queued = true;
    window.requestAnimationFrame(function () { queued = false; all(); });
  }

  function start() {
    all();
    window.addEventListener("resize", soon);
    // Folds opening and hands loading into them.
    document.addEventListener("toggle", soon, true);
    new MutationObserver(function (changes) {
      for (var i = 0; i < changes.length; i++) {
        if (changes[i].addedNodes.length) { soon(); return; }
      }
    }).observe(document.body, { childList: true, subtree: true });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
