/* The score entry page: live totals and VP as the director types, and keyboard flow.

   Totals use the engine's formula (RULES.md section 5):
     total = card points + sum(count x bonus) + chiusura bonus - pozzetto penalty
   with the tournament's bonuses and VP bands from the page's JSON (#scorecard-config). The
   server computes the same numbers authoritatively on save; without this script the page still
   works and the totals show after saving.

   A smazzata the server would refuse (card points missing or not a multiple of 5, both lines
   closing, a closer without its pozzetto or without a burraco, an end that contradicts the
   chiusura: the simplest checks of RULES.md section 5; an empty smazzata before a played one)
   shows no VP split: the live totals show a short note instead, in the server's own words (the
   page's JSON, "notes"). The server stays the judge.

   Numbers are read as the server reads them: a whole number, a leading dash of any kind (the
   real minus of a phone keyboard included) being a minus.

   The boxes follow the paper segnapunti: per line the burraco kinds, chiusura, pozzetto, card
   points. A chiusura is the last move: a blank "last move" (KO only) shows the closer, as the
   server records it.

   Keys: Enter moves to the next box; in the last box or in an empty smazzata (the turno ended
   early) it saves. Ctrl/Cmd+Enter saves from anywhere on the page, the Save button and the
   links included (only the form that clears a result keeps its own keys). Tab, Shift+Tab and
   Space behave as usual. */
(function () {
  "use strict";

  var LINES = ["ns", "eo"];
  // The dashes the server takes for a minus (forms/scores.py, MINUS_SIGNS).
  var MINUS_SIGNS = /^[\u2010\u2011\u2012\u2013\u2014\u2212\ufe63\uff0d]/;

  function parse(input) {
    // null for an empty box, NaN for something that is not a whole number.
    if (!input) return null;
    var text = input.value.trim().replace(MINUS_SIGNS, "-");
    if (text === "") return null;
    return /^[-+]?\d+$/.test(text) ? parseInt(text, 10) : NaN;
  }

  function vpSplit(bands, a, b) {
    var diff = Math.abs(a - b);
    for (var i = 0; i < bands.length; i++) {
      var band = bands[i];
      if (band[0] === null || diff <= band[0]) {
        return a >= b ? [band[1], band[2]] : [band[2], band[1]];
      }
    }
    return null;
  }

  function show(el, value) {
    if (!el) return;
    var invalid = typeof value === "number" && isNaN(value);
    el.textContent = value === null || value === undefined ? "" : invalid ? "?" : String(value);
    el.classList.toggle("invalid", invalid);
  }

  function fillIn(text, values) {
    // "{name}" in one of the server's sentences, replaced by its value.
    return String(text || "").replace(/\{(\w+)\}/g, function (whole, name) {
      return Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : whole;
    });
  }

  function showNote(form, text) {
    var note = form.querySelector('[data-turno="note"]');
    if (!note) return;
    // Rewritten only when it changes: a screen reader then says it once, not at every key.
    if (note.textContent !== (text || "")) note.textContent = text || "";
    note.hidden = !text;
  }

  // ``note``: why the scorecard cannot be saved as it stands; then no difference and no VP.
  function showTurno(form, cfg, ns, eo, note) {
    var known = ns !== null && eo !== null && !isNaN(ns) && !isNaN(eo) && !note;
    show(form.querySelector('[data-turno="ns"]'), ns);
    show(form.querySelector('[data-turno="eo"]'), eo);
    showNote(form, note);
    var diff = form.querySelector('[data-turno="diff"]');
    var vp = form.querySelector('[data-turno="vp"]');
    if (!known) {
      show(diff, null);
      show(vp, null);
      return;
    }
    var d = ns - eo;
    show(diff, d === 0 ? "0" : (d > 0 ? "NS +" + d : "EO +" + -d));
    var split = vpSplit(cfg.bands, ns, eo);
    show(vp, split ? split[0] + " \u2013 " + split[1] : null);
  }

  function setupScorecard(form, cfg) {
    var el = form.elements;
    var kinds = Object.keys(cfg.bonuses);
    var endLabels = {};
    var autoTemplate = form.dataset.autoTemplate || "%s";
    var firstMove = el["s1_last_move"];
    var blankLastMove = firstMove && firstMove.options ? firstMove.options[0].textContent : "";

    function box(n, line, part) { return el["s" + n + "_" + line + "_" + part]; }

    function isBlank(n) {
      var blank = true;
      LINES.forEach(function (line) {
        if (box(n, line, "cards").value.trim() !== "") blank = false;
        kinds.forEach(function (kind) {
          var v = box(n, line, kind).value.trim();
          if (v !== "" && v !== "0") blank = false;
        });
        if (box(n, line, "chiusura").checked || !box(n, line, "pozzetto").checked) blank = false;
      });
      return blank && !el["s" + n + "_end"].value && !el["s" + n + "_last_move"].value;
    }

    function autoEnd(n) {
      var closed = box(n, "ns", "chiusura").checked || box(n, "eo", "chiusura").checked;
      return closed ? "chiusura" : "tallone";
    }

    function closer(n) {
      var ns = box(n, "ns", "chiusura").checked;
      var eo = box(n, "eo", "chiusura").checked;
      return ns === eo ? null : ns ? "ns" : "eo";
    }

    function showAutoLastMove(n) {
      // A hidden box (pairs tournaments) has no options: nothing to show.
      var select = el["s" + n + "_last_move"];
      if (!select || select.tagName !== "SELECT") return;
      var line = closer(n);
      var label = line && select.querySelector('option[value="' + line + '"]');
      select.options[0].textContent = label
        ? autoTemplate.replace("%s", label.textContent)
        : blankLastMove;
    }

    // The first reason the server would refuse smazzata n, in its words; null when none is seen.
    function problem(n, end) {
      var notes = cfg.notes || {};
      var found = null;
      function note(text, value) {
        if (!found && text) found = fillIn(text, { value: value });
      }
      LINES.forEach(function (line) {
        var words = notes[line] || {};
        var input = box(n, line, "cards");
        var cards = parse(input);
        if (cards === null) note(words.cards_missing);
        else if (isNaN(cards)) note(words.cards_not_integer, input.value.trim());
        else if (cards % 5 !== 0) note(words.cards_not_multiple_of_5, cards);
        kinds.forEach(function (kind) {
          var count = parse(box(n, line, kind));
          var typed = box(n, line, kind).value.trim();
          if (count !== null && isNaN(count)) note((words.count_not_integer || {})[kind], typed);
          else if (count !== null && count < 0) note((words.negative_count || {})[kind], typed);
        });
      });
      var closers = LINES.filter(function (line) { return box(n, line, "chiusura").checked; });
      if (closers.length === 2) note(notes.both_lines_closed);
      closers.forEach(function (line) {
        var words = notes[line] || {};
        if (!box(n, line, "pozzetto").checked) note(words.closing_without_pozzetto);
        function has(kind) { return kinds.indexOf(kind) >= 0 && parse(box(n, line, kind)) > 0; }
        // None at all, or (where the rules want a clean one) only dirty ones.
        if (!kinds.some(has)) note(words.closing_without_burraco);
        else if (!(cfg.closing_kinds || kinds).some(has)) note(words.closing_without_clean_burraco);
      });
      if (end === "chiusura" && !closers.length) note(notes.chiusura_end_without_closer);
      if (end && end !== "chiusura" && closers.length === 1) {
        note(((notes[closers[0]] || {}).closer_without_chiusura_end || {})[end]);
      }
      return found;
    }

    function lineTotal(n, line, end) {
      var cards = parse(box(n, line, "cards"));
      if (cards === null) return null;
      if (cards % 5 !== 0) return NaN; // every card is worth a multiple of 5
      var total = cards;
      kinds.forEach(function (kind) {
        var count = parse(box(n, line, kind));
        total += (count === null ? 0 : count) * cfg.bonuses[kind];
      });
      if (box(n, line, "chiusura").checked) total += cfg.chiusura_bonus;
      var penalty = cfg.pozzetto_penalty_always || (end !== "tempo" && end !== "arbitrale");
      if (!box(n, line, "pozzetto").checked && penalty) total -= cfg.pozzetto_penalty;
      return total;
    }

    function update() {
      var sums = { ns: 0, eo: 0 };
      var played = 0;
      var broken = false;
      var refusal = null;
      var firstBlank = null; // an empty smazzata, refused if a later one is played
      for (var n = 1; n <= cfg.smazzate; n++) {
        var end = el["s" + n + "_end"];
        var auto = autoEnd(n);
        end.options[0].textContent = autoTemplate.replace("%s", endLabels[auto] || auto);
        showAutoLastMove(n);
        var blank = isBlank(n);
        var body = form.querySelector('tbody[data-smazzata="' + n + '"]');
        if (body) {
          body.classList.toggle("unplayed", blank);
          var note = body.querySelector(".not-played");
          if (note) note.hidden = !blank || n === 1;
        }
        var effective = end.value || auto;
        LINES.forEach(function (line) {
          var total = blank ? null : lineTotal(n, line, effective);
          show(form.querySelector('[data-total="' + n + "-" + line + '"]'), total);
          if (blank) return;
          if (total === null || isNaN(total)) broken = true;
          else sums[line] += total;
        });
        if (blank) {
          if (firstBlank === null) firstBlank = n;
          continue;
        }
        played++;
        if (!refusal && firstBlank !== null) {
          refusal = fillIn((cfg.notes || {}).skipped_smazzata, { blank: firstBlank, later: n });
        }
        firstBlank = null;
        var why = refusal ? null : problem(n, end.value);
        var framed = (cfg.notes || {}).smazzata || "{problem}";
        if (why) refusal = fillIn(framed, { number: n, problem: why });
      }
      if (refusal) showTurno(form, cfg, null, null, refusal);
      else if (!played || broken) showTurno(form, cfg, null, null);
      else showTurno(form, cfg, sums.ns, sums.eo);
    }

    var firstEnd = el["s1_end"];
    if (firstEnd) {
      Array.prototype.forEach.call(firstEnd.options, function (option) {
        if (option.value) endLabels[option.value] = option.textContent;
      });
    }
    form.addEventListener("input", update);
    form.addEventListener("change", update);
    update();

    // Enter: next box; saves from the last box or from an empty smazzata. (Ctrl/Cmd+Enter is
    // handled for the whole page below.)
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
      var index = controls.indexOf(target);
      var match = /^s(\d+)_/.exec(target.name || "");
      var emptySmazzata = match && parseInt(match[1], 10) > 1 && isBlank(parseInt(match[1], 10));
      if (index === controls.length - 1 || emptySmazzata) {
        submit(form);
        return;
      }
      var next = controls[index + 1];
      if (next) {
        next.focus();
        if (next.select && next.type === "text") next.select();
      }
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
          update();
        });
        input.insertAdjacentElement("afterend", button);
      });
    }
  }

  function setupTotals(form, cfg) {
    function mp(input) {
      var value = parse(input);
      return value !== null && value % 5 !== 0 ? NaN : value;
    }
    function update() {
      var note = null;
      [form.elements.ns_mp, form.elements.eo_mp].forEach(function (input) {
        var value = parse(input);
        if (!note && value !== null && !isNaN(value) && value % 5 !== 0) {
          note = fillIn((cfg.notes || {}).mp_not_multiple_of_5, { value: value });
        }
      });
      showTurno(form, cfg, mp(form.elements.ns_mp), mp(form.elements.eo_mp), note);
    }
    form.addEventListener("input", update);
    update();
  }

  function submit(form) {
    if (form.requestSubmit) form.requestSubmit();
    else form.submit();
  }

  document.addEventListener("DOMContentLoaded", function () {
    var form = document.getElementById("scorecard");
    if (!form) return;
    var data = document.getElementById("scorecard-config");
    var cfg = data ? JSON.parse(data.textContent) : null;
    if (cfg && form.classList.contains("scorecard-form")) setupScorecard(form, cfg);
    else if (cfg && form.classList.contains("totals-form")) setupTotals(form, cfg);
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
    var keys = document.querySelector(".keys[hidden]");
    if (keys && form.classList.contains("scorecard-form")) keys.hidden = false;
    // The box the server marked (autofocus) is focused by site.js, on every page; a form without
    // one (a forfeit) starts from its first box.
    if (!document.activeElement || document.activeElement === document.body) {
      var start = form.querySelector("input:not([type=hidden]), select");
      if (start) {
        start.focus();
        if (start.select && start.type === "text") start.select();
      }
    }
  });
})();
