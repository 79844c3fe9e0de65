/* The room's projector: shows one panel at a time, each for the page's data-seconds; after the
   last one it asks htmx to fetch the panels again (new results, a clock just started) and
   starts over from the first. No controls: the screen runs by itself. */
(function () {
  "use strict";
  var root = document.getElementById("panels");
  if (!root) return;
  document.documentElement.classList.add("js");
  var seconds = parseInt(root.dataset.seconds, 10) || 15;
  var index = 0;

  function show(position) {
    var panels = root.querySelectorAll("[data-panel]");
    panels.forEach(function (panel, i) { panel.classList.toggle("active", i === position); });
  }

  function next() {
    var count = root.querySelectorAll("[data-panel]").length;
    index += 1;
    if (index >= count) {
      index = 0;
      if (window.htmx) {
        window.htmx.trigger(root, "projector-refresh");
        return; // the swap shows the first panel
      }
    }
    show(index);
  }

  function restart(event) {
    if (event.target === root) {
      index = 0;
      show(0);
    }
  }
  root.addEventListener("htmx:afterSwap", restart);
  // The server did not answer: go on with the panels already here.
  root.addEventListener("htmx:responseError", restart);
  root.addEventListener("htmx:sendError", restart);
  show(0);
  setInterval(next, seconds * 1000);
})();
