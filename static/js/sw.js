/* Tallone's service worker for the match pages. It is served by scoring.views.match.service_worker
   under /matches/ (so its scope is the match pages), which puts self.TALLONE before this file:
   the version, the static files' address and the content security policy of the pages.

   A match page is asked from the network first; the last copy is kept here and opened when there
   is no network, marked with the moment it was kept (data-offline-copy: the page says so). After
   every change it shows (a hand recorded in place, a live update) the page sends its state, so
   the copy is what the phone last showed; the hands not recorded yet are on the phone
   (static/js/entry.js), not here. Static files are answered from here and refreshed behind.
   What the page's script sends (a hand...) is passed on as it is. Nothing else is touched: the
   live updates and every other page go to the network as without a worker. */
"use strict";

var CONFIG = self.TALLONE || {};
var PAGES = "tallone-pages";
var STATIC = "tallone-static-" + CONFIG.version;
var PAGES_KEPT = 20;

function isPage(url) {
  var scope = new URL(self.registration.scope);
  return (
    url.origin === scope.origin &&
    url.pathname.indexOf(scope.pathname) === 0 &&
    /^\d+\/$/.test(url.pathname.slice(scope.pathname.length))
  );
}

// What the page's script sends in place (static/js/entry.js): a hand, a re-entry, "stays out",
// a withdrawal.
function isEntry(url) {
  var scope = new URL(self.registration.scope);
  return (
    url.origin === scope.origin &&
    url.pathname.indexOf(scope.pathname) === 0 &&
    /^\d+\/(hand|reentry|stays-out|withdraw)\/$/.test(url.pathname.slice(scope.pathname.length))
  );
}

function isStatic(url) {
  return url.origin === self.location.origin && url.pathname.indexOf(CONFIG.static) === 0;
}

self.addEventListener("install", function () {
  self.skipWaiting();
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches
      .keys()
      .then(function (names) {
        return Promise.all(
          names
            .filter(function (name) {
              return name.indexOf("tallone-static-") === 0 && name !== STATIC;
            })
            .map(function (name) {
              return caches.delete(name);
            })
        );
      })
      .then(function () {
        return self.clients.claim();
      })
  );
});

function kept(body, headers) {
  var copy = new Headers(headers);
  ["Content-Encoding", "Content-Length", "Vary", "Set-Cookie"].forEach(function (name) {
    copy.delete(name);
  });
  copy.set("X-Tallone-Kept", String(Date.now()));
  return new Response(body, { headers: copy });
}

function keep(path, response) {
  return caches.open(PAGES).then(function (cache) {
    return cache
      .put(path, response)
      .then(function () {
        return cache.keys();
      })
      .then(function (keys) {
        var old = keys.slice(0, Math.max(0, keys.length - PAGES_KEPT));
        return Promise.all(
          old.map(function (key) {
            return cache.delete(key);
          })
        );
      });
  });
}

function forget(path) {
  return caches.open(PAGES).then(function (cache) {
    return cache.delete(path);
  });
}

function offlineCopy(path) {
  return caches
    .open(PAGES)
    .then(function (cache) {
      return cache.match(path);
    })
    .then(function (copy) {
      if (!copy) {
        return Response.error();
      }
      return copy.text().then(function (html) {
        var at = (copy.headers.get("X-Tallone-Kept") || "").replace(/\D/g, "");
        var marked = html.replace("<html", '<html data-offline-copy="' + at + '"');
        return new Response(marked, { headers: copy.headers });
      });
    });
}

function page(event, path) {
  return fetch(event.request).then(
    function (response) {
      if (response.ok && !response.redirected && response.type === "basic") {
        var copy = response.clone();
        event.waitUntil(
          copy.text().then(function (html) {
            return keep(path, kept(html, copy.headers));
          })
        );
      } else if (response.redirected || response.status === 403 || response.status === 404) {
        event.waitUntil(forget(path)); // logged out, or no longer allowed: keep nothing
      }
      return response;
    },
    function () {
      return offlineCopy(path);
    }
  );
}

function asset(event) {
  return caches.open(STATIC).then(function (cache) {
    return cache.match(event.request).then(function (copy) {
      var fresh = fetch(event.request).then(function (response) {
        if (response.ok) {
          return cache.put(event.request, response.clone()).then(function () {
            return response;
          });
        }
        return response;
      });
      if (!copy) {
        return fresh;
      }
      event.waitUntil(fresh.catch(function () {}));
      return copy;
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (request.method === "POST" && request.mode !== "navigate" && isEntry(url)) {
    // passed on as it is, by the worker itself: no copy, no answer of its own (a page the
    // worker opened sends through it: one network path whatever the page was opened from)
    event.respondWith(fetch(request));
    return;
  }
  if (request.method !== "GET") {
    return;
  }
  if (request.mode === "navigate" && isPage(url)) {
    event.respondWith(page(event, url.pathname));
  } else if (isStatic(url)) {
    event.respondWith(asset(event));
  }
});

// The page sends what it shows ({type: "page", url, html, assets}): the copy to open offline.
self.addEventListener("message", function (event) {
  var data = event.data || {};
  var url = new URL(data.url || "", self.location.href);
  if (data.type !== "page" || typeof data.html !== "string" || !isPage(url)) {
    return;
  }
  var headers = { "Content-Type": "text/html; charset=utf-8" };
  if (CONFIG.policy) {
    headers["Content-Security-Policy"] = CONFIG.policy;
  }
  var assets = (data.assets || []).filter(function (href) {
    return isStatic(new URL(href, self.location.href));
  });
  event.waitUntil(
    Promise.all([
      keep(url.pathname, kept(data.html, headers)),
      caches.open(STATIC).then(function (cache) {
        return Promise.all(
          assets.map(function (href) {
            return cache
              .match(href)
              .then(function (copy) {
                return copy || cache.add(href);
              })
              .catch(function () {});
          })
        );
      }),
    ])
  );
});
