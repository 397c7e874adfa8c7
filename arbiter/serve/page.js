// arbiter serve: the page draws what the server sends (the table as the engine leaves it,
// whose turn it is and the acts in order, what is owed, the question a ruling waits for,
// each ruling in the law's words) and sends back what is tapped. No law is decided here:
// every act goes to the server, which checks it by the log's schema and records it as
// `arbiter table` does. Each recording says the version of the state it was chosen from,
// so that the server refuses it (409) if another device recorded first. Text from the game
// (names, notes, rulings) is only ever set as text, never as markup. A ruling is read aloud
// by the browser's own speech (nothing fetched, nothing installed), when its button is
// pressed, or as it comes if this phone's setting says so.
"use strict";

const TOKEN_KEY = "arbiter-token";
const ALOUD_KEY = "arbiter-read-aloud"; // "on": this phone reads each new ruling aloud (kept on the phone)
const CAN_SPEAK = Boolean(window.speechSynthesis) && typeof window.SpeechSynthesisUtterance === "function";
// The irregular menu's groups: which of the notation's forms each offers first.
const GROUPS = {
  turn: ["open", "play", "pass", "discard", "straddle", "ante", "show", "take_back", "demand_show"],
  exposed: ["card", "give", "face_up_in_pack"],
  count: ["point_out", "speak", "lift", "divulge"],
  dispute: ["dispute", "demand", "ask_dealer", "dealer_answer", "dealer_tells"],
  other: null,
};
const RANKS = ["A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2", "Jo"];
const SUITS = [["s", "\u2660", "spades"], ["h", "\u2665", "hearts"], ["d", "\u2666", "diamonds"], ["c", "\u2663", "clubs"]];
const MOST_NUMBER_BUTTONS = 30; // a wider range is typed
const REFUSED_RETRY_MS = 30000; // a live stream refused (as many phones watching as the server takes) is asked again

let token = null;
let state = null;
let forms = [];
let busy = false;
let offline = false;
let heard = null; // the rulings already on the page when it was drawn last: the setting reads only newer ones

const el = (id) => document.getElementById(id);

function make(tag, text, className) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = String(text);
  if (className) node.className = className;
  return node;
}

function button(text, className, onClick) {
  const node = make("button", text, className);
  node.type = "button";
  node.addEventListener("click", onClick);
  return node;
}

function say(text) {
  el("message").textContent = text;
  el("message").hidden = !text;
}

// --- the token: from the link's #token=..., kept for this tab, and asked of the server ----
function takeToken() {
  const match = /(?:^#|&)token=([^&]+)/.exec(window.location.hash);
  if (match) {
    sessionStorage.setItem(TOKEN_KEY, decodeURIComponent(match[1]));
    history.replaceState(null, "", window.location.pathname);
  }
  token = sessionStorage.getItem(TOKEN_KEY);
}

function setRole(recording) {
  document.body.className = recording ? "recording" : "watching";
  el("role").textContent = recording ? "recording" : "watching";
}

// The page records only once the server says its token is this game's: until then, and
// for a token that is not, it watches (no act is offered that would be refused).
async function confirmRole() {
  if (!token) return setRole(false);
  const response = await fetch("/api/role", { headers: { Authorization: `Bearer ${token}` } });
  const recording = (await response.json()).recording === true;
  if (!recording) {
    sessionStorage.removeItem(TOKEN_KEY);
    token = null;
    say("This address's token is not this game's: this phone watches.");
  }
  setRole(recording);
}

// --- drawing the state -------------------------------------------------------------------
function render(next) {
  if (!next || (state && next.epoch === state.epoch && next.told <= state.told)) return; // seen already
  const moved = state && (next.epoch !== state.epoch || next.version !== state.version);
  state = next;
  if (moved) closePanels(); // what was being chosen was chosen from a state that has gone
  el("file").textContent = next.file;
  el("setup").hidden = next.table !== null && el("setup-cancel").hidden;
  el("game").hidden = next.table === null;
  if (next.table === null) return;
  drawTable(next);
  drawTurn(next);
  drawFeed(next.feed);
  drawRulings(next);
}

function drawTable(s) {
  const g = s.game;
  const stakes = `limit ${s.table.limit}, ante ${s.table.ante}`;
  el("game-line").textContent = g
    ? `Game ${g.number}, deal ${g.deal}: ${g.phase} · pool ${g.pool}` +
      (g.jackpot ? ` · jack-pot no. ${g.jackpot.number}, ${g.jackpot.openers} or better to open` : "") +
      ` · ${stakes}`
    : `No deal yet · ${stakes}`;
  const acting = new Set(s.to_act);
  const seats = el("seats");
  seats.replaceChildren();
  for (const seat of s.seats) {
    const kinds = [seat.in ? "" : "out", acting.has(seat.name) ? "turn" : "", seat.winner ? "winner" : ""];
    const li = make("li", null, kinds.filter(Boolean).join(" "));
    li.dataset.name = seat.name;
    li.append(make("span", seat.name, "name"));
    if (seat.dealer) li.append(make("span", "D", "button"));
    if (seat.winner) li.append(make("span", "wins", "badge"));
    const detail = [];
    if (seat.stake !== null && seat.stake !== undefined) detail.push(`stake ${seat.stake}`);
    if (seat.cards) detail.push(`${seat.cards} cards`);
    if (!seat.in) detail.push("out");
    if (seat.foul) detail.push("foul");
    li.append(make("span", detail.join(" · "), "detail"));
    if (seat.shown) li.append(make("span", seat.shown.join(" "), "detail"));
    seats.append(li);
  }
  const warnings = el("setup-warnings");
  warnings.replaceChildren(...s.setup.warnings.map((warning) => make("li", warning)));
  el("setup-note").hidden = !s.setup.correctable;
}

function drawTurn(s) {
  el("next").textContent = `Next: ${s.next}`;
  el("owed").replaceChildren(...s.owed.map((owed) => make("li", owed)));
  const question = el("question");
  question.replaceChildren();
  question.hidden = !s.question;
  if (s.question) { // asked first; the acts the answer still holds beside it (the dealer's give owed another)
    question.append(numberPicker(s.question.least, s.question.most,
      (number) => send("/api/answer", { number }, s.version)));
  }
  const acts = el("acts");
  const others = el("others");
  acts.replaceChildren();
  others.replaceChildren();
  for (const act of s.acts) {
    const choose = () => (act.ask.length ? ask(act, s.version) : send("/api/event", { event: act.event }, s.version));
    (act.other ? others : acts).append(button(act.label, act.other ? "act other" : "act", choose));
  }
  el("others-box").hidden = others.children.length === 0;
  el("evidence").hidden = !s.dispute;
  el("undo").disabled = !s.undo;
}

function drawFeed(feed) {
  const list = el("feed");
  list.replaceChildren();
  for (const item of [...feed].reverse()) {
    const li = make("li", null, item.refused ? "refused" : "");
    li.value = item.n;
    li.append(make("div", item.what, "what"));
    // A line refused is said with its column marked under it: kept in columns.
    for (const line of item.said) li.append(make("div", line, item.refused && line.includes("\n") ? "line code" : "line"));
    list.append(li);
  }
}

function drawRulings(s) {
  const list = el("rulings");
  list.replaceChildren();
  for (const ruling of s.rulings) {
    const li = make("li");
    li.dataset.rule = ruling.id;
    for (const line of ruling.lines) li.append(make("div", line, "line"));
    if (CAN_SPEAK) li.append(button("Read aloud", "aloud", () => speak(spoken(ruling.told), true)));
    list.append(li);
  }
  readNew(s.rulings);
  el("no-rulings").hidden = s.rulings.length > 0;
  el("net").textContent = "Net so far: " + Object.entries(s.net)
    .map(([player, value]) => `${player} ${value >= 0 ? "+" : ""}${value}`).join(", ");
}

// --- rulings read aloud ------------------------------------------------------------------
// The ruling as the table hears it: the law and the kind, what was found, what follows, and
// the law's own words, with what the house rules change beside them.
function spoken(told) {
  const sentence = (text) => text.replace(/[.\s]+$/, "") + ".";
  return [
    sentence(`${told.law.label}, ${told.severity}`),
    sentence(told.summary),
    ...(told.effects.length ? [sentence(`What follows: ${told.effects.join("; ")}`)] : []),
    `${told.law.label} says: ${told.law.words}`,
    ...told.law.house_rules,
  ].join(" ");
}

// `now`: a button pressed, so what is being read stops for it; else it waits its turn.
function speak(text, now) {
  if (now) window.speechSynthesis.cancel();
  const utterance = new SpeechSynthesisUtterance(text);
  utterance.lang = document.documentElement.lang;
  window.speechSynthesis.speak(utterance);
}

// With the setting on, each ruling that was not on the page before is read as it comes;
// those already there when the page opened, or told again after a restart, are not.
function readNew(rulings) {
  const key = (ruling) => ruling.lines.join("\n");
  if (heard !== null && CAN_SPEAK && el("aloud").checked) {
    for (const ruling of rulings) if (!heard.has(key(ruling))) speak(spoken(ruling.told), false);
  }
  heard = new Set(rulings.map(key));
}

// --- pickers: numbers and cards are tapped, not typed -------------------------------------
function numberPicker(least, most, choose) {
  const box = make("div", null, "numbers");
  if (most - least + 1 <= MOST_NUMBER_BUTTONS) {
    for (let number = least; number <= most; number += 1) box.append(button(number, "number", () => choose(number)));
    return box;
  }
  const input = Object.assign(make("input"), { type: "number", inputmode: "numeric", min: least, max: most });
  input.value = String(least);
  box.append(input, button("Record", "", () => choose(Number(input.value))));
  return box;
}

// A grid of ranks and a row of suits: a rank, then a suit, makes a card. `single` keeps one.
function cardPicker(single) {
  const cards = [];
  let rank = null;
  const box = make("div", null, "cards");
  const chosen = make("div", null, "chosen");
  const ranks = make("div", null, "ranks");
  const suits = make("div", null, "suits");
  const add = (card) => {
    if (single) cards.splice(0);
    cards.push(card);
    rank = null;
    draw();
  };
  const draw = () => {
    chosen.replaceChildren(...cards.map((card, k) => button(card, "card", () => { cards.splice(k, 1); draw(); })));
    if (!cards.length) chosen.append(make("span", single ? "No card yet: a rank, then a suit." : "No cards yet: a rank, then a suit.", "small"));
    for (const node of ranks.children) node.classList.toggle("on", node.dataset.rank === rank);
  };
  for (const r of RANKS) {
    const node = button(r === "T" ? "10" : (r === "Jo" ? "Joker" : r), "rank", () => {
      if (r === "Jo") add("Jo");
      else { rank = r; draw(); }
    });
    node.dataset.rank = r;
    ranks.append(node);
  }
  for (const [s, symbol, name] of SUITS) {
    const node = button(symbol, `suit suit-${s}`, () => { if (rank) add(rank + s); });
    node.dataset.suit = s;
    node.setAttribute("aria-label", name);
    suits.append(node);
  }
  box.append(chosen, ranks, suits);
  draw();
  box.value = () => (single ? (cards[0] || "") : [...cards]);
  return box;
}

// --- recording ---------------------------------------------------------------------------
// `after`: the version of the state the act was chosen from.
async function send(path, body, after) {
  if (busy) return false;
  busy = true;
  try {
    const response = await fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
      body: JSON.stringify({ ...body, after }),
    });
    let data = {};
    try { data = await response.json(); } catch (error) { data = {}; }
    if (response.status === 409) { // another device recorded first: here is the game as it is now
      closePanels();
      render(data.state);
      say(data.error);
      return false;
    }
    if (!response.ok) {
      say(data.error || `the server answered ${response.status}: nothing was recorded`);
      return false;
    }
    render(data.state);
    const last = data.state.feed[data.state.feed.length - 1];
    say(data.taken ? "" : (last ? last.said.join("\n") : "refused"));
    if (data.taken) backToNext();
    return data.taken;
  } catch (error) {
    say("The server cannot be reached: nothing was recorded.");
    return false;
  } finally {
    busy = false;
  }
}

// Recorded: every form closes and the page shows whose turn it is now.
function backToNext() {
  closePanels();
  el("wrong").open = false;
  el("now").scrollIntoView({ block: "start" });
}

function closePanels() {
  for (const id of ["ask", "form", "referee-form", "line-form", "undo-confirm"]) el(id).hidden = true;
  el("setup-cancel").hidden = true;
  if (state && state.table !== null) el("setup").hidden = true;
}

function inView(id) {
  el(id).hidden = false;
  el(id).scrollIntoView({ block: "start" });
}

function ask(act, after) {
  closePanels();
  const field = act.ask[0];
  el("ask-label").textContent = act.label;
  const body = el("ask-body");
  const withValue = (value) => send("/api/event", { event: { ...act.event, [field]: value } }, after);
  if (act.minimum !== undefined) { // a number: its least to its most, one tap each
    body.replaceChildren(numberPicker(act.minimum, act.maximum, withValue));
    el("ask-send").hidden = true;
  } else { // the cards shown, the card drawn
    const picker = cardPicker(field === "card");
    body.replaceChildren(picker);
    el("ask-send").hidden = false;
    el("ask-send").onclick = () => withValue(picker.value());
  }
  inView("ask");
}

// --- the irregular menu: a form for any event, built from the notation's forms -----------
function openGroup(group) {
  const select = el("form-type");
  select.replaceChildren();
  const wanted = GROUPS[group];
  const chosen = wanted ? wanted.map((type) => forms.find((f) => f.type === type)) : forms;
  for (const form of chosen) {
    const option = make("option", `${form.subject ? form.subject.toUpperCase() + " " : ""}${form.words}`);
    option.value = form.type;
    select.append(option);
  }
  closePanels();
  el("form").dataset.group = group;
  el("form").dataset.after = state.version;
  buildParts();
  inView("form");
}

function playerSelect(name, optional, chosen) {
  const select = make("select");
  select.name = name;
  if (optional) select.append(Object.assign(make("option", "\u2014"), { value: "" }));
  for (const player of state.table.players) select.append(Object.assign(make("option", player), { value: player }));
  if (chosen) select.value = chosen;
  return select;
}

function field(labelText, input) {
  const label = make("label", `${labelText} `);
  label.append(input);
  return label;
}

function checkRow(player, input) {
  const row = make("label", null, "check");
  row.append(input, ` ${player}`);
  return row;
}

function buildParts() {
  const form = forms.find((f) => f.type === el("form-type").value);
  const box = el("form-parts");
  box.replaceChildren();
  // A dispute over the cards drawn is most likely about the draw just made.
  const who = el("form").dataset.group === "dispute" ? state.drawing : null;
  if (form.subject) box.append(field(form.subject, playerSelect(form.subject, false, who)));
  for (const part of form.parts) box.append(partInput(part));
  box.append(field("note (optional)", Object.assign(make("input"), { name: "note", autocomplete: "off" })));
  if (el("form").dataset.group === "exposed") {
    const exposed = box.querySelector("[name=exposed]");
    if (exposed && exposed.type === "checkbox") exposed.checked = true;
    if (exposed && exposed.type === "number" && !exposed.value) exposed.value = "1";
  }
}

function partInput(part) {
  const label = `${part.words || part.field.replace(/_/g, " ")}${part.optional ? " (optional)" : ""}`;
  const input = (type, extra) => Object.assign(make("input"), { name: part.field, type, autocomplete: "off" }, extra);
  switch (part.kind) {
    case "number": return field(label, input("number", { min: 0, inputMode: "numeric" }));
    case "card":
    case "cards": {
      const set = make("fieldset");
      set.append(make("legend", label));
      const picker = cardPicker(part.kind === "card");
      picker.dataset.field = part.field;
      set.append(picker);
      return set;
    }
    case "name": return field(label, playerSelect(part.field, part.optional));
    case "flag": return checkRow(part.words, input("checkbox"));
    case "choice": {
      const select = make("select");
      select.name = part.field;
      for (const [words, value] of part.choices) select.append(Object.assign(make("option", words), { value }));
      return field(label, select);
    }
    default: { // names, hands, counts: one entry per player
      const set = make("fieldset");
      set.append(make("legend", label));
      set.dataset.field = part.field;
      set.dataset.kind = part.kind;
      for (const player of state.table.players) {
        const entry = part.kind === "names"
          ? Object.assign(make("input"), { type: "checkbox", value: player })
          : Object.assign(make("input"), { type: "number", min: 0, value: "", inputMode: "numeric" });
        entry.dataset.player = player;
        set.append(checkRow(player, entry));
      }
      return set;
    }
  }
}

// The event the form describes, as the log holds it (the server checks it by the schema).
function collect() {
  const form = forms.find((f) => f.type === el("form-type").value);
  const event = { type: form.type };
  const values = {};
  const box = el("form-parts");
  for (const input of box.querySelectorAll("input[name], select[name]")) values[input.name] = input.value;
  if (form.subject) event[form.subject] = values[form.subject];
  for (const part of form.parts) {
    const value = values[part.field];
    if (part.kind === "number") { if (value !== "") event[part.field] = Number(value); }
    else if (part.kind === "card" || part.kind === "cards") {
      const picked = box.querySelector(`.cards[data-field=${part.field}]`).value();
      if (picked.length || !part.optional) event[part.field] = picked;
    }
    else if (part.kind === "name" || part.kind === "choice") { if (value) event[part.field] = value; }
    else if (part.kind === "flag") { if (box.querySelector(`[name=${part.field}]`).checked) event[part.field] = true; }
    else {
      const set = box.querySelector(`fieldset[data-field=${part.field}]`);
      if (part.kind === "names") {
        const names = [...set.querySelectorAll("input:checked")].map((i) => i.dataset.player);
        if (names.length || !part.optional) event[part.field] = names;
      } else {
        const counts = {};
        for (const i of set.querySelectorAll("input")) if (i.value !== "") counts[i.dataset.player] = Number(i.value);
        if (Object.keys(counts).length || !part.optional) event[part.field] = counts;
      }
    }
  }
  if (values.note && values.note.trim()) event.note = values.note.trim();
  return event;
}

// --- the table's set-up: a new table, or the table corrected before the first card -----------
function openSetup(correcting) {
  closePanels();
  el("setup-title").textContent = correcting ? "Correct the table" : "A new table";
  el("setup-send").textContent = correcting ? "Correct it" : "Sit down";
  el("setup-cancel").hidden = !correcting;
  if (correcting) {
    el("setup-players").value = state.table.players.join(", ");
    el("setup-limit").value = String(state.table.limit);
    el("setup-ante").value = String(state.table.ante);
  }
  inView("setup");
}

// --- starting ----------------------------------------------------------------------------
function listen() {
  const source = new EventSource("/api/events");
  const link = el("link");
  source.addEventListener("open", () => confirmRole().catch(() => {}));
  source.addEventListener("state", (message) => {
    render(JSON.parse(message.data));
    link.textContent = "live";
    link.className = "live";
    if (offline) say(""); // back: what was said of the lost connection no longer holds
    offline = false;
  });
  source.onerror = () => {
    link.className = "offline";
    offline = true;
    if (source.readyState !== EventSource.CLOSED) { // lost: the browser reconnects by itself
      link.textContent = "reconnecting…";
      return;
    }
    // Answered, but not with a stream: as many phones are watching as the server takes.
    link.textContent = "not live";
    say("As many phones are watching as the server takes: this one is not live, and asks again in half a minute.");
    setTimeout(listen, REFUSED_RETRY_MS);
  };
}

function wire() {
  el("aloud-setting").hidden = !CAN_SPEAK;
  el("aloud").checked = localStorage.getItem(ALOUD_KEY) === "on";
  el("aloud").addEventListener("change", () => localStorage.setItem(ALOUD_KEY, el("aloud").checked ? "on" : "off"));
  el("setup-form").addEventListener("submit", (submitted) => {
    submitted.preventDefault();
    const players = el("setup-players").value.split(",").map((p) => p.trim()).filter(Boolean);
    send("/api/table", { players, limit: Number(el("setup-limit").value), ante: Number(el("setup-ante").value) },
      state ? state.version : 0);
  });
  el("setup-cancel").addEventListener("click", closePanels);
  el("setup-correct").addEventListener("click", () => openSetup(true));
  el("ask-cancel").addEventListener("click", closePanels);
  for (const node of document.querySelectorAll("[data-group]")) {
    node.addEventListener("click", () => openGroup(node.dataset.group));
  }
  el("form-type").addEventListener("change", buildParts);
  el("form").addEventListener("submit", (submitted) => {
    submitted.preventDefault();
    send("/api/event", { event: collect() }, Number(el("form").dataset.after));
  });
  el("form-cancel").addEventListener("click", closePanels);
  el("undo").addEventListener("click", () => {
    closePanels();
    const after = state.version;
    el("undo-text").textContent = `Take back line ${state.undo.line}: ${state.undo.text}?`;
    el("undo-yes").onclick = () => send("/api/command", { command: "undo", arguments: [] }, after);
    inView("undo-confirm");
  });
  el("undo-no").addEventListener("click", closePanels);
  el("evidence").addEventListener("click", () => send("/api/command", { command: "evidence", arguments: [] }, state.version));
  el("referee-open").addEventListener("click", () => {
    closePanels();
    el("referee-names").replaceChildren(...state.table.players.map(
      (player) => checkRow(player, Object.assign(make("input"), { type: "checkbox", value: player }))));
    el("referee-form").dataset.after = state.version;
    inView("referee-form");
  });
  el("referee-form").addEventListener("submit", (submitted) => {
    submitted.preventDefault();
    const names = [...el("referee-names").querySelectorAll("input:checked")].map((i) => i.value);
    if (!names.length) return say("Tick the persons disputing.");
    send("/api/command", { command: "referee", arguments: names }, Number(el("referee-form").dataset.after));
  });
  el("referee-cancel").addEventListener("click", closePanels);
  el("line-open").addEventListener("click", () => {
    closePanels();
    el("line-form").dataset.after = state.version;
    inView("line-form");
  });
  el("line-form").addEventListener("submit", async (submitted) => {
    submitted.preventDefault();
    if (await send("/api/line", { line: el("line-input").value }, Number(el("line-form").dataset.after))) {
      el("line-input").value = "";
    }
  });
  el("line-cancel").addEventListener("click", closePanels);
  el("watch-open").addEventListener("click", async () => {
    el("watch-code").src = "/watch.svg";
    el("watch-address").textContent = (await (await fetch("/api/watch")).json()).watch;
    inView("watch");
  });
  el("watch-close").addEventListener("click", () => { el("watch").hidden = true; });
}

async function start() {
  takeToken();
  wire();
  try {
    await confirmRole();
    forms = await (await fetch("/api/forms")).json();
    render(await (await fetch("/api/state")).json());
  } catch (error) {
    say("The server cannot be reached.");
    offline = true;
  }
  listen();
}

start();
