// The finale: the winner celebrated, every score with what it counts, the game's own
// breakdown under it. It has the screen to itself: no moment or notice is drawn over it.
import { h, fill } from "../dom.js";
import { seatClass } from "../seats.js";
import { icon } from "../icons.js";
import { listing } from "../games/common.js";
import { safely } from "./screen.js";

const CONFETTI = 36;

/** Paper falling over the winner (none under reduced motion: the CSS hides it). */
function confetti() {
  const bits = [];
  for (let i = 0; i < CONFETTI; i += 1) {
    const bit = h("span", { class: `confetti-bit c${i % 8}` });
    bit.style.setProperty("--x", `${Math.round(Math.random() * 100)}%`);
    bit.style.setProperty("--d", `${(Math.random() * 2.5).toFixed(2)}s`);
    bit.style.setProperty("--r", `${Math.round(Math.random() * 720 - 360)}deg`);
    bits.push(bit);
  }
  return h("div", { class: "confetti", "aria-hidden": "true" }, bits);
}

function headline(result, ctx) {
  const winners = result.winners.map((s) => ctx.names[s]);
  if (winners.length === 1) return `${winners[0]} wins!`;
  if (winners.length) return `A tie: ${listing(winners).join("")} share the victory`;
  return "Nobody wins";
}

/** Every seat's final score, in seat order, the winners marked; a bar shows it at a glance. */
function scores(result, stage, ctx) {
  const counts = stage.counts ? safely(() => stage.counts(result)) : null;
  const top = Math.max(1, ...result.scores.map((x) => Math.abs(x)));
  return h("table", { class: "final-scores", id: "final-scores" },
    h("caption", {}, counts ? `Final scores: ${counts}` : "Final scores"),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Player"), h("th", { "aria-hidden": "true" }), h("th", { scope: "col", class: "final-score" }, "Score"))),
    h("tbody", {}, result.scores.map((score, s) => {
      const bar = h("span", { class: `final-bar${seatClass(s)}` });
      bar.style.setProperty("--w", `${Math.max(2, Math.round((Math.abs(score) / top) * 100))}%`);
      const won = result.winners.includes(s);
      return h("tr", { class: `${won ? "win" : ""}${seatClass(s)}` },
        h("th", { scope: "row", class: "final-name" }, won ? icon("trophy", { label: "winner" }) : null, ctx.names[s]),
        h("th", { class: "final-bar-cell", "aria-hidden": "true" }, bar),
        h("td", { class: "final-score" }, String(score)));
    })));
}

function tally(room, ctx) {
  if (room.game_number <= 1 && !room.seats.some((seat) => seat.wins)) return null;
  return h("p", { class: "tally", id: "tally" }, "Games won in this room before this one: ",
    listing(room.seats.map((seat, s) => [ctx.seatName(s), ` ${seat.wins}`])));
}

function next() {
  return h("p", { class: "finale-next" }, "The host can play again, or choose another game.");
}

/** The finale of a finished game, or the notice of one the host ended. */
export function drawFinale(el, room, play, stage, ctx) {
  if (room.status === "ended" || !play || !play.result) {
    fill(el, h("div", { class: "finale-cheer ended" }, h("h2", {}, "The host ended this game"),
      h("p", {}, "Nobody wins a game that was ended.")), tally(room, ctx), next());
    return;
  }
  const result = play.result;
  const breakdown = stage.finale ? safely(() => stage.finale(result, play.view, ctx)) : null;
  const said = headline(result, ctx);
  el.classList.toggle("many", room.seats.length > 6);
  fill(el,
    result.winners.length ? confetti() : null,
    h("div", { class: "finale-cheer" }, h("h2", { class: said.length > 26 ? "long" : null },
      result.winners.length ? icon("trophy") : null, said, result.winners.length ? icon("trophy") : null)),
    h("div", { class: "finale-body" }, scores(result, stage, ctx), breakdown ? h("div", { class: "finale-breakdown" }, breakdown) : null),
    h("div", { class: "finale-foot" }, tally(room, ctx), next()));
}
