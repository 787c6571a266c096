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
  // Coming back with the browser's Back button shows the page as it was left: allow a new submit.
  window.addEventListener("pageshow", function () {
    document.querySelectorAll("form[data-submitting]").forEach(function (form) {
      delete form.dataset.submitting;
      form.classList.remove("is-submitting");
    });
  });
})();
