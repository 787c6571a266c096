/* Tallone's projector (/tournaments/N/projector/): one screen at a time, rotating.
   A list slide (standings, who sits where) is split into screens of two columns that fit the
   window, so every name shows in full; a bracket shrinks its type until it fits; the clock counts
   down; every few seconds the slides are fetched again (results arrive) and the rotation goes on
   from the same slide. No library, no inline script or style (content security policy). */
(function () {
  "use strict";
  var root = document.getElementById("projector");
  if (!root) {
    return;
  }
  var seconds = Math.max(parseInt(root.dataset.seconds, 10) || 15, 1);
  var poll = Math.max(parseInt(root.dataset.poll, 10) || 15, 5);
  var pageWords = root.dataset.pageWords || "%(page)s / %(pages)s";
  var shown = 0;
  var loadedAt = Date.now();

  function screens() {
    return Array.prototype.slice.call(root.querySelectorAll(".pj-screen"));
  }

  function overflows(element, limit) {
    return element.getBoundingClientRect().bottom > limit + 0.5;
  }

  // A list slide into as many screens as it needs: two columns each (one in portrait, where two
  // would leave a name a letter's width), filled top to bottom.
  function paginate(screen) {
    var perScreen = window.matchMedia("(orientation: portrait)").matches ? 1 : 2;
    var list = screen.querySelector(".pj-list");
    if (!list) {
      return;
    }
    // the page's mark takes its room in the bar before anything is measured
    var mark = screen.querySelector("[data-page]");
    mark.textContent = pageWords.replace("%(page)s", "88").replace("%(pages)s", "88");
    mark.hidden = false;
    var lines = Array.prototype.slice.call(list.querySelectorAll(".pj-line:not(.pj-headline)"));
    lines.forEach(function (line) {
      line.remove();
    });
    var shell = screen.cloneNode(true);
    var current = screen;
    var pages = [screen];
    var columns = current.querySelector(".pj-columns");
    var column = list;
    var count = 1;
    var body = current.querySelector(".pj-body");
    var bottom = body.getBoundingClientRect().bottom - parseFloat(getComputedStyle(body).paddingBottom);
    lines.forEach(function (line) {
      column.appendChild(line);
      if (column.children.length > 2 && overflows(column, bottom)) {
        line.remove();
        if (count === perScreen) {
          var next = shell.cloneNode(true);
          pages[pages.length - 1].after(next);
          pages.push(next);
          current = next;
          columns = current.querySelector(".pj-columns");
          column = columns.querySelector(".pj-list");
          count = 1;
        } else {
          column = list.cloneNode(false);
          column.appendChild(list.querySelector(".pj-headline").cloneNode(true));
          columns.appendChild(column);
          count = 2;
        }
        column.appendChild(line);
      }
    });
    pages.forEach(function (page, index) {
      var mark = page.querySelector("[data-page]");
      mark.textContent = pageWords.replace("%(page)s", index + 1).replace("%(pages)s", pages.length);
      mark.hidden = pages.length < 2;
      page.dataset.page = String(index + 1);
    });
  }

  // A bracket of several parts (winners', losers', grand final): a screen for each part.
  function split(screen) {
    var parts = screen.querySelectorAll(".pj-bracket-section");
    if (parts.length < 2) {
      return;
    }
    var last = screen;
    Array.prototype.slice.call(parts, 1).forEach(function (part, index) {
      var next = screen.cloneNode(true);
      var box = next.querySelector(".pj-fit");
      box.innerHTML = "";
      box.appendChild(part);
      next.dataset.page = String(index + 2);
      last.after(next);
      last = next;
    });
    screen.dataset.page = "1";
    var pages = parts.length;
    root.querySelectorAll('.pj-screen[data-key="' + screen.dataset.key + '"]').forEach(function (page) {
      var mark = page.querySelector("[data-page]");
      mark.textContent = pageWords.replace("%(page)s", page.dataset.page).replace("%(pages)s", pages);
      mark.hidden = false;
    });
  }

  // A bracket's type shrinks until the whole bracket fits its screen.
  function fit(screen) {
    var box = screen.querySelector(".pj-fit");
    if (!box) {
      return;
    }
    var high = parseFloat(getComputedStyle(root).fontSize);
    var low = 6;
    box.style.fontSize = high + "px";
    if (box.scrollHeight <= box.clientHeight && box.scrollWidth <= box.clientWidth) {
      return;
    }
    for (var step = 0; step < 12; step += 1) {
      var middle = (low + high) / 2;
      box.style.fontSize = middle + "px";
      if (box.scrollHeight <= box.clientHeight && box.scrollWidth <= box.clientWidth) {
        low = middle;
      } else {
        high = middle;
      }
    }
    box.style.fontSize = low + "px";
  }

  function show(index) {
    var all = screens();
    if (!all.length) {
      return;
    }
    shown = ((index % all.length) + all.length) % all.length;
    all.forEach(function (screen, position) {
      var on = position === shown;
      screen.classList.toggle("is-shown", on);
      screen.setAttribute("aria-hidden", on ? "false" : "true");
    });
  }

  function where() {
    var screen = screens()[shown];
    return screen ? { key: screen.dataset.key, page: screen.dataset.page || "1" } : null;
  }

  function layout(keep) {
    screens().forEach(function (screen) {
      paginate(screen);
      split(screen);
    });
    screens().forEach(fit);
    var all = screens();
    var found = 0;
    if (keep) {
      all.forEach(function (screen, index) {
        if (screen.dataset.key === keep.key && (screen.dataset.page || "1") === keep.page) {
          found = index;
        }
      });
    }
    show(found);
  }

  function tick() {
    var gone = Math.floor((Date.now() - loadedAt) / 1000);
    root.querySelectorAll(".pj-time[data-running]").forEach(function (time) {
      var left = Math.max(parseInt(time.dataset.remaining, 10) - gone, 0);
      time.textContent = Math.floor(left / 60) + ":" + String(left % 60).padStart(2, "0");
    });
  }

  function refresh() {
    fetch(root.dataset.refresh, { credentials: "same-origin", headers: { Accept: "text/html" } })
      .then(function (response) {
        return response.ok ? response.text() : Promise.reject(response.status);
      })
      .then(function (html) {
        var keep = where();
        root.innerHTML = html;
        loadedAt = Date.now();
        layout(keep);
        tick();
      })
      .catch(function () {
        // offline or refused: the wall keeps what it shows and asks again later
      });
  }

  // The director at the laptop may turn the pages by hand: the arrow keys.
  document.addEventListener("keydown", function (event) {
    if (event.key === "ArrowRight" || event.key === "PageDown") {
      show(shown + 1);
    } else if (event.key === "ArrowLeft" || event.key === "PageUp") {
      show(shown - 1);
    }
  });

  var resized = null;
  window.addEventListener("resize", function () {
    clearTimeout(resized);
    resized = setTimeout(refresh, 300);
  });

  layout(null);
  window.setInterval(function () {
    if (screens().length > 1) {
      show(shown + 1);
    }
  }, seconds * 1000);
  window.setInterval(tick, 1000);
  window.setInterval(refresh, poll * 1000);
})();
