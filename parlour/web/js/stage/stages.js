// Each game's stage on the TV, declared in one place: game id -> its module, whose default
// export is a factory `(words) => stage`. A game without one gets the generic stage (its
// view as readable structure), so a new game shows on the TV before it has a stage.
//
// A stage's hooks (each optional; `ctx` as in tv.js: names, seatName, seatClass, room,
// toAct, before = the view drawn before this one):
//   about                      one sentence on the game, for the lobby
//   setup(options)             the options chosen, in words ("Best of three matches")
//   headline(view, ctx)        the one big line for the room (say(main, more))
//   table(view, ctx)           the table itself, fitted to its box (never scrolls)
//   score(view, s, ctx)        a seat's running score ("♥ 2"); note(view, s, ctx) a word more
//   moment(before, after, ctx) the reveal a move made: {kind: "short"|"long", picture} or null
//   counts(result)             what the final scores count ("hearts won")
//   finale(result, view, ctx)  the breakdown under the final scores
import { h } from "../dom.js";
import { tree } from "../render.js";

export const STAGES = {
  "love-me-not": () => import("./love-me-not.js"),
  "my-favourite-things": () => import("./my-favourite-things.js"),
  "my-story": () => import("./my-story.js"),
  "take-your-pick": () => import("./take-your-pick.js"),
  "whats-it-to-ya": () => import("./whats-it-to-ya.js"),
};

const GENERIC = {
  table(view, ctx) {
    return h("div", { class: "generic-stage" }, tree(view, ctx));
  },
};

/** The stage of a game, made with its words; a registered stage that fails to load rejects. */
export async function stageFor(gameId, words) {
  const load = STAGES[gameId];
  if (!load) return { ...GENERIC };
  try {
    const mod = await load();
    return { ...GENERIC, ...mod.default(words) };
  } catch (error) {
    console.error(error);  // the details, for whoever looks into it; the TV says it in words
    throw new Error("The table for this game did not load: reload this page to try again.", { cause: error });
  }
}

/** The one big line and, smaller under it, why it matters. */
export function say(main, more = null) {
  return h("span", { class: "say" }, h("span", { class: "say-main" }, main), more ? h("span", { class: "say-more" }, more) : null);
}
