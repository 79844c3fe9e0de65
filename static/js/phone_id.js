/* An id made on the phone for a save or a call to the referee (table_offline.js,
   table_problem.js): sent again because its answer was lost, the server recognises it and keeps
   it once. */
window.burracoPhoneId = function () {
  "use strict";
  if (window.crypto && window.crypto.randomUUID) return window.crypto.randomUUID();
  var bytes = new Uint8Array(16);
  window.crypto.getRandomValues(bytes);
  return Array.prototype.map.call(bytes, function (b) {
    return ("0" + b.toString(16)).slice(-2);
  }).join("");
};
