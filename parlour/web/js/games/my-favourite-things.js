// My Favourite Things at the table: categories, hands of sleeves, tricks and hearts.
import { h } from "../dom.js";
import { seatTable, status } from "./common.js";

// The game's words (phases, the Broken Heart's name and symbol), from the one module the log
// and the terminal use too.
const WORDS = await fetch("/api/games/my-favourite-things/words").then((r) => r.json());
const BROKEN = WORDS.broken_heart;

export function rankText(rank) {
  if (rank === null || rank === undefined) return "?";
  return rank === 0 ? BROKEN.symbol : String(rank);
}

function rankLabel(rank) {
  if (rank === null || rank === undefined) return "rank hidden";
  return rank === 0 ? BROKEN.name : `rank ${rank}`;
}

function sleeve(entry, rank) {
  return h("span", { class: "sleeve" }, h("span", {}, entry),
    rank === undefined ? null : h("span", { class: "rank", "aria-label": rankLabel(rank) }, rankText(rank)));
}

function trickList(plays, ctx, winner) {
  return h("ul", { class: "plays" }, plays.map((p) => h("li", {},
    ctx.seatName(p.seat), ": ", sleeve(p.entry, p.rank),
    winner === p.seat ? h("span", { class: "tick" }, ` ${WORDS.heart} wins`) : null)));
}

export default {
  table(view, ctx) {
    const parts = [
      status(`Round ${view.round} of ${view.rounds} · ${WORDS.phases[view.phase] || view.phase}`
        + (view.phase === "play" ? ` · trick ${view.trick_number} of ${view.tricks_per_round}` : "")),
    ];
    if (view.trick) {
      parts.push(h("h3", { class: "panel-title" }, `Trick ${view.trick.number} (led by ${ctx.names[view.trick.leader]})`),
        view.trick.plays.length ? trickList(view.trick.plays, ctx) : h("p", { class: "empty" }, "nothing played yet"));
    }
    const seats = view.seats.filter((s) => s.category || s.hand.length || s.played.length);
    if (seats.length) {
      parts.push(h("h3", { class: "panel-title" }, "Categories and sleeves"), h("ul", { class: "plays" }, view.seats.map((s) =>
        h("li", {}, ctx.seatName(s.seat), s.category ? ` — “${s.category}” (written by ${ctx.names[s.writer]})` : "",
          s.done ? h("span", { class: "tick" }, " ✓") : null,
          s.hand.length ? h("div", {}, h("span", { class: "hint" }, "In hand: "), s.hand.map((e) => sleeve(e))) : null,
          s.played.length ? h("div", {}, h("span", { class: "hint" }, "Played: "), s.played.map((p) => sleeve(p.entry, p.rank))) : null))));
    } else if (view.phase === "category" || view.phase === "writing") {
      parts.push(h("p", { class: "hint" }, "Done: ", view.seats.filter((s) => s.done).map((s) => ctx.names[s.seat]).join(", ") || "nobody yet"));
    }
    const done = view.tricks.filter((t) => t.round === view.round).slice().reverse();
    if (done.length) {
      parts.push(h("details", { open: true }, h("summary", {}, "Tricks this round"),
        done.map((t) => h("div", {}, h("p", { class: "hint" }, `Trick ${t.number}: ${ctx.names[t.winner]} wins a heart`),
          trickList(t.plays, ctx, t.winner)))));
    }
    return h("div", { class: "mft" }, parts);
  },
  /** The running score by each seat (the shared seat strip shows it): hearts won. */
  score(view, s) {
    return `${WORDS.heart} ${view.hearts[s]}`;
  },
  /** While categories and favourites are written: who is done. */
  note(view, s) {
    return (view.phase === "category" || view.phase === "writing") && view.seats[s].done ? "done ✓" : null;
  },
  hand(view, ctx) {
    const you = view.you;
    if (!you) return null;
    const bits = [];
    const writer = ctx.names[view.seats[ctx.you].writer];
    if (you.gave) bits.push(h("p", {}, `You gave “${you.gave}” to ${writer}: ${writer} writes on your cards.`));
    if (you.to_write) bits.push(h("p", {}, `You write on ${ctx.names[you.write_for]}'s cards, about “${you.to_write}”.`));
    if (you.written) {
      bits.push(h("p", { class: "hint" }, "What you wrote (only you know the ranks):"),
        h("ol", { class: "plays" }, you.written.map((entry, i) => h("li", {}, sleeve(entry, i === 5 ? 0 : i + 1)))));
    }
    return bits.length ? h("div", {}, h("h3", { class: "panel-title" }, "Yours"), bits) : null;
  },
  label(action) {
    if ("play" in action) return `Play “${action.play}”`;
    return Object.entries(action).map(([k, v]) => `${k}: ${v}`).join(", ");
  },
  revealText(change, ctx) {
    const [top, , field] = change.path;
    if (top === "trick" || (top === "seats" && field === "played")) return null;
    if (top === "tricks" && change.path.at(-1) === "rank") return null;
    if (top === "seats" && field === "category") return `${ctx.names[change.path[1]]}'s category: “${change.value}”`;
    return null;
  },
  details(details, ctx) {
    const rounds = details.hearts_by_round || [];
    return seatTable("Hearts per round", ctx.names, rounds.map((r, i) => [`Round ${i + 1}`, r]));
  },
};
