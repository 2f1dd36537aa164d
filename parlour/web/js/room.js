// The room page: the lobby, then the game, live over the websocket. On a phone (or any
// screen with a seat) it is your hand: the decision first; the TV across the room has a
// page of its own (tv.js). The game itself is drawn by room-play.js; what the page
// remembers is a RoomState.
import { h, fill, $ } from "./dom.js";
import { Live } from "./net.js";
import { drawLobby } from "./lobby.js";
import { paintNames, playerNames, seatClass } from "./seats.js";
import { Notice, newest } from "./moment.js";
import { alertsOn, setAlerts, unlockOnFirstTap } from "./alert.js";
import { RoomState } from "./room-state.js";
import { drawPlay } from "./room-play.js";

const code = decodeURIComponent(location.pathname.split("/")[2] || "").toUpperCase();

const el = {
  status: $("#conn"), code: $("#room-code"), title: $("#game-title"), lobby: $("#lobby"), play: $("#play"),
  banner: $("#banner"), seats: $("#seats"), table: $("#table"), hand: $("#hand"), controls: $("#controls"),
  instruction: $("#instruction"), sent: $("#sent"), error: $("#error"), result: $("#result"),
  log: $("#log-list"), share: $("#share"), react: $("#react"), host: $("#host-play"),
  alerts: $("#alerts"), floats: $("#floats"), rules: $("#how-to-play"), decide: $("#decide"),
};
const state = new RoomState(code);
state.host.redraw = () => redraw();

document.title = `Parlour · ${code}`;
el.code.textContent = code;
unlockOnFirstTap();
drawAlerts();
el.alerts.addEventListener("click", () => { setAlerts(!alertsOn()); drawAlerts(); });

fetch("/api/games").then((r) => r.json()).then((list) => {
  state.games = list;
  if (state.last) redraw();
});

const live = new Live(code, {
  onStatus(status) {
    const text = { connecting: "Connecting…", online: "Connected", offline: "Connection lost: reconnecting…", gone: "No such room" }[status];
    $("#conn-text").textContent = text;  // in words: the dot beside it is only a reminder
    el.status.dataset.state = status;
    if (status === "online" && document.visibilityState === "hidden") live.send({ type: "here", visible: false });
    if (status === "gone") fill(el.lobby, h("p", { class: "error" }, `There is no room ${code}.`), h("a", { href: "/" }, "Back to the start"));
  },
  onMessage(msg) {
    if (msg.type === "room") {
      // Draw in order, and only the newest snapshot: an older one must never paint over it.
      state.last = msg;
      redraw();
    } else if (msg.type === "error" && msg.id === undefined) showError(msg.message);
  },
});

/** What the parts of the page that draw the game are given. */
const page = { el, state, live, send, showError, redraw, notice: new Notice($("#notice")) };

function redraw() {
  const msg = state.last;
  state.drawing = state.drawing.then(() => (msg === state.last ? draw(msg) : null)).catch((e) => console.error(e));
}

document.addEventListener("visibilitychange", () => {
  const visible = document.visibilityState === "visible";
  // Coming back to the app: reconnect now rather than after the back-off.
  if (visible && live.ws.readyState > 1) live.open();
  else live.send({ type: "here", visible });
});

/** The sound switch: short enough for one line of a phone's header ("🔔 On"). */
function drawAlerts() {
  const on = alertsOn();
  fill(el.alerts, h("span", { "aria-hidden": "true" }, on ? "🔔" : "🔕"), h("span", { class: "alerts-word" }, " Sound"), on ? " on" : " off");
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
    drawLobby(el.lobby, room, you, { games: state.games, send });
    state.seenLog = newest(room.log);
    return;
  }
  el.lobby.hidden = true;
  el.play.hidden = false;
  if (play) await drawPlay(page, room, you, play);
  else if (room.problem) fill(el.banner, h("p", { class: "error" }, room.problem));
}

/** "How to play" in the header, for the game being set up or played. */
function drawRulesLink(room) {
  const game = state.games.find((g) => g.id === room.game);
  const href = game && game.how_to_play;
  el.rules.hidden = !href;
  if (href) {
    el.rules.href = href;
    el.rules.setAttribute("aria-label", `How to play ${room.title} (opens a new tab)`);
  }
}

function drawShare(room) {
  const link = `${location.origin}/r/${room.code}`;
  fill(el.share,
    h("p", { class: "share-code" }, "Room code ", h("strong", { class: "big-code" }, room.code)),
    room.status === "lobby" ? h("img", { src: `/api/rooms/${room.code}/qr.svg`, alt: `QR code to join room ${room.code}`, class: "qr", width: 160, height: 160 }) : null,
    h("p", { class: "small share-link" }, h("a", { href: link }, link)),
    h("p", { class: "small" }, h("a", { href: `/r/${room.code}/tv`, target: "_blank" }, "Open the table view (for a shared screen)")));
}

function drawLog(room) {
  const seatNames = playerNames(room);
  fill(el.log, room.log.slice().reverse().map((line) =>
    h("li", { class: `kind-${line.kind}${seatClass(line.seat)}` }, paintNames(line.text, seatNames))));
}
