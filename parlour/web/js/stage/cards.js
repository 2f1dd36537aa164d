// Cards on the TV: playing cards (rank and suit), backs for hidden ones, piles as stacks,
// and word cards; any card may turn over as it appears (CSS, still under reduced motion).
import { h } from "../dom.js";
import { icon } from "../icons.js";

/**
 * Marks `el` to turn over as it appears, the `i`-th of a row (each a beat after the one
 * before). The CSS object model sets the delay: the page's policy allows no style attribute.
 */
export function turning(el, i = 0) {
  el.classList.add("turn");
  el.style.setProperty("--i", String(i));
  return el;
}

/** A playing card face up ("5H", "JD"), named for screen readers with the game's words. */
export function playingCard(code, words, { small = false } = {}) {
  const rank = code.slice(0, -1);
  const suit = code.slice(-1);
  const named = (words.suits || {})[suit] || { name: suit, colour: "black" };
  const rankName = (words.ranks || {})[rank] || rank;
  return h("span", { class: `pcard ${named.colour}${small ? " small" : ""}`, role: "img", "aria-label": `${rankName} of ${named.name}` },
    h("span", { class: "pcard-rank", "aria-hidden": "true" }, rank), icon(suit, { cls: "pcard-corner" }), icon(suit, { cls: "pcard-pip" }));
}

/** A card face down. */
export function cardBack({ small = false, label = "a face-down card" } = {}) {
  return h("span", { class: `pcard back${small ? " small" : ""}`, role: "img", "aria-label": label }, icon("heart", { cls: "back-mark" }));
}

/** A pile as a stack of backs (at most five drawn), with its count beside it. */
export function stack(n, { label = "cards", small = true } = {}) {
  const shown = Math.min(n, 5);
  const cards = [];
  for (let i = 0; i < shown; i += 1) cards.push(h("span", { class: `pcard back stacked${small ? " small" : ""}` }));
  return h("span", { class: "stack", role: "img", "aria-label": `${n} ${label}` },
    h("span", { class: "stack-cards" }, cards.length ? cards : h("span", { class: "pcard empty-slot small" })),
    h("span", { class: "stack-n", "aria-hidden": "true" }, String(n)));
}

/** Words this long are set smaller on a narrow card rather than broken in two ("Wisteri-a"). */
const LONG_WORD = 9;

/** A card carrying words (a word to rank, a phrase to pick, a favourite in its sleeve). */
export function wordCard(text, { cls = "", label = null, extra = null } = {}) {
  const long = typeof text === "string" && text.split(/\s+/).some((word) => word.length >= LONG_WORD);
  return h("span", { class: `wcard${cls ? ` ${cls}` : ""}${long ? " long-word" : ""}`, "aria-label": label },
    h("span", { class: "wcard-text" }, text), extra);
}
