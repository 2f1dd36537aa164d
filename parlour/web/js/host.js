// The host's controls during play: a bot for someone who has gone (and the seat given
// back), pause and resume, end the game; and once it is over, play again with the same seats.
import { h } from "./dom.js";
import { presenceText, seatName } from "./seats.js";

/** Whether a person's seat needs the host: they have gone while the game waits for them. */
export function needsHelp(seat, s, play) {
  return seat.human && !seat.stand_in && seat.presence !== "online"
    && play.to_act.includes(s) && !play.over;
}

/** The host's quick fix, next to "waiting for": one button per person who has gone. */
export function quickFixes(room, play, send) {
  if (room.status !== "playing" || room.paused) return [];
  const names = room.seats.map((seat) => seat.name);
  return room.seats.map((seat, s) => (needsHelp(seat, s, play)
    ? h("button", { type: "button", class: "quick-fix", id: `quick-stand-in-${s}`, onclick: () => send({ type: "stand_in", seat: s }) },
      `Let a bot play for ${names[s]}`)
    : null)).filter(Boolean);
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
    return h("li", {}, seatName(names, s), h("span", { class: "hint" }, ` · ${presenceText(seat)}`), h("div", { class: "row small" }, button));
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

/** After the game: the host may play again with the same seats; everyone else is told. */
export function nextGame(room, you, send) {
  if (room.status !== "over" && room.status !== "ended") return null;
  if (you.host) {
    return h("div", { class: "row next-game" },
      h("button", { type: "button", id: "again", class: "primary", onclick: () => send({ type: "again" }) },
        "Play again (same seats, new deal)"));
  }
  return h("p", { class: "hint next-game" }, "The host can start another game with the same seats.");
}
