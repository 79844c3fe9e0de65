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
    var out = form.querySelector("#step-outlook-out");
    var data = document.getElementById("step-outlook");
    if (step && out && data) {
      var outlooks = JSON.parse(data.textContent);
      function showOutlook() {
        out.textContent = outlooks[step.value] || "";
      }
      step.addEventListener("change", showOutlook);
      showOutlook();
    }
  }

  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("form.draw-form").forEach(setup);
  });
})();
