// The name boxes of the entrants' add form find people in the registry as the director types
// (htmx asks the registry's search; this file only sends the box's text as "q" and handles the
// pick). Picking fills the box with the person's printed name and the hidden field with its id;
// typing again forgets the pick. Without JavaScript the box is a plain text box.
(function () {
  "use strict";

  function hidden(box) {
    return box.form ? box.form.elements[box.name + "_person"] : null;
  }

  function results(box) {
    return document.getElementById(box.id + "-people");
  }

  function buttons(list) {
    return Array.prototype.slice.call(list.querySelectorAll(".person-pick-button"));
  }

  function close(list) {
    if (list) list.textContent = "";
  }

  document.addEventListener("htmx:configRequest", function (event) {
    var box = event.detail.elt;
    if (!box.hasAttribute || !box.hasAttribute("data-person-pick")) return;
    delete event.detail.parameters[box.name];
    event.detail.parameters.q = box.value;
  });

  document.addEventListener("input", function (event) {
    var box = event.target;
    if (!box.hasAttribute || !box.hasAttribute("data-person-pick")) return;
    var field = hidden(box);
    if (field) field.value = "";
  });

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest(".person-pick-button");
    if (!button) return;
    var list = button.closest(".person-pick-results");
    var box = list && document.getElementById(list.getAttribute("data-box"));
    if (!box) return;
    box.value = button.getAttribute("data-printed");
    var field = hidden(box);
    if (field) field.value = button.getAttribute("data-person-id");
    close(list);
    box.focus();
  });

  document.addEventListener("keydown", function (event) {
    var target = event.target;
    var list = null;
    var box = null;
    if (target.hasAttribute && target.hasAttribute("data-person-pick")) {
      box = target;
      list = results(box);
    } else if (target.closest && target.closest(".person-pick-results")) {
      list = target.closest(".person-pick-results");
      box = document.getElementById(list.getAttribute("data-box"));
    }
    if (!list || !box) return;
    var found = buttons(list);
    var at = found.indexOf(target);
    if (event.key === "Escape" && (found.length || list.textContent.trim())) {
      close(list);
      box.focus();
      event.preventDefault();
    } else if (event.key === "ArrowDown" && found.length) {
      found[Math.min(at + 1, found.length - 1)].focus();
      event.preventDefault();
    } else if (event.key === "ArrowUp" && at >= 0) {
      (at === 0 ? box : found[at - 1]).focus();
      event.preventDefault();
    }
  });
})();
