/* The penalty form: a usual reason fills its VP and MP; the confirmation box for a penalty that
   adds points is shown only when a positive value is typed. Without this script the form works
   the same, with the box always shown. */
(function () {
  "use strict";

  function setup(form) {
    var vp = form.querySelector('input[name="vp"]');
    var mp = form.querySelector('input[name="mp"]');
    var reason = form.querySelector('input[name="reason"]');
    var confirmBox = form.querySelector("#field-confirm_positive");
    var confirmInput = form.querySelector('input[name="confirm_positive"]');

    function isPositive(input) { return input && parseInt(input.value, 10) > 0; }
    function showConfirm() {
      if (!confirmBox) { return; }
      var needed = isPositive(vp) || isPositive(mp);
      confirmBox.hidden = !needed && !confirmInput.checked && !confirmBox.classList.contains("has-error");
    }
    function fill(values, overwrite) {
      if (overwrite || !vp.value) { vp.value = values.vp !== "0" ? values.vp : ""; }
      if (overwrite || !mp.value) { mp.value = values.mp !== "0" ? values.mp : ""; }
      showConfirm();
    }

    form.querySelectorAll(".suggestions button").forEach(function (button) {
      button.addEventListener("click", function () {
        reason.value = button.dataset.reason;
        fill(button.dataset, true);
        reason.focus();
      });
    });
    reason.addEventListener("change", function () {
      var options = document.querySelectorAll("#penalty-reasons option");
      options.forEach(function (option) {
        if (option.value === reason.value) { fill(option.dataset, false); }
      });
    });
    [vp, mp].forEach(function (input) { input.addEventListener("input", showConfirm); });
    showConfirm();
  }

  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("form.penalty-form").forEach(setup);
  });
})();
