/* The tournament settings form: show the sections of the chosen kind of tournament, follow the
   chosen preset, suggest the usual VP table.
   Everything here is a convenience: the form works the same without it. */
(function () {
  "use strict";
  var form = document.getElementById("tournament-form");
  var dataNode = document.getElementById("setup-data");
  if (!form || !dataNode) return;
  var data = JSON.parse(dataNode.textContent);

  function field(name) { return form.elements.namedItem(name); }
  function checked(name) {
    var input = form.querySelector('input[name="' + name + '"]:checked');
    return input ? input.value : "";
  }
  function show(id, visible) {
    var node = document.getElementById(id);
    // A box with an error message is never hidden.
    if (node) node.hidden = !visible && !node.querySelector(".errorlist");
  }

  function syncRuleset() {
    var preset = data.presets[field("ruleset_name").value];
    if (!preset) return;
    data.switches.forEach(function (name) {
      var option = field(name).querySelector('option[value=""]');
      option.textContent = data.as_ruleset.replace("%(value)s", preset[name] ? data.yes : data.no);
    });
    // Whether the preset has the semipulito at all is the engine's answer, sent by the server.
    show("field-semipulito", preset.semipulito_switchable || field("semipulito").value !== "");
    Object.keys(data.bonus_fields).forEach(function (kind) {
      var name = data.bonus_fields[kind];
      var input = field(name);
      var value = preset.bonuses[kind];
      input.placeholder = value === undefined ? "" : value;
      show("field-" + name, value !== undefined || input.value !== "");
    });
    ["chiusura_bonus", "pozzetto_penalty"].forEach(function (name) {
      field(name).placeholder = preset[name];
    });
  }

  var lastPreset = checked("vp_preset");
  function syncVp() {
    var choice = checked("vp_preset");
    var bands = field("vp_bands");
    if (choice === "custom") {
      // Start the custom table from the preset just left, unless it was already edited.
      var untouched = Object.keys(data.bands).some(function (k) {
        return data.bands[k].trim() === bands.value.trim();
      });
      if (untouched && data.bands[lastPreset]) bands.value = data.bands[lastPreset];
    } else {
      lastPreset = choice;
    }
    show("field-vp_bands", choice === "custom");
    // The kind's riposo left blank (a team's is a whole match's), as the server computes it.
    var byKind = data.byes[checked("kind") || data.default_kind] || {};
    var bye = (byKind[checked("team_scoring") || data.default_team_scoring] || {})[choice] || ["", ""];
    field("bye_vp").placeholder = bye[0];
    field("bye_mp").placeholder = bye[1];
  }

  function syncSmazzate() {
    var smazzate = field("smazzate_per_turno").value;
    var usual = data.vp_for_smazzate[smazzate];
    var choice = checked("vp_preset");
    var note = document.getElementById("vp-suggestion");
    if (!usual && choice !== "custom") {
      // No published table for this number: say so, choose nothing for the director.
      note.textContent = data.no_table.replace("%(smazzate)s", smazzate);
      note.hidden = false;
      return;
    }
    if (!usual || choice === "custom" || choice === usual) {
      note.hidden = true;
      return;
    }
    form.querySelector('input[name="vp_preset"][value="' + usual + '"]').checked = true;
    note.textContent = data.suggested.replace("%(smazzate)s", smazzate);
    note.hidden = false;
    syncVp();
  }

  // The sections of the other kind of tournament go away at once: the server ignores them.
  // Their notes ("only for …") are for the page without this script.
  form.querySelectorAll(".kind-note").forEach(function (note) { note.hidden = true; });
  // The tie-breaks still on one kind's default follow the kind (an individual has no
  // head-to-head); a choice the director made stays, and the server judges it.
  var tiebreakNames = ["tiebreak_1", "tiebreak_2", "tiebreak_3"];
  function syncTiebreaks(kind) {
    var shown = tiebreakNames.map(function (name) { return field(name).value; }).join(",");
    var wanted = data.tiebreaks[kind];
    if (!wanted) return;
    var onADefault = Object.keys(data.tiebreaks).some(function (k) {
      return data.tiebreaks[k].concat(["", "", ""]).slice(0, 3).join(",") === shown;
    });
    if (!onADefault) return;
    tiebreakNames.forEach(function (name, index) {
      field(name).value = wanted[index] || "";
    });
  }
  // The tie-breaks a kind refuses are not offered (an individual: head-to-head), and the
  // forfeit's question names a pair or a line's players, as the server renders them.
  function syncKindWords(kind) {
    var refused = data.refused_tiebreaks[kind] || [];
    tiebreakNames.forEach(function (name, index) {
      var select = field(name);
      select.querySelectorAll("option").forEach(function (option) {
        var no = refused.indexOf(option.value) >= 0;
        option.disabled = no;
        option.hidden = no;
      });
      if (refused.indexOf(select.value) >= 0) select.value = (data.tiebreaks[kind] || [])[index] || "";
    });
    var legend = document.querySelector("#field-forfeit_loser legend");
    if (legend && data.forfeit_loser_labels[kind]) legend.textContent = data.forfeit_loser_labels[kind];
    // The choices that name what this kind's entrants share (a table, or a team match).
    var labels = data.choice_labels[kind] || {};
    Object.keys(labels.forfeit_loser || {}).forEach(function (value) {
      var input = form.querySelector('input[name="forfeit_loser"][value="' + value + '"]');
      var label = input && input.closest("label");
      if (label) label.lastChild.textContent = " " + labels.forfeit_loser[value];
    });
    Object.keys(labels.tiebreak || {}).forEach(function (value) {
      tiebreakNames.forEach(function (name) {
        var option = field(name).querySelector('option[value="' + value + '"]');
        if (option) option.textContent = labels.tiebreak[value];
      });
    });
    var byeHelp = document.getElementById("id_bye_vp_helptext");
    if (byeHelp && data.bye_hints[kind]) byeHelp.textContent = data.bye_hints[kind];
    syncVp();
  }
  function syncKind() {
    var kind = checked("kind") || data.default_kind;
    Object.keys(data.sections).forEach(function (id) {
      // A section may serve several kinds (the riposo's: pairs, individual, teams).
      var node = document.getElementById(id);
      if (node) node.hidden = data.sections[id].indexOf(kind) < 0;
    });
    syncKindWords(kind);
  }

  field("ruleset_name").addEventListener("change", syncRuleset);
  field("semipulito").addEventListener("change", syncRuleset);
  field("smazzate_per_turno").addEventListener("change", syncSmazzate);
  form.querySelectorAll('input[name="vp_preset"], input[name="team_scoring"]').forEach(
    function (input) { input.addEventListener("change", syncVp); }
  );
  form.querySelectorAll('input[name="kind"]').forEach(function (input) {
    input.addEventListener("change", function () {
      syncTiebreaks(checked("kind") || data.default_kind);  // only when the director changes the kind
      syncKind();
    });
  });
  syncRuleset();
  syncVp();
  syncKind();
})();
