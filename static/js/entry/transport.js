/* How the match page talks to the server: a request given up after a while, the retry's
   backoff, the body of an entry, what an answer says (headers set by scoring.views: what
   happened, the match's revision), and the live poll's address. */

export const TIMEOUT = 20000;

// fetch, given up after `timeout` ms; resolves to {response, html}
export function request(url, options, { timeout = TIMEOUT, fetcher = fetch } = {}) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeout);
  const asked = { credentials: "same-origin", signal: controller.signal, ...options };
  return fetcher(url, asked)
    .then((response) => response.text().then((html) => ({ response, html })))
    .finally(() => clearTimeout(timer));
}

// The next wait before sending again: 2 s, doubled each time, at most a minute.
export const retryAfter = (delay) => Math.min(delay ? delay * 2 : 2000, 60000);

export function newKey(random = (bytes) => crypto.getRandomValues(bytes)) {
  return Array.from(random(new Uint8Array(16)), (byte) => (byte + 256).toString(16).slice(1)).join(
    ""
  );
}

export function csrfToken(cookies, name, fallback) {
  for (const part of cookies.split("; ")) {
    if (part.startsWith(`${name}=`)) {
      return decodeURIComponent(part.slice(name.length + 1));
    }
  }
  return fallback || "";
}

// What an entry posts: its fields, its key, what it was based on, and the keys of the entries
// it was typed behind (the server rebases it over them).
export function bodyOf(entry) {
  const body = new URLSearchParams(entry.fields);
  body.set("idempotency_key", entry.key);
  if (entry.basedOn) {
    body.set("based_on", entry.basedOn);
  }
  if (entry.accept) {
    body.set("accept_revision", entry.accept);
  }
  (entry.follows || []).forEach((key) => body.append("follows", key));
  return body;
}

// What an answer says: X-Tallone-Answer (recorded, refused, conflict; null for a page that is
// not an answer of the match page) and X-Tallone-Revision (the match's revision).
export function answerOf(response) {
  const revision = response.headers.get("X-Tallone-Revision");
  return {
    outcome: response.headers.get("X-Tallone-Answer"),
    revision: revision === null ? null : Number(revision),
  };
}

// The live poll's address: the scoreboard's (the server's, with the revision it shows and the
// form's signature), told the revision the form being typed was made at and the entries it was
// typed behind, whether the page shows a conflict notice already, what the form holds (`typed`,
// its fields, in one parameter), and, for an untouched form, to bring a fresh one.
export function pollAddress(address, { seen, follows, told, fresh, typed }) {
  const url = new URL(address, "http://page/");
  if (seen !== null && seen !== undefined) {
    url.searchParams.set("seen", seen);
  }
  if (follows && follows.length) {
    url.searchParams.set("follows", follows.join(","));
  }
  if (told) {
    url.searchParams.set("told", "1");
  }
  if (typed && typed.length) {
    url.searchParams.set("typed", new URLSearchParams(typed).toString());
  }
  if (fresh) {
    url.searchParams.set("entry", "fresh");
  }
  return url.pathname + url.search;
}
