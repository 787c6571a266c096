/* Tallone, the match page: a small client that a weak or missing network cannot fool (issue 18).

   - A hand, a re-entry, "stays out" or a withdrawal is sent in place: one request, whose answer
     is the page's new parts (scoring.views.answers.answer; X-Tallone-Answer says what happened).
   - Whatever is sent is first kept on this phone (localStorage, per match) with its idempotency
     key and the match revision the page showed (based_on); it is forgotten only once the server
     has answered. What cannot be sent waits, shown as not recorded, and goes by itself when the
     network is back (the online event, retries with backoff). The server records a key once, so
     a resend after a lost answer records nothing twice. What the server refuses when it is
     finally sent stays, with the server's reason: edit it (back into the form) or discard it.
   - What is typed in the entry form is kept too (the draft): a reload or Back loses nothing.
   - Each entry kept, and the draft, carries who typed it (config.who: the user, or the table
     code's phone), known without the network. Logging out clears them (Clear-Site-Data); one
     still there when someone else opens the match is never sent by itself: it is shown as
     typed by that person and not recorded, to discard or, for someone who may, to record as
     theirs. Someone else's draft is not put in the form.
   - The page follows the match (the live poll every few seconds): an untouched form is replaced
     by a fresh one, a form being typed is told what changed meanwhile; the line above the scores
     says when they may be old. A service worker (sw.js) keeps the page to open it offline.
   Without this script the page is plain forms (POST, redirect). The words come from the page
   (#match-client), in the user's language. */
import { keeper, mine as mineOf, changed, without, follows, nextToSend, waitingAgain } from "./entry/kept.js";
import { usableDraft, titlesOf } from "./entry/kept.js";
import { request, retryAfter, newKey, csrfToken, bodyOf, answerOf, pollAddress } from "./entry/transport.js";
import { fill, parse, swap, partsOf, liveParts } from "./entry/swap.js";

const node = document.getElementById("match-client");
if (node && window.fetch && window.localStorage) {
  start(JSON.parse(node.textContent));
}

function start(config) {
  const T = config.text;
  const STORE = `tallone.match.${config.match}.`; // this match's keys in localStorage
  const kept = keeper(localStorage, STORE);
  const { read, write, queue } = kept;
  const OWN = ["csrfmiddlewaretoken", "idempotency_key", "based_on", "accept_revision"];
  const ME = config.who || { id: "", name: "" };
  const mine = (entry) => mineOf(entry, ME);
  const byId = (id) => document.getElementById(id);
  const entryForm = () => byId("entry-form");
  let revision = config.revision; // the match's, as the last answer said it
  let formFollows = []; // the entries of this phone the form being typed follows
  let sendingKey = null; // the entry on its way
  let foregroundKey = null; // ...when the form shows it as sending (then it is not listed)
  let noticeWanted = false; // an entry put back in the form: show the notice the poll brings
  let retryTimer = 0;
  let retryDelay = 0;
  let pollTimer = 0;
  let polling = false;
  let fresh = {}; // radio name -> value a fresh form has checked (Ramino's closing: normal)
  let copyAt = Number(document.documentElement.dataset.offlineCopy) || 0; // opened offline
  let lastContact = copyAt || Date.now();
  let offlineSince = copyAt || !navigator.onLine ? Date.now() : 0;

  // Small things ---------------------------------------------------------------------------------

  const clock = (ms) =>
    new Date(ms).toLocaleTimeString(document.documentElement.lang || undefined, {
      hour: "2-digit",
      minute: "2-digit",
    });
  const words = (element) => (element ? element.textContent.replace(/\s+/g, " ").trim() : "");

  function make(tag, text, className) {
    const element = document.createElement(tag);
    element.textContent = text || "";
    element.className = className || "";
    return element;
  }

  const csrf = () => {
    const input = document.querySelector('input[name="csrfmiddlewaretoken"]');
    return csrfToken(document.cookie, config.csrfCookie, input ? input.value : "");
  };

  // What this phone keeps ---------------------------------------------------------------------

  function setQueue(list) {
    write("pending", list.length ? list : null);
    showPending();
  }

  const change = (key, changes) => setQueue(changed(queue(), key, changes));
  const drop = (key) => setQueue(without(queue(), key));

  // The entry form -------------------------------------------------------------------------------

  function inPlace(form) {
    return (
      form.tagName === "FORM" &&
      (form.getAttribute("method") || "").toLowerCase() === "post" &&
      config.actions.includes(new URL(form.action, location.href).pathname) &&
      form.elements.idempotency_key &&
      byId("scoreboard")
    );
  }

  const formChanged = (form) =>
    document.dispatchEvent(new CustomEvent("tallone:form", { detail: form }));
  const seatsOf = (form) =>
    Array.from(form.querySelectorAll(".player-entry"), (row) => row.dataset.seat).join(",");

  function fieldsOf(form) {
    const fields = [];
    new FormData(form).forEach((value, name) => {
      if (!OWN.includes(name)) {
        fields.push([name, String(value)]);
      }
    });
    return fields;
  }

  // "Anna closed · Bruno 35 · Carla 12 · Dario not opened", from what the form shows
  function summaryOf(form) {
    const parts = [];
    form.querySelectorAll(".choice-group").forEach((group) => {
      const checked = group.querySelector("input:checked");
      if (checked && group.id !== "group-closer") {
        const legend = words(group.querySelector("legend"));
        parts.push(legend + (legend.endsWith("?") ? " " : ": ") + words(checked.closest("label")));
      }
    });
    form.querySelectorAll("input[type=checkbox]:checked, input[type=text]").forEach((input) => {
      if (!input.closest(".player-entry") && (input.type !== "text" || input.value)) {
        const label = input.closest("label") || form.querySelector(`label[for="${input.id}"]`);
        parts.push(words(label) + (input.type === "text" ? `: ${input.value}` : ""));
      }
    });
    form.querySelectorAll(".player-entry").forEach((row) => {
      const name = words(row.querySelector(".entry-name"));
      const points = row.querySelector("input.points");
      const cards = row.querySelector(".cards-line input");
      const notOpened = row.querySelector(".not-opened input");
      if (row.classList.contains("is-closer")) {
        parts.push(`${name} ${words(row.querySelector(".closer-note"))}`);
      } else if (notOpened && notOpened.checked) {
        parts.push(`${name} ${words(notOpened.closest("label"))}`);
      } else if (points && points.value && !points.disabled) {
        parts.push(`${name} ${points.value}`);
      } else if (cards && cards.value && !cards.disabled) {
        parts.push(`${name} ${cards.value}`);
      }
    });
    return parts.join(" · ");
  }

  function entryOf(form, submitter) {
    const hand = form.id === "entry-form";
    const button = submitter || form.querySelector('[type="submit"]');
    let accept = form.elements.accept_revision ? form.elements.accept_revision.value : "";
    if (submitter && submitter.name === "accept_revision") {
      accept = submitter.value; // "record mine as hand N"
    }
    return {
      key: form.elements.idempotency_key.value,
      basedOn: form.elements.based_on ? form.elements.based_on.value : "",
      accept,
      action: new URL(form.action, location.href).pathname,
      fields: fieldsOf(form),
      hand,
      title: words(hand ? byId("entry-title") : button), // "Hand 7": its number when typed
      summary: hand ? summaryOf(form) : "",
      seats: hand ? seatsOf(form) : "",
      follows: follows(queue(), ME, formFollows, form.elements.idempotency_key.value),
      by: { id: ME.id, name: ME.name },
      state: "waiting",
      reason: "",
    };
  }

  function learn(form) {
    fresh = {};
    form.querySelectorAll('input[type="radio"]').forEach((input) => {
      if (input.defaultChecked) {
        fresh[input.name] = input.value;
      }
    });
  }

  // An empty form for the next hand, with a key of its own.
  function clear(form) {
    for (const input of form.elements) {
      if (input.type === "radio") {
        input.checked = fresh[input.name] === input.value;
      } else if (input.type === "checkbox") {
        input.checked = false;
      } else if (input.tagName === "INPUT" && !["hidden", "submit"].includes(input.type)) {
        input.value = "";
        input.readOnly = false; // match.js locks a "not opened" box and remembers what it held
        delete input.dataset.typed;
      }
    }
    form.querySelectorAll("output, .line-preview").forEach((output) => (output.textContent = ""));
    form.querySelectorAll(".field-error, .form-errors").forEach((error) => error.remove());
    form.querySelectorAll(".has-error").forEach((field) => field.classList.remove("has-error"));
    form.elements.idempotency_key.value = newKey();
    if (form.elements.accept_revision) {
      form.elements.accept_revision.value = "";
    }
    formChanged(form);
  }

  function restore(form, saved) {
    const values = {};
    saved.fields.forEach(([name, value]) => (values[name] = values[name] || []).push(value));
    for (const input of form.elements) {
      if (!input.name || OWN.includes(input.name) || input.tagName !== "INPUT") {
        continue;
      }
      const given = values[input.name] || [];
      if (input.type === "radio" || input.type === "checkbox") {
        input.checked = given.includes(input.value);
      } else if (!["hidden", "submit"].includes(input.type)) {
        input.readOnly = false;
        input.value = given.length ? given[0] : "";
        const helper = input.closest("details");
        if (input.value && helper) {
          helper.open = true;
        }
      }
    }
    form.elements.idempotency_key.value = saved.key;
    form.elements.based_on.value = saved.basedOn;
    formFollows = saved.follows || [];
    if (form.elements.accept_revision) {
      form.elements.accept_revision.value = saved.accept || "";
    }
    formChanged(form);
    previewSoon(form);
  }

  function saveDraft() {
    const form = entryForm();
    if (form) {
      write("draft", { ...entryOf(form, null), at: Date.now() });
    }
  }

  function showTitle() {
    const section = byId("entry");
    const title = byId("entry-title");
    if (section && title && section.dataset.nextHand) {
      const waiting = queue().filter(
        (entry) => entry.hand && mine(entry) && entry.key !== foregroundKey
      );
      title.textContent = fill(T.hand, { number: Number(section.dataset.nextHand) + waiting.length });
    }
  }

  function busy(form, submitter, on) {
    const button = submitter || form.querySelector('[type="submit"]');
    form.classList.toggle("is-sending", on);
    form.setAttribute("aria-busy", String(on));
    form.inert = on; // nothing typed into a hand on its way
    if (button) {
      if (on) {
        button.dataset.label = button.textContent;
        button.textContent = T.sending;
      } else if (button.dataset.label) {
        button.textContent = button.dataset.label;
        delete button.dataset.label;
      }
      button.disabled = on;
    }
  }

  // The page's parts, from the server ----------------------------------------------------------

  // Put an answer's parts in the page (`form`: what becomes of the entry form, see partsOf).
  function apply(html, outcome, form) {
    const draft = form === "kept" ? read("draft") : null;
    const ids = partsOf(outcome, form);
    swap(parse(html), ids);
    if (ids.includes("match-flash")) {
      forgetOldMessages(); // the answer's message in place of an earlier page's
    }
    const entry = entryForm();
    if (entry && form !== "board") {
      formFollows = []; // the answer's form is based on the match as it is now
      if (outcome === "recorded") {
        learn(entry); // a fresh form
      } else if (form === "kept") {
        // the refused entry's form, made fresh: emptied, based on the match as it is now
        clear(entry);
        entry.elements.based_on.value = revision;
        byId("form-notice").textContent = "";
      }
      if (draft) {
        restore(entry, draft);
      }
    }
    formChanged(entry);
    showPending();
    showMine();
    snapshotSoon();
  }

  // Messages of an earlier page (the withdrawal page's "Bruno is out.") go once this page says
  // something new: the latest message alone, never under an old one.
  function forgetOldMessages() {
    document.querySelectorAll(".messages").forEach((list) => {
      if (!list.closest("#match-flash")) {
        list.remove();
      }
    });
  }

  function say(text) {
    const list = make("ul", "", "messages");
    list.append(make("li", text, "message info"));
    byId("match-flash").replaceChildren(list);
    forgetOldMessages();
  }

  // "It was the same hand: discard mine": nothing of it was recorded. The form is emptied for
  // the next hand, based on the match as it is now; what this phone kept of that hand (the
  // draft, a copy waiting to be sent) goes; the notice goes; the page says so.
  function discardMine() {
    const form = entryForm();
    const key = form.elements.idempotency_key.value;
    write("draft", null);
    setQueue(without(queue(), key));
    clear(form);
    form.elements.based_on.value = revision;
    formFollows = [];
    byId("form-notice").replaceChildren();
    noticeWanted = false;
    say(T.discarded);
    window.scrollTo(0, 0);
    snapshotSoon();
  }

  // The conflict notice says what this phone typed (the server says it of a hand it was sent;
  // of a hand still being typed, this script does, as it is typed).
  function showMine() {
    const line = byId("conflict-mine");
    const form = entryForm();
    if (!line || !form || !(line.hidden || line.dataset.live)) {
      return;
    }
    const typed = summaryOf(form);
    line.dataset.live = "1";
    line.hidden = !typed;
    line.querySelector("span").textContent = typed;
  }

  function reveal() {
    const target = document.querySelector(
      "#form-notice .notice, #entry-area .has-error, #entry-area .form-errors, #match-flash .message"
    );
    if (target) {
      target.scrollIntoView({ block: "center" });
    }
  }

  function reasonOf(html) {
    const found = parse(html).querySelectorAll(
      // not "Yours, not recorded:": a kept hand is shown beside its reason already
      "#match-flash .message.error, #form-notice strong:not(.conflict-mine strong), " +
        "#form-notice li, " +
        "#entry-area .form-errors, #entry-area .field-error"
    );
    return Array.from(found, words).join(" ");
  }

  // Sending ----------------------------------------------------------------------------------

  function send(entry, form, submitter) {
    sendingKey = entry.key;
    foregroundKey = form ? entry.key : null;
    change(entry.key, { state: "sending" });
    const body = bodyOf(entry);
    if (form) {
      busy(form, submitter, true);
    }
    const done = () => {
      sendingKey = foregroundKey = null;
      if (form && form.isConnected) {
        busy(form, submitter, false);
      }
    };
    const headers = { "HX-Request": "true", "X-CSRFToken": csrf() };
    request(entry.action, { method: "POST", body, headers }).then(
      ({ response, html }) => {
        done();
        answered(entry, response, html, form);
      },
      () => {
        done();
        unsent(entry, form);
      }
    );
  }

  function answered(entry, response, html, form) {
    const answer = answerOf(response);
    const outcome = answer.outcome;
    const foregroundHand = Boolean(form && entry.hand);
    revision = answer.revision === null ? revision : answer.revision;
    contact();
    if (outcome === "recorded") {
      retryDelay = 0;
      // what was typed behind it follows it: the server rebases it (its `follows`)
      setQueue(without(queue(), entry.key));
      if (foregroundHand) {
        write("draft", null);
      }
      apply(html, outcome, foregroundHand ? "sent" : "kept");
      if (form) {
        window.scrollTo(0, 0);
      }
      const title = foregroundHand && byId("entry-title");
      if (title) {
        // the keyboard goes on from the next hand's title, not from the top of the page (the
        // live region above says the hand and the totals)
        title.tabIndex = -1;
        title.focus({ preventScroll: true });
      }
      flush();
    } else if (outcome === "refused" || outcome === "conflict") {
      // 403: this phone may no longer write (its seat was released) and the answer has no form:
      // what was typed stays kept on the phone, refused, and the panel says why and the way back
      if (form && response.status !== 403) {
        // the user is looking: the answer says why, in place, and nothing stays kept
        drop(entry.key);
        apply(html, outcome, foregroundHand ? "sent" : "board");
        if (foregroundHand) {
          formFollows = entry.follows || []; // the form shown again is still typed behind them
          saveDraft();
        }
        reveal();
      } else {
        change(entry.key, { state: "refused", reason: reasonOf(html) });
        apply(html, outcome, "kept");
        const said = form && byId("seat-released");
        if (said) {
          said.scrollIntoView({ block: "center" });
        }
      }
    } else if (response.status >= 500 || response.status === 429) {
      unsent(entry, form); // busy, or a passing error: again later
    } else {
      // not an answer of the match page: the login page (logged out), an error page
      const loggedOut = response.redirected || response.status === 401 || response.status === 403;
      change(entry.key, {
        state: "refused",
        reason: loggedOut ? T.loggedOut : fill(T.serverError, { status: response.status }),
      });
      if (foregroundHand && entryForm()) {
        clear(entryForm());
      }
    }
  }

  function unsent(entry, form) {
    lost();
    change(entry.key, { state: "waiting" });
    if (form && entry.hand && entryForm()) {
      write("draft", null);
      clear(entryForm()); // the hand is in the list of what waits; the form is for the next one
    }
    if (form) {
      // where the phone is: the line beside the button says the hand is kept (a link leads to
      // the list above); without it, the list itself
      const line = byId("entry-status");
      const kept = line && !line.hidden ? line : byId("pending");
      if (kept) {
        kept.scrollIntoView({ block: kept === line ? "nearest" : "center" });
      }
    }
    clearTimeout(retryTimer);
    retryDelay = retryAfter(retryDelay);
    retryTimer = setTimeout(flush, retryDelay);
  }

  // Send the oldest entry kept of this page's typist, unless one is on its way or it was refused
  // (someone else's are never sent by themselves).
  function flush() {
    const entry = nextToSend(queue(), ME, sendingKey);
    if (!entry) {
      return;
    }
    const form = entryForm();
    if (entry.hand && form && entry.seats !== seatsOf(form)) {
      change(entry.key, { state: "refused", reason: T.playersChanged });
      return;
    }
    send(entry, null, null);
  }

  document.addEventListener(
    "submit",
    (event) => {
      const form = event.target;
      if (!inPlace(form)) {
        return;
      }
      event.preventDefault();
      event.stopPropagation(); // tallone.js's "submitted once" is this script's business here
      if (form.classList.contains("is-sending")) {
        return;
      }
      clearTimeout(previewTimer); // the hand goes as it is: its answer says the rest
      const entry = entryOf(form, event.submitter);
      const first = !queue().some(mine) && !sendingKey;
      if (entry.hand) {
        write("draft", null);
      }
      setQueue([...queue(), entry]);
      if (first) {
        send(entry, form, event.submitter);
      } else {
        if (entry.hand) {
          clear(form); // it waits behind the others; the form is free for the next hand
        }
        flush();
      }
    },
    true
  );

  // What is kept, shown ---------------------------------------------------------------------

  function edit(key) {
    const entry = queue().find((item) => item.key === key);
    const form = entryForm();
    if (entry && form) {
      restore(form, entry);
      drop(key);
      saveDraft();
      form.scrollIntoView({ block: "start" });
      noticeWanted = true;
      poll(); // what changed since it was typed: the notice offers to record it as the next hand
    }
  }

  function discard(key) {
    if (window.confirm(T.discardAsk)) {
      drop(key);
      flush();
    }
  }

  // Someone else's entry, taken by whoever may record: it is sent as theirs, in its turn.
  function takeAsMine(key) {
    change(key, { by: { id: ME.id, name: ME.name }, state: "waiting", reason: "" });
    retryDelay = 0;
    flush();
  }

  function actionButton(label, className, action) {
    const button = make("button", label, `button small ${className}`);
    button.type = "button";
    button.addEventListener("click", action);
    return button;
  }

  // Beside the button: the hands of this form kept on the phone, waiting (the list is above the
  // form, off-screen once the phone has scrolled to the button).
  function showKept(titles) {
    const line = byId("entry-status");
    if (!line) {
      return;
    }
    line.hidden = titles.length === 0;
    line.textContent = "";
    if (titles.length) {
      const text = fill(titles.length > 1 ? T.keptMany : T.keptOne, { hands: titles.join(", ") });
      const link = make("a", T.seeKept);
      link.href = "#pending";
      line.append(`${text} `, link);
    }
  }

  function showPending() {
    showTitle();
    const box = byId("pending");
    const list = without(queue(), foregroundKey);
    const section = byId("entry");
    const next = section ? Number(section.dataset.nextHand) : 0;
    const titles = titlesOf(list, ME, next, (number) => fill(T.hand, { number }));
    showKept(
      titles.filter((_title, index) => {
        const entry = list[index];
        return entry.hand && mine(entry) && entry.state !== "refused";
      })
    );
    if (!box) {
      return;
    }
    box.textContent = "";
    box.hidden = list.length === 0;
    if (!list.length) {
      return;
    }
    const states = { waiting: T.waiting, sending: T.sending, refused: T.refused };
    const items = make("ol", "", "pending-list");
    list.forEach((entry, index) => {
      const others = !mine(entry);
      const item = make("li", "", `pending-item ${others ? "others" : entry.state}`);
      const head = make("p", "", "pending-head");
      const name = (entry.by && entry.by.name) || T.someoneElse;
      const badge = others ? fill(T.typedBy, { name }) : states[entry.state];
      head.append(make("strong", titles[index]), " ", make("span", badge, "badge"));
      item.append(head);
      if (entry.summary) {
        item.append(make("p", entry.summary, "pending-summary"));
      }
      if (others) {
        const buttons = make("div", "", "button-row");
        if (config.mayRecord) {
          buttons.append(actionButton(T.recordAsMine, "", () => takeAsMine(entry.key)));
        }
        buttons.append(actionButton(T.discard, "danger", () => discard(entry.key)));
        item.append(buttons);
      } else if (entry.state === "refused") {
        const buttons = make("div", "", "button-row");
        if (entry.hand && entryForm()) {
          buttons.append(actionButton(T.edit, "", () => edit(entry.key)));
        }
        buttons.append(actionButton(T.discard, "danger", () => discard(entry.key)));
        item.append(make("p", entry.reason, "field-error"), buttons);
      }
      items.append(item);
    });
    const own = list.filter(mine);
    const waiting = own.some((entry) => entry.state !== "refused");
    const help = [
      waiting ? T.pendingHelp : own.length && entryForm() ? T.refusedHelp : "",
      own.length < list.length ? T.othersHelp : "",
    ];
    box.append(make("h2", T.pendingTitle), make("p", help.join(" ").trim(), "help"), items);
  }

  // Following the match, and whether the scores are current -----------------------------------

  function contact() {
    lastContact = Date.now();
    offlineSince = copyAt = 0;
    showConnection();
  }

  function lost() {
    offlineSince = offlineSince || Date.now();
    showConnection();
  }

  function showConnection() {
    const line = byId("connection");
    if (!line) {
      return;
    }
    const age = Math.floor((Date.now() - lastContact) / 5000) * 5;
    let text = "";
    if (offlineSince) {
      text = fill(T.offlineSince, { time: clock(offlineSince) });
      text += copyAt ? ` ${fill(T.copyOf, { time: clock(copyAt) })}` : "";
    } else if (pollUrl() && age > 3 * config.poll) {
      text =
        age < 90
          ? fill(T.updatedAgo, { seconds: age })
          : fill(T.updatedAt, { time: clock(lastContact) });
    }
    line.hidden = !text;
    line.classList.toggle("offline", Boolean(offlineSince));
    if (line.textContent !== text) {
      line.textContent = text;
    }
  }

  // The live poll's address (the scoreboard's hx-get), told what the form being typed was made
  // at (its revision, the entries it follows: the server says what changed since), or to bring
  // a fresh form for an untouched one.
  // A form being typed sends what it holds too: the server says whether it is a hand recorded
  // meanwhile ("It was the same hand" first, scoring.match_page.same_hand). `compare`: asked
  // because it changed, so the notice shown is asked again.
  function pollUrl(compare) {
    const board = byId("scoreboard");
    const url = board && board.getAttribute("hx-get");
    const form = entryForm();
    if (!url || !form) {
      return url;
    }
    const accept = form.elements.accept_revision ? form.elements.accept_revision.value : "";
    const typing = Boolean(read("draft"));
    return pollAddress(url, {
      seen: Number(accept || form.elements.based_on.value),
      follows: formFollows,
      told: !compare && Boolean(document.querySelector("#form-notice .notice")),
      fresh: !typing,
      typed: typing ? fieldsOf(form) : [],
    });
  }

  // What is typed changed under a notice that offers "It was the same hand": ask it again.
  let compareTimer = 0;
  function compareSoon() {
    clearTimeout(compareTimer);
    if (document.querySelector("#form-notice [data-discard-mine]")) {
      compareTimer = setTimeout(() => poll(true), 300);
    }
  }

  function poll(compare) {
    clearTimeout(pollTimer);
    const url = pollUrl(compare);
    if (!url) {
      return; // the match is over: nothing more to follow
    }
    pollTimer = setTimeout(poll, config.poll * 1000);
    if (sendingKey || polling) {
      return; // the answer on its way brings the news
    }
    polling = true;
    request(url, {}).then(
      ({ response, html }) => {
        polling = false;
        if (response.ok) {
          contact(); // a busy server's error leaves the scores as they are: the line says so
        }
        if (response.status === 200 && !sendingKey) {
          const said = answerOf(response).revision;
          revision = said === null ? revision : said;
          live(parse(html));
        }
      },
      () => {
        polling = false;
        lost();
      }
    );
  }

  function live(parts) {
    // a fresh form, if it was asked for and nothing was typed since
    const ids = liveParts(Boolean(read("draft")));
    const freshForm = ids.includes("entry-area") && parts.getElementById("entry-area");
    swap(parts, ids);
    const form = entryForm();
    if (form && freshForm) {
      learn(form);
      formFollows = [];
    }
    formChanged(form);
    showPending();
    showMine();
    const notice = document.querySelector("#form-notice .notice");
    if (notice && noticeWanted) {
      noticeWanted = false;
      notice.scrollIntoView({ block: "start" });
    }
    snapshotSoon();
  }

  // The points of the cards typed, counted by the server as they are typed.
  let countTimer = 0;

  function countCards(input) {
    clearTimeout(countTimer);
    countTimer = setTimeout(() => {
      const url = `${input.getAttribute("hx-get")}?${new URLSearchParams({ [input.name]: input.value })}`;
      const output = document.querySelector(input.getAttribute("hx-target"));
      request(url, {}).then(({ response, html }) => {
        if (response.ok && output) {
          output.innerHTML = html; // the server's words for the count (_card_count.html)
        }
      }, () => {});
    }, 300);
  }

  // The hand being typed, checked by the server as it is typed (a form with data-preview:
  // Burraco's base, carte and total per line, and its refusals beside their fields): each part
  // put in place by its id, the latest answer only; typing is never held up. Offline: no
  // preview and no error.
  let previewTimer = 0;
  let previewAsked = 0;

  function previewSoon(form) {
    const box = form.querySelector("[data-preview]");
    clearTimeout(previewTimer);
    previewTimer = box && setTimeout(() => {
      const asked = ++previewAsked;
      const query = new URLSearchParams(fieldsOf(form));
      query.set("idempotency_key", form.elements.idempotency_key.value);
      const latest = () => asked === previewAsked && form.isConnected;
      const show = (parts) => swap(parts, Array.from(parts.querySelectorAll("[id]"), (part) => part.id));
      request(`${box.dataset.preview}?${query}`, {}).then(
        ({ response, html }) => latest() && response.ok && show(parse(html)),
        () => latest() && form.querySelectorAll(".line-preview").forEach((line) => (line.textContent = ""))
      );
    }, 300);
  }

  // The service worker's copy of the page -----------------------------------------------------

  let snapshotTimer = 0;

  function snapshotSoon() {
    clearTimeout(snapshotTimer);
    snapshotTimer = setTimeout(snapshot, 800);
  }

  function snapshot() {
    if (!("serviceWorker" in navigator) || sendingKey) {
      return;
    }
    // The worker that controls the page; or, for a page loaded while the worker was still being
    // installed (loaded twice within a second), the active one: it is not this page's, but it
    // keeps the copy all the same (else an offline reload shows the browser's error page).
    navigator.serviceWorker.ready.then((registration) => {
      const worker = navigator.serviceWorker.controller || registration.active;
      if (worker && !sendingKey) {
        worker.postMessage(copyOfPage());
      }
    });
  }

  function copyOfPage() {
    const page = document.documentElement.cloneNode(true);
    page.removeAttribute("data-offline-copy");
    page.querySelectorAll("#pending, #connection, #match-flash, .messages, #entry-status").forEach((part) => {
      part.textContent = "";
    });
    page.querySelectorAll("#entry-form [data-entry-ready], #entry-form input").forEach((input) => {
      ["data-entry-ready", "data-typed", "readonly", "disabled"].forEach((name) => {
        input.removeAttribute(name); // worked out again by match.js from what is checked
      });
    });
    page.querySelectorAll("[data-entry-ready]").forEach((form) => delete form.dataset.entryReady);
    const assets = Array.from(
      document.querySelectorAll('script[src], link[rel="stylesheet"], link[rel="modulepreload"]'),
      (element) => element.src || element.href
    );
    const html = `<!DOCTYPE html>\n${page.outerHTML}`;
    return { type: "page", url: location.pathname, html, assets };
  }

  // Start ------------------------------------------------------------------------------------

  document.addEventListener("input", (event) => {
    const input = event.target;
    if (input.form && input.form.id === "entry-form") {
      saveDraft();
      showMine();
      compareSoon();
      previewSoon(input.form);
    }
    if (input.matches("input[hx-get][hx-target]")) {
      countCards(input);
    }
  });
  document.addEventListener("change", (event) => {
    if (event.target.form && event.target.form.id === "entry-form") {
      saveDraft();
      showMine();
      compareSoon();
      previewSoon(event.target.form);
    }
  });
  // "It was the same hand: discard mine" (in place), "Reload the form": what was typed goes
  document.addEventListener("click", (event) => {
    const link = event.target.closest("#form-notice a");
    if (link && link.matches("[data-discard-mine]") && entryForm()) {
      event.preventDefault();
      discardMine();
    } else if (link) {
      write("draft", null);
    }
  });
  window.addEventListener("online", () => {
    retryDelay = 0;
    clearTimeout(retryTimer);
    flush();
    poll();
  });
  window.addEventListener("offline", lost);
  window.addEventListener("storage", (event) => {
    if (event.key && event.key.startsWith(STORE)) {
      showPending();
    }
  });
  window.addEventListener("pageshow", (event) => {
    if (event.persisted) {
      showPending();
      flush();
      poll();
    }
  });
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") {
      flush();
    }
  });

  const form = entryForm();
  let draft = read("draft");
  if (draft && !usableDraft(draft, ME, Date.now())) {
    // typed two days ago: not this evening's hand; or by someone else: not put in their form
    write("draft", null);
    draft = null;
  }
  if (form) {
    const spent = (key) => queue().some((entry) => entry.key === key);
    learn(form);
    if (draft) {
      restore(form, draft);
    }
    if (copyAt || spent(form.elements.idempotency_key.value)) {
      form.elements.idempotency_key.value = newKey(); // a kept copy's key may be spent
    }
  }
  setQueue(waitingAgain(queue()));
  showConnection();
  setInterval(showConnection, 1000);
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register(config.worker, { scope: config.scope }).catch(() => {});
    navigator.serviceWorker.addEventListener("controllerchange", snapshotSoon);
    snapshotSoon();
  }
  flush();
  pollTimer = setTimeout(poll, config.poll * 1000);
}
