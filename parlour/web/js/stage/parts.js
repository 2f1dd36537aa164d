// Pieces several stages share: a table of numbers per player, a seat's name plate, counts.
import { h } from "../dom.js";

/** "1 point", "3 points". */
export function counted(n, word, plural = `${word}s`) {
  return `${n} ${n === 1 ? word : plural}`;
}

/**
 * A grid of numbers, one row per player in seat order (so it fits however many play, and
 * lines up with the final scores beside it): `heads` names the columns, `values(s)` gives
 * seat s's row, `wins(col)` the seats to mark in a column.
 */
export function byPlayer(caption, ctx, heads, values, wins = () => []) {
  return h("table", { class: "grid by-player" },
    caption ? h("caption", {}, caption) : null,
    h("thead", {}, h("tr", {}, heads.map((head) => h("th", { scope: "col" }, head)))),
    h("tbody", {}, ctx.names.map((name, s) => h("tr", { "aria-label": name },
      values(s).map((v, col) => cell(v, wins(col).includes(s)))))));
}

/** A number in a grid: a value, or {text, cls} for one with a mark of its own. */
function cell(value, win) {
  const { text, cls = "" } = value !== null && typeof value === "object" ? value : { text: value };
  return h("td", { class: `${win ? "win" : ""} ${cls}`.trim() || null }, text === null || text === undefined ? "" : String(text));
}

/** A player's name in their colour, large: the label of their row on the table. */
export function plate(ctx, s, ...more) {
  return h("div", { class: `plate${ctx.seatClass(s)}${ctx.toAct.includes(s) ? " to-act" : ""}` },
    h("span", { class: "plate-name" }, ctx.names[s]), more);
}

/** Lays `el` out in `n` columns (its CSS reads --n: one per player, however many). */
export function columns(el, n) {
  el.style.setProperty("--n", String(n));
  return el;
}
