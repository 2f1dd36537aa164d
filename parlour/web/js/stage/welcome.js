// The TV before the game and in a pause: how to join, large (the QR code and the room's
// code), the game in one sentence, and who is seated.
import { h, fill } from "../dom.js";
import { seatClass } from "../seats.js";

/** Where a phone joins: the address without its scheme, as a person would type it. */
export function joinAddress(code) {
  return `${location.host}/r/${code}`;
}

function qr(code) {
  return h("img", { src: `/api/rooms/${encodeURIComponent(code)}/qr.svg`, alt: `QR code to join room ${code}`, class: "qr" });
}

/** The code and QR, large: scan it, or type the address. */
export function joinPanel(code, lead = "Join on your phone") {
  return h("div", { class: "join-panel" },
    h("p", { class: "join-lead" }, lead),
    qr(code),
    h("p", { class: "join-code", "aria-label": `Room code ${code.split("").join(" ")}` }, code),
    h("p", { class: "join-where" }, "Scan the code, or go to ", h("strong", {}, joinAddress(code))));
}

function seatLine(seat, s) {
  const kind = seat.name === null ? "empty" : seat.bot ? "bot" : "person";
  const what = kind === "empty" ? "a free seat" : kind === "bot" ? `bot, ${seat.level}` : seat.presence === "online" ? "here" : "not here yet";
  return h("li", { class: `welcome-seat ${kind}${seatClass(s)}` },
    h("span", { class: "welcome-name" }, seat.name === null ? `Seat ${s + 1}` : seat.name),
    h("span", { class: "welcome-what" }, what));
}

/** The lobby on the TV. `stage` may be null while the game's stage loads. */
export function drawWelcome(el, room, stage) {
  const free = room.seats.filter((seat) => seat.name === null).length;
  const players = room.min_players === room.max_players ? `${room.min_players} players` : `${room.min_players} to ${room.max_players} players`;
  const setup = stage && stage.setup ? stage.setup(room.options || {}) : null;
  fill(el,
    h("div", { class: "welcome-game" },
      h("h1", { class: "welcome-title" }, room.title),
      stage && stage.about ? h("p", { class: "welcome-about" }, stage.about) : null,
      h("p", { class: "welcome-facts" }, [players, setup].filter(Boolean).join(" · ")),
      h("ol", { class: `welcome-seats${room.seats.length > 6 ? " many" : ""}` }, room.seats.map(seatLine)),
      room.stacked ? h("p", { class: "welcome-note" }, room.stacked) : null,
      h("p", { class: "welcome-wait" }, free ? `${free === 1 ? "One seat is" : `${free} seats are`} free: take one on your phone.`
        : "Everyone is seated: the host starts the game.")),
    joinPanel(room.code));
}

/** A pause: the game waits for the host; a good time to join or to watch. */
export function drawPause(el, room) {
  fill(el, h("div", { class: "pause-words" }, h("h1", {}, "⏸ Paused by the host"), h("p", {}, "The game goes on when the host resumes it.")),
    joinPanel(room.code, "Join or watch"));
}
