// Love Me Not at the table: tableaux face-up or face-down, piles, cubes for matches won;
// on your phone, what each keep would score; on the TV, each turn's kept cards.
// The numbers (turns, matches to win, your points) are the server's, counted by the rules.
import { h } from "../dom.js";
import { counted, say } from "./common.js";

/** The renderer, given the game's words (suits and ranks). */
export default function loveMeNot(words) {
  const SUITS = words.suits;

  function cardName(card) {
    const rank = card.slice(0, -1);
    return `${words.ranks[rank] || rank} of ${(SUITS[card.slice(-1)] || { name: card.slice(-1) }).name}`;
  }

  function cardText(card) {
    return `${card.slice(0, -1)}${(SUITS[card.slice(-1)] || { sign: "?" }).sign}`;
  }

  /** One card: face-up (with a readable name for screen readers) or face-down. */
  function card(value, { mine = false, revealed = true } = {}) {
    if (!value) return h("span", { class: "card back", role: "img", "aria-label": "face-down card" }, "");
    const colour = (SUITS[value.slice(-1)] || {}).colour || "black";
    const note = mine && !revealed ? " (face-down, only you see it)" : "";
    return h("span", { class: `card ${colour}${mine && !revealed ? " secret" : ""}`, role: "img",
      "aria-label": cardName(value) + note }, cardText(value));
  }

  function seatBlock(view, s, ctx) {
    const seat = view.seats[s];
    const you = s === ctx.you;
    const cubes = view.matches_won[s];
    const known = you && view.points ? view.points : null;
    const jacks = known && seat.tableau.some((t) => t.card && t.card.startsWith("J"));
    return h("section", { class: `lmn-seat${you ? " you" : ""}${ctx.seatClass(s)}`, "aria-label": ctx.names[s] },
      h("h3", {}, ctx.seatName(s),
        h("span", { class: "cubes", "aria-label": `${cubes} match${cubes === 1 ? "" : "es"} won` }, "■".repeat(cubes) || "")),
      h("div", { class: "status-line" }, view.over ? "" : seat.chosen ? "has chosen" : "choosing…"),
      h("div", { class: "lmn-row", "aria-label": "tableau" },
        h("span", { class: "row-label" }, "Tableau"),
        seat.tableau.length ? seat.tableau.map((t) => card(t.card, { mine: you, revealed: t.revealed }))
          : h("span", { class: "empty" }, "empty")),
      h("div", { class: "lmn-row", "aria-label": "pile" },
        h("span", { class: "row-label" }, "Pile"),
        seat.pile ? (seat.pile.length ? seat.pile.map((c) => card(c)) : h("span", { class: "empty" }, "empty"))
          : h("span", {}, `${seat.pile_count} face-down`)),
      view.over && view.history.length ? h("p", { class: "hint" }, `Last match: ${sums(view.history[view.history.length - 1].breakdown[s])}`) : null,
      known ? h("p", { class: "hint" }, `Your points so far: ${known.now}`,
        jacks ? ", and your jacks score the other pile's cards of their suit at the end" : "") : null);
  }

  function history(view, ctx) {
    if (!view.history.length) return null;
    return h("table", { class: "scores" },
      h("caption", {}, "Points in each match"),
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Match"), ctx.names.map((n) => h("th", { scope: "col" }, n)))),
      h("tbody", {}, view.history.map((m, i) => h("tr", {},
        h("th", { scope: "row" }, String(i + 1)),
        m.points.map((p, s) => h("td", { class: m.winners.length === 1 && m.winners[0] === s ? "win" : "" }, String(p)))))));
  }

  /** How a seat's match points add up: "♥ 2×2 = 4, J♠ +3". */
  function sums(b) {
    const parts = b.suits.filter((x) => x.points).map((x) => `${SUITS[x.suit].sign} ${x.tableau}×${x.pile} = ${x.points}`);
    parts.push(...b.jacks.filter((j) => j.points).map((j) => `${cardText(j.card)} +${j.points}`));
    return parts.join(", ") || "no pairs";
  }

  /**
   * A match's end on a phone: who won, and each player's kept cards, pile and how the
   * points add up (the rules' breakdown: "♥ 2×2 = 4, J♠ +3 = 7 points").
   */
  function matchEnd(m, n, ctx) {
    const verdict = m.winners.length === 1 ? [ctx.seatName(m.winners[0]), " wins match ", String(n)] : `Match ${n} is a tie: nobody wins it`;
    return h("div", { class: "lmn-end" }, h("p", { class: "reveal-title" }, verdict),
      m.points.map((p, s) => h("div", { class: `lmn-end-seat${ctx.seatClass(s)}` },
        h("p", {}, ctx.seatName(s), h("strong", { class: "lmn-points" }, ` ${counted(m.breakdown[s].total, "point")}`)),
        h("div", { class: "lmn-row" }, h("span", { class: "row-label" }, "Kept"), m.tableau[s].map((c) => card(c))),
        h("div", { class: "lmn-row" }, h("span", { class: "row-label" }, "Pile"), m.pile[s].map((c) => card(c))),
        h("p", { class: "hint" }, sums(m.breakdown[s])))));
  }

  /** The cards that just turned face up, seat by seat, with the turn each was kept in. */
  function newlyShown(before, after) {
    return after.seats.map((seat, s) => {
      const was = (before.seats[s] || { tableau: [] }).tableau;
      return seat.tableau.map((t, i) => ({ card: t.card, turn: i + 1 }))
        .filter((t, i) => seat.tableau[i].revealed && t.card && !(was[i] && was[i].revealed && was[i].card));
    });
  }

  return {
    table(view, ctx) {
      const order = ctx.you === 1 ? [0, 1] : [1, 0];  // your own seat nearest you, at the bottom
      const status = view.over ? "Game over"
        : `Match ${view.match}${view.best_of > 1 ? ` (first to ${view.to_win} wins)` : ""} · turn ${view.turn} of ${view.turns} · ${view.deck_count} cards in the deck`;
      return h("div", { class: "lmn" },
        h("p", { class: "lmn-status" }, status),
        order.map((s) => seatBlock(view, s, ctx)),
        history(view, ctx));
    },
    hand() {
      return null;  // the two drawn cards are the move buttons themselves
    },
    instruction(view, legal, ctx) {
      if (view.over) return null;
      if (legal) {
        return say("Keep one card in your tableau — the other goes on your pile",
          "Each suit scores (its cards in your tableau) × (its cards in your pile). A jack in your tableau also scores the other player's pile of its suit.");
      }
      return null;
    },
    /** The running score by each seat: matches won (a match's points show only at its end). */
    score(view, s) {
      if (view.best_of === 1) return null;
      const n = view.matches_won[s];
      return `${n} match${n === 1 ? "" : "es"} won`;
    },
    /** What the final scores count: a single match's points, or matches won. */
    scoreCaption(result) {
      return (result.details.match_points || []).length === 1 ? "Points in the match" : "Matches won";
    },
    label(action, view) {
      const other = view && (view.hand || []).find((c) => c !== action.keep);
      return `Keep ${cardText(action.keep)}${other ? `, pile ${cardText(other)}` : ""}`;
    },
    /** Each keep with what it does to your points (those you can count: your own cards). */
    controls(legal, submit, view) {
      if (!legal.choices) return null;
      const hand = view.hand || [];
      const points = view.points || { now: 0, if_kept: {} };
      return h("div", { class: "choices lmn-choices", role: "group", "aria-label": "Keep one card, pile the other" },
        legal.choices.map((action) => {
          const other = hand.find((c) => c !== action.keep) || action.keep;
          const then = points.if_kept[action.keep];
          const change = then - points.now;
          return h("button", { type: "button", class: "choice card-choice", onclick: () => submit(action),
            "aria-label": `Keep ${cardName(action.keep)}, pile ${cardName(other)}: ${counted(then, "point")} so far` },
          card(action.keep), h("span", { class: "choice-text" }, `Keep ${cardText(action.keep)}`),
          h("span", { class: "hint" }, `pile ${cardText(other)} · ${counted(then, "point")} (${change >= 0 ? "+" : ""}${change})`));
        }));
    },
    /** The kept cards of last turn as they turn face up; a match's end with its sums. */
    reveal(before, after, ctx) {
      if (after.history.length > before.history.length) {
        const m = after.history[after.history.length - 1];
        return matchEnd(m, after.history.length, ctx);
      }
      const shown = newlyShown(before, after);
      if (!shown.some((cards) => cards.length)) return null;
      const turn = Math.max(...shown.flat().map((t) => t.turn));
      return h("div", { class: "lmn-turn" }, h("p", {}, `Kept in turn ${turn}:`),
        h("div", { class: "lmn-kept" }, shown.map((cards, s) => h("span", { class: "lmn-kept-seat" }, ctx.seatName(s), " ", cards.map((t) => card(t.card))))));
    },
    revealText() {
      return null;
    },
    details(details, ctx) {
      const rows = details.match_points || [];
      return h("table", { class: "scores" },
        h("caption", {}, "Points per match"),
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Match"), ctx.names.map((n) => h("th", { scope: "col" }, n)))),
        h("tbody", {}, rows.map((pts, i) => h("tr", {}, h("th", { scope: "row" }, String(i + 1)),
          pts.map((p) => h("td", {}, String(p)))))));
    },
  };
}
