/* Tallone, every page: a form is submitted once, however many times its button is tapped.
   (The server records a hand once per idempotency key anyway; this only saves the round trip.) */
(function () {
  "use strict";
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (form.dataset.submitting === "1") {
      event.preventDefault();
      return;
    }
    form.dataset.submitting = "1";
    form.classList.add("is-submitting");
    keepOnBack(form);
  });
  // A form's idempotency key (input[data-keep-on-back]) comes back with the form when the user
  // goes Back to it after sending it: the browser puts back what was chosen but fetches the page
  // again, with a new key. Sent again, the old key finds what the form did the first time (the
  // match it started) instead of doing it twice.
  var keptName = function (input) {
    return "tallone.kept." + location.pathname + "." + input.name;
  };
  function keepOnBack(form) {
    form.querySelectorAll("input[data-keep-on-back]").forEach(function (input) {
      try {
        sessionStorage.setItem(keptName(input), input.value);
      } catch (error) {
        // storage forbidden: the form works as before
      }
    });
  }
  var navigation = window.performance && performance.getEntriesByType
    ? performance.getEntriesByType("navigation")[0]
    : null;
  document.querySelectorAll("input[data-keep-on-back]").forEach(function (input) {
    try {
      var kept = sessionStorage.getItem(keptName(input));
      if (kept && navigation && navigation.type === "back_forward") {
        input.value = kept;
      } else if (kept) {
        sessionStorage.removeItem(keptName(input)); // a new visit: a new form, a new key
      }
    } catch (error) {
      // storage forbidden: the form works as before
    }
  });
  // A button with data-copy="<id>" copies that element's text (the API token shown once); it is
  // hidden until this script shows it, so a browser without it is not offered a dead button.
  document.querySelectorAll("button[data-copy]").forEach(function (button) {
    var source = document.getElementById(button.dataset.copy);
    if (!source || !navigator.clipboard) {
      return;
    }
    button.hidden = false;
    button.addEventListener("click", function () {
      navigator.clipboard.writeText(source.textContent.trim()).then(function () {
        button.textContent = button.dataset.copied;
      });
    });
  });
  // A link to a folded section (#reopen on a tournament's page) unfolds it.
  if (location.hash.length > 1) {
    var target = document.getElementById(location.hash.slice(1));
    if (target && target.tagName === "DETAILS") {
      target.open = true;
    }
  }
  // Logging out forgets the match pages the service worker kept for opening them offline.
  document.querySelectorAll("form[data-forget-pages]").forEach(function (form) {
    form.addEventListener("submit", function (event) {
      if (!window.caches) {
        return;
      }
      event.preventDefault();
      window.caches.delete(form.dataset.forgetPages).finally(function () {
        form.submit();
      });
    });
  });
  // The creation form of a tournament shows only the chosen format's own settings.
  var formatChoice = document.querySelector(".t-create select[name=format]");
  if (formatChoice) {
    var showFormatSettings = function () {
      document.querySelectorAll(".t-create [data-formats]").forEach(function (setting) {
        var used = setting.dataset.formats.split(" ").indexOf(formatChoice.value) !== -1;
        setting.hidden = !used && !setting.querySelector(".field-error");
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
  // Coming back with the browser's Back button shows the page as it was left: allow a new submit.
  window.addEventListener("pageshow", function () {
    document.querySelectorAll("form[data-submitting]").forEach(function (form) {
      delete form.dataset.submitting;
      form.classList.remove("is-submitting");
    });
  });
})();
