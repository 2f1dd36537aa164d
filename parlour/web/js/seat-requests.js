// Asking the host for a seat, and the host's answers: a watcher or a late joiner gives a
// name; between games the host gives them an empty seat or a bot's, or says no
// (docs/protocol.md, "The audience and the next game").
import { h } from "./dom.js";

/** For someone without a seat: ask to play, or a word that the host has been asked. */
export function askToPlay(room, you, send) {
  if (you.seat !== null || you.table_only) return null;
  if (you.asked !== null && you.asked !== undefined) {
    return h("p", { class: "hint asked", id: "asked", role: "status" },
      "You asked to play: the host can give you a seat before the next game.");
  }
  const input = h("input", { id: "ask-name", type: "text", autocomplete: "nickname",
    maxLength: room.max_name_length || 24, value: localStorage.getItem("parlour:name") || "",
    placeholder: "Your name" });
  const ask = (event) => {
    event.preventDefault();
    const name = input.value.trim();
    localStorage.setItem("parlour:name", name);
    send({ type: "ask_seat", name });
  };
  return h("form", { class: "ask-seat", id: "ask-seat", onsubmit: ask },
    h("label", { for: "ask-name" }, "Want to play? Your name"), input,
    h("button", { type: "submit", id: "ask-send" }, "Ask the host for a seat"));
}

/** For the host: who asks to play, each with the seats they may take (empty or a bot's). */
export function answerRequests(room, send) {
  if (!room.requests || !room.requests.length) return null;
  const between = room.status !== "playing";
  const free = room.seats.map((seat, i) => [seat, i]).filter(([seat]) => !seat.human);
  return h("div", { class: "requests", id: "requests", role: "group", "aria-label": "Asking to play" },
    h("h3", {}, "Asking to play"),
    h("ul", {}, room.requests.map((asked) => h("li", {},
      h("span", { class: "request-name" }, asked.name), " ",
      between && free.length ? seatChoice(asked, free, send)
        : h("span", { class: "hint" }, between ? "No free seat: add one, or empty a bot's."
          : "You can give a seat once this game is over."),
      h("button", { type: "button", id: `refuse-seat-${asked.n}`,
        onclick: () => send({ type: "refuse_seat", request: asked.n }) }, "Not now")))));
}

function seatChoice(asked, free, send) {
  const pick = h("select", { id: `request-seat-${asked.n}`, "aria-label": `Seat for ${asked.name}` },
    free.map(([seat, i]) => h("option", { value: i }, `Seat ${i + 1}: ${seat.label || "empty"}`)));
  return [pick, h("button", { type: "button", class: "primary", id: `give-seat-${asked.n}`,
    onclick: () => send({ type: "give_seat", request: asked.n, seat: Number(pick.value) }) },
  "Give this seat")];
}
