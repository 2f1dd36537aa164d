// Who sits where: a colour per seat (the same on every screen), presence, whose turn it
// is, running scores and games won, as one strip of seats.
import { h } from "./dom.js";

export const PALETTE_SIZE = 8;

/** The CSS colour of seat `s` (css/app.css defines --seat-0 ... --seat-7). */
export function colour(s) {
  return `var(--seat-${s % PALETTE_SIZE})`;
}

/**
 * The class that gives an element its seat's colour as `--c` (the page's security policy
 * allows no inline style attributes: colours come by class).
 */
export function seatClass(s) {
  return s === null || s === undefined || s < 0 ? "" : ` c${s % PALETTE_SIZE}`;
}

/** A seat's name in its colour, with a dot for those who do not see colours alike. */
export function seatName(names, s, { you = null } = {}) {
  return h("span", { class: `who${seatClass(s)}`, "data-seat": s },
    h("span", { class: "dot", "aria-hidden": "true" }), names[s] ?? `Player ${s + 1}`,
    s === you ? h("span", { class: "you-mark" }, " (you)") : null);
}

/**
 * The players' names: a bot is called by its name alone ("Robin"), as the log and the
 * moments call it, so names in their text are painted; its seat's label ("Robin · bot,
 * hard") says the rest.
 */
export function playerNames(room) {
  return room.seats.map((seat) => seat.name);
}

/** What a seat's presence reads as: a bot's level, a stand-in bot said plainly. */
export function presenceText(seat) {
  if (seat.stand_in) return "a bot plays for now";
  if (seat.presence === "bot" && seat.level) return `bot, ${seat.level}`;
  return (PRESENCE[seat.presence] || ["", ""])[1];
}

/** Names in running text, each in its seat's colour: longest names first, whole words only. */
export function paintNames(text, names) {
  const order = names.map((name, s) => [name, s]).filter(([name]) => name)
    .sort((a, b) => b[0].length - a[0].length);
  if (!order.length) return [text];
  const escaped = order.map(([name]) => name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  // A quotation (“…” or "…") is what someone typed or a card says: a name in it is
  // their words, not the player, so it is left unpainted.
  const quoted = "“[^”]*”|\"[^\"]*\"";
  const pattern = new RegExp(`${quoted}|(?<![\\p{L}\\p{N}])(${escaped.join("|")})(?![\\p{L}\\p{N}])`, "gu");
  const parts = [];
  let at = 0;
  for (const match of text.matchAll(pattern)) {
    if (match[1] === undefined) continue;
    if (match.index > at) parts.push(text.slice(at, match.index));
    const s = order.find(([name]) => name === match[1])[1];
    parts.push(h("span", { class: `who${seatClass(s)}` }, match[1]));
    at = match.index + match[1].length;
  }
  if (at < text.length) parts.push(text.slice(at));
  return parts;
}

export const PRESENCE = {
  online: ["●", "online"],
  away: ["◐", "away"],
  offline: ["○", "offline"],
  bot: ["⚙", "bot"],
};

/**
 * The strip of seats: each with its colour, name, presence, turn, running score (the
 * game's `score(view, seat, ctx)` hook), a short note (`note(view, seat, ctx)`: a role,
 * "ranked ✓"), clock and games won in this room.
 */
export function seatStrip(room, play, ctx, score, note) {
  const showWins = room.game_number > 1;
  return room.seats.map((seat, s) => {
    const toAct = play ? play.to_act.includes(s) && !play.over && room.status === "playing" : false;
    const [icon] = PRESENCE[seat.stand_in ? "bot" : seat.presence] || [""];
    const clock = play && play.clocks ? play.clocks[s] : null;
    const points = score ? score(s) : null;
    const said = note ? note(s) : null;
    return h("li", {
      class: `seat-chip${toAct ? " to-act" : ""}${seat.you ? " you" : ""} presence-${seat.presence || "empty"}${seat.stand_in ? " stood-in" : ""}${seatClass(s)}`,
      "data-seat": s,
    },
    h("span", { class: "chip-name" }, seat.name || "empty", seat.you ? " (you)" : ""),
    h("span", { class: "chip-presence", title: presenceText(seat) }, h("span", { "aria-hidden": "true" }, icon), ` ${presenceText(seat)}`),
    toAct ? h("span", { class: "chip-turn" }, "to play") : null,
    said ? h("span", { class: "chip-note" }, said) : null,
    points !== null && points !== undefined && points !== "" ? h("span", { class: "chip-score" }, String(points)) : null,
    clock !== null && clock !== undefined ? h("span", { class: "chip-clock", "data-left": clock }, `${Math.ceil(clock)} s`) : null,
    showWins ? h("span", { class: "chip-wins", title: "games won in this room" }, `🏆 ${seat.wins}`) : null);
  });
}
