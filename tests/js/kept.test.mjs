// What the match page keeps on the phone (static/js/entry/kept.js): `node --test tests/js/`.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  keeper,
  mine,
  changed,
  without,
  follows,
  nextToSend,
  waitingAgain,
  usableDraft,
  titlesOf,
} from "../../static/js/entry/kept.js";

const ANNA = { id: "user:anna", name: "anna" };
const BRUNO = { id: "user:bruno", name: "bruno" };

function memory() {
  const items = new Map();
  return {
    items,
    getItem: (name) => (items.has(name) ? items.get(name) : null),
    setItem: (name, value) => items.set(name, String(value)),
    removeItem: (name) => items.delete(name),
  };
}

const entry = (key, by, changes = {}) => ({ key, by, state: "waiting", hand: true, ...changes });

test("a keeper writes and reads under its prefix, and forgets on null", () => {
  const storage = memory();
  const kept = keeper(storage, "tallone.match.7.");
  assert.deepEqual(kept.queue(), []);
  kept.write("pending", [entry("a", ANNA)]);
  assert.deepEqual([...storage.items.keys()], ["tallone.match.7.pending"]);
  assert.equal(kept.queue()[0].key, "a");
  kept.write("pending", null);
  assert.equal(storage.items.size, 0);
  assert.deepEqual(kept.queue(), []);
});

test("a keeper survives a storage that refuses or holds garbage", () => {
  const storage = memory();
  storage.items.set("p.draft", "{not json");
  const kept = keeper(storage, "p.");
  assert.equal(kept.read("draft"), null);
  const full = { ...memory(), setItem: () => { throw new Error("QuotaExceeded"); } };
  assert.doesNotThrow(() => keeper(full, "p.").write("draft", { at: 1 }));
});

test("an entry is mine only when typed by this page's typist", () => {
  assert.equal(mine(entry("a", ANNA), ANNA), true);
  assert.equal(mine(entry("a", BRUNO), ANNA), false);
  assert.equal(mine({ key: "old" }, ANNA), false); // kept before entries said who typed them
});

test("changed and without touch only the entry of that key", () => {
  const list = [entry("a", ANNA), entry("b", ANNA)];
  assert.deepEqual(
    changed(list, "b", { state: "refused" }).map((item) => item.state),
    ["waiting", "refused"]
  );
  assert.deepEqual(without(list, "a").map((item) => item.key), ["b"]);
  assert.equal(list[1].state, "waiting"); // the list given is left as it was
});

test("an entry follows this phone's entries waiting and what its form followed", () => {
  const list = [entry("a", ANNA), entry("x", BRUNO), entry("b", ANNA)];
  assert.deepEqual(follows(list, ANNA, [], "c"), ["a", "b"]);
  assert.deepEqual(follows(list, ANNA, ["z", "a"], "c"), ["z", "a", "b"]);
  assert.deepEqual(follows(list, ANNA, undefined, "b"), ["a"]); // never itself
  assert.deepEqual(follows([], ANNA, [], "c"), []);
});

test("the next entry sent is this phone's oldest, unless refused or one is on its way", () => {
  const list = [entry("x", BRUNO), entry("a", ANNA), entry("b", ANNA)];
  assert.equal(nextToSend(list, ANNA, null).key, "a");
  assert.equal(nextToSend(list, ANNA, "a"), null);
  assert.equal(nextToSend(changed(list, "a", { state: "refused" }), ANNA, null), null);
  assert.equal(nextToSend([entry("x", BRUNO)], ANNA, null), null); // someone else's stays
});

test("an entry left on its way waits again", () => {
  const list = waitingAgain([entry("a", ANNA, { state: "sending" }), entry("b", ANNA, { state: "refused" })]);
  assert.deepEqual(list.map((item) => item.state), ["waiting", "refused"]);
});

test("a draft is put back only when it is this typist's and recent", () => {
  const now = 10 * 86400000;
  assert.equal(usableDraft({ by: ANNA, at: now - 1000 }, ANNA, now), true);
  assert.equal(usableDraft({ by: BRUNO, at: now - 1000 }, ANNA, now), false);
  assert.equal(usableDraft({ by: ANNA, at: now - 3 * 86400000 }, ANNA, now), false);
  assert.equal(usableDraft(null, ANNA, now), false);
});

test("a hand of mine is titled with the number it would get now", () => {
  const list = [
    entry("a", ANNA, { title: "Mano 3" }),
    entry("x", BRUNO, { title: "Mano 3" }),
    entry("r", ANNA, { hand: false, title: "Rientra" }),
    entry("b", ANNA, { title: "Mano 3" }),
  ];
  const title = (number) => `Mano ${number}`;
  assert.deepEqual(titlesOf(list, ANNA, 5, title), ["Mano 5", "Mano 3", "Rientra", "Mano 6"]);
  assert.deepEqual(titlesOf(list, ANNA, 0, title), ["Mano 3", "Mano 3", "Rientra", "Mano 3"]);
});
