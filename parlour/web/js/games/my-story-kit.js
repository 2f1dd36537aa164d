// My Story's pieces in a player's words and icons, for the card set played: names, what a
// card costs and gives, a payment the server priced. Used by the renderer and its act step.
import { h } from "../dom.js";
import { ORDER, hasIcon, icon } from "./icons.js";

/** {"book": 2, "money": 1} -> "2 Books, 1 Money", named as the card set's words name them. */
export function amountsIn(words, map, none = "free") {
  const named = (k, n) => {
    const r = words.resources[k];
    return r ? (n === 1 ? r.name : r.plural) : k;
  };
  const keys = Object.keys(map || {}).sort((a, b) => rank(a) - rank(b));
  const parts = keys.filter((k) => map[k]).map((k) => `${map[k]} ${named(k, map[k])}`);
  return parts.length ? parts.join(", ") : none;
}

function rank(key) {
  const i = ORDER.indexOf(key);
  return i < 0 ? ORDER.length : i;
}

/** A payment the server priced ({"money": 1, "star": 1, "years": 2}) in words, with the
 * resources' names from `words`: "1 Money, 1 Star + 2 years". */
export function priceText(pays, words) {
  const { years = 0, ...rest } = pays || {};
  const said = amountsIn(words, rest, "");
  const time = years ? `${years} year${years === 1 ? "" : "s"}` : "";
  return [said, time].filter(Boolean).join(" + ") || "free";
}

/** The helpers of one card set's words. */
export function kit(words) {
  /** A card's words ("salary-a@1", "L23"), or null. */
  function card(id) {
    return typeof id === "string" ? words.cards[id] || null : null;
  }

  /** The name of a card, a Reunion or an Achievement (its id if unknown). */
  function cardName(id) {
    const named = card(id) || words.reunions[id] || words.achievements[id];
    return named && named.name ? named.name : String(id);
  }

  function kindOf(id) {
    const c = card(id);
    return c ? (words.kinds || {})[c.kind] || c.kind : "";
  }

  function chip(id) {
    return h("span", { class: "sleeve" }, cardName(id));
  }

  function amounts(map, none = "free") {
    return amountsIn(words, map, none);
  }

  /**
   * An icon map as icons with their counts ("⌛2 ●1"), said in words to screen readers
   * (`said`, default the amounts in words); `none` when it holds nothing. `named` writes
   * each resource's name beside its icon (where the icons are first met).
   */
  function icons(map, { none = "nothing", said = null, named = false } = {}) {
    const keys = Object.keys(map || {}).filter((k) => map[k]).sort((a, b) => rank(a) - rank(b));
    if (!keys.length) return h("span", { class: "icons none", role: "img", "aria-label": none }, none);  // said as the others are
    const label = said || amounts(map);
    const name = (k) => (named ? h("span", { class: "amt-name" }, amountsIn(words, { [k]: map[k] }).replace(/^\d+ /, "")) : null);
    return h("span", { class: `icons${named ? " named" : ""}`, role: "img", "aria-label": label, title: label },
      keys.map((k) => h("span", { class: `amt amt-${k}` }, hasIcon(k) ? icon(k) : `${k} `, String(map[k]), name(k))));
  }

  /** What the server priced as icons, said as the rules pay it ("1 Money, 1 Star + 2 years"). */
  function price(pays) {
    return icons(pays, { none: "free", said: priceText(pays, words) });
  }

  /** The colours of a card as small bars (its colour names said in words). */
  function colours(id) {
    const list = (card(id) || {}).colours || [];
    if (!list.length) return null;
    return h("span", { class: "card-colours", role: "img", "aria-label": `colour: ${list.join(" and ")}`, title: list.join(", ") },
      list.map((c) => h("span", { class: `colour colour-${c}` })));
  }

  function vp(n) {
    return n ? h("span", { class: "vp", role: "img", "aria-label": `${n} VP`, title: `${n} VP` }, icon("vp"), String(n)) : null;
  }

  /** What a card gives, as short lines: played, CV Bonus, ability. */
  function gives(id, { ability = true } = {}) {
    const c = card(id);
    if (!c) return [];
    const lines = [];
    if (Object.values(c.play || {}).some(Boolean)) lines.push(h("span", { class: "gives" }, "Plays for ", icons(c.play)));
    if (Object.values(c.bonus || {}).some(Boolean)) lines.push(h("span", { class: "gives" }, "CV Bonus ", icons(c.bonus)));
    if (ability && (c.ability || []).length) lines.push(h("span", { class: "gives ability" }, c.ability.join("; ")));
    return lines;
  }

  /** What a card gives, on one line: "Plays ⌂2 · CV Bonus ⌂1" (its ability left for its details). */
  function givesLine(id) {
    const c = card(id) || {};
    const parts = [];
    if (Object.values(c.play || {}).some(Boolean)) parts.push(["Plays ", icons(c.play)]);
    if (Object.values(c.bonus || {}).some(Boolean)) parts.push(["CV Bonus ", icons(c.bonus)]);
    if ((c.ability || []).length) parts.push("ability");
    return parts.length ? h("span", { class: "card-line gives" }, parts.flatMap((part, i) => (i ? [" · ", part] : [part]))) : null;
  }

  /** A card's name with its kind, colours and VP: the title line of a card. */
  function title(id) {
    return h("span", { class: "card-title" }, h("span", { class: "choice-text" }, cardName(id)),
      h("span", { class: "kind" }, ` ${kindOf(id)}`), colours(id), vp((card(id) || {}).vp));
  }

  return { words, card, cardName, kindOf, chip, amounts, icons, price, colours, vp, gives, givesLine, title };
}
