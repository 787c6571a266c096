/* What this phone keeps of a match, in localStorage under a prefix of its own: the entries the
   server has not recorded yet (the queue, oldest first) and the form's draft. Plain data: the
   page (../entry.js) shows it. Each entry carries who typed it (`by`), its idempotency key, the
   revision it was based on and the keys of this phone's entries it was typed behind (`follows`:
   the server takes it as based on the match after them, see scoring.selectors.rebased). */

export function keeper(storage, prefix) {
  const read = (name) => {
    try {
      return JSON.parse(storage.getItem(prefix + name));
    } catch (error) {
      return null;
    }
  };
  const write = (name, value) => {
    try {
      if (value === null) {
        storage.removeItem(prefix + name);
      } else {
        storage.setItem(prefix + name, JSON.stringify(value));
      }
    } catch (error) {
      // storage full or forbidden: the page still works while it stays open
    }
  };
  return { read, write, queue: () => read("pending") || [] };
}

// typed on this page's behalf: by whoever the page is for (an entry kept before entries said
// who typed them is nobody's)
export const mine = (entry, who) => Boolean(entry.by) && entry.by.id === who.id;

export const changed = (list, key, changes) =>
  list.map((entry) => (entry.key === key ? { ...entry, ...changes } : entry));

export const without = (list, key) => list.filter((entry) => entry.key !== key);

// The keys an entry typed now follows: those it followed already (a form kept as a draft, put
// back to edit) and this phone's entries still waiting, its own key aside.
export function follows(list, who, earlier, key) {
  const keys = [...(earlier || []), ...list.filter((entry) => mine(entry, who)).map((e) => e.key)];
  return [...new Set(keys)].filter((item) => item !== key);
}

// The entry to send next: this phone's oldest, unless it was refused (then nothing goes by
// itself: the user edits or discards it) or one is on its way.
export function nextToSend(list, who, sending) {
  const entry = list.find((item) => mine(item, who));
  return sending || !entry || entry.state === "refused" ? null : entry;
}

// An entry on its way when the page was left waits again.
export const waitingAgain = (list) =>
  list.map((entry) => (entry.state === "sending" ? { ...entry, state: "waiting" } : entry));

// A draft worth putting back in the form: typed by this page's typist, less than two days ago
// (not this evening's hand otherwise).
export const usableDraft = (draft, who, now) =>
  Boolean(draft) && mine(draft, who) && now - draft.at <= 2 * 86400000;

// The title of each entry listed: a hand of this phone's as the number it would get if recorded
// now (`next`, the form's hand number; 0 when the match is over: as it was typed).
export function titlesOf(list, who, next, handTitle) {
  let number = next;
  return list.map((entry) =>
    entry.hand && number && mine(entry, who) ? handTitle(number++) : entry.title
  );
}
