// The room page: the lobby, then the game, live over the websocket. On a phone (or any
// screen with a seat) it is your hand: the decision first. With ?table=1 it is the shared
// table for a TV across the room: the seats, large type, the moment, the join code.
import { h, fill, $, show } from "./dom.js";
import { Live } from "./net.js";
import { buildControls } from "./controls.js";
import { rendererFor, reveals, tree } from "./render.js";
import { drawLobby } from "./lobby.js";
import { colour, paintNames, presenceText, seatClass, seatName, seatStrip } from "./seats.js";
import { Moment, Notice, floatReactions, momentOf, newSince, newest, ticker } from "./moment.js";
import { hostPanel, nextGame, quickFixes } from "./host.js";
import { alertsOn, chime, setAlerts, unlockOnFirstTap } from "./alert.js";
import { fitTables } from "./fit.js";
import { listing } from "./games/common.js";

const code = decodeURIComponent(location.pathname.split("/")[2] || "").toUpperCase();
const params = new URLSearchParams(location.search);
const tableOnly = params.get("table") === "1";
if (tableOnly) document.documentElement.classList.add("tv");

const el = {
  status: $("#conn"), code: $("#room-code"), title: $("#game-title"), lobby: $("#lobby"), play: $("#play"),
  banner: $("#banner"), seats: $("#seats"), table: $("#table"), hand: $("#hand"), controls: $("#controls"),
  instruction: $("#instruction"), sent: $("#sent"), error: $("#error"), result: $("#result"),
  log: $("#log-list"), share: $("#share"), ticker: $("#ticker"), react: $("#react"), host: $("#host-play"),
  alerts: $("#alerts"), floats: $("#floats"), rules: $("#how-to-play"),
};
const notice = new Notice($("#notice"));
const moment = new Moment($("#moment"));

let games = [];
let last = null;          // the last "room" message
let lastView = null;      // to find reveals
let renderedVersion = -1; // moments are told once per change
let renderedLegal = null; // the legal actions the controls were built for
let seenLog = null;       // the newest log line drawn (null: none yet, tell nothing old)
let seenReactions = null;
let hadTurn = false;      // to chime once when it becomes your turn
let sent = null;          // what this seat sent last, until its next decision
let busy = false;
let drawing = Promise.resolve();
let countdown = null;
const hostState = { confirmEnd: false, open: !matchMedia("(max-width: 40rem)").matches, redraw: () => redraw() };

document.title = `Parlour · ${code}`;
el.code.textContent = code;
unlockOnFirstTap();
drawAlerts();
el.alerts.addEventListener("click", () => { setAlerts(!alertsOn(tableOnly)); drawAlerts(); });

fetch("/api/games").then((r) => r.json()).then((list) => {
  games = list;
  if (last) redraw();
});

const live = new Live(code, {
  tableOnly,
  onStatus(state) {
    const text = { connecting: "Connecting…", online: "Connected", offline: "Connection lost: reconnecting…", gone: "No such room" }[state];
    el.status.textContent = text;
    el.status.dataset.state = state;
    if (state === "online" && document.visibilityState === "hidden") live.send({ type: "here", visible: false });
    if (state === "gone") fill(el.lobby, h("p", { class: "error" }, `There is no room ${code}.`), h("a", { href: "/" }, "Back to the start"));
  },
  onMessage(msg) {
    if (msg.type === "room") {
      // Draw in order, and only the newest snapshot: an older one must never paint over it.
      last = msg;
      redraw();
    } else if (msg.type === "error" && msg.id === undefined) showError(msg.message);
  },
});

function redraw() {
  const msg = last;
  drawing = drawing.then(() => (msg === last ? draw(msg) : null)).catch((e) => console.error(e));
}

document.addEventListener("visibilitychange", () => {
  const visible = document.visibilityState === "visible";
  // Coming back to the app: reconnect now rather than after the back-off.
  if (visible && live.ws.readyState > 1) live.open();
  else if (!tableOnly) live.send({ type: "here", visible });
});

function drawAlerts() {
  const on = alertsOn(tableOnly);
  el.alerts.textContent = on ? "🔔 Sound on" : "🔕 Sound off";
  el.alerts.setAttribute("aria-pressed", String(on));
  el.alerts.title = "A sound and a buzz when it becomes your turn (tap to switch)";
}

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
  document.body.dataset.paused = room.paused ? "yes" : "no";
  el.title.textContent = room.title;
  drawRulesLink(room);
  drawShare(room);
  drawLog(room);
  if (room.status === "lobby") {
    el.play.hidden = true;
    el.lobby.hidden = false;
    drawLobby(el.lobby, room, you, { games, tableOnly, send });
    seenLog = newest(room.log);
    return;
  }
  el.lobby.hidden = true;
  el.play.hidden = false;
  if (play) await drawPlay(room, you, play);
  else if (room.problem) fill(el.banner, h("p", { class: "error" }, room.problem));
}

/** "How to play" in the header, for the game being set up or played. */
function drawRulesLink(room) {
  const game = games.find((g) => g.id === room.game);
  const href = game && game.how_to_play;
  el.rules.hidden = !href;
  if (href) {
    el.rules.href = href;
    el.rules.setAttribute("aria-label", `How to play ${room.title} (opens a new tab)`);
  }
}

function drawShare(room) {
  const link = `${location.origin}/r/${room.code}`;
  const qr = room.status === "lobby" || tableOnly;
  fill(el.share,
    h("p", { class: "share-code" }, tableOnly && room.status !== "lobby" ? "Join or watch: " : "Room code ", h("strong", { class: "big-code" }, room.code)),
    qr ? h("img", { src: `/api/rooms/${room.code}/qr.svg`, alt: `QR code to join room ${room.code}`, class: "qr", width: 160, height: 160 }) : null,
    h("p", { class: "small share-link" }, h("a", { href: link }, link)),
    h("p", { class: "small" }, tableOnly ? h("a", { href: `/r/${room.code}` }, "Show my seat")
      : h("a", { href: `/r/${room.code}?table=1`, target: "_blank" }, "Open the table view (for a shared screen)")));
}

function drawLog(room) {
  const seatNames = names(room);
  fill(el.log, room.log.slice().reverse().map((line) =>
    h("li", { class: `kind-${line.kind}${seatClass(line.seat)}` }, paintNames(line.text, seatNames))));
  if (tableOnly) ticker(el.ticker, room.log, seatNames);
}

async function drawPlay(room, you, play) {
  const r = await rendererFor(room.game);
  const seatNames = names(room);
  const ctx = {
    names: seatNames, you: play.seat, toAct: play.to_act, room, table: tableOnly,
    colour, seatClass, seatName: (s) => seatName(seatNames, s, { you: play.seat }),
  };
  const changed = play.version !== renderedVersion;
  const loaded = seenLog === null;  // the first drawing since the page opened: no news yet
  tellWhatHappened(r, room, play, ctx, changed);
  lastView = play.view;
  drawBanner(room, you, play, ctx);
  drawSeats(r, room, play, ctx);
  runClocks(room.paused);
  drawInstruction(r, room, play, ctx);
  fill(el.table, safely(() => r.table(play.view, ctx), () => tree(play.view, ctx)));
  fill(el.hand, play.seat !== null ? safely(() => r.hand(play.view, ctx), () => null) : null);
  el.hand.hidden = !el.hand.firstChild;
  // Rebuild the controls only when what this seat may do changes: others moving
  // meanwhile must not wipe a ranking or text the person is half-way through.
  if (changed) {
    // The game moved on: whatever became of our last request, the controls are live again.
    busy = false;
    el.controls.removeAttribute("aria-busy");
  }
  const legalKey = JSON.stringify(room.paused || room.status !== "playing" ? null : play.legal);
  if (legalKey !== renderedLegal) {
    renderedLegal = legalKey;
    drawControls(r, room, play, ctx);
  }
  if (play.legal) sent = null;
  drawSent(play);
  renderedVersion = play.version;
  document.body.dataset.version = String(play.version);
  document.body.dataset.turn = play.legal && !room.paused ? "yes" : "no";
  drawResult(r, room, you, play, ctx);
  drawReactions(room, play);
  fill(el.host, you.host ? hostPanel(room, play, send, hostState) : null);
  fitTables(el.play, seatNames);
  const myTurn = Boolean(play.legal) && !room.paused;
  if (myTurn && !hadTurn && !loaded) chime(tableOnly);
  hadTurn = myTurn;
}

/** New log lines and reveals: the moment on the shared table, one notice on a phone. */
function tellWhatHappened(r, room, play, ctx, changed) {
  const fresh = newSince(room.log, seenLog);
  const first = seenLog === null;
  seenLog = newest(room.log);
  if (first) {
    notice.settle(room.log[room.log.length - 1], ctx.names);
    return;
  }
  let texts = [];
  if (changed && lastView) {
    texts = reveals(lastView, play.view).map((change) => safely(() => r.revealText(change, ctx), () => null)).filter(Boolean);
  }
  const found = changed || fresh.length ? momentOf(r, changed ? lastView : null, play.view, fresh, ctx, texts) : null;
  const notes = fresh.filter((line) => line.kind === "note");
  if (found && tableOnly) moment.show(found.content, found.seat, found.long);
  else if (found) notice.show(found.content, found.seat);
  if (found && tableOnly) chime(tableOnly);  // the table has no turn: it may sound its moments
  if (notes.length && (!found || tableOnly)) notice.show(paintNames(notes[notes.length - 1].text, ctx.names));
  notice.settle(room.log[room.log.length - 1], ctx.names);
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
  const parts = [];
  const waiting = play.to_act.map((s) => [ctx.seatName(s),
    room.seats[s] && room.seats[s].human && !room.seats[s].stand_in && room.seats[s].presence !== "online"
      ? h("span", { class: "presence-note" }, ` (${presenceText(room.seats[s])})`) : null]);
  if (room.status === "ended") parts.push(h("strong", {}, "The host ended the game"));
  else if (play.over) parts.push(h("strong", {}, "Game over"));
  else if (room.paused) parts.push(h("strong", { class: "paused" }, "⏸ Paused by the host"));
  else if (play.legal) parts.push(h("strong", { class: "your-turn" }, "Your move"));
  else parts.push(h("span", { class: "waiting" }, "Waiting for ", waiting.length ? listing(waiting) : "…"));
  if (play.seat !== null) parts.push(h("span", { class: `tag you-tag${seatClass(play.seat)}` }, `You are ${ctx.names[play.seat]}`));
  else if (!tableOnly) parts.push(h("span", { class: "tag watching", id: "watching" }, "You are watching"));
  if (play.deadline !== null && play.deadline !== undefined && !room.paused) {
    parts.push(h("span", { class: "clock", role: "timer", "aria-live": "off", "data-left": play.deadline }));
  }
  const mine = play.seat !== null ? room.seats[play.seat] : null;
  if (mine && mine.stand_in && room.status === "playing") {
    parts.push(h("div", { class: "away" }, "A bot is playing for you. ",
      h("button", { type: "button", id: "back", onclick: () => send({ type: "back" }) }, "I'm back")));
  }
  if (you.host && !tableOnly) parts.push(...quickFixes(room, play, send));
  fill(el.banner, parts);
}

/** Every clock on the page (yours in the status line, each seat's in the strip) counts down. */
function runClocks(paused) {
  clearInterval(countdown);
  const start = Date.now();
  const tick = () => {
    for (const clock of document.querySelectorAll("[data-left]")) {
      const left = Math.max(0, Math.ceil(Number(clock.dataset.left) - (paused ? 0 : (Date.now() - start) / 1000)));
      clock.textContent = clock.classList.contains("clock") ? `${left} s left` : `${left} s`;
    }
  };
  tick();
  if (!paused) countdown = setInterval(tick, 500);
}

function drawSeats(r, room, play, ctx) {
  const hook = (name) => (r[name] ? (s) => safely(() => r[name](play.view, s, ctx), () => null) : null);
  fill(el.seats, seatStrip(room, play, ctx, hook("score"), hook("note")));
}

/** The one instruction: the game's words for this seat now, or plain generic ones. */
function drawInstruction(r, room, play, ctx) {
  const legal = play.over || room.paused || room.status !== "playing" ? null : play.legal;
  const said = r.instruction ? safely(() => r.instruction(play.view, legal, ctx), () => null) : null;
  const text = said || (legal ? genericInstruction(legal) : null);
  fill(el.instruction, text);
  el.instruction.hidden = !text;
}

function genericInstruction(legal) {
  if (legal.choices) return legal.choices.length === 1 ? "Tap to go on" : "Choose one";
  const spec = legal.spec || {};
  return spec.label || { text: "Type your answer", texts: "Fill in every line", ranking: "Put them in order, first = top",
    arrangement: "Order the cards and choose one option on each" }[spec.kind] || "Your move";
}

function drawControls(r, room, play, ctx) {
  showError("");
  busy = false;  // new controls: the game moved on, whatever became of the last request
  el.controls.removeAttribute("aria-busy");
  const legal = room.paused || room.status !== "playing" ? null : play.legal;
  el.controls.dataset.kind = legal ? (legal.choices ? "choices" : (legal.spec || {}).kind || "raw") : "";
  if (!legal) { fill(el.controls); return; }
  const submit = async (action) => {
    if (busy) return;
    busy = true;
    showError("");
    el.controls.setAttribute("aria-busy", "true");
    document.body.dataset.pending = "1";
    fill(el.sent, "Sending…");
    el.sent.hidden = false;
    try {
      const reply = await send({ type: "act", action });
      if (reply.type === "ok") sent = { label: legal.choices ? safely(() => r.label(action, play.view), () => "your move") : "your answer" };
      await drawing;  // the snapshot that came before the reply is on screen
      drawSent(last.play);
    } finally {
      busy = false;
      el.controls.removeAttribute("aria-busy");
      document.body.dataset.pending = "0";  // for tests and scripts: the move is settled
    }
  };
  const own = r.controls ? safely(() => r.controls(legal, submit, play.view, ctx), () => null) : null;
  fill(el.controls, own || buildControls(legal, submit, { label: r.label, item: r.item }));
  const first = el.controls.querySelector("button, input, textarea, select");
  if (first && !el.controls.contains(document.activeElement) && !tableOnly) first.focus({ preventScroll: true });
}

/** "Sent ✓" once the server has the move, until this seat's next decision. */
function drawSent(play) {
  const show = sent && play && !play.legal && !play.over;
  el.sent.hidden = !show;
  fill(el.sent, show ? [h("span", { class: "tick" }, "✓ Sent"), `: ${sent.label}`] : null);
}

function drawResult(r, room, you, play, ctx) {
  const ended = room.status === "ended";
  if (!ended && (!play.over || !play.result)) { el.result.hidden = true; fill(el.result); return; }
  el.result.hidden = false;
  const again = nextGame(room, you, send);
  const tally = room.game_number > 1 || room.seats.some((s) => s.wins)
    ? h("p", { class: "tally", id: "tally" }, `Games won in this room (before this one): `,
      listing(room.seats.map((seat, s) => [ctx.seatName(s), ` ${seat.wins}`]))) : null;
  if (ended) {
    fill(el.result, h("h2", {}, "The host ended this game"), h("p", {}, "Nobody wins a game that was ended."), tally, again);
    return;
  }
  const res = play.result;
  const winners = res.winners.map((s) => ctx.names[s]);
  fill(el.result,
    h("h2", {}, winners.length === 1 ? `${winners[0]} wins!`
      : winners.length ? `A tie: ${listing(winners).join("")} share the victory` : "Nobody wins"),
    again,
    h("table", { class: "scores", id: "final-scores" },
      h("caption", {}, (r.scoreCaption && safely(() => r.scoreCaption(res, ctx), () => null)) || "Final scores"),
      h("tbody", {}, res.scores.map((score, s) => h("tr", { class: res.winners.includes(s) ? "win" : "" },
        h("th", { scope: "row" }, ctx.seatName(s)), h("td", { "data-seat": s }, show(score)))))),
    tally,
    h("details", { open: true }, h("summary", {}, "Breakdown"), safely(() => r.details(res.details, ctx), () => tree(res.details, ctx))),
    h("p", {}, h("a", { href: `/r/${room.code}/replay` }, "Step through the replay"), " · ", h("a", { href: "/" }, "New room")));
}

/** Emoji buttons for a seat; every new reaction floats up from its sender's seat. */
function drawReactions(room, play) {
  const canReact = !tableOnly && play.seat !== null && room.status !== "lobby";
  el.react.hidden = !canReact;
  if (canReact && !el.react.firstChild) {
    fill(el.react, room.emoji.map((emoji) => h("button", { type: "button", class: "emoji", "aria-label": `React ${emoji}`,
      onclick: async () => {
        const reply = await live.send({ type: "react", emoji });
        if (reply.type === "error") notice.show(reply.message);
      } }, emoji)));
  }
  const fresh = newSince(room.reactions, seenReactions);
  seenReactions = newest(room.reactions);
  floatReactions(el.floats, el.seats, fresh, names(room));
}
