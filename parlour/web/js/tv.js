// The TV: the shared table for a screen across the room (/r/CODE/tv, or /r/CODE?table=1).
// It never scrolls: the lobby shows how to join, large; during play the game's stage fills
// the screen, each reveal gets its moment in turn, with sound; the end is the finale.
import { h, fill, $ } from "./dom.js";
import { Live } from "./net.js";
import { colour, playerNames, seatClass, seatName } from "./seats.js";
import { floatReactions, newSince, newest } from "./moment.js";
import { RoomState } from "./room-state.js";
import { wordsOf } from "./render.js";
import { stageFor } from "./stage/stages.js";
import { MomentQueue, Views } from "./stage/moments.js";
import { Sound } from "./stage/sound.js";
import { drawPause, drawWelcome } from "./stage/welcome.js";
import { drawFinale } from "./stage/finale.js";
import { drawHeadline, drawSeats, drawTable, drawTicker, runClocks } from "./stage/screen.js";
import { tell } from "./stage/tell.js";

const code = decodeURIComponent(location.pathname.split("/")[2] || "").toUpperCase();

const el = {
  status: $("#conn"), title: $("#game-title"), join: $("#join"), lobby: $("#lobby"), play: $("#play"),
  instruction: $("#instruction"), banner: $("#banner"), table: $("#table"), seats: $("#seats"), ticker: $("#ticker"),
  moment: $("#moment"), result: $("#result"), pause: $("#pause"), floats: $("#floats"),
};

/** What the TV remembers: the room page's state, and the views, moments and finale of the game. */
class TvState extends RoomState {
  constructor() {
    super(code);
    this.views = new Views();      // the spectator view after each move, by version
    this.momentSeen = null;        // the server's newest moment queued ("n/move")
    this.finalePushed = false;     // the game's end is queued (or shown)
    this.finale = false;           // the finale has the screen
    this.toActKey = null;          // whose turn it was, to sound a turn passing
    this.stage = null;             // { key, promise }: the stage of the game set up or played
    this.game = null;              // the number of the game whose moments are remembered
    this.told = false;             // a snapshot has been told (the first one tells nothing old)
    this.finaleKey = null;         // the finale drawn (a game, its end): drawn once
  }

  /** The room's game's stage, made once with the words of its content. */
  stageFor(room) {
    const key = `${room.game}#${room.game_number}#${JSON.stringify(room.options || {})}`;
    if (!this.stage || this.stage.key !== key) {
      this.stage = { key, promise: wordsOf(code).then((words) => stageFor(room.game, words)) };
    }
    return this.stage.promise;
  }

  /** A new game in the room: nothing of the last one is told or kept. */
  forget(game) {
    this.game = game;
    this.views.clear();
    this.finalePushed = false;
    this.finale = false;
    this.lastView = null;
    this.version = -1;
    this.toActKey = null;
  }
}

const state = new TvState();
const sound = new Sound($("#alerts"), $("#tap-for-sound"));
const tv = {
  state, stage: null, stageGame: null,
  queue: new MomentQueue(el.moment, {
    onShow: (item) => sound.play(item.kind === "long" ? "long" : "reveal"),
    onFinale: () => { tv.showFinale(); if (state.last && state.last.play && (state.last.play.result || {}).winners) sound.play("win"); },
  }),
  showFinale() {
    if (state.finale) return;
    state.finale = true;
    redraw();
  },
};

document.title = `Parlour · ${code} · the table`;

new Live(code, {
  tableOnly: true,
  onStatus(status) {
    el.status.textContent = { connecting: "Connecting…", online: "Connected", offline: "Connection lost: reconnecting…", gone: "No such room" }[status];
    el.status.dataset.state = status;
    if (status === "gone") fill(el.instruction, `There is no room ${code}.`);
  },
  onMessage(msg) {
    if (msg.type !== "room") return;
    record(msg);       // every snapshot is told (its view kept, its moment queued)...
    state.last = msg;  // ...but only the newest is drawn
    redraw();
  },
});

/** The seats' names and colours, for the stage's hooks (`before`: the view drawn last). */
function contextOf(room, play) {
  const names = playerNames(room);
  return { names, you: null, table: true, toAct: play.to_act, room, colour, seatClass, before: state.lastView,
    seatName: (s) => seatName(names, s) };
}

/** Tell a snapshot as it comes: a new game forgets the last, each move's view is kept. */
function record({ room, play }) {
  const loaded = !state.told;
  state.told = true;
  if (room.status === "lobby" || !play) {
    if (state.game !== null) { tv.queue.reset(); state.forget(null); }
    return;
  }
  if (state.game !== room.game_number || play.version < state.version) {
    tv.queue.reset();
    state.forget(room.game_number);
  }
  tv.queue.hold(tv.stageGame !== room.game);  // until the game's stage is there to draw them
  tell(tv, room, play, contextOf(room, play), loaded);
}

function redraw() {
  const msg = state.last;
  state.drawing = state.drawing.then(() => (msg === state.last ? draw(msg) : null)).catch((e) => console.error(e));
}

async function draw(msg) {
  const { room, play } = msg;
  Object.assign(document.body.dataset, { status: room.status, game: room.game, paused: room.paused ? "yes" : "no" });
  el.title.textContent = room.title;
  let stage = null;
  try {
    stage = await state.stageFor(room);
  } catch (error) {
    // Nothing is drawn with another stage instead: the fault shows, here and in the console.
    show({ game: true });
    fill(el.instruction, h("span", { class: "error", role: "alert", id: "stage-error" }, error.message));
    fill(el.table);
    return;
  }
  if (room.status === "lobby" || !play) {
    drawLobby(room, stage);
    return;
  }
  tv.stage = stage;
  tv.stageGame = room.game;
  tv.queue.hold(false);
  drawGame(room, play, stage);
}

function drawLobby(room, stage) {
  document.body.dataset.stage = "lobby";
  fill(el.join);
  show({ lobby: true });
  drawWelcome(el.lobby, room, stage);
  if (room.problem) el.lobby.prepend(h("p", { class: "error" }, room.problem));
}

/** Which of the screens is up: the lobby, the game, the finale. */
function show({ lobby = false, game = false, finale = false }) {
  el.lobby.hidden = !lobby;
  el.play.hidden = !game;
  el.result.hidden = !finale;
}

function drawGame(room, play, stage) {
  const ctx = contextOf(room, play);
  drawTurn(room, play, tv.queue.since > performance.now() - 1000);
  fill(el.join, "Join or watch: ", h("strong", {}, room.code));
  drawHeadline(el, stage, room, play, ctx);
  drawSeats(el.seats, stage, room, play, ctx);
  drawTable(el.table, stage, play, ctx);
  drawTicker(el.ticker, room, ctx.names);
  runClocks(state, room.paused);
  drawReactions(room);
  el.pause.hidden = !(room.paused && room.status === "playing");
  if (!el.pause.hidden) drawPause(el.pause, room);
  document.body.dataset.stage = state.finale ? "finale" : "play";
  show({ game: !state.finale, finale: state.finale });
  const finaleKey = state.finale ? `${room.game_number}/${room.status}/${room.seats.map((s) => s.name).join("/")}` : null;
  if (finaleKey && finaleKey !== state.finaleKey) drawFinale(el.result, room, play, stage, ctx);  // once: the confetti falls once
  state.finaleKey = finaleKey;
  state.lastView = play.view;
  document.body.dataset.version = String(play.version);
}

/** A turn passing sounds (unless a moment sounded just now, or the game is not running). */
function drawTurn(room, play, quiet) {
  const key = JSON.stringify(play.to_act);
  const passed = state.toActKey !== null && key !== state.toActKey;
  state.toActKey = key;
  if (passed && !quiet && play.to_act.length && !play.over && !room.paused) sound.play("turn");
}

/** Every new reaction floats up: a player's from their place in the players' column, a watcher's from the foot of the screen. */
function drawReactions(room) {
  const fresh = newSince(room.reactions, state.seenReactions);
  state.seenReactions = newest(room.reactions);
  floatReactions(el.floats, el.seats, fresh, playerNames(room));
  for (const reaction of fresh.filter((r) => r.seat === null || r.seat === undefined)) {
    const who = reaction.watcher || "a watcher";
    const bubble = h("span", { class: "float-emoji watcher", role: "img", "aria-label": `${who} reacts ${reaction.emoji}` },
      reaction.emoji, h("span", { class: "float-who" }, who));
    bubble.style.left = `${Math.round(15 + Math.random() * 50)}%`;  // the CSS object model: allowed by the page's policy
    el.floats.append(bubble);
    setTimeout(() => bubble.remove(), 2600);
  }
}
