// Public pages that update themselves (tournaments/live_pages.py): htmx asks for the page's live
// part every few seconds. The server answers 304 through the browser's cache when nothing has
// changed (same ETag): then the page is left exactly as it is. When it has changed, the new part
// replaces the old in place; the window keeps its scroll, and so do the tables that slide
// sideways. A failed request leaves the page as it was (the next one tries again). The
// director's room board keeps its tiles (#room-board) so too.
(function () {
  "use strict";
  var sideways = [];
  function isLive(event) {
    var target = event.detail.target;
    return target && (target.id === "live" || target.id === "room-board");
  }
  // A director's pages are never kept by the browser (no-store): the board says itself which
  // tiles it has, and the server answers 304 when they are still those.
  document.addEventListener("htmx:configRequest", function (event) {
    var target = event.detail.target;
    if (target && target.id === "room-board" && target.dataset.etag) {
      event.detail.headers["If-None-Match"] = target.dataset.etag;
    }
  });
  document.addEventListener("htmx:beforeSwap", function (event) {
    if (!isLive(event)) return;
    var target = event.detail.target;
    var xhr = event.detail.xhr;
    var etag = xhr.getResponseHeader("ETag");
    // Someone typing in the page (the seat search) keeps the box: the next poll brings the news.
    var typing = target.contains(document.activeElement) && document.activeElement.matches("input");
    if (xhr.status !== 200 || typing || (etag && etag === target.dataset.etag)) {
      event.detail.shouldSwap = false;
      return;
    }
    if (etag) target.dataset.etag = etag;
    sideways = Array.prototype.map.call(target.querySelectorAll(".table-wrap"), function (wrap) {
      return wrap.scrollLeft;
    });
  });
  document.addEventListener("htmx:afterSwap", function (event) {
    if (!isLive(event)) return;
    var wraps = event.detail.target.querySelectorAll(".table-wrap");
    Array.prototype.forEach.call(wraps, function (wrap, i) {
      if (sideways[i]) wrap.scrollLeft = sideways[i];
    });
  });
  // A request that fails (the server restarting, the Wi-Fi gone) is not an error to show:
  // the page stays as it was until the next one succeeds.
  document.addEventListener("htmx:responseError", function (event) {
    if (isLive(event)) event.preventDefault();
  });
})();
