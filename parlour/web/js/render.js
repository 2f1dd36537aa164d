// Rendering of game views: a generic renderer that shows any view as readable
// structure, and per-game renderers, registered below, for a nicer table.
import { h, show, humanize } from "./dom.js";
import { genericLabel } from "./controls.js";

const SKIP = new Set(["game", "seat"]);

/**
 * Each game's renderer, declared in one place: game id -> its module, whose default export
 * is a factory `(words) => renderer` (the game's words for the content played). A game
 * without an entry is drawn by the generic renderer, so a new game is playable before it
 * has screens of its own.
 */
export const RENDERERS = {
  "love-me-not": () => import("./games/love-me-not.js"),
  "my-favourite-things": () => import("./games/my-favourite-things.js"),
  "my-story": () => import("./games/my-story.js"),
  "take-your-pick": () => import("./games/take-your-pick.js"),
  "whats-it-to-ya": () => import("./games/whats-it-to-ya.js"),
};

/**
 * The renderer of a game, made with its words: its own, or the generic one for a game
 * without an entry. A registered renderer that fails to load (or to be made) rejects: the
 * page shows that error rather than quietly drawing something else.
 */
export async function rendererFor(gameId, words) {
  const load = RENDERERS[gameId];
  if (!load) return { ...GENERIC };
  try {
    const mod = await load();
    return { ...GENERIC, ...mod.default(words) };
  } catch (error) {
    throw new Error(`The screens of this game did not load (${gameId}: ${error.message}).`, { cause: error });
  }
}

/**
 * The words of a room's game, for the content it plays (one request, one error policy: a
 * failure rejects, and the page shows it).
 */
export async function wordsOf(code) {
  const reply = await fetch(`/api/rooms/${encodeURIComponent(code)}/words`);
  if (!reply.ok) throw new Error(`The game's words did not load (${reply.status}).`);
  return reply.json();
}

/** Any value as nested, readable elements; names label per-seat lists. */
export function tree(value, ctx, key = "") {
  if (value === null || value === undefined) return h("span", { class: "hidden-value" }, "hidden");
  if (Array.isArray(value)) {
    if (value.every((v) => v === null || typeof v !== "object")) {
      return value.length ? h("span", { class: "list" }, value.map(show).join(", "))
        : h("span", { class: "empty" }, "none");
    }
    const perSeat = ctx && ctx.names && value.length === ctx.names.length && /seat|player|hand|score/i.test(key);
    return h("ol", { class: "tree" }, value.map((v, i) => h("li", {},
      perSeat ? h("span", { class: "k" }, ctx.names[i]) : null, tree(v, ctx, key))));
  }
  if (typeof value === "object") {
    const rows = Object.entries(value).filter(([k]) => !SKIP.has(k));
    return h("dl", { class: "tree" }, rows.map(([k, v]) => [
      h("dt", {}, humanize(k)), h("dd", {}, tree(v, ctx, k))]));
  }
  return h("span", {}, show(value));
}

/**
 * Places where something hidden became visible: the generic way to show reveals.
 * Hidden means null in this seat's view. What only this seat sees (its hand, say) is
 * never hidden from it, and what is new (a card just dealt, a new section) was not
 * there before, so neither counts: no key needs a special case.
 */
export function reveals(before, after, path = []) {
  if (before === undefined) return [];
  const out = [];
  if ((before === null) && after !== null && after !== undefined) {
    out.push({ path, value: after });
  } else if (Array.isArray(after) && Array.isArray(before)) {
    after.forEach((v, i) => out.push(...reveals(before[i], v, [...path, i])));
  } else if (after && typeof after === "object" && before && typeof before === "object") {
    for (const k of Object.keys(after)) out.push(...reveals(before[k], after[k], [...path, k]));
  }
  return out;
}

const GENERIC = {
  /** The table: the whole view, as structure. */
  table(view, ctx) {
    return h("div", { class: "generic-view" }, tree(view, ctx));
  },
  /** A private area of its own (the generic table already shows all the seat may see). */
  hand() {
    return null;
  },
  label(action) {
    return genericLabel(action);
  },
  item(x) {
    return show(x);
  },
  revealText(change, ctx) {
    if (typeof change.value === "object") return null;  // a whole new section, not a reveal
    const where = change.path.map((p) => (typeof p === "number" ? `#${p + 1}` : humanize(p))).join(" › ");
    return `Revealed ${where}: ${show(change.value)}`;
  },
  /** The result's breakdown (Result.details) under the scores. */
  details(details, ctx) {
    return tree(details, ctx);
  },
};
