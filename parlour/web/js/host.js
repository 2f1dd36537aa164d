// The host's controls during play: "Next" to end a reveal's pause, a bot for someone who
// has gone (and the seat given back), the host's role handed on, pause and resume, end the
// game; and once it is over, play again or another game with the same people, and seats
// for those who asked. They show on whichever browser holds the host's role (you.host).
import { h } from "./dom.js";
import { presenceText, seatName } from "./seats.js";
import { answerRequests, askToPlay } from "./seat-requests.js";

/** Whether a moment holds the table now (its beat has time left). */
export function beatHolds(room) {
  return Boolean(room.moment && room.moment.left);
}

/** Whether a person's seat needs the host: they have gone while the game waits for them. */
export function needsHelp(seat, s, play) {
  return seat.human && !seat.stand_in && seat.presence !== "online"
    && play.to_act.includes(s) && !play.over;
}

/** The host's quick fix, next to "waiting for": one button per person who has gone. */
export function quickFixes(room, play, send) {
  if (room.status !== "playing" || room.paused) return [];
  const names = room.seats.map((seat) => seat.name);
  const next = beatHolds(room)
    ? h("button", { type: "button", class: "quick-fix", id: "next-moment", onclick: () => send({ type: "next" }) }, "Next ▸")
    : null;
  return [next, ...room.seats.map((seat, s) => (needsHelp(seat, s, play)
    ? h("button", { type: "button", class: "quick-fix", id: `quick-stand-in-${s}`, onclick: () => send({ type: "stand_in", seat: s }) },
      `Let a bot play for ${names[s]}`)
    : null))].filter(Boolean);
}

/** The host's panel while the game runs: pause, a bot per person, end (asked twice). */
export function hostPanel(room, play, send, state) {
  const names = room.seats.map((seat) => seat.name);
  const running = room.status === "playing";
  if (!running) return null;
  const people = room.seats.map((seat, s) => {
    if (!seat.human) return null;
    const button = seat.stand_in
      ? h("button", { type: "button", id: `give-back-${s}`, onclick: () => send({ type: "give_back", seat: s }) }, `Give ${names[s]} the seat back`)
      : h("button", { type: "button", id: `stand-in-${s}`, onclick: () => send({ type: "stand_in", seat: s }) }, `Let a bot play for ${names[s]}`);
    const handOn = seat.you ? null
      : h("button", { type: "button", id: `make-host-${s}`, onclick: () => send({ type: "make_host", seat: s }) }, `Make ${names[s]} the host`);
    return h("li", {}, seatName(names, s), h("span", { class: "hint" }, ` · ${presenceText(seat)}`), h("div", { class: "row small" }, button, handOn));
  }).filter(Boolean);
  const ending = state.confirmEnd
    ? h("div", { class: "row confirm", role: "group", "aria-label": "End the game?" },
      h("span", {}, "End the game for everyone?"),
      h("button", { type: "button", id: "end-yes", class: "danger", onclick: () => { state.confirmEnd = false; send({ type: "end" }); } }, "Yes, end it"),
      h("button", { type: "button", id: "end-no", onclick: () => { state.confirmEnd = false; state.redraw(); } }, "No, carry on"))
    : h("button", { type: "button", id: "end", onclick: () => { state.confirmEnd = true; state.redraw(); } }, "End the game");
  return h("details", { class: "host-play", open: state.open, ontoggle: (event) => { state.open = event.target.open; } },
    h("summary", {}, "Host controls"),
    h("div", { class: "row" },
      room.paused
        ? h("button", { type: "button", id: "resume", class: "primary", onclick: () => send({ type: "resume" }) }, "Resume the game")
        : h("button", { type: "button", id: "pause", onclick: () => send({ type: "pause" }) }, "Pause the game"),
      ending),
    people.length ? h("ul", { class: "host-seats" }, people) : null);
}

/**
 * After the game: the host may play again with the same seats, or go back to the lobby to
 * choose another game with the same people, and give seats to those who asked; everyone
 * else is told, and someone watching may ask to play.
 */
export function nextGame(room, you, send) {
  if (room.status !== "over" && room.status !== "ended") return null;
  if (you.host) {
    return h("div", { class: "next-game" },
      h("div", { class: "row" },
        h("button", { type: "button", id: "again", class: "primary", onclick: () => send({ type: "again" }) },
          "Play again (same seats, new deal)"),
        h("button", { type: "button", id: "another", onclick: () => send({ type: "another" }) },
          "Play another game")),
      answerRequests(room, send));
  }
  return h("div", { class: "next-game" },
    h("p", { class: "hint" }, "The host can start another game with the same people."),
    askToPlay(room, you, send));
}
