/* The page's parts from an answer of the server: parsed, and put in place by id. */

export const fill = (text, values) => text.replace(/%\((\w+)\)s/g, (all, name) => values[name]);

export function parse(html, doc = document) {
  const parsed = doc.createElement("template");
  parsed.innerHTML = html;
  return parsed.content;
}

export function swap(parts, ids, doc = document) {
  ids.forEach((id) => {
    const incoming = parts.getElementById(id);
    const current = doc.getElementById(id);
    if (incoming && current && id === "match-flash") {
      // the page's one live region stays: a screen reader says what changes inside it, and
      // may say nothing of a region put in its place
      current.replaceChildren(...incoming.childNodes);
    } else if (incoming && current) {
      current.replaceWith(incoming);
    }
  });
}

// Which parts of an answer go in the page. `form` says what becomes of the entry form: "sent"
// (it is the form that was sent: shown as answered, with what was typed and why it was
// refused), "kept" (whatever the user is typing stays, in the answer's form: the players in
// play and the hand number of now) or "board" (the entry form and its notice are left alone).
export function partsOf(outcome, form) {
  const ids = ["match-flash", "scoreboard", "history"];
  if (form === "kept" && outcome !== "recorded") {
    ids.shift(); // the reason is shown with the entry kept, not at the top of the page
  }
  if (form === "sent" || (form === "kept" && outcome === "recorded")) {
    ids.push("form-notice");
  }
  if (form !== "board") {
    ids.push("entry-area");
  }
  return ids;
}

// The parts a live update puts in place: the entry form only when nothing is being typed (a
// fresh one was asked for).
export const liveParts = (typing) =>
  typing ? ["scoreboard", "form-notice", "history"] : ["scoreboard", "form-notice", "history", "entry-area"];
