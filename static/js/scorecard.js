/* The score entry page: keyboard flow only. The live totals, VP and refusals come from the
   server: htmx posts the form as typed to the preview (see score_form_smazzate.html) and puts
   the server's answer in place. No scoring rule lives here.

   Keys: Enter moves to the next box, and saves from the last box of the scorecard or from a box
   after it ("The turno ended early", the reason) — never from a box of an empty smazzata (the
   turno ended early only when the director ticks so). In a match to a target score
   (data-open-match) Enter in the last box first asks the server: when its answer appends the
   next smazzata (the match goes on), Enter moves there instead of saving. Ctrl/Cmd+Enter saves from anywhere on the
   page, the Save button and the links included (only the form that clears a result keeps its own
   keys). Tab, Shift+Tab and Space behave as usual. */
(function () {
  "use strict";

  // The dashes the server takes for a minus (forms/scores.py, MINUS_SIGNS): the phones' sign
  // button takes them away too.
  var MINUS_SIGNS = /^[\u2010\u2011\u2012\u2013\u2014\u2212\ufe63\uff0d]/;

  function submit(form) {
    if (form.requestSubmit) form.requestSubmit();
    else form.submit();
  }

  function typed(target) {
    // Tell the live preview (htmx listens to "input" on the form) that a box changed.
    target.dispatchEvent(new Event("input", { bubbles: true }));
  }

  // Smazzata n as the page offers it, nothing typed or ticked (a burraco count of 0 is none):
  // the form's own notion of an empty smazzata (forms/scorecard.py), not a rule of the game.
  function isEmpty(form, n) {
    var body = form.querySelector('tbody[data-smazzata="' + n + '"]');
    if (!body) return false;
    return Array.prototype.every.call(body.querySelectorAll("input, select"), function (box) {
      var name = box.name || "";
      if (box.type === "checkbox") return box.checked === /_pozzetto$/.test(name);
      var value = (box.value || "").trim();
      if (/_cards$/.test(name) || box.tagName === "SELECT" || /_last_move$/.test(name)) {
        return value === "";
      }
      return value === "" || value === "0";
    });
  }

  function focusBox(box) {
    box.focus();
    if (box.select && box.type === "text") box.select();
  }

  // Enter in the last box of a match to a target score: wait for the preview of what is typed
  // now (a request sent after this Enter), then go to the smazzata it appended, or save.
  function saveOrNextSmazzata(form, target) {
    if (form.dataset.waitingForRow) return;
    var before = form.querySelectorAll("tbody.smazzata").length;
    var sent = false;
    var timer = null;
    form.dataset.waitingForRow = "1";
    function onSend(event) { if (event.detail && event.detail.elt === form) sent = true; }
    function onSettle() { if (sent) finish(); }
    function finish() {
      document.removeEventListener("htmx:beforeRequest", onSend);
      document.removeEventListener("htmx:afterSettle", onSettle);
      clearTimeout(timer);
      delete form.dataset.waitingForRow;
      var bodies = form.querySelectorAll("tbody.smazzata");
      var first = bodies.length > before &&
        bodies[before].querySelector("input:not([type=hidden]), select");
      if (first) focusBox(first);
      else submit(form);
    }
    document.addEventListener("htmx:beforeRequest", onSend);
    document.addEventListener("htmx:afterSettle", onSettle);
    // No answer (the server unreachable): the save says what it has to say.
    timer = setTimeout(finish, 8000);
    typed(target);
  }

  // The live totals come from the server: when it cannot be reached they stop, so say so over
  // them (dimmed) until the next answer replaces them.
  function markStale(event) {
    var summary = document.getElementById("score-summary");
    if (!summary || !event.detail || event.detail.target !== summary) return;
    summary.classList.add("stale");
    if (summary.querySelector(".offline-note")) return;
    var note = document.createElement("p");
    note.className = "live-note offline-note";
    note.setAttribute("role", "status");
    note.textContent = summary.dataset.offlineNote || "";
    summary.appendChild(note);
  }
  document.addEventListener("htmx:sendError", markStale);
  document.addEventListener("htmx:responseError", markStale);
  document.addEventListener("htmx:afterSwap", function (event) {
    if (event.detail && event.detail.target && event.detail.target.id === "score-summary") {
      event.detail.target.classList.remove("stale");
    }
  });

  function setupScorecard(form) {
    var el = form.elements;
    var grid = form.querySelector("table.scorecard");

    form.addEventListener("keydown", function (event) {
      if (event.key !== "Enter" || event.isComposing || event.ctrlKey || event.metaKey) return;
      var target = event.target;
      if (target.tagName === "TEXTAREA" || target.tagName === "BUTTON" || target.tagName === "A") {
        return;
      }
      event.preventDefault();
      var controls = Array.prototype.filter.call(el, function (c) {
        var box = c.tagName === "INPUT" || c.tagName === "SELECT" || c.tagName === "TEXTAREA";
        return box && c.type !== "hidden" && !c.disabled;
      });
      var inGrid = controls.filter(function (c) { return grid.contains(c); });
      var index = controls.indexOf(target);
      var match = /^s(\d+)_/.exec(target.name || "");
      var empty = match && parseInt(match[1], 10) > 1 && isEmpty(form, parseInt(match[1], 10));
      var lastOfGrid = target === inGrid[inGrid.length - 1];
      if (lastOfGrid && !empty && form.hasAttribute("data-open-match") && window.htmx) {
        saveOrNextSmazzata(form, target);
        return;
      }
      if ((!grid.contains(target) || lastOfGrid) && !empty) {
        submit(form);
        return;
      }
      var next = controls[index + 1];
      if (next) focusBox(next);
    });

    // Phones: a numeric keypad has no minus sign, so card points get a "±" button.
    if (window.matchMedia && window.matchMedia("(pointer: coarse)").matches) {
      form.querySelectorAll('input[name$="_cards"]').forEach(function (input) {
        var button = document.createElement("button");
        button.type = "button";
        button.className = "negate";
        button.tabIndex = -1;
        button.textContent = "\u00b1";
        button.setAttribute("aria-label", "\u00b1");
        button.addEventListener("click", function () {
          var v = input.value.trim();
          var negative = v.charAt(0) === "-" || MINUS_SIGNS.test(v);
          input.value = negative ? v.slice(1) : "-" + v;
          input.focus();
          typed(input);
        });
        input.insertAdjacentElement("afterend", button);
      });
    }
  }

  // After each live preview: mark the boxes the server refused (their message is #err-<name>)
  // the way the page marks them after a refused save, and unmark the others.
  function markRefused(form) {
    Array.prototype.forEach.call(form.elements, function (box) {
      // The reason is the save's own question: the preview never asks it.
      if (!box.name || box.type === "hidden" || box.tagName === "BUTTON") return;
      if (box.name === "reason") return;
      var message = document.getElementById("err-" + box.name);
      if (message) {
        box.setAttribute("aria-invalid", "true");
        box.setAttribute("aria-describedby", message.id);
      } else {
        box.removeAttribute("aria-invalid");
        if (/^err-/.test(box.getAttribute("aria-describedby") || "")) {
          box.removeAttribute("aria-describedby");
        }
      }
      var cell = box.closest("td.count, td.check, td.num, .end-field");
      if (cell) cell.classList.toggle("bad", !!message);
      var field = box.closest(".field");
      if (field) field.classList.toggle("has-error", !!message);
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    var form = document.getElementById("scorecard");
    if (!form) return;
    document.addEventListener("htmx:afterSettle", function () { markRefused(form); });
    if (form.classList.contains("scorecard-form")) setupScorecard(form);
    if (form.classList.contains("enter-saves")) {
      // Enter on a radio button saves too, as it does in a text box.
      form.addEventListener("keydown", function (event) {
        if (event.ctrlKey || event.metaKey) return;
        if (event.key === "Enter" && event.target.type === "radio") {
          event.preventDefault();
          submit(form);
        }
      });
    }
    // Ctrl/Cmd+Enter saves the result from anywhere: a box, the Save button, a link, the page.
    document.addEventListener("keydown", function (event) {
      if (event.key !== "Enter" || !(event.ctrlKey || event.metaKey) || event.isComposing) return;
      var target = event.target;
      var owner = target.form || (target.closest ? target.closest("form") : null);
      if (owner && owner !== form) return;
      event.preventDefault();
      submit(form);
    });
    // A button that says what it does while nothing changed ("Confirm the scorecard", on the
    // phone of the line that checks the other's entry) says what it does once a box differs
    // from what the page brought ("Send your version"), and goes back when the boxes do.
    var twoWay = form.querySelector("button[data-label-changed]");
    if (twoWay) {
      var snapshot = function () { return new URLSearchParams(new FormData(form)).toString(); };
      var loaded = snapshot();
      var asLoaded = twoWay.textContent;
      var relabel = function () {
        twoWay.textContent = snapshot() === loaded ? asLoaded : twoWay.dataset.labelChanged;
      };
      form.addEventListener("input", relabel);
      form.addEventListener("change", relabel);
    }
    var keys = document.querySelector(".keys[hidden]");
    if (keys && form.classList.contains("scorecard-form")) keys.hidden = false;
    // The box the server marked (autofocus) is focused by site.js, on every page; a form without
    // one (a forfeit) starts from its first box, but a phone's (data-line), whose keyboard
    // would cover the page.
    var idle = !document.activeElement || document.activeElement === document.body;
    if (idle && !form.dataset.line) {
      var start = form.querySelector("input:not([type=hidden]), select");
      if (start) focusBox(start);
    }
  });
})();
