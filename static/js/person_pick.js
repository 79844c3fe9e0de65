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

  // The list drawn again while a person in it has the focus (the answer to the last letters
  // typed arrives after the arrows moved into the list): the same person keeps the focus.
  var kept = null;
  document.addEventListener("htmx:beforeSwap", function (event) {
    var list = event.detail.target;
    var focused = document.activeElement;
    kept = null;
    if (list && list.classList && list.classList.contains("person-pick-results") &&
        focused && list.contains(focused) && focused.classList.contains("person-pick-button")) {
      kept = { list: list, person: focused.getAttribute("data-person-id") };
    }
  });
  document.addEventListener("htmx:afterSwap", function (event) {
    if (!kept || event.detail.target !== kept.list) return;
    var same = buttons(kept.list).filter(function (button) {
      return button.getAttribute("data-person-id") === kept.person;
    });
    var box = document.getElementById(kept.list.getAttribute("data-box"));
    kept = null;
    if (same.length) same[0].focus();
    else if (box) box.focus();
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
    if (event.key === "Escape") {
      // A search still on its way would open the list again.
      if (window.htmx) window.htmx.trigger(box, "htmx:abort");
      if (found.length || list.textContent.trim()) {
        close(list);
        box.focus();
        event.preventDefault();
      }
    } else if (event.key === "ArrowDown" && found.length) {
      found[Math.min(at + 1, found.length - 1)].focus();
      event.preventDefault();
    } else if (event.key === "ArrowUp" && at >= 0) {
      (at === 0 ? box : found[at - 1]).focus();
      event.preventDefault();
    }
  });
})();
