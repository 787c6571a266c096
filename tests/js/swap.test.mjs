// The page's parts from an answer (static/js/entry/swap.js): `node --test tests/js/`.
import { test } from "node:test";
import assert from "node:assert/strict";
import { fill, swap, partsOf, liveParts } from "../../static/js/entry/swap.js";

test("fill puts the values in the server's sentences", () => {
  assert.equal(fill("Mano %(number)s", { number: 7 }), "Mano 7");
  assert.equal(fill("%(a)s e %(b)s", { a: "Anna", b: "Bruno" }), "Anna e Bruno");
});

test("a hand answered while the user looks: everything, its form and notice included", () => {
  assert.deepEqual(partsOf("recorded", "sent"), [
    "match-flash",
    "scoreboard",
    "history",
    "form-notice",
    "entry-area",
  ]);
  assert.deepEqual(partsOf("conflict", "sent"), partsOf("recorded", "sent"));
});

test("a kept entry's answer: its refusal stays with it, not at the top of the page", () => {
  assert.deepEqual(partsOf("refused", "kept"), ["scoreboard", "history", "entry-area"]);
  assert.deepEqual(partsOf("recorded", "kept"), [
    "match-flash",
    "scoreboard",
    "history",
    "form-notice",
    "entry-area",
  ]);
});

test("an answer for the board leaves the entry form and its notice alone", () => {
  assert.deepEqual(partsOf("refused", "board"), ["match-flash", "scoreboard", "history"]);
});

test("a live update replaces the form only when nothing is being typed", () => {
  assert.ok(liveParts(false).includes("entry-area"));
  assert.ok(!liveParts(true).includes("entry-area"));
  assert.ok(liveParts(true).includes("form-notice"));
});

// A document of a few parts, enough for swap: each part knows its id and what it holds.
function page(ids) {
  const parts = new Map();
  const make = (id, text) => {
    const part = {
      id,
      text,
      childNodes: [text],
      replaceWith: (other) => parts.set(id, other),
      replaceChildren: (...nodes) => {
        part.childNodes = nodes;
      },
    };
    parts.set(id, part);
    return part;
  };
  ids.forEach((id) => make(id, `old ${id}`));
  return { parts, make, getElementById: (id) => parts.get(id) || null };
}

test("swap replaces each part by id, and keeps the live region, changing what it holds", () => {
  const current = page(["scoreboard", "match-flash", "history"]);
  const answer = page(["scoreboard", "match-flash", "entry-area"]);
  answer.parts.get("scoreboard").text = "new scoreboard";
  answer.parts.get("match-flash").childNodes = ["Mano 4 registrata."];
  const flash = current.parts.get("match-flash");
  swap(answer, ["scoreboard", "match-flash", "history", "entry-area"], current);
  assert.equal(current.parts.get("scoreboard").text, "new scoreboard");
  assert.equal(current.parts.get("match-flash"), flash); // the region a screen reader follows
  assert.deepEqual(flash.childNodes, ["Mano 4 registrata."]);
  assert.equal(current.parts.get("history").text, "old history"); // not in the answer: stays
  assert.equal(current.parts.get("entry-area"), undefined); // not in the page: not added
});
