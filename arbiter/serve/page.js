// arbiter serve: the page draws what the server sends (the table as the engine leaves it,
// whose turn it is and the acts in order, each ruling in the law's words) and sends back
// what is tapped. No law is decided here: every act goes to the server, which checks it by
// the log's schema and records it as `arbiter table` does. Text from the game (names,
// notes, rulings) is only ever set as text, never as markup.
"use strict";

const TOKEN_KEY = "arbiter-token";
// The irregular menu's groups: which of the notation's forms each offers first.
const GROUPS = {
  turn: ["open", "play", "pass", "discard", "straddle", "ante", "show", "take_back", "demand_show"],
  exposed: ["card", "give", "face_up_in_pack"],
  count: ["point_out", "speak", "lift", "divulge"],
  dispute: ["dispute", "demand", "ask_dealer", "dealer_answer", "dealer_tells"],
  other: null,
};

let token = null;
let state = null;
let forms = [];
let asking = null;
let busy = false;

const el = (id) => document.getElementById(id);

function make(tag, text, className) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = String(text);
  if (className) node.className = className;
  return node;
}

function say(text) {
  el("message").textContent = text;
  el("message").hidden = !text;
}

// --- the token: from the link's #token=..., kept for this tab only ------------------------
function takeToken() {
  const match = /(?:^#|&)token=([^&]+)/.exec(window.location.hash);
  if (match) {
    sessionStorage.setItem(TOKEN_KEY, decodeURIComponent(match[1]));
    history.replaceState(null, "", window.location.pathname);
  }
  token = sessionStorage.getItem(TOKEN_KEY);
  document.body.className = token ? "recording" : "watching";
  el("role").textContent = token ? "recording" : "watching";
}

// --- drawing the state -------------------------------------------------------------------
function render(next) {
  if (!next || (state && next.epoch === state.epoch && next.version <= state.version)) return; // seen already
  state = next;
  el("file").textContent = next.file;
  el("setup").hidden = next.table !== null;
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
    const li = make("li", null, (seat.in ? "" : "out ") + (acting.has(seat.name) ? "turn" : ""));
    li.dataset.name = seat.name;
    li.append(make("span", seat.name, "name"));
    if (seat.dealer) li.append(make("span", "D", "button"));
    const detail = [];
    if (seat.stake !== null && seat.stake !== undefined) detail.push(`stake ${seat.stake}`);
    if (seat.cards) detail.push(`${seat.cards} cards`);
    if (!seat.in) detail.push("out");
    if (seat.foul) detail.push("foul");
    li.append(make("span", detail.join(" · "), "detail"));
    if (seat.shown) li.append(make("span", seat.shown.join(" "), "detail"));
    seats.append(li);
  }
}

function drawTurn(s) {
  el("next").textContent = `Next: ${s.next}`;
  const acts = el("acts");
  acts.replaceChildren();
  s.acts.forEach((act) => {
    const button = make("button", act.label, "act");
    button.type = "button";
    button.addEventListener("click", () => (act.ask.length ? ask(act) : send("/api/event", { event: act.event })));
    acts.append(button);
  });
}

function drawFeed(feed) {
  const list = el("feed");
  list.replaceChildren();
  for (const item of [...feed].reverse()) {
    const li = make("li", null, item.refused ? "refused" : "");
    li.value = item.n;
    li.append(make("div", item.what, "what"));
    for (const line of item.said) li.append(make("div", line, "line"));
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
    list.append(li);
  }
  el("no-rulings").hidden = s.rulings.length > 0;
  el("net").textContent = "Net so far: " + Object.entries(s.net)
    .map(([player, value]) => `${player} ${value >= 0 ? "+" : ""}${value}`).join(", ");
}

// --- recording ---------------------------------------------------------------------------
async function send(path, body) {
  if (busy) return false;
  busy = true;
  try {
    const response = await fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    let data = {};
    try { data = await response.json(); } catch (error) { data = {}; }
    if (!response.ok) {
      say(data.error || `the server answered ${response.status}: nothing was recorded`);
      return false;
    }
    render(data.state);
    const last = data.state.feed[data.state.feed.length - 1];
    say(data.taken ? "" : (last ? last.said.join("\n") : "refused"));
    return data.taken;
  } catch (error) {
    say("the server cannot be reached: nothing was recorded");
    return false;
  } finally {
    busy = false;
  }
}

function ask(act) {
  asking = act;
  const field = act.ask[0];
  const value = act.event[field];
  el("ask-label").textContent = `${act.label} ${field}`;
  const input = el("ask-input");
  input.type = typeof value === "number" ? "number" : "text";
  input.value = Array.isArray(value) ? value.join(" ") : (value === undefined ? "" : String(value));
  input.placeholder = field === "cards" ? "Ah Kd 3c 4s 5h" : (field === "card" ? "Kd" : "");
  el("ask").hidden = false;
  input.focus();
}

async function sendAsked(submitted) {
  submitted.preventDefault();
  const act = asking;
  const field = act.ask[0];
  const text = el("ask-input").value.trim();
  const event = { ...act.event };
  event[field] = typeof act.event[field] === "number" ? Number(text)
    : (Array.isArray(act.event[field]) ? text.split(/\s+/).filter(Boolean) : text);
  if (await send("/api/event", { event })) el("ask").hidden = true;
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
  el("form").dataset.group = group;
  hideForms();
  el("form").hidden = false;
  buildParts();
}

function hideForms() {
  for (const id of ["form", "referee-form", "line-form"]) el(id).hidden = true;
}

function playerSelect(name, optional) {
  const select = make("select");
  select.name = name;
  if (optional) select.append(make("option", "—"));
  if (optional) select.firstChild.value = "";
  for (const player of state.table.players) {
    const option = make("option", player);
    option.value = player;
    select.append(option);
  }
  return select;
}

function field(labelText, input) {
  const label = make("label", `${labelText} `);
  label.append(input);
  return label;
}

function buildParts() {
  const form = forms.find((f) => f.type === el("form-type").value);
  const box = el("form-parts");
  box.replaceChildren();
  if (form.subject) box.append(field(form.subject, playerSelect(form.subject, false)));
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
    case "number": return field(label, input("number", { min: 0 }));
    case "card": return field(label, input("text", { placeholder: "Kd" }));
    case "cards": return field(label, input("text", { placeholder: "Ah Kd 3c" }));
    case "name": return field(label, playerSelect(part.field, part.optional));
    case "flag": return field(`${part.words}`, input("checkbox"));
    case "choice": {
      const select = make("select");
      select.name = part.field;
      for (const [words, value] of part.choices) {
        const option = make("option", words);
        option.value = value;
        select.append(option);
      }
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
          : Object.assign(make("input"), { type: "number", min: 0, value: "" });
        entry.dataset.player = player;
        const row = make("label", null, "check");
        row.append(entry, ` ${player}`);
        set.append(row);
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
    else if (part.kind === "card") { if (value.trim()) event[part.field] = value.trim(); }
    else if (part.kind === "cards") { if (value.trim() || !part.optional) event[part.field] = value.split(/\s+/).filter(Boolean); }
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

// --- starting ----------------------------------------------------------------------------
function listen() {
  const source = new EventSource("/api/events");
  const link = el("link");
  source.addEventListener("state", (message) => {
    render(JSON.parse(message.data));
    link.textContent = "live";
    link.className = "live";
  });
  source.onerror = () => { link.textContent = "reconnecting…"; link.className = "offline"; };
}

function wire() {
  el("setup-form").addEventListener("submit", (submitted) => {
    submitted.preventDefault();
    const players = el("setup-players").value.split(",").map((p) => p.trim()).filter(Boolean);
    send("/api/table", { players, limit: Number(el("setup-limit").value), ante: Number(el("setup-ante").value) });
  });
  el("ask").addEventListener("submit", sendAsked);
  el("ask-cancel").addEventListener("click", () => { el("ask").hidden = true; });
  for (const button of document.querySelectorAll("[data-group]")) {
    button.addEventListener("click", () => openGroup(button.dataset.group));
  }
  el("form-type").addEventListener("change", buildParts);
  el("form").addEventListener("submit", async (submitted) => {
    submitted.preventDefault();
    if (await send("/api/event", { event: collect() })) el("form").hidden = true;
  });
  el("form-cancel").addEventListener("click", hideForms);
  el("undo").addEventListener("click", () => send("/api/command", { command: "undo", arguments: [] }));
  el("evidence").addEventListener("click", () => send("/api/command", { command: "evidence", arguments: [] }));
  el("referee-open").addEventListener("click", () => {
    const box = el("referee-names");
    box.replaceChildren();
    for (const player of state.table.players) {
      const row = make("label", null, "check");
      row.append(Object.assign(make("input"), { type: "checkbox", value: player }), ` ${player}`);
      box.append(row);
    }
    hideForms();
    el("referee-form").hidden = false;
  });
  el("referee-form").addEventListener("submit", (submitted) => {
    submitted.preventDefault();
    const names = [...el("referee-names").querySelectorAll("input:checked")].map((i) => i.value);
    send("/api/command", { command: "referee", arguments: names });
  });
  el("line-open").addEventListener("click", () => { hideForms(); el("line-form").hidden = false; });
  el("line-form").addEventListener("submit", async (submitted) => {
    submitted.preventDefault();
    if (await send("/api/line", { line: el("line-input").value })) el("line-input").value = "";
  });
}

async function start() {
  takeToken();
  wire();
  try {
    forms = await (await fetch("/api/forms")).json();
    render(await (await fetch("/api/state")).json());
  } catch (error) {
    say("the server cannot be reached");
  }
  listen();
}

start();
