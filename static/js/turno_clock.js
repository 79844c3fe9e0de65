/* The turno clock (components/turno_clock.html): counts down every second in the browser.
   The server gives the end and the warning as milliseconds, and its own now: the difference
   with this screen's clock is taken off, so a projector with a wrong clock still counts right.
   Clocks drawn later (a fragment swapped in by htmx) are found on the next tick. */
(function () {
  "use strict";
  var STATES = ["clock-stopped", "clock-running", "clock-last_smazzata", "clock-over"];

  function shown(seconds) {
    var h = Math.floor(seconds / 3600), m = Math.floor((seconds % 3600) / 60), s = seconds % 60;
    var mm = (m < 10 ? "0" : "") + m, ss = (s < 10 ? "0" : "") + s;
    return h ? h + ":" + mm + ":" + ss : mm + ":" + ss;
  }

  function tick() {
    document.querySelectorAll("[data-turno-clock]").forEach(function (clock) {
      var ends = parseInt(clock.dataset.ends, 10);
      if (!ends) return;
      if (clock.dataset.skew === undefined) {
        clock.dataset.skew = String(parseInt(clock.dataset.now, 10) - Date.now());
      }
      var now = Date.now() + parseInt(clock.dataset.skew, 10);
      var warn = parseInt(clock.dataset.warn, 10);
      var left = Math.max(0, Math.ceil((ends - now) / 1000));
      var state = now >= ends ? "clock-over" : (warn && now >= warn ? "clock-last_smazzata" : "clock-running");
      if (!clock.classList.contains(state)) {
        STATES.forEach(function (name) { clock.classList.remove(name); });
        clock.classList.add(state);
      }
      var time = clock.querySelector("[data-clock-time]");
      if (time) time.textContent = shown(left);
    });
  }

  tick();
  setInterval(tick, 1000);
})();
