/* Tallone, the pages with htmx panels (the director's console and desk, the tournament pages;
   loaded with htmx, so not by the match page, which has a script of its own). */
(function () {
  "use strict";
  // The creation form of a tournament shows only the chosen format's own settings.
  var formatChoice = document.querySelector(".t-create select[name=format]");
  if (formatChoice) {
    var showFormatSettings = function () {
      document.querySelectorAll(".t-create [data-formats]").forEach(function (setting) {
        var used = setting.dataset.formats.split(" ").indexOf(formatChoice.value) !== -1;
        setting.hidden = !used && !setting.querySelector(".field-error");
      });
      // A setting whose default depends on the format (a Burraco turno's 35 minutes) takes the
      // chosen format's default, unless the director has typed another value.
      document.querySelectorAll(".t-create [data-format-defaults]").forEach(function (input) {
        var defaults = JSON.parse(input.dataset.formatDefaults);
        var shown = input.dataset.shownDefault || JSON.parse(input.dataset.default);
        var wanted = formatChoice.value in defaults ? defaults[formatChoice.value] : JSON.parse(input.dataset.default);
        if (String(input.value) === String(shown)) {
          input.value = wanted;
        }
        input.dataset.shownDefault = wanted;
      });
    };
    formatChoice.addEventListener("change", showFormatSettings);
    showFormatSettings();
  }
  // A panel that refreshes itself (hx-trigger="every …") waits while someone types in it: the
  // director's reason for a disputed table is not wiped by the console's next refresh.
  document.addEventListener("htmx:beforeRequest", function (event) {
    var panel = event.detail.elt;
    if (!panel || (panel.getAttribute("hx-trigger") || "").indexOf("every") === -1) {
      return;
    }
    var fields = panel.querySelectorAll("input[type=text], input:not([type]), textarea");
    var typing = Array.prototype.some.call(fields, function (field) {
      return field.value !== "" || field === document.activeElement;
    });
    if (typing) {
      event.preventDefault();
      return;
    }
    var focused = document.activeElement;
    if (focused && focused !== panel && panel.contains(focused) && panel.id) {
      refocus = { panel: panel.id, node: panel, key: controlKey(focused) };
    }
  });
  // ...and gives the keyboard back the control it was on (the guests' Approve, "Pause the
  // clock"): the same control in the new panel, found by what it does, not the page's body.
  var refocus = null;
  function controlKey(control) {
    var form = control.form || control.closest("form");
    return [
      control.tagName,
      control.id,
      control.getAttribute("name"),
      control.getAttribute("value"),
      control.getAttribute("href"),
      form ? form.getAttribute("action") : "",
      control.textContent.trim(),
    ].join("|");
  }
  document.addEventListener("htmx:afterSettle", function () {
    var wanted = refocus;
    var panel = wanted && document.getElementById(wanted.panel);
    if (!wanted || panel === wanted.node) {
      return; // nothing to give back, or another panel settled and this one is not replaced yet
    }
    refocus = null;
    if (!panel || (document.activeElement && document.activeElement !== document.body)) {
      return; // focus went on elsewhere meanwhile
    }
    var controls = panel.querySelectorAll("a[href], button, input, select, textarea, summary");
    var same = Array.prototype.find.call(controls, function (control) {
      return controlKey(control) === wanted.key;
    });
    if (same) {
      same.focus({ preventScroll: true });
    }
  });
  // A card answered in place ([data-keeps-focus], the desk's check-in): the button pressed is
  // gone with the old card, so the keyboard goes to the new card's message (what was done; Tab
  // then reaches the next player's card), or else to its first control that is not a danger one,
  // rather than falling back to the page's body.
  document.addEventListener("htmx:afterSettle", function (event) {
    var card = event.target;
    if (!card.matches || !card.matches("[data-keeps-focus]") || !document.body.contains(card)) {
      return;
    }
    if (document.activeElement && document.activeElement !== document.body) {
      return;
    }
    var next = card.querySelector(".message") || card.querySelector("button:not(.danger)");
    if (!next) {
      return;
    }
    if (next.tagName !== "BUTTON") {
      next.tabIndex = -1;
    }
    next.focus({ preventScroll: true });
  });
})();
