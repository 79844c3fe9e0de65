// The classifica page: when the table is wider than the screen (many turni on a tablet, say),
// show the line that tells the reader to slide it sideways. Checked again when the window
// changes size or the phone turns.
(function () {
  "use strict";
  function check() {
    var hint = document.querySelector(".scroll-hint");
    var table = document.querySelector("table.standings");
    if (!hint || !table) return;
    var wrap = table.closest(".table-wrap");
    if (!wrap) return;
    hint.hidden = wrap.scrollWidth <= wrap.clientWidth + 1;
  }
  document.addEventListener("DOMContentLoaded", check);
  window.addEventListener("resize", check);
  // The live part of the page was replaced (static/js/live.js): the table may have changed.
  document.addEventListener("htmx:afterSettle", check);
})();
