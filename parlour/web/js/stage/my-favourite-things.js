// My Favourite Things on the TV: who gives whom a category, who writes on whose cards, then
// each trick laid out as sleeves (the favourite written on each) whose ranks turn over at
// the reveal, the winner's heart, hearts won down the side.
import { h } from "../dom.js";
import { turning, wordCard } from "./cards.js";
import { icon } from "../icons.js";
import { byPlayer, columns } from "./parts.js";
import { say } from "./stages.js";
import { listing } from "../games/common.js";

/** The stage, given the game's words (the heart, the Broken Heart, the phases). */
export default function myFavouriteThings(words) {
  const BROKEN = words.broken_heart;

  /** Why a trick went to its winner (the rules say which: won_by), in words. */
  function why(trick) {
    return { broken_heart: `a ${BROKEN.name} beats a 1`, lowest: "the most loved thing wins",
      lowest_first: "a tie goes to the first played" }[trick.won_by] || "";
  }

  /** A sleeve's rank: a number, the Broken Heart, or (still hidden) a question mark. */
  function rank(r, i = null) {
    if (r === null || r === undefined) return h("span", { class: "mft-rank hidden", "aria-label": "rank hidden" }, "?");
    const el = r === 0 ? h("span", { class: "mft-rank broken", "aria-label": BROKEN.name }, icon("broken"))
      : h("span", { class: "mft-rank", "aria-label": `rank ${r}` }, String(r));
    return i === null ? el : turning(el, i);
  }

  /** One played sleeve: whose, what is written on it, its rank. */
  function sleeve(play, ctx, { winner = null, order = null, last = 0 } = {}) {
    const won = winner === play.seat;
    const li = h("li", { class: `mft-play${ctx.seatClass(play.seat)}${won ? " won" : ""}` },
      h("span", { class: "mft-who" }, ctx.names[play.seat]),
      wordCard(play.entry, { cls: "mft-sleeve" }),
      rank(play.rank, order),
      won ? turning(h("span", { class: "mft-heart" }, icon("heart", { label: "wins a heart" })), last) : null);
    if (won) li.style.setProperty("--i", String(last));  // lit once every rank is turned
    return li;
  }

  /** The trick on the table: the sleeves played, a place for each still to come. */
  function trickNow(view, ctx) {
    const trick = view.trick;
    const played = new Set(trick.plays.map((p) => p.seat));
    const waiting = view.seats.map((s) => s.seat).filter((s) => !played.has(s));
    return columns(h("ol", { class: "mft-trick" },
      trick.plays.map((p) => sleeve(p, ctx)),
      waiting.map((s) => h("li", { class: `mft-play waiting${ctx.seatClass(s)}` }, h("span", { class: "mft-who" }, ctx.names[s]),
        h("span", { class: "wcard mft-sleeve empty" }, ctx.toAct.includes(s) ? "choosing…" : "")))), view.players);
  }

  /** Who gives whom a category (and, once given, what it is). */
  function categories(view, ctx, { shown = true } = {}) {
    return h("ul", { class: `mft-cats${view.players > 4 ? " many" : ""}` }, view.seats.map((seat) => h("li", { class: `mft-cat${ctx.seatClass(seat.seat)}` },
      h("span", { class: "mft-cat-who" }, ctx.seatName(seat.seat), " → ", ctx.seatName(seat.writer)),
      shown && seat.category ? wordCard(`“${seat.category}”`, { cls: "mft-cat-card" }) : h("span", { class: "wcard mft-cat-card back" }, seat.done ? "✓ done" : "thinking…"),
      view.phase === "writing" ? h("span", { class: "mft-cat-state" }, seat.done ? `${ctx.names[seat.writer]} has written ✓` : `${ctx.names[seat.writer]} writes…`) : null)));
  }

  /** Each player's category and the six things written on their cards, as read out. */
  function readOut(view, ctx) {
    return columns(h("ul", { class: "mft-sets" }, view.seats.map((seat) => h("li", { class: `mft-set${ctx.seatClass(seat.seat)}` },
      h("span", { class: "mft-who" }, ctx.names[seat.seat]), wordCard(`“${seat.category}”`, { cls: "mft-cat-card" }),
      h("ol", {}, seat.hand.map((entry) => h("li", {}, entry)))))), view.players > 4 ? 3 : view.players);
  }

  /** The tricks won so far this round, one short line each. */
  function wonSoFar(view, ctx) {
    const done = view.tricks.filter((t) => t.round === view.round);
    if (!done.length) return null;
    return h("p", { class: "mft-won" }, "This round: ", done.map((t) => h("span", { class: `mft-won-trick${ctx.seatClass(t.winner)}` },
      `${t.number} `, icon("heart"), ` ${ctx.names[t.winner]}`)));
  }

  return {
    about: "Give a neighbour a category; they secretly rank five favourites on your cards. Play the one they love most to win the trick, and a heart.",
    headline(view, ctx) {
      if (view.phase === "category") {
        return say(`Everyone gives their ${view.direction} neighbour a category`,
          "The neighbour writes five favourites in it, and one thing they dislike, on your cards.");
      }
      if (view.phase === "writing") {
        return say("Everyone writes favourites for a neighbour", `1 = most loved, the ${BROKEN.name} = one they dislike.`);
      }
      if (view.trick) {
        return say(["Trick ", String(view.trick.number), " of ", String(view.tricks_per_round), ": ", ctx.seatName(view.trick.leader), " leads"],
          `Play the card your writer loves most. A ${BROKEN.name} beats a 1.`);
      }
      return null;
    },
    table(view, ctx) {
      const round = h("p", { class: "stage-status" }, `Round ${view.round} of ${view.rounds}`);
      if (view.phase === "play" && view.trick) {
        return h("div", { class: "mft" }, round, trickNow(view, ctx), wonSoFar(view, ctx),
          h("p", { class: "mft-hands" }, `Each player holds ${view.seats[0].hand.length} sleeve${view.seats[0].hand.length === 1 ? "" : "s"}`));
      }
      return h("div", { class: "mft" }, round, categories(view, ctx, { shown: view.phase !== "category" }));
    },
    score(view, s) {
      return `${words.heart} ${view.hearts[s]}`;
    },
    note(view, s) {
      const seat = view.seats[s];
      if (view.phase === "play" && seat.category) return `“${seat.category}”`;
      return (view.phase === "category" || view.phase === "writing") && seat.done ? "done ✓" : null;
    },
    moment(before, after, ctx) {
      if (after.tricks.length > before.tricks.length) {
        const trick = after.tricks[after.tricks.length - 1];
        const last = trick.plays.length;
        const ended = after.history.length > before.history.length ? after.history[after.history.length - 1] : null;
        return { kind: ended ? "long" : "short", seat: trick.winner, picture: [
          h("p", { class: "moment-title" }, `Trick ${trick.number}`),
          columns(h("ol", { class: "mft-trick" }, trick.plays.map((p, i) => sleeve(p, ctx, { winner: trick.winner, order: i, last }))), trick.plays.length),
          turning(h("p", { class: "moment-line" }, ctx.seatName(trick.winner), " wins a heart ", icon("heart"), ` — ${why(trick)}`), last),
          ended ? turning(h("p", { class: "moment-line" }, `Round ${ended.round} is over: `,
            listing(ended.hearts.map((n, s) => [ctx.seatName(s), ` ${n}`])), ` ${words.heart} this round`), last + 1) : null] };
      }
      if (before.phase === "category" && after.phase === "writing") {
        return { kind: "long", seat: null, picture: [h("p", { class: "moment-title" }, "The categories"), categories(after, ctx)] };
      }
      if (before.phase === "writing" && after.phase === "play") {
        return { kind: "short", seat: null, picture: [h("p", { class: "moment-title" }, "The favourites, read out"), readOut(after, ctx)] };
      }
      const played = after.trick && before.trick && after.trick.number === before.trick.number ? after.trick.plays.length - before.trick.plays.length : 0;
      if (played > 0) {
        const play = after.trick.plays[after.trick.plays.length - 1];
        return { kind: "short", seat: play.seat, picture: [h("p", { class: "moment-title" }, ctx.seatName(play.seat), " plays"),
          turning(wordCard(play.entry, { cls: `mft-sleeve big${ctx.seatClass(play.seat)}` }), 0)] };
      }
      return null;
    },
    counts() {
      return "hearts won";
    },
    finale(result, view, ctx) {
      const rounds = result.details.hearts_by_round || [];
      return byPlayer("Hearts won in each round", ctx, rounds.map((_, i) => `Round ${i + 1}`), (s) => rounds.map((r) => r[s]));
    },
  };
}
