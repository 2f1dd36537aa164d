// Which moments a snapshot brings to the TV's queue. Every snapshot is told here as it
// comes, even one the screen never draws (only the newest is drawn): its view is kept and
// its moment queued. With a server that publishes moments (`room.moment`: its kind, beat
// and move), each new one is queued, drawn by the stage from the views around its own
// move; without, the stage's own `moment(before, after)` decides for each move seen. The
// game's end is queued as the finale, after its last reveal.
import { h } from "../dom.js";
import { paintNames } from "../seats.js";
import { BEAT } from "./moments.js";
import { safely } from "./screen.js";

/** The loaded stage of the room's game (null while it loads, or a stage of another game). */
function stageOf(tv, ctx) {
  return tv.stage && tv.stageGame === ctx.room.game && tv.stage.moment ? tv.stage : null;
}

/** The stage's moment of move `move` (views before and after it): {seat, picture}, or null. */
function momentOf(tv, move, ctx) {
  const before = tv.state.views.at(move - 1);
  const after = tv.state.views.at(move);
  const stage = stageOf(tv, ctx);
  if (!before || !after || before === after || !stage) return null;
  return safely(() => stage.moment(before, after, ctx));
}

function said(text, ctx) {
  return text ? h("p", { class: "moment-said" }, paintNames(text, ctx.names)) : null;
}

/** Queue what the server's current moment is, if it is new (at load: only one still up). */
function fromServer(tv, room, play, ctx, loaded) {
  const m = room.moment;
  const { state } = tv;
  const key = m ? `${m.n}/${m.move}` : null;
  if (!m) return;
  if (key === state.momentSeen) {
    if (m.left === 0) tv.queue.cut(key);  // the host said "Next": it may go once up 3 s
    return;
  }
  state.momentSeen = key;  // (numbers may start again: a new server process)
  if (loaded && !(m.left > 0)) return;
  if (m.kind === "finale") {
    finale(tv, BEAT.finale, () => (momentOf(tv, m.move, ctx) || {}).picture);
    return;
  }
  // Its time left when it came up (the server counts its beat from then), else its beat.
  const beat = typeof m.left === "number" && m.left > 0 ? m.left : m.beat || 0;
  const item = { key, kind: m.kind, beat, seat: m.seat };
  item.draw = () => {
    const found = momentOf(tv, m.move, ctx);
    if (!found) return said(m.text, ctx);
    // Framed in the colour of whom the picture is about (a round's dealer), not of its last move.
    if (found.seat !== undefined) item.seat = found.seat;
    return found.picture;
  };
  tv.queue.push(item);
}

/** Without moments from the server: the stage's reveal of the move just seen. */
function fromMoves(tv, play, ctx) {
  const before = tv.state.views.at(play.version - 1);
  const stage = stageOf(tv, ctx);
  const found = before && stage ? safely(() => stage.moment(before, play.view, ctx)) : null;
  if (play.over) {
    finale(tv, BEAT.finale, () => (found ? found.picture : null));
    return;
  }
  if (found) tv.queue.push({ kind: found.kind || "short", beat: BEAT[found.kind || "short"], seat: found.seat ?? null, draw: () => found.picture });
}

function finale(tv, beat, draw) {
  if (tv.state.finalePushed) return;
  tv.state.finalePushed = true;
  tv.queue.push({ kind: "finale", beat, seat: null, draw });
}

/**
 * Tell what this snapshot brings: keep its view, queue its moments. `loaded`: the first
 * snapshot since the page opened (nothing old is told, a finished game goes to its finale).
 */
export function tell(tv, room, play, ctx, loaded) {
  const { state } = tv;
  const moved = play.version !== state.version;
  state.views.keep(play.version, play.view);
  state.version = play.version;
  if (loaded && (play.over || room.status === "ended")) {
    state.finalePushed = true;
    tv.queue.close();
    tv.showFinale();
    return;
  }
  if (room.status === "ended") {
    tv.queue.close();
    tv.showFinale();
    return;
  }
  if ("moment" in room) {
    fromServer(tv, room, play, ctx, loaded);
    if (play.over && !room.moments_waiting && !loaded) finale(tv, BEAT.finale, () => null);
  } else if (moved && !loaded) {
    fromMoves(tv, play, ctx);
  }
}
