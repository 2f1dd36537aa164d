// What's It to Ya? at the table: the five words, who has ranked, and each reveal.
import { h } from "../dom.js";
import { counted, seatTable, status } from "./common.js";

// The game's words, from the one module the log and the terminal use too.
const WORDS = await fetch("/api/games/whats-it-to-ya/words").then((reply) => {
  if (!reply.ok) throw new Error(`the game's words did not load (${reply.status})`);
  return reply.json();
});
const DEALER = WORDS.roles.dealer;

function words(list) {
  return h("ol", { class: "words" }, list.map((w) => h("li", { class: "word" }, w)));
}

function reveal(round, ctx) {
  const rows = round.rankings.map((ranking, s) => h("tr", {},
    h("th", { scope: "row" }, ctx.seatName(s), s === round.dealer ? ` (${DEALER})` : ""),
    h("td", {}, ranking ? ranking.join(" › ") : "—"),
    h("td", {}, s === round.dealer ? "—" : String(round.correct[s] ?? "—"))));
  return h("div", {},
    h("table", { class: "scores" }, h("caption", {}, `Round ${round.round}: rankings revealed`),
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Player"), h("th", { scope: "col" }, "Ranking, most important first"),
        h("th", { scope: "col" }, "Right"))),
      h("tbody", {}, rows)),
    h("p", { class: "hint" }, round.winners.length
      ? `Cards won by ${round.winners.map((s) => ctx.names[s]).join(", ")}` : "Nobody won cards this round"));
}

export default {
  table(view, ctx) {
    const dealer = view.dealer === null || view.dealer === undefined ? null : ctx.names[view.dealer];
    const parts = [
      status(view.over ? "Game over" : `Round ${view.round} of ${view.rounds} · ${DEALER}: ${dealer} · ${view.deck_count} cards in the deck`),
    ];
    if (view.table && view.table.length) parts.push(h("h3", { class: "panel-title" }, "On the table"), words(view.table));
    const last = view.history && view.history[view.history.length - 1];
    if (last) parts.push(reveal(last, ctx));
    return h("div", { class: "wity" }, parts);
  },
  /** The running score by each seat (the shared seat strip shows it). */
  score(view, s) {
    return counted(view.cards_won[s], "card");
  },
  note(view, s) {
    if (view.over) return null;
    return [s === view.dealer ? DEALER : null, view.submitted[s] ? "ranked ✓" : null].filter(Boolean).join(" · ");
  },
  hand(view, ctx) {
    if (view.over || view.seat === null || view.seat === undefined) return null;
    if (!view.my_ranking) {
      // What this seat does this round, naming the dealer.
      const task = view.dealer === view.seat ? WORDS.tasks.dealer
        : WORDS.tasks.guesser.replaceAll("{dealer}", ctx.names[view.dealer]);
      return h("p", { class: "hint task" }, task);
    }
    return h("div", {}, h("h3", { class: "panel-title" }, `Your ranking (${WORDS.token_meaning}; hidden until all have ranked)`), words(view.my_ranking));
  },
  label(action) {
    return "rank" in action ? `Rank: ${action.rank.join(" › ")}` : JSON.stringify(action);
  },
  revealText(change, ctx) {
    return null;
  },
  details(details, ctx) {
    return seatTable("Cards won", ctx.names, [["Cards", details.cards_won || []]]);
  },
};
