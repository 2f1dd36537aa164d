// The TV during play: the one big line for the room, whose turn it is, the game's table,
// the players with their running scores down the side, and the newest line of what happened.
import { h, fill } from "../dom.js";
import { paintNames, presenceText, seatClass, seatStrip } from "../seats.js";
import { listing } from "../games/common.js";
import { say } from "./stages.js";

/** A stage hook that fails shows nothing rather than stopping the TV (and says so in the console). */
export function safely(draw, fallback = null) {
  try {
    return draw();
  } catch (error) {
    console.error(error);
    return fallback;
  }
}

/** The big line: the stage's headline, else whose turn it is. */
export function drawHeadline(el, stage, room, play, ctx) {
  const said = stage.headline && !play.over ? safely(() => stage.headline(play.view, ctx)) : null;
  fill(el.instruction, said || (play.over ? say("Game over") : say(waitingFor(room, play, ctx))));
  fill(el.banner, banner(room, play, ctx));
}

/** "Waiting for Ann and Bob (offline)": the seats to act, with who has gone. */
function waitingFor(room, play, ctx) {
  const seats = play.to_act.map((s) => [ctx.seatName(s), gone(room.seats[s])
    ? h("span", { class: "presence-note" }, ` (${presenceText(room.seats[s])})`) : null]);
  return seats.length ? ["Waiting for ", listing(seats)] : "…";
}

function gone(seat) {
  return seat && seat.human && !seat.stand_in && seat.presence !== "online";
}

function banner(room, play, ctx) {
  if (room.status === "ended") return h("strong", {}, "The host ended the game");
  if (play.over) return h("strong", {}, "Game over");
  if (room.paused) return h("strong", { class: "paused" }, "⏸ Paused by the host");
  // The players' column shows whose turn it is; the line speaks up when someone has gone.
  return play.to_act.some((s) => gone(room.seats[s])) ? h("span", { class: "waiting" }, waitingFor(room, play, ctx)) : null;
}

/** The players down the side: colour, name, presence, whose turn, score, note, clock. */
export function drawSeats(el, stage, room, play, ctx) {
  const hook = (name) => (stage[name] ? (s) => safely(() => stage[name](play.view, s, ctx)) : null);
  fill(el, seatStrip(room, play, ctx, hook("score"), hook("note")));
  el.classList.toggle("many", room.seats.length > 6);
}

/** The newest line of the log, the players' names in their colours. */
export function drawTicker(el, room, names) {
  const line = room.log[room.log.length - 1];
  fill(el, line ? h("li", { class: `kind-${line.kind}${seatClass(line.seat)}` }, paintNames(line.text, names)) : null);
}

/** The game's table, or the stage's fault in words (the TV keeps running). */
export function drawTable(el, stage, play, ctx) {
  fill(el, safely(() => stage.table(play.view, ctx), h("p", { class: "error" }, "This part of the table could not be drawn.")));
}

/** Every clock on the screen counts down from what the server said. */
export function runClocks(state, paused) {
  clearInterval(state.countdown);
  const start = Date.now();
  const tick = () => {
    for (const clock of document.querySelectorAll("[data-left]")) {
      const left = Math.max(0, Math.ceil(Number(clock.dataset.left) - (paused ? 0 : (Date.now() - start) / 1000)));
      clock.textContent = `${left} s`;
    }
  };
  tick();
  if (!paused) state.countdown = setInterval(tick, 500);
}
