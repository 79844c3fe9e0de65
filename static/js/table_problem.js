/* The table's "report a problem" on a phone whose Wi-Fi drops (views/table_problem.py, issue 26).

   The call is sent from here rather than by the browser: without network it waits in the
   phone's storage, the form says "non inviato", and it is sent when the network is back (at
   once on the browser's "online", else every few seconds); then the page is opened again and
   shows the server's answer. The call carries an id made here: sent again because its answer
   was lost, it is kept once. */
(function () {
  "use strict";

  var form = document.querySelector("form.problem-form");
  if (!form || !window.localStorage || !window.fetch || !window.URLSearchParams) return;
  var PENDING = "burraco-table-call:" + form.getAttribute("action");
  var RETRY_MS = 5000;
  var unsent = form.querySelector("[data-unsent]");
  var sending = false;

  function pending() {
    try {
      return JSON.parse(window.localStorage.getItem(PENDING) || "null");
    } catch (error) {
      return null;
    }
  }

  var newId = window.burracoPhoneId;

  function send() {
    var call = pending();
    if (!call || sending) return;
    sending = true;
    var body = new URLSearchParams();
    body.append("message", call.message);
    if (call.id) body.append("client_id", call.id);
    body.append("csrfmiddlewaretoken", form.querySelector("[name=csrfmiddlewaretoken]").value);
    window.fetch(form.action, {
      method: "POST",
      body: body,
      credentials: "same-origin",
      redirect: "manual",
    }).then(function () {
      sending = false;
      window.localStorage.removeItem(PENDING);
      window.location.assign(form.dataset.page);
    }, function () {
      sending = false;
      unsent.hidden = false;
    });
  }

  form.addEventListener("submit", function (event) {
    event.preventDefault();
    try {
      var call = pending();
      var message = form.elements.message.value;
      // The same call made again while it waits keeps its id: sent twice, it is kept once.
      var id = call && call.message === message ? call.id : newId();
      window.localStorage.setItem(PENDING, JSON.stringify({ id: id, message: message }));
    } catch (error) {
      HTMLFormElement.prototype.submit.call(form); // storage refused: the browser sends it
      return;
    }
    send();
  });
  window.addEventListener("online", send);
  window.setInterval(send, RETRY_MS);

  // Opened again with a call still waiting: shown, and sent.
  var call = pending();
  if (call) {
    form.elements.message.value = call.message;
    unsent.hidden = false;
    send();
  }
})();
