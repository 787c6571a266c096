/* Tallone, the hand entry form: the closer scores 0, so their points row steps aside; a dead Gin
   hand needs no knocker and no deadwood. Without this script the form still works: the server
   ignores the closer's points and a dead hand's details. */
(function () {
  "use strict";

  function checkedValue(form, name) {
    var input = form.querySelector('input[name="' + name + '"]:checked');
    return input ? input.value : "";
  }

  function update(form) {
    var closer = checkedValue(form, "closer");
    form.querySelectorAll(".player-entry").forEach(function (row) {
      var isCloser = closer !== "" && row.dataset.seat === closer;
      row.classList.toggle("is-closer", isCloser);
      row.querySelectorAll("input").forEach(function (input) {
        input.disabled = isCloser;
      });
    });
    // "Not opened" with a flat penalty: the box shows the penalty and is locked; unticked, the
    // points typed before come back.
    var penalty = form.dataset.notOpened;
    form.querySelectorAll(".player-entry").forEach(function (row) {
      var toggle = row.querySelector(".not-opened input");
      var points = row.querySelector("input.points");
      if (!toggle || !points || !penalty) {
        return;
      }
      if (toggle.checked && !points.readOnly) {
        points.dataset.typed = points.value;
        points.value = penalty;
        points.readOnly = true;
      } else if (!toggle.checked && points.readOnly) {
        points.value = points.dataset.typed || "";
        points.readOnly = false;
      }
    });
    // Burraco: whether a line pays the pozzetto penalty is asked only when play was stopped
    // (the ends its box lists); hidden, it is not sent (the server ignores it anyway).
    var end = checkedValue(form, "end");
    form.querySelectorAll(".pozzetto-penalty[data-stops]").forEach(function (box) {
      var shown = box.dataset.stops.split(" ").indexOf(end) !== -1;
      box.hidden = !shown;
      box.querySelectorAll("input").forEach(function (input) {
        input.disabled = !shown;
      });
    });
    var result = checkedValue(form, "result");
    if (form.querySelector('input[name="result"]')) {
      form.dataset.result = result;
      var dead = result === "dead";
      form.querySelectorAll(".gin-detail input").forEach(function (input) {
        input.disabled = dead;
      });
      var knocker = checkedValue(form, "knocker");
      form.querySelectorAll(".player-entry").forEach(function (row) {
        var points = row.querySelector("input.points");
        if (points) {
          var ginKnocker = (result === "gin" || result === "big_gin") && row.dataset.seat === knocker;
          points.placeholder = ginKnocker ? "0" : "";
        }
      });
    }
  }

  function setUp(root) {
    root.querySelectorAll("form[data-entry]").forEach(function (form) {
      if (form.dataset.entryReady) {
        update(form); // filled in again: by entry.js, or by the browser coming Back
        return;
      }
      form.dataset.entryReady = "1";
      form.addEventListener("change", function () {
        update(form);
      });
      update(form);
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    setUp(document);
  });
  // A form put in or filled in by entry.js (an answer, a kept draft); a page the browser shows
  // again from its memory (Back) with the values it kept: the closer's row is worked out again.
  document.addEventListener("tallone:form", function () {
    setUp(document);
  });
  window.addEventListener("pageshow", function () {
    setUp(document);
  });

  // The points box being typed stays above the phone's keyboard (which takes a moment to open),
  // and Enter (the keyboard's "next") moves to the next box still to fill.
  function isPointsBox(element) {
    return element.matches && element.matches("form[data-entry] input.points");
  }
  document.addEventListener("focusin", function (event) {
    var box = event.target;
    if (isPointsBox(box)) {
      setTimeout(function () {
        // only while it is still the box being typed: a tap that has moved the focus on (to the
        // button just below the last box) is not pulled away from under the finger
        if (document.activeElement === box) {
          box.scrollIntoView({ block: "center" });
        }
      }, 300);
    }
  });
  // "Stays out" asks in place: tapped near the bottom of the screen, its question would open
  // below it, out of sight. "toggle" does not bubble: listen while it goes down.
  document.addEventListener(
    "toggle",
    function (event) {
      var details = event.target;
      if (details.classList && details.classList.contains("stays-out") && details.open) {
        details.querySelector(".stays-out-ask").scrollIntoView({ block: "nearest" });
      }
    },
    true
  );
  document.addEventListener("keydown", function (event) {
    var box = event.target;
    if (event.key !== "Enter" || !isPointsBox(box)) {
      return;
    }
    var boxes = Array.prototype.filter.call(box.form.querySelectorAll("input.points"), function (b) {
      return !b.disabled && !b.readOnly && b.offsetParent !== null;
    });
    var next = boxes[boxes.indexOf(box) + 1];
    if (next) {
      event.preventDefault();
      next.focus();
    }
  });

  // A stepper's − and + (Burraco's burraci by type): one tap changes the count by one, never
  // below 0; without the script the number is typed.
  document.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest("button[data-step]") : null;
    var input = button && button.parentNode.querySelector("input.stepper");
    if (!input) {
      return;
    }
    var value = (parseInt(input.value, 10) || 0) + parseInt(button.dataset.step, 10);
    input.value = String(Math.max(0, value));
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });
})();
