/* The table's page on a phone whose Wi-Fi drops (views/table_side.py, issue 26).

   What the line types is kept in the phone's own storage (localStorage), so a page opened again
   shows it. A save is sent from here rather than by the browser: without network it waits in the
   phone's storage, the page says "non inviato" and keeps taking input, and it is sent again
   when the network is back (at once on the browser's "online", else every few seconds), with
   the boxes as they are then (a box corrected after pressing "Salva" is not lost). Each
   save carries an id made here (client_id): when the first try did arrive but its answer was
   lost, the server recognises the id and stores the save once. No scoring rule lives here. */
(function () {
  "use strict";

  function read(name) {
    try {
      return JSON.parse(window.localStorage.getItem(name) || "null");
    } catch (error) {
      return null;
    }
  }

  function storageKey(page, line) {
    return "burraco-table:" + page + ":" + (line || "");
  }

  // The page of a closed turno (or a replaced link) takes no scorecard: a save still waiting
  // for the network, or typing never saved, will not be sent (not even if the turno is opened
  // again later, over what the lines have entered since). The line is told, and the phone
  // forgets them. A save the server did store, though its answer was lost on the way back (the
  // page names the line's last save by its id), was sent: nothing is said of it, nor of the
  // typing it carried.
  var closed = document.getElementById("closed-unsent");
  if (closed && window.localStorage) {
    var left = storageKey(closed.dataset.page, closed.dataset.line);
    var unsentSave = read(left + ":pending");
    var typed = read(left + ":draft");
    var arrived = !!unsentSave && unsentSave.id === closed.dataset.arrived;
    var sentFields = arrived ? JSON.stringify(unsentSave.fields) : null;
    var typedLeft = !!typed && JSON.stringify(typed.fields) !== typed.served &&
      JSON.stringify(typed.fields) !== sentFields;
    if ((unsentSave && !arrived) || typedLeft) {
      closed.hidden = false;
    }
    window.localStorage.removeItem(left + ":pending");
    window.localStorage.removeItem(left + ":draft");
  }

  var form = document.getElementById("scorecard");
  if (!form || !window.localStorage || !window.fetch || !window.URLSearchParams) return;
  var key = storageKey(form.getAttribute("action"), form.dataset.line);
  var DRAFT = key + ":draft";
  var PENDING = key + ":pending";
  var RETRY_MS = 5000;
  var KEPT = { csrfmiddlewaretoken: true, client_id: true };
  var sending = false;

  function write(name, value) {
    try {
      window.localStorage.setItem(name, JSON.stringify(value));
    } catch (error) {
      /* storage full or refused: the page still works as before */
    }
  }

  function fields() {
    var list = [];
    new FormData(form).forEach(function (value, name) {
      if (!KEPT[name] && typeof value === "string") list.push([name, value]);
    });
    return list;
  }

  function version() {
    var box = form.querySelector("[name=version]");
    return box ? box.value : "";
  }

  // The boxes as in ``list`` (the hidden ones, the draft's version among them, only when
  // ``hidden``): ticks not in the list are cleared.
  function restore(list, hidden) {
    var values = {};
    list.forEach(function (pair) {
      (values[pair[0]] = values[pair[0]] || []).push(pair[1]);
    });
    Array.prototype.forEach.call(form.elements, function (box) {
      if (!box.name || KEPT[box.name] || (box.type === "hidden" && !hidden)) return;
      var given = values[box.name];
      if (box.type === "checkbox" || box.type === "radio") {
        box.checked = !!given && given.indexOf(box.value) !== -1;
      } else if (given && box.type !== "file") {
        box.value = given[0];
      }
    });
  }

  function show(state) {
    var notice = document.getElementById("offline-notice");
    if (!notice) return;
    notice.dataset.state = state;
    Array.prototype.forEach.call(notice.querySelectorAll("[data-when]"), function (line) {
      line.hidden = line.dataset.when !== state;
    });
  }

  var newId = window.burracoPhoneId;

  function send() {
    var pending = read(PENDING);
    if (!pending || sending) return;
    sending = true;
    show("sending");
    var body = new URLSearchParams();
    pending.fields.forEach(function (pair) {
      body.append(pair[0], pair[1]);
    });
    body.append("csrfmiddlewaretoken", form.querySelector("[name=csrfmiddlewaretoken]").value);
    body.append("client_id", pending.id);
    window.fetch(form.action, {
      method: "POST",
      body: body,
      credentials: "same-origin",
      redirect: "manual",
    }).then(function (response) {
      sending = false;
      window.localStorage.removeItem(PENDING);
      if (response.type === "opaqueredirect" || (response.status >= 300 && response.status < 400)) {
        // Saved (or recognised as saved already): the page shows what the server keeps.
        window.localStorage.removeItem(DRAFT);
        window.location.assign(form.action);
        return;
      }
      // Refused (a box to fix, another phone saved meanwhile): sent by the browser this time,
      // with the same id, so the page shows the server's answer next to the boxes.
      restore(pending.fields, true);
      form.querySelector("[name=client_id]").value = pending.id;
      form.dataset.direct = "1";
      HTMLFormElement.prototype.submit.call(form);
    }, function () {
      sending = false;
      show("unsent");
    });
  }

  form.addEventListener("submit", function (event) {
    if (form.dataset.direct) return;
    event.preventDefault();
    var list = fields();
    var pending = read(PENDING);
    // The same boxes saved again while the first try waits: the same save, the same id.
    var same = pending && JSON.stringify(pending.fields) === JSON.stringify(list);
    write(PENDING, { id: same ? pending.id : newId(), fields: list });
    if (!sending) send();
  });

  // What the server put in the boxes when the page was opened: typing kept on top of other
  // boxes (the other line has saved since, say) is not put back over them.
  var served = JSON.stringify(fields());

  function keepDraft() {
    var list = fields();
    write(DRAFT, { version: version(), served: served, fields: list });
    // A save waiting for the network takes what is typed after it: what is sent is the boxes
    // as they are (with an id of its own: not the boxes of the earlier try).
    var pending = read(PENDING);
    if (pending && !sending && JSON.stringify(pending.fields) !== JSON.stringify(list)) {
      write(PENDING, { id: newId(), fields: list });
    }
  }
  form.addEventListener("input", keepDraft);
  form.addEventListener("change", keepDraft);

  window.addEventListener("online", function () {
    // A try already on its way (the retry, a moment before this event) keeps saying so.
    if (!sending) show("");
    send();
  });
  window.addEventListener("offline", function () {
    if (!read(PENDING)) show("offline");
  });
  window.setInterval(function () {
    if (read(PENDING)) send();
  }, RETRY_MS);

  // The server's live totals for the boxes as they are now (htmx listens for input).
  function refreshTotals() {
    var box = form.querySelector("input[type=number], input[type=text]");
    if (box) box.dispatchEvent(new Event("input", { bubbles: true }));
  }

  // Opened again: a save still waiting is shown and sent; else what was typed on this version
  // of the scorecard, over the same boxes the server showed then (a newer one from the server,
  // the other line's entry among them, wins). The totals follow the boxes put back.
  var pending = read(PENDING);
  var draft = read(DRAFT);
  if (pending) {
    restore(pending.fields, false);
    refreshTotals();
    send();
  } else if (draft && draft.version === version() && draft.served === served) {
    restore(draft.fields, false);
    refreshTotals();
  } else if (draft) {
    window.localStorage.removeItem(DRAFT);
  }
  if (!pending && navigator.onLine === false) show("offline");
})();
