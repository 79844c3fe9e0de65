/* The draw form of the turni pages: show the options of the chosen movement only, and the
   sentence about the chosen Mitchell step (its rematches, or its turni without a rematch). Without
   this script every option is shown and the numbers are in the step's labels, so nothing depends
   on it. */
(function () {
  "use strict";

  function setup(form) {
    var radios = form.querySelectorAll('input[name="movement"]');
    var panels = form.querySelectorAll(".movement-options");
    function showMovement() {
      var chosen = form.querySelector('input[name="movement"]:checked');
      panels.forEach(function (panel) {
        panel.hidden = !!chosen && panel.dataset.movement !== chosen.value;
      });
    }
    radios.forEach(function (radio) { radio.addEventListener("change", showMovement); });
    showMovement();

    var step = form.querySelector('select[name="step"]');
    var out = form.querySelector("#free-turni-out");
    var data = document.getElementById("free-turni");
    if (step && out && data) {
      var outlooks = JSON.parse(data.textContent);
      function showFree() {
        out.textContent = outlooks[step.value] || "";
      }
      step.addEventListener("change", showFree);
      showFree();
    }
  }

  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("form.draw-form").forEach(setup);
  });
})();
