// How the match page talks to the server (static/js/entry/transport.js): `node --test tests/js/`.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  request,
  retryAfter,
  newKey,
  csrfToken,
  bodyOf,
  answerOf,
  pollAddress,
} from "../../static/js/entry/transport.js";

test("a retry waits 2 s, then twice as long each time, never over a minute", () => {
  const waits = [];
  let delay = 0;
  for (let tries = 0; tries < 8; tries++) {
    delay = retryAfter(delay);
    waits.push(delay);
  }
  assert.deepEqual(waits, [2000, 4000, 8000, 16000, 32000, 60000, 60000, 60000]);
});

test("a key is 32 hex digits from 16 random bytes", () => {
  const key = newKey((bytes) => bytes.map((_, index) => index * 17));
  assert.equal(key, "00112233445566778899aabbccddeeff");
  assert.match(newKey(), /^[0-9a-f]{32}$/);
  assert.notEqual(newKey(), newKey());
});

test("the CSRF token comes from its cookie, else from the page's form", () => {
  assert.equal(csrfToken("a=1; csrftoken=abc%3D; b=2", "csrftoken", "form"), "abc=");
  assert.equal(csrfToken("xcsrftoken=no", "csrftoken", "form"), "form");
  assert.equal(csrfToken("", "csrftoken"), "");
});

test("an entry's body: its fields, key, revision, accepted revision and what it follows", () => {
  const body = bodyOf({
    key: "k1",
    basedOn: "5",
    accept: "",
    fields: [["closer", "1"], ["points_2", "35"]],
    follows: ["a", "b"],
  });
  assert.equal(
    body.toString(),
    "closer=1&points_2=35&idempotency_key=k1&based_on=5&follows=a&follows=b"
  );
  const accepted = bodyOf({ key: "k2", basedOn: "5", accept: "7", fields: [] });
  assert.equal(accepted.toString(), "idempotency_key=k2&based_on=5&accept_revision=7");
  // an entry kept before entries had a revision (a withdrawal from its own page) sends none
  assert.equal(bodyOf({ key: "k3", basedOn: "", fields: [] }).toString(), "idempotency_key=k3");
});

test("an answer says what happened and the match's revision in its headers", () => {
  const response = (headers) => ({ headers: new Headers(headers) });
  assert.deepEqual(
    answerOf(response({ "X-Tallone-Answer": "recorded", "X-Tallone-Revision": "12" })),
    { outcome: "recorded", revision: 12 }
  );
  // the login page, an error page: no answer of the match page
  assert.deepEqual(answerOf(response({})), { outcome: null, revision: null });
});

test("the poll's address keeps the server's and adds what the form was made at", () => {
  const board = "/matches/3/live/?revision=9&form=abc&seen=";
  assert.equal(
    pollAddress(board, { seen: 7, follows: ["k1", "k2"], told: false, fresh: false }),
    "/matches/3/live/?revision=9&form=abc&seen=7&follows=k1%2Ck2"
  );
  assert.equal(
    pollAddress(board, { seen: 9, follows: [], told: true, fresh: true }),
    "/matches/3/live/?revision=9&form=abc&seen=9&told=1&entry=fresh"
  );
  assert.equal(pollAddress("/matches/3/live/?revision=9", { seen: null }), "/matches/3/live/?revision=9");
  const typed = pollAddress(board, { seen: 9, typed: [["closer", "1"], ["points_2", "3 5"]] });
  const asked = new URL(typed, "http://page/").searchParams;
  assert.equal(asked.get("typed"), "closer=1&points_2=3+5"); // the form's fields, as it posts them
  assert.equal(new URLSearchParams(asked.get("typed")).get("points_2"), "3 5");
});

test("a request resolves to the response and its text", async () => {
  const fetcher = async (url, options) => {
    assert.equal(options.credentials, "same-origin");
    assert.equal(options.method, "POST");
    return new Response("<p>ok</p>", { status: 200 });
  };
  const { response, html } = await request("/x", { method: "POST" }, { fetcher });
  assert.equal(response.status, 200);
  assert.equal(html, "<p>ok</p>");
});

test("a request with no answer in time is given up", async () => {
  const fetcher = (url, options) =>
    new Promise((resolve, reject) => {
      options.signal.addEventListener("abort", () => reject(new Error("aborted")));
    });
  await assert.rejects(request("/x", {}, { fetcher, timeout: 20 }), /aborted/);
});
