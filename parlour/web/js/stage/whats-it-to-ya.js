// What's It to Ya? on the TV: the five word cards of the round, who has ranked them, and
// the reveal as the rulebook plays it: the dealer's order down the side, each guesser's
// tokens turning over card by card, the matches lit, the most right taking the cards.
import { h } from "../dom.js";
import { turning, wordCard } from "./cards.js";
import { byPlayer, columns, counted } from "./parts.js";
import { say } from "./stages.js";
import { listing } from "../games/common.js";

/** The stage, given the game's words (the roles, what a token means). */
export default function whatsItToYa(words) {
  const DEALER = words.roles.dealer;

  /** Who took the cards (or that nobody did), in a sentence. */
  function takers(round, ctx) {
    if (!round.winners.length) return "Nobody matched a single word: no cards are won.";
    const who = listing(round.winners.map((s) => ctx.seatName(s)));
    return round.winners.length === 1 ? [...who, ` takes all five cards with ${round.best} right!`]
      : [...who, ` tie with ${round.best} right and share the cards.`];
  }

  /** A guesser's token: the place they gave the word, lit where it matches the dealer's. */
  function token(place, right, row) {
    return turning(h("span", { class: `wity-token${right ? " right" : ""}`, "aria-label": `place ${place}${right ? ", right" : ""}` }, String(place)), row);
  }

  /** The reveal: the dealer's order (rows), each guesser's token for each word (columns). */
  function reveal(round, ctx) {
    const order = round.rankings[round.dealer];
    const guessers = round.rankings.map((_, s) => s).filter((s) => s !== round.dealer);
    return h("table", { class: `wity-reveal${guessers.length > 3 ? " many" : ""}` },
      h("thead", {}, h("tr", {}, h("th", { scope: "col", class: `wity-dealer${ctx.seatClass(round.dealer)}` }, `${ctx.names[round.dealer]}'s order`),
        guessers.map((s) => h("th", { scope: "col", class: `wity-guesser${ctx.seatClass(s)}${round.winners.includes(s) ? " won" : ""}` }, ctx.names[s])))),
      h("tbody", {},
        order.map((word, i) => h("tr", {}, h("th", { scope: "row" }, h("span", { class: "wity-place" }, String(i + 1)), wordCard(word, { cls: "wity-word" })),
          guessers.map((s) => h("td", {}, token(round.rankings[s].indexOf(word) + 1, round.matches[s][i], i))))),
        h("tr", { class: "wity-total" }, h("th", { scope: "row" }, "Right"),
          guessers.map((s) => h("td", { class: round.winners.includes(s) ? "won" : "" }, turning(h("span", {}, String(round.correct[s])), 5))))));
  }

  return {
    about: "The dealer secretly ranks five word cards by what matters to them; everyone else guesses the order. The most right answers take the cards.",
    setup(options) {
      return `Everyone deals ${options.dealer_turns === 3 ? "three times" : "twice"}`;
    },
    headline(view, ctx) {
      return say([ctx.seatName(view.dealer), " ranks these five: everyone else guesses the order"],
        `${words.token_meaning}. The most right answers take the cards.`);
    },
    table(view, ctx) {
      // A new round's five cards are dealt face up, one after another; later drawings keep them still.
      const fresh = !ctx.before || ctx.before.round !== view.round;
      const dealt = (card, i) => (fresh ? turning(card, i / 2) : card);
      const ranked = view.submitted.filter(Boolean).length;
      return h("div", { class: "wity" },
        h("p", { class: "stage-status" }, `Round ${view.round} of ${view.rounds} · ${DEALER}: `, ctx.seatName(view.dealer),
          ` · ${view.deck_count} cards left`),
        columns(h("ol", { class: "wity-words" }, (view.table || []).map((w, i) => h("li", {}, dealt(wordCard(w, { cls: "wity-card" }), i)))), 5),
        h("p", { class: "wity-ranked" }, `${ranked} of ${view.players} have ranked`));
    },
    score(view, s) {
      return counted(view.cards_won[s], "card");
    },
    note(view, s) {
      if (view.over) return null;
      return [s === view.dealer ? DEALER : null, view.submitted[s] ? "ranked ✓" : null].filter(Boolean).join(" · ");
    },
    moment(before, after, ctx) {
      if (!after.history || after.history.length <= (before.history || []).length) return null;
      const round = after.history[after.history.length - 1];
      return { kind: "long", seat: round.dealer, picture: h("div", { class: "wity-round" },
        h("p", { class: "moment-title" }, `Round ${round.round}: who knows `, ctx.seatName(round.dealer), " best?"),
        reveal(round, ctx), turning(h("p", { class: "moment-line" }, takers(round, ctx)), 6)) };
    },
    counts() {
      return "cards won";
    },
    finale(result, view, ctx) {
      const rounds = result.details.rounds || [];
      return byPlayer(`Cards taken each round (ringed: that round's ${DEALER})`, ctx, rounds.map((r) => String(r.round)),
        (s) => rounds.map((r) => ({ text: r.awarded[s].length || "", cls: r.dealer === s ? "ringed" : "" })), (col) => rounds[col].winners);
    },
  };
}
