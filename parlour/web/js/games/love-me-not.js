// Love Me Not at the table: tableaux face-up or face-down, piles, cubes for matches won.
import { h } from "../dom.js";

const SUITS = { H: ["♥", "hearts", "red"], D: ["♦", "diamonds", "red"], C: ["♣", "clubs", "black"], S: ["♠", "spades", "black"] };
const RANKS = { J: "jack" };

export function cardName(card) {
  const [symbol, suit] = SUITS[card[1]] || ["?", card[1]];
  return `${RANKS[card[0]] || card[0]} of ${suit}`;
}

export function cardText(card) {
  return `${card[0]}${(SUITS[card[1]] || ["?"])[0]}`;
}

/** One card: face-up (with a readable name for screen readers) or face-down. */
export function card(value, { mine = false, revealed = true } = {}) {
  if (!value) return h("span", { class: "card back", role: "img", "aria-label": "face-down card" }, "");
  const colour = (SUITS[value[1]] || [])[2] || "black";
  const note = mine && !revealed ? " (face-down, only you see it)" : "";
  return h("span", { class: `card ${colour}${mine && !revealed ? " secret" : ""}`, role: "img",
    "aria-label": cardName(value) + note }, cardText(value));
}

function seatBlock(view, s, ctx) {
  const seat = view.seats[s];
  const you = s === ctx.you;
  const cubes = view.matches_won[s];
  return h("section", { class: `lmn-seat${you ? " you" : ""}`, "aria-label": ctx.names[s] },
    h("h3", {}, ctx.names[s], you ? " (you)" : "",
      h("span", { class: "cubes", "aria-label": `${cubes} match${cubes === 1 ? "" : "es"} won` },
        "■".repeat(cubes) || "")),
    h("div", { class: "status-line" }, view.over ? "" : seat.chosen ? "has chosen" : "choosing…"),
    h("div", { class: "lmn-row", "aria-label": "tableau" },
      h("span", { class: "row-label" }, "Tableau"),
      seat.tableau.length ? seat.tableau.map((t) => card(t.card, { mine: you, revealed: t.revealed }))
        : h("span", { class: "empty" }, "empty")),
    h("div", { class: "lmn-row", "aria-label": "pile" },
      h("span", { class: "row-label" }, "Pile"),
      seat.pile ? (seat.pile.length ? seat.pile.map((c) => card(c)) : h("span", { class: "empty" }, "empty"))
        : h("span", {}, `${seat.pile_count} face-down`)));
}

function history(view, ctx) {
  if (!view.history.length) return null;
  return h("table", { class: "scores" },
    h("caption", {}, "Matches played"),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Match"), ctx.names.map((n) => h("th", { scope: "col" }, n)))),
    h("tbody", {}, view.history.map((m, i) => h("tr", {},
      h("th", { scope: "row" }, String(i + 1)),
      m.points.map((p, s) => h("td", { class: m.winners.length === 1 && m.winners[0] === s ? "win" : "" }, String(p)))))));
}

export default {
  table(view, ctx) {
    const order = ctx.you === 1 ? [0, 1] : [1, 0];  // your own seat nearest you, at the bottom
    const status = view.over ? "Game over"
      : `Match ${view.match} (best of ${view.best_of}) · turn ${view.turn} of 5 · ${view.deck_count} cards in the deck`;
    return h("div", { class: "lmn" },
      h("p", { class: "lmn-status" }, status),
      order.map((s) => seatBlock(view, s, ctx)),
      history(view, ctx));
  },
  hand() {
    return null;  // the two drawn cards are the move buttons themselves
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
  label(action) {
    return `Keep ${cardName(action.keep)}`;
  },
  controls(legal, submit, view) {
    if (!legal.choices) return null;
    const hand = view.hand || [];
    return h("div", { class: "choices lmn-choices", role: "group", "aria-label": "Keep one card, pile the other" },
      legal.choices.map((action) => {
        const other = hand.find((c) => c !== action.keep) || action.keep;
        return h("button", { type: "button", class: "choice card-choice", onclick: () => submit(action),
          "aria-label": `Keep ${cardName(action.keep)}, pile ${cardName(other)}` },
          card(action.keep), h("span", { class: "choice-text" }, `Keep ${cardText(action.keep)}`));
      }));
  },
  revealText(change, ctx) {
    const [top, s, part, , field] = change.path;
    if (top === "seats" && part === "tableau" && field === "card") {
      return `${ctx.names[s]} reveals ${cardName(change.value)}`;
    }
    if (top === "seats" && part === "pile") return null;
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
