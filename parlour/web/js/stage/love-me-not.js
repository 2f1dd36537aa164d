// Love Me Not on the TV: each player's row of five tableau cards (face down until the turn
// after, then turning over), their pile as a stack, matches won. The reveals: each turn's
// kept cards turning over, and a match's end with both piles and how the points add up.
import { h } from "../dom.js";
import { cardBack, playingCard, stack, turning } from "./cards.js";
import { icon } from "../icons.js";
import { byPlayer, counted, plate } from "./parts.js";
import { say } from "./stages.js";
import { listing } from "../games/common.js";

/** The stage, given the game's words (suits and ranks). */
export default function loveMeNot(words) {
  const SUITS = words.suits;

  function cardText(card) {
    return `${card.slice(0, -1)}${(SUITS[card.slice(-1)] || { sign: "?" }).sign}`;
  }

  /** Whether the card at `i` of seat `s`'s tableau was face down in the view drawn before. */
  function newlyUp(before, s, i) {
    const was = before && before.seats[s] ? before.seats[s].tableau[i] : null;
    return !(was && was.revealed && was.card);
  }

  function tableau(view, s, before) {
    const slots = [];
    for (let i = 0; i < view.turns; i += 1) {
      const t = view.seats[s].tableau[i];
      if (!t) slots.push(h("span", { class: "pcard empty-slot" }));
      else if (!t.card || !t.revealed) slots.push(cardBack());
      else slots.push(newlyUp(before, s, i) ? turning(playingCard(t.card, words), 0) : playingCard(t.card, words));
    }
    return h("div", { class: "lmn-tableau", "aria-label": "tableau" }, slots);
  }

  function pile(view, s) {
    const seat = view.seats[s];
    if (seat.pile) return h("div", { class: "lmn-pile fanned", "aria-label": "pile" }, seat.pile.map((c) => playingCard(c, words, { small: true })));
    return h("div", { class: "lmn-pile", "aria-label": "pile" }, stack(seat.pile_count, { label: "cards in the pile" }));
  }

  function seatRow(view, s, ctx) {
    const won = view.matches_won[s];
    return h("section", { class: `lmn-row${ctx.seatClass(s)}`, "aria-label": ctx.names[s] },
      plate(ctx, s,
        view.best_of > 1 ? h("span", { class: "lmn-won", "aria-label": `${counted(won, "match", "matches")} won` },
          Array.from({ length: view.to_win }, (_, i) => icon("heart", { cls: i < won ? "won" : "unwon" }))) : null,
        h("span", { class: "plate-note" }, view.over ? "" : view.seats[s].chosen ? "has chosen ✓" : "choosing…")),
      tableau(view, s, ctx.before),
      h("div", { class: "lmn-pile-box" }, h("span", { class: "lmn-label" }, "pile"), pile(view, s)));
  }

  /** How a seat's match points add up: "♥ 2×2 = 4", "J♠ +3", one line each. */
  function sums(b) {
    const parts = b.suits.filter((x) => x.points).map((x) => `${SUITS[x.suit].sign} ${x.tableau} × ${x.pile} = ${x.points}`);
    parts.push(...b.jacks.filter((j) => j.points).map((j) => `${cardText(j.card)} +${j.points}`));
    return parts.length ? parts : ["no pairs"];
  }

  /** A match's end: both rows face up, piles and all, with the sums and the winner. */
  function matchEnd(m, n, ctx) {
    const verdict = m.winners.length === 1 ? [ctx.seatName(m.winners[0]), ` wins match ${n}, ${Math.max(...m.points)} to ${Math.min(...m.points)}`]
      : `Match ${n} is a tie: nobody wins it`;
    return h("div", { class: "lmn-end" }, h("p", { class: "moment-title" }, verdict),
      m.points.map((p, s) => h("div", { class: `lmn-end-row${ctx.seatClass(s)}${m.winners.includes(s) ? " win-glow" : ""}` },
        h("span", { class: "plate-name" }, ctx.names[s]), h("strong", { class: "lmn-total" }, counted(p, "point")),
        h("span", { class: "lmn-end-cards", "aria-label": "tableau" }, m.tableau[s].map((c, i) => turning(playingCard(c, words, { small: true }), i / 3))),
        h("span", { class: "lmn-end-cards pile", "aria-label": "pile" }, m.pile[s].map((c, i) => turning(playingCard(c, words, { small: true }), 2 + i / 3))),
        h("span", { class: "lmn-sums" }, sums(m.breakdown[s]).join(" · ")))));
  }

  /** The cards that turned face up with this move, seat by seat. */
  function newlyShown(before, after) {
    return after.seats.map((seat, s) => seat.tableau.map((t, i) => ({ card: t.card, turn: i + 1 }))
      .filter((t, i) => seat.tableau[i].revealed && t.card && newlyUp(before, s, i)));
  }

  return {
    about: "Draw two cards, keep one, pile the other. Each suit scores its cards in your tableau times its cards in your pile; a jack also scores the other pile.",
    setup(options) {
      return options.matches === 1 ? "One match" : "Best of three matches";
    },
    headline(view) {
      const best = view.best_of > 1 ? ` · Match ${view.match}, first to ${view.to_win} wins` : "";
      return say(`Turn ${view.turn} of ${view.turns}: keep one card, pile the other`,
        `Last turn's kept cards turn face up; the piles show at the match's end${best}.`);
    },
    table(view, ctx) {
      const deck = h("div", { class: "lmn-deck" }, stack(view.deck_count, { label: "cards in the deck" }), h("span", { class: "lmn-label" }, "deck"));
      return h("div", { class: "lmn" }, seatRow(view, 0, ctx), deck, seatRow(view, 1, ctx));
    },
    score(view, s) {
      return view.best_of > 1 ? `${view.matches_won[s]} won` : null;
    },
    moment(before, after, ctx) {
      if (after.history.length > before.history.length) {
        const m = after.history[after.history.length - 1];
        return { kind: "long", seat: null, picture: matchEnd(m, after.history.length, ctx) };
      }
      const shown = newlyShown(before, after);
      if (!shown.some((cards) => cards.length)) return null;
      const turn = Math.max(...shown.flat().map((t) => t.turn));
      return { kind: "short", seat: null, picture: [h("p", { class: "moment-title" }, `The cards kept in turn ${turn}`),
        h("div", { class: "lmn-kept" }, shown.map((cards, s) => h("div", { class: `lmn-kept-seat${ctx.seatClass(s)}` },
          h("span", { class: "plate-name" }, ctx.names[s]), h("div", {}, cards.map((t, i) => turning(playingCard(t.card, words), i + s))))))] };
    },
    counts(result) {
      return (result.details.match_points || []).length === 1 ? "points in the match" : "matches won";
    },
    finale(result, view, ctx) {
      const matches = result.details.match_points || [];
      const last = view.history[view.history.length - 1];
      return h("div", { class: "lmn-finale" },
        byPlayer("Points in each match", ctx, matches.map((_, i) => `Match ${i + 1}`), (s) => matches.map((points) => points[s]),
          (i) => (view.history[i] && view.history[i].winners.length === 1 ? view.history[i].winners : [])),
        last ? h("div", { class: "lmn-finale-sums" }, h("p", { class: "lmn-label" }, `How match ${view.history.length} added up`),
          last.breakdown.map((b, s) => h("p", {}, ctx.seatName(s), ": ", listing(sums(b)), ` = ${b.total}`))) : null);
    },
  };
}
