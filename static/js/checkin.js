/* Self check-in and "where do I sit?": a search box with data-filter="<selector>" hides, as you
   type, the rows ([data-name]) of that list whose name does not hold what is typed (any case,
   accents or not); data-empty="<selector>" is shown when none is left. The pages work without it
   (a list of buttons, a GET form); the box is shown only when this script runs. A box that
   htmx brings later (a waiting guest's check-in page once answered) is set up as it comes. */
(function () {
  "use strict";
  function plain(text) {
    return text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase()
      .replace(/\s+/g, " ").trim();
  }
  function setUp(input) {
    var list = document.querySelector(input.dataset.filter);
    var empty = input.dataset.empty ? document.querySelector(input.dataset.empty) : null;
    if (!list || input.dataset.filtering) {
      return;
    }
    input.dataset.filtering = "1";
    var field = input.closest("[hidden]");
    if (field) {
      field.hidden = false;
    }
    function filter() {
      var wanted = plain(input.value);
      var shown = 0;
      list.querySelectorAll("[data-name]").forEach(function (row) {
        var match = !wanted || plain(row.dataset.name).indexOf(wanted) !== -1;
        row.hidden = !match;
        shown += match ? 1 : 0;
      });
      if (empty) {
        empty.hidden = shown > 0;
      }
    }
    input.addEventListener("input", filter);
    filter();
  }
  function setUpAll(root) {
    root.querySelectorAll("input[data-filter]").forEach(setUp);
  }
  setUpAll(document);
  document.addEventListener("htmx:load", function (event) {
    setUpAll(event.target);
  });
})();
