// My Story's pieces on the TV, drawn from the card set's words: resources as icons with
// counts, track cards (colours, name, what taking them costs, what they play for, VP), and
// the age track with every player's token.
import { h } from "../dom.js";
import { ORDER, RESOURCE_ICON, counted, icon } from "../icons.js";

const COLOUR_CLASS = { yellow: "yellow", blue: "blue", green: "green", red: "red" };

/** The pieces, given the words of the card set played. */
export function myStoryPieces(words) {
  function named(key, n) {
    const r = words.resources[key];
    return r ? `${n} ${n === 1 ? r.name : r.plural}` : `${n} ${key}`;
  }

  /**
   * {"years": 2, "money": 1} as icons with counts, in the rulebook's order; `none` if empty.
   * A track card's line keeps whole however many kinds it holds (`beside`: how many more
   * things share the line, such as the VP): four or more are drawn closer, and on a line
   * of five or more a single one is its icon alone.
   */
  function amounts(map, none = null, beside = 0) {
    const entries = Object.entries(map || {}).filter(([, n]) => n)
      .sort(([a], [b]) => ORDER.indexOf(a) - ORDER.indexOf(b));
    const crowded = entries.length >= 5;
    const parts = entries.map(([k, n]) => {
      const name = RESOURCE_ICON[k] || "star";
      const label = named(k, n);
      return crowded && n === 1 ? h("span", { class: "count", title: label }, icon(name, { label })) : counted(name, n, label);
    });
    return parts.length ? h("span", { class: parts.length + beside > 3 ? "amounts many" : "amounts" }, parts) : none;
  }

  function card(id) {
    return typeof id === "string" ? words.cards[id] || null : null;
  }

  function nameOf(id) {
    const c = card(id) || words.reunions[id] || words.achievements[id];
    return c && c.name ? c.name : String(id);
  }

  /** A card on a track: its colours, name, VP, the cost to take it, what it plays for. */
  function trackCard(id, cost, { big = false } = {}) {
    const c = card(id);
    if (!c) return h("div", { class: "ms-card empty" });
    const bands = (c.colours || []).map((colour) => h("span", { class: `band ${COLOUR_CLASS[colour] || "none"}` }));
    const kind = (words.kinds || {})[c.kind] || c.kind;
    return h("div", { class: `ms-card${big ? " big" : ""}`, "aria-label": `${kind}: ${c.name}` },
      h("span", { class: "ms-bands", "aria-hidden": "true" }, bands.length ? bands : h("span", { class: "band none" })),
      h("span", { class: "ms-name" }, c.name),
      cost ? h("span", { class: "ms-cost" }, amounts(cost, h("span", { class: "ms-free" }, "free"))) : null,
      // The VP sits beside what the card plays, so a long name keeps the card's whole width.
      h("span", { class: "ms-play" }, amounts(c.play, null, c.vp ? 1 : 0),
        c.vp ? h("span", { class: "ms-vp" }, counted("vp", c.vp, `${c.vp} VP`)) : null),
      Object.values(c.bonus || {}).some(Boolean)
        ? h("span", { class: "ms-bonus", title: "CV Bonus" }, "CV ", amounts(c.bonus)) : null,
      big && (c.ability || []).length ? h("span", { class: "ms-ability" }, c.ability.join("; ")) : null);
  }

  /** The age track: 20 to the last space, retirement marked, a token per player at their age. */
  function ageTrack(view, ctx) {
    const { track_start: first, retire, last } = view.ages;
    const span = last - first;
    const at = (age) => `${((Math.min(Math.max(age, first), last) - first) / span) * 100}%`;
    const order = view.marker_order || view.seats.map((_, s) => s);
    const stacked = new Map();
    const tokens = order.map((s) => {
      const seat = view.seats[s];
      const height = stacked.get(seat.age) || 0;
      stacked.set(seat.age, height + 1);
      const token = h("span", { class: `ms-token${ctx.seatClass(s)}${view.turn && view.turn.seat === s ? " now" : ""}${seat.retired ? " retired" : ""}`,
        "aria-label": `${ctx.names[s]}, age ${seat.age}${seat.retired ? ", retired" : ""}` }, initials(ctx.names, s));
      token.style.setProperty("--x", at(seat.age));
      token.style.setProperty("--h", String(height));
      return token;
    });
    const ticks = [];
    for (let age = first; age <= last; age += 5) ticks.push(age);
    if (!ticks.includes(retire)) ticks.push(retire);
    const mark = h("span", { class: "ms-retire" });
    mark.style.setProperty("--x", at(retire));
    return h("div", { class: "ms-ages", role: "img", "aria-label": "The age track" },
      h("div", { class: "ms-rail" }, mark, tokens),
      h("div", { class: "ms-ticks" }, ticks.map((age) => {
        const tick = h("span", { class: `ms-tick${age === retire ? " retire" : ""}` }, age === retire ? `${age} retire` : String(age));
        tick.style.setProperty("--x", at(age));
        return tick;
      })));
  }

  return { amounts, card, nameOf, trackCard, ageTrack };
}

/** A player's token letters: the first letter of their name, two where two players share it. */
export function initials(names, s) {
  const name = names[s] || `${s + 1}`;
  const first = name.trim().charAt(0).toUpperCase();
  const shared = names.some((other, o) => o !== s && other && other.trim().charAt(0).toUpperCase() === first);
  const digits = name.match(/\d+/);
  return shared ? `${first}${digits ? digits[0] : name.trim().charAt(1)}` : first;
}
