// What's It to Ya? at the table: the five words, who has ranked, and each round's reveal:
// the dealer's order, and where each guesser put each word.
import { h } from "../dom.js";
import { counted, listing, say, seatTable, status } from "./common.js";

/** The renderer, given the game's words (from the one module the log and the terminal use too). */
export default function whatsItToYa(words) {
  const DEALER = words.roles.dealer;

  function wordList(list) {
    return h("ol", { class: "words" }, list.map((w) => h("li", { class: "word" }, w)));
  }

  /** Who took the cards (or that nobody did), in a sentence. */
  function takers(round, ctx) {
    if (!round.winners.length) return "Nobody matched a single word: no cards are won.";
    const who = listing(round.winners.map((s) => ctx.seatName(s)));
    return round.winners.length === 1
      ? [...who, ` takes all five cards (${round.best} right).`]
      : [...who, ` tie with ${round.best} right and share the cards.`];
  }

  /**
   * A finished round on a phone, at a glance: the dealer's order, then a row per guesser
   * with a mark under each of the dealer's places (✓ where the rules matched the guess,
   * else the place the guesser gave that word) and their count.
   */
  function roundGrid(round, ctx) {
    const order = round.rankings[round.dealer];
    const guessers = round.rankings.map((_, s) => s).filter((s) => s !== round.dealer);
    return h("div", { class: "wity-phone" },
      h("p", { class: "reveal-title" }, round.dealer === ctx.you ? "Your order" : [ctx.seatName(round.dealer), "'s order"]),
      h("ol", { class: "wity-order" }, order.map((word) => h("li", {}, word))),
      h("table", { class: "wity-grid" },
        h("caption", { class: "visually-hidden" }, `Each guess against ${ctx.names[round.dealer]}'s order`),
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Guess"), order.map((_, i) => h("th", { scope: "col" }, String(i + 1))),
          h("th", { scope: "col" }, "Right"))),
        h("tbody", {}, guessers.map((s) => h("tr", { class: `${round.winners.includes(s) ? "win" : ""}${s === ctx.you ? " you" : ""}` },
          h("th", { scope: "row" }, ctx.seatName(s)),
          order.map((word, i) => {
            const right = round.matches[s][i];  // the rules' count, place by place
            return h("td", { class: right ? "tick" : "", "aria-label": right ? `${word}: right` : `${word}: put ${round.rankings[s].indexOf(word) + 1}` },
              right ? "✓" : String(round.rankings[s].indexOf(word) + 1));
          }),
          h("td", { class: "count" }, String(round.correct[s])))))),
      h("p", { class: "hint" }, "✓: the same place as the dealer; a number: where the guess put that word."),
      h("p", {}, takers(round, ctx)));
  }


  return {
    table(view, ctx) {
      const parts = [
        status(view.over ? "Game over"
          : [`Round ${view.round} of ${view.rounds} · ${DEALER}: `, ctx.seatName(view.dealer), ` · ${view.deck_count} cards in the deck`]),
      ];
      if (view.table && view.table.length && !view.over) parts.push(h("div", {}, h("h3", { class: "panel-title" }, "On the table"), wordList(view.table)));
      const last = view.history && view.history[view.history.length - 1];
      // The last round's reveal, shown as its moment: then one tap away.
      if (last) parts.push(h("details", { class: "tap-open", open: view.over }, h("summary", {}, `Round ${last.round}: how everyone guessed`), roundGrid(last, ctx)));
      return h("div", { class: "wity" }, parts);
    },
    /** The one instruction, by role, naming the dealer. */
    instruction(view, legal, ctx) {
      if (view.over) return null;
      const dealer = view.dealer;
      if (legal && legal.spec) {
        if (view.seat === dealer) {
          return say("Rank what matters to you — most important first",
            "The others try to guess your order. You win no cards this round.");
        }
        return say(["Guess how ", ctx.seatName(dealer), " ranks these five — most important first"],
          ["Each word you put where ", ctx.names[dealer], " does is one right; the most right take the five cards."]);
      }
      return null;
    },
    /** The running score by each seat (the shared seat strip shows it). */
    score(view, s) {
      return counted(view.cards_won[s], "card");
    },
    note(view, s) {
      if (view.over) return null;
      return [s === view.dealer ? DEALER : null, view.submitted[s] ? "ranked ✓" : null].filter(Boolean).join(" · ");
    },
    hand(view) {
      if (view.over || !view.my_ranking) return null;
      return h("div", {}, h("h3", { class: "panel-title" }, `Your ranking (${words.token_meaning}; hidden until everyone has ranked)`), wordList(view.my_ranking));
    },
    /** The round's reveal: the dealer's order against every guess. */
    reveal(before, after, ctx) {
      if (!after.history || after.history.length <= (before.history || []).length) return null;
      const round = after.history[after.history.length - 1];
      return roundGrid(round, ctx);
    },
    label(action) {
      return "rank" in action ? `Your order: ${action.rank.join(" › ")}` : JSON.stringify(action);
    },
    revealText() {
      return null;
    },
    scoreCaption() {
      return "Cards won";
    },
    details(details, ctx) {
      const rounds = details.rounds || [];
      return seatTable("Cards taken each round", ctx.names,
        rounds.map((r) => [`Round ${r.round} (${ctx.names[r.dealer]} deals)`, r.awarded.map((cards) => cards.length)]));
    },
  };
}
