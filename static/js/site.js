// Every page: put the cursor in the box the server marked with autofocus (the first field of a
// form, or the first refused one) as soon as the page is read. Browsers apply the autofocus
// attribute on their own only at a later paint, and some skip it after a form submission, so a
// director typing straight away could lose the first keys.
(function () {
  "use strict";
  document.addEventListener("DOMContentLoaded", function () {
    if (document.activeElement && document.activeElement !== document.body) return;
    var target = document.querySelector("[autofocus]");
    if (!target) return;
    target.focus();
    if (target.select && target.type === "text") target.select();
  });
})();

// A button marked data-print prints the page (no inline handlers: the Content-Security-Policy
// allows scripts from the site's own files only).
(function () {
  "use strict";
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-print]");
    if (button) window.print();
  });
})();
