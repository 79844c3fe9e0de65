/* The penalty form: a usual reason fills its VP and MP; the confirmation box for a penalty that
   adds points is shown only when a positive value is typed. Without this script the form works
   the same, with the box always shown.

   A usual penalty whose MP no rule fixes ("two warnings": 1 VP and the equivalent MP) fills
   only its VP, leaves the MP box empty with the cursor in it and shows its hint: the director
   enters the number the tournament's regulation gives. */
(function () {
  "use strict";

  function setup(form) {
    var vp = form.querySelector('input[name="vp"]');
    var mp = form.querySelector('input[name="mp"]');
    var reason = form.querySelector('input[name="reason"]');
    var confirmBox = form.querySelector("#field-confirm_positive");
    var confirmInput = form.querySelector('input[name="confirm_positive"]');
    var hint = form.querySelector("#mp-hint");

    function isPositive(input) { return input && parseInt(input.value, 10) > 0; }
    function showConfirm() {
      if (!confirmBox) { return; }
      var needed = isPositive(vp) || isPositive(mp);
      confirmBox.hidden = !needed && !confirmInput.checked && !confirmBox.classList.contains("has-error");
    }
    function showHint(text) {
      if (!hint) { return; }
      hint.textContent = text || "";
      hint.hidden = !text;
      if (text) { mp.setAttribute("aria-describedby", "mp-hint"); }
      else { mp.removeAttribute("aria-describedby"); }
    }
    // Fill the deltas of a usual penalty; true when its MP are left to the director.
    function fill(values, overwrite) {
      if (overwrite || !vp.value) { vp.value = values.vp !== "0" ? values.vp : ""; }
      if (overwrite || !mp.value) { mp.value = values.mp !== "0" ? values.mp : ""; }
      showHint(values.mpHint);
      showConfirm();
      return Boolean(values.mpHint);
    }

    form.querySelectorAll(".suggestions button").forEach(function (button) {
      button.addEventListener("click", function () {
        reason.value = button.dataset.reason;
        (fill(button.dataset, true) ? mp : reason).focus();
      });
    });
    reason.addEventListener("change", function () {
      var options = document.querySelectorAll("#penalty-reasons option");
      var known = false;
      options.forEach(function (option) {
        if (option.value === reason.value) {
          known = true;
          if (fill(option.dataset, false) && !mp.value) { mp.focus(); }
        }
      });
      if (!known) { showHint(""); }
    });
    [vp, mp].forEach(function (input) { input.addEventListener("input", showConfirm); });
    showConfirm();
  }

  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("form.penalty-form").forEach(setup);
  });
})();
