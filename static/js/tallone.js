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
  });
  // Coming back with the browser's Back button shows the page as it was left: allow a new submit.
  window.addEventListener("pageshow", function () {
    document.querySelectorAll("form[data-submitting]").forEach(function (form) {
      delete form.dataset.submitting;
      form.classList.remove("is-submitting");
    });
  });
})();
