/* The room's projector: shows one panel at a time, each for the page's data-seconds, and starts
   over after the last. htmx asks for the panels every few seconds (the element's hx-trigger);
   the server answers 304 while nothing was written (the ETag is the tournament's change
   counter), and then nothing moves. When something changed, the new panels replace the old and
   the panel being shown stays (its new version), so a result shows at once, not after a round.
   No controls: the screen runs by itself. */
(function () {
  "use strict";
  var root = document.getElementById("panels");
  if (!root) return;
  document.documentElement.classList.add("js");
  var seconds = parseInt(root.dataset.seconds, 10) || 15;
  var index = 0;
  var shownName = "";

  function panels() { return root.querySelectorAll("[data-panel]"); }

  function show(position) {
    var all = panels();
    if (position >= all.length) position = 0;
    index = position;
    all.forEach(function (panel, i) { panel.classList.toggle("active", i === position); });
    shownName = all.length ? all[position].dataset.panel : "";
  }

  function next() {
    show(index + 1 >= panels().length ? 0 : index + 1);
  }

  function isOurs(event) { return event.detail.target === root; }
  root.addEventListener("htmx:beforeSwap", function (event) {
    if (!isOurs(event)) return;
    var xhr = event.detail.xhr;
    var etag = xhr.getResponseHeader("ETag");
    // Unchanged (the browser's cache answered the 304) or failed: the panels stay as they are.
    if (xhr.status !== 200 || (etag && etag === root.dataset.etag)) {
      event.detail.shouldSwap = false;
      return;
    }
    if (etag) root.dataset.etag = etag;
  });
  root.addEventListener("htmx:afterSwap", function (event) {
    if (!isOurs(event)) return;
    // The same panel, refreshed; gone (fewer pages): the first one.
    var all = Array.prototype.slice.call(panels());
    var same = all.findIndex(function (panel) { return panel.dataset.panel === shownName; });
    show(same >= 0 ? same : 0);
  });
  // A failed request is not an error to show: the next one tries again.
  root.addEventListener("htmx:responseError", function (event) {
    if (isOurs(event)) event.preventDefault();
  });
  show(0);
  setInterval(next, seconds * 1000);
})();
