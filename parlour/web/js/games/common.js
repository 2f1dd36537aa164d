// Pieces that several game renderers share.
import { h } from "../dom.js";

/** A table with one column per seat: rows = [[label, [value per seat]], ...]. */
export function seatTable(caption, names, rows, { winners = [] } = {}) {
  return h("table", { class: "scores" },
    h("caption", {}, caption),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, ""), names.map((n, s) =>
      h("th", { scope: "col", class: winners.includes(s) ? "win" : "" }, n)))),
    h("tbody", {}, rows.map(([label, values]) => h("tr", {}, h("th", { scope: "row" }, label),
      values.map((v) => h("td", {}, v === null || v === undefined ? "—" : String(v)))))));
}

/** A count with its noun: counted(1, "card") is "1 card", counted(3, "card") "3 cards". */
export function counted(n, word) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

export function status(text) {
  return h("p", { class: "game-status" }, text);
}

/**
 * One instruction: the big line (what to do), and under it, smaller, why or how it scores.
 * Either part may mix text and elements (a name in its seat's colour).
 */
export function say(main, more = null) {
  return h("span", { class: "say" }, h("span", { class: "say-main" }, main),
    more ? h("span", { class: "say-more" }, more) : null);
}

/** Items joined as a sentence: ["Ann", "Bob", "Cy"] -> "Ann, Bob and Cy" (elements kept). */
export function listing(items) {
  return items.flatMap((item, i) => [i === 0 ? "" : i === items.length - 1 ? " and " : ", ", item]);
}
