// The room page: lobby, the table and your hand, live over the websocket.
import { h, fill, $, show, humanize } from "./dom.js";
import { Live } from "./net.js";
import { buildControls } from "./controls.js";
import { rendererFor, reveals, tree } from "./render.js";

const code = decodeURIComponent(location.pathname.split("/")[2] || "").toUpperCase();
const params = new URLSearchParams(location.search);
const tableOnly = params.get("table") === "1";
// A shared screen has room for the story of the game: open the log there.
if (tableOnly) document.getElementById("log").open = true;

const el = {
  status: $("#conn"), code: $("#room-code"), lobby: $("#lobby"), play: $("#play"),
  banner: $("#banner"), table: $("#table"), hand: $("#hand"), controls: $("#controls"),
  error: $("#error"), result: $("#result"), log: $("#log-list"), events: $("#events"),
  share: $("#share"),
};

let games = [];
let last = null;          // the last "room" message
let lastView = null;      // to find reveals
let renderedVersion = -1; // reveals are announced once per move
let renderedLegal = null; // the legal actions the controls were built for
let busy = false;
let drawing = Promise.resolve();
let countdown = null;

document.title = `Parlour · ${code}`;
el.code.textContent = code;

fetch("/api/games").then((r) => r.json()).then((list) => {
  games = list;
  if (last && last.room.status === "lobby") drawing = drawing.then(() => draw(last));
});

const live = new Live(code, {
  tableOnly,
  onStatus(state) {
    const text = { connecting: "Connecting…", online: "Connected", offline: "Connection lost: reconnecting…", gone: "No such room" }[state];
    el.status.textContent = text;
    el.status.dataset.state = state;
    if (state === "gone") fill(el.lobby, h("p", { class: "error" }, `There is no room ${code}.`), h("a", { href: "/" }, "Back to the start"));
  },
  onMessage(msg) {
    if (msg.type === "room") {
      // Draw in order, and only the newest snapshot: an older one must never paint over it.
      last = msg;
      drawing = drawing.then(() => (msg === last ? draw(msg) : null)).catch((e) => console.error(e));
    }
    else if (msg.type === "error" && msg.id === undefined) showError(msg.message);
  },
});

document.addEventListener("visibilitychange", () => {
  // Coming back to the app: reconnect now rather than after the back-off.
  if (document.visibilityState === "visible" && live.ws.readyState > 1) live.open();
});

function showError(message) {
  fill(el.error, message ? h("span", {}, message) : null);
  el.error.hidden = !message;
}

async function send(message) {
  const reply = await live.send(message);
  showError(reply.type === "error" ? reply.message : "");
  return reply;
}

/** The seats' names: once the game has started the server names every seat (its one place for that). */
function names(room) {
  return room.seats.map((s) => s.name);
}

// -- drawing --------------------------------------------------------------------------
async function draw(msg) {
  const { room, you, play } = msg;
  document.body.dataset.status = room.status;
  document.body.dataset.game = room.game;
  drawShare(room);
  drawLog(room);
  if (room.status === "lobby") {
    el.play.hidden = true;
    el.lobby.hidden = false;
    drawLobby(room, you);
    return;
  }
  el.lobby.hidden = true;
  el.play.hidden = false;
  if (room.problem) fill(el.banner, h("p", { class: "error" }, room.problem));
  if (play) await drawPlay(room, you, play);
}

function drawShare(room) {
  const link = `${location.origin}/r/${room.code}`;
  fill(el.share,
    h("p", {}, "Room code ", h("strong", { class: "big-code" }, room.code)),
    room.status === "lobby" ? h("img", { src: `/api/rooms/${room.code}/qr.svg`, alt: `QR code to join room ${room.code}`, class: "qr", width: 160, height: 160 }) : null,
    h("p", { class: "small" }, h("a", { href: link }, link)),
    h("p", { class: "small" }, tableOnly ? h("a", { href: `/r/${room.code}` }, "Show my seat")
      : h("a", { href: `/r/${room.code}?table=1`, target: "_blank" }, "Open the table view (for a shared screen)")));
}

function drawLog(room) {
  fill(el.log, room.log.slice().reverse().map((line) => h("li", {}, line)));
}

function drawLobby(room, you) {
  const game = games.find((g) => g.id === room.game);
  const nameInput = h("input", { id: "player-name", type: "text", maxLength: 24, autocomplete: "nickname",
    value: localStorage.getItem("parlour:name") || "", placeholder: "Your name" });
  const seatList = h("ol", { class: "seats" }, room.seats.map((seat, i) => seatRow(room, you, seat, i, nameInput)));
  const parts = [
    h("h2", {}, room.title),
    tableOnly ? null : h("div", { class: "field" }, h("label", { for: "player-name" }, "Your name"), nameInput),
    seatList,
  ];
  if (you.host) parts.push(hostPanel(room, game));
  else parts.push(h("p", { class: "hint" }, "The host picks the game and starts when everyone is seated."),
    optionSummary(room, game));
  // Keep what the person is typing: redraw the lobby without losing the name field's focus.
  const focused = document.activeElement && document.activeElement.id;
  const typed = $("#player-name") ? $("#player-name").value : null;
  fill(el.lobby, parts);
  if (typed !== null && $("#player-name")) $("#player-name").value = typed;
  if (focused && document.getElementById(focused)) document.getElementById(focused).focus();
}

function seatRow(room, you, seat, i, nameInput) {
  const label = seat.name ? seat.name : "empty";
  const bits = [h("span", { class: "seat-no" }, `Seat ${i + 1}`), h("span", { class: "seat-name" }, label)];
  if (seat.you) bits.push(h("span", { class: "tag" }, "you"));
  if (seat.bot) bits.push(h("span", { class: "tag" }, "bot"));
  if (seat.human && !seat.connected) bits.push(h("span", { class: "tag dim" }, "offline"));
  const actions = [];
  if (!tableOnly && (seat.name === null || seat.you)) {
    actions.push(h("button", { type: "button", id: `sit-${i}`, onclick: () => {
      const name = nameInput.value.trim();
      localStorage.setItem("parlour:name", name);
      send({ type: "sit", seat: i, name });
    } }, seat.you ? "Rename" : "Sit here"));
  }
  if (seat.you) actions.push(h("button", { type: "button", onclick: () => send({ type: "stand" }) }, "Leave seat"));
  if (you.host) {
    if (!seat.human) {
      const pick = h("select", { "aria-label": `Bot for seat ${i + 1}`, id: `bot-kind-${i}` },
        room.bots.map((b) => h("option", { value: b, selected: b === (seat.bot || room.default_bot) }, b)));
      actions.push(pick, h("button", { type: "button", id: `bot-${i}`, onclick: () => send({ type: "add_bot", seat: i, bot: pick.value }) },
        seat.bot ? "Change bot" : "Add bot"));
    }
    if (seat.name !== null && !seat.you) actions.push(h("button", { type: "button", onclick: () => send({ type: "clear_seat", seat: i }) }, "Empty seat"));
    if (room.seats.length > room.min_players) actions.push(h("button", { type: "button", "aria-label": `Remove seat ${i + 1}`, onclick: () => send({ type: "remove_seat", seat: i }) }, "Remove seat"));
  }
  return h("li", { class: seat.you ? "seat you" : "seat" }, h("div", { class: "seat-who" }, bits), h("div", { class: "row small" }, actions));
}

function optionSummary(room, game) {
  const opts = Object.entries(room.options);
  return h("p", { class: "small" }, `Game: ${room.title}. `,
    opts.length ? `Options: ${opts.map(([k, v]) => `${humanize(k)} ${show(v)}`).join(", ")}. ` : "",
    room.timer ? `Decision timer: ${room.timer} s.` : "No decision timer.");
}

function hostPanel(room, game) {
  const gameSelect = h("select", { id: "game-select" }, games.map((g) => h("option", { value: g.id, selected: g.id === room.game }, g.title)));
  gameSelect.addEventListener("change", () => send({ type: "configure", game: gameSelect.value, options: {} }));
  const fields = [];
  const inputs = {};
  for (const opt of (game ? game.options : [])) {
    if (opt.type === "list") continue;  // stacked decks and the like: for the command line and the lab
    const id = `opt-${opt.name}`;
    const current = opt.name in room.options ? room.options[opt.name] : opt.default;
    let input;
    if (opt.choices) {
      input = h("select", { id }, opt.default === null ? h("option", { value: "", selected: current === null }, "default") : null,
        opt.choices.map((c) => h("option", { value: JSON.stringify(c), selected: c === current }, show(c))));
    } else if (opt.type === "bool") {
      input = h("input", { id, type: "checkbox", checked: Boolean(current) });
    } else if (opt.type === "int") {
      input = h("input", { id, type: "number", inputMode: "numeric", min: opt.minimum ?? "", max: opt.maximum ?? "", value: current ?? "", placeholder: "default" });
    } else {
      input = h("input", { id, type: "text", value: current ?? "", placeholder: "default", maxLength: 60 });
    }
    inputs[opt.name] = [opt, input];
    fields.push(h("div", { class: "field" }, h("label", { for: id, title: opt.doc || "" }, humanize(opt.name)), input,
      opt.doc ? h("span", { class: "hint" }, opt.doc) : null));
  }
  const timer = h("input", { id: "timer", type: "number", min: 0, max: 600, value: room.timer, inputMode: "numeric" });
  function collect() {
    const options = {};
    for (const [name, [opt, input]] of Object.entries(inputs)) {
      let value;
      if (opt.choices) value = input.value === "" ? null : JSON.parse(input.value);
      else if (opt.type === "bool") value = input.checked;
      else if (opt.type === "int") value = input.value === "" ? null : Number(input.value);
      else value = input.value === "" ? null : input.value;
      if (value !== null && value !== opt.default) options[name] = value;
    }
    return { type: "configure", game: room.game, options, timer: Number(timer.value || 0) };
  }
  const form = h("form", { class: "host", "aria-label": "Host settings" },
    h("h3", {}, "Host"),
    h("div", { class: "field" }, h("label", { for: "game-select" }, "Game"), gameSelect),
    fields,
    h("div", { class: "field" }, h("label", { for: "timer" }, "Decision timer (seconds, 0 = off)"), timer),
    h("div", { class: "row" },
      h("button", { type: "submit", id: "save-settings" }, "Save settings"),
      room.seats.length < room.max_players ? h("button", { type: "button", id: "add-seat", onclick: () => send({ type: "add_seat" }) }, "Add a seat") : null,
      h("button", { type: "button", class: "primary", id: "start", onclick: async () => {
        const saved = await send(collect());
        if (saved.type === "ok") await send({ type: "start" });
      } }, "Start the game")));
  form.addEventListener("submit", (event) => { event.preventDefault(); send(collect()); });
  return form;
}

async function drawPlay(room, you, play) {
  const r = await rendererFor(room.game);
  const ctx = { names: names(room), you: play.seat, toAct: play.to_act, room };
  // Reveals are events: say what just became visible.
  if (lastView && play.version !== renderedVersion) {
    const texts = reveals(lastView, play.view).map((change) => r.revealText(change, ctx)).filter(Boolean);
    texts.slice(0, 4).forEach(announce);
  }
  lastView = play.view;
  drawBanner(room, you, play, ctx);
  fill(el.table, safely(() => r.table(play.view, ctx), () => tree(play.view, ctx)));
  fill(el.hand, play.seat !== null ? safely(() => r.hand(play.view, ctx), () => null) : null);
  el.hand.hidden = !el.hand.firstChild;
  // Rebuild the controls only when what this seat may do changes: others moving
  // meanwhile must not wipe a ranking or text the person is half-way through.
  if (play.version !== renderedVersion) {
    // The game moved on: whatever became of our last request, the controls are live again.
    busy = false;
    el.controls.removeAttribute("aria-busy");
  }
  const legalKey = JSON.stringify(play.legal);
  if (legalKey !== renderedLegal) {
    renderedLegal = legalKey;
    drawControls(r, play, ctx);
  }
  renderedVersion = play.version;
  document.body.dataset.version = String(play.version);
  document.body.dataset.turn = play.legal ? "yes" : "no";
  drawResult(r, room, play, ctx);
}

/** A game's own renderer, or the generic one if it fails on this view (the game stays playable). */
function safely(render, fallback) {
  try {
    return render();
  } catch (error) {
    console.error(error);
    return fallback();
  }
}

function drawBanner(room, you, play, ctx) {
  clearInterval(countdown);
  const waiting = play.to_act.map((s) => ctx.names[s]);
  const parts = [];
  if (play.over) parts.push(h("strong", {}, "Game over"));
  else if (play.legal) parts.push(h("strong", { class: "your-turn" }, "Your move"));
  else parts.push(`Waiting for ${waiting.join(", ") || "…"}`);
  if (play.seat !== null) parts.push(h("span", { class: "tag" }, `You are ${ctx.names[play.seat]}`));
  if (play.deadline !== null && play.deadline !== undefined) {
    const clock = h("span", { class: "clock", role: "timer", "aria-live": "off" });
    const end = Date.now() + play.deadline * 1000;
    const tick = () => { clock.textContent = `${Math.max(0, Math.ceil((end - Date.now()) / 1000))} s left`; };
    tick();
    countdown = setInterval(tick, 500);
    parts.push(clock);
  }
  const mine = play.seat !== null ? room.seats[play.seat] : null;
  if (mine && mine.away && !play.over) {
    parts.push(h("div", { class: "away" }, "A bot is playing for you. ",
      h("button", { type: "button", id: "back", onclick: () => send({ type: "back" }) }, "I'm back")));
  }
  fill(el.banner, parts);
}

function drawControls(r, play, ctx) {
  showError("");
  busy = false;  // new controls: the game moved on, whatever became of the last request
  el.controls.removeAttribute("aria-busy");
  el.controls.dataset.kind = play.legal ? (play.legal.choices ? "choices" : (play.legal.spec || {}).kind || "raw") : "";
  if (!play.legal) { fill(el.controls); return; }
  const submit = async (action) => {
    if (busy) return;
    busy = true;
    showError("");
    el.controls.setAttribute("aria-busy", "true");
    document.body.dataset.pending = "1";
    try {
      await send({ type: "act", action });
      await drawing;  // the snapshot that came before the reply is on screen
    } finally {
      busy = false;
      el.controls.removeAttribute("aria-busy");
      document.body.dataset.pending = "0";  // for tests and scripts: the move is settled
    }
  };
  const own = r.controls ? r.controls(play.legal, submit, play.view, ctx) : null;
  fill(el.controls, own || buildControls(play.legal, submit, { label: r.label, item: r.item }));
  const first = el.controls.querySelector("button, input, textarea, select");
  if (first && !el.controls.contains(document.activeElement)) first.focus({ preventScroll: true });
}

function drawResult(r, room, play, ctx) {
  if (!play.over || !play.result) { el.result.hidden = true; fill(el.result); return; }
  const res = play.result;
  const winners = res.winners.map((s) => ctx.names[s]);
  el.result.hidden = false;
  fill(el.result,
    h("h2", {}, winners.length === 1 ? `${winners[0]} wins!` : `Winners: ${winners.join(", ") || "nobody"}`),
    h("table", { class: "scores", id: "final-scores" },
      h("caption", {}, "Final scores"),
      h("tbody", {}, res.scores.map((score, s) => h("tr", { class: res.winners.includes(s) ? "win" : "" },
        h("th", { scope: "row" }, ctx.names[s]), h("td", { "data-seat": s }, show(score)))))),
    h("details", { open: true }, h("summary", {}, "Breakdown"), r.details(res.details, ctx)),
    h("p", {}, h("a", { href: `/r/${room.code}/replay` }, "Step through the replay"), " · ", h("a", { href: "/" }, "New game")));
}

function announce(text) {
  const item = h("div", { class: "event" }, text);
  el.events.append(item);
  setTimeout(() => item.remove(), 6000);
}
