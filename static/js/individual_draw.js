/* The individual turno's draw form: the seed only with the rotation, the seating-by-hand boxes
   only with "by hand". A convenience: without it the seed stays shown and the boxes by hand are
   a section the director opens; the server reads only the boxes of the chosen movement. */
(function () {
  "use strict";
  document.querySelectorAll("form.draw-form").forEach(function (form) {
    var radios = form.querySelectorAll('input[name="movement"]');
    if (!radios.length) return;
    function sync() {
      var chosen = form.querySelector('input[name="movement"]:checked');
      var movement = chosen ? chosen.value : "";
      form.querySelectorAll("[data-movement]").forEach(function (node) {
        var shown = node.getAttribute("data-movement") === movement;
        // A box with an error message is never hidden.
        node.hidden = !shown && !node.querySelector(".errorlist");
        if (shown && node.tagName === "DETAILS") node.open = true;
      });
    }
    radios.forEach(function (radio) { radio.addEventListener("change", sync); });
    sync();
  });
})();
