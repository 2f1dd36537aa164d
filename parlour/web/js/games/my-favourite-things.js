// My Favourite Things at the table: categories, hands of sleeves, tricks and hearts.
// Every prompt names the players: whom you give a category, who writes on your cards.
import { h } from "../dom.js";
import { buildControls } from "../controls.js";
import { say, seatTable, status } from "./common.js";

/** The renderer, given the game's words (from the one module the log and the terminal use too). */
export default function myFavouriteThings(words) {
  const BROKEN = words.broken_heart;

  function rankText(rank) {
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
    return h("ul", { class: "plays" }, plays.map((p) => h("li", { class: winner === p.seat ? "won" : "" },
      ctx.seatName(p.seat), ": ", sleeve(p.entry, p.rank),
      winner === p.seat ? h("span", { class: "tick" }, ` ${words.heart} wins`) : null)));
  }

  /** Why a trick went to its winner (the rules say which: the trick's won_by), in words. */
  function why(trick) {
    return { broken_heart: `a ${BROKEN.name} beats a 1`, lowest: "the lowest rank",
      lowest_first: "the lowest rank, played first" }[trick.won_by] || trick.won_by;
  }

  function trickPanel(trick, ctx) {
    return h("div", { class: "mft-trick" },
      h("p", { class: "reveal-title" }, `Trick ${trick.number}: `, ctx.seatName(trick.winner), ` wins a heart ${words.heart} (${why(trick)})`),
      trickList(trick.plays, ctx, trick.winner));
  }

  /** Whose cards, about what, written by whom: "Ann's cards: “Films”, written by Bob". */
  function cardsOf(view, s, ctx) {
    const seat = view.seats[s];
    return [whose(ctx, s, "cards", true), seat.category ? `: “${seat.category}”` : "", ", written by ",
      seat.writer === ctx.you ? "you" : ctx.seatName(seat.writer)];
  }

  /** "Your cards" for you, "Bob's cards" (in Bob's colour) for another. */
  function whose(ctx, s, thing, start = false) {
    return s === ctx.you ? `${start ? "Your" : "your"} ${thing}` : [ctx.seatName(s), `'s ${thing}`];
  }

  function relabelled(legal, label) {
    return { ...legal, spec: { ...legal.spec, label } };
  }

  return {
    table(view, ctx) {
      const parts = [
        status(`Round ${view.round} of ${view.rounds} · ${words.phases[view.phase] || view.phase}`
          + (view.phase === "play" ? ` · trick ${view.trick_number} of ${view.tricks_per_round}` : "")),
      ];
      if (view.trick && ctx.you === null) {  // a seat has the trick so far above its decision
        parts.push(h("div", {}, h("h3", { class: "panel-title" }, `Trick ${view.trick.number} (`, ctx.seatName(view.trick.leader), " leads)"),
          view.trick.plays.length ? trickList(view.trick.plays, ctx) : h("p", { class: "empty" }, "nothing played yet")));
      }
      if (view.seats.some((s) => s.category || s.hand.length || s.played.length)) {
        parts.push(h("details", { class: "tap-open", open: ctx.you === null }, h("summary", {}, "Everyone's cards"), h("ul", { class: "plays" }, view.seats.map((s) =>
          h("li", {}, cardsOf(view, s.seat, ctx),
            s.hand.length ? h("div", {}, h("span", { class: "hint" }, "In hand: "), s.hand.map((e) => sleeve(e))) : null,
            s.played.length ? h("div", {}, h("span", { class: "hint" }, "Played: "), s.played.map((p) => sleeve(p.entry, p.rank))) : null)))));
      }
      const done = view.tricks.filter((t) => t.round === view.round).slice().reverse();
      if (done.length) {
        parts.push(h("details", { class: "tap-open", open: ctx.you === null }, h("summary", {}, "Tricks this round"),
          done.map((t) => h("div", {}, h("p", { class: "hint" }, `Trick ${t.number}: `, ctx.names[t.winner], " wins a heart"),
            trickList(t.plays, ctx, t.winner)))));
      }
      return h("div", { class: "mft" }, parts);
    },
    /** The one instruction: whom you give a category, for whom you write, what wins a trick. */
    instruction(view, legal, ctx) {
      if (view.over) return null;
      const me = view.seat;
      const spec = legal && legal.spec;
      if (spec && spec.key === "category") {
        const to = spec.for;
        return say(["Give ", ctx.seatName(to), " a category"],
          [ctx.names[to], " writes their five favourites in it on your cards, and one thing they dislike. Then you play those cards, guessing which ",
            ctx.names[to], " loves most."]);
      }
      if (spec && spec.key === "write") {
        const from = spec.for;
        return say(["Write your favourite “", spec.category, "” on ", ctx.seatName(from), "'s cards"],
          ["1 is the one you love most, 5 the least; the Broken Heart is one you dislike. ",
            ctx.names[from], " plays them without seeing your order."]);
      }
      if (legal && view.phase === "play") {
        const writer = view.seats[me].writer;
        return say(["Play one of your cards — the one ", ctx.seatName(writer), " loves most wins"],
          [`${ctx.names[writer]} ranked their favourite “${view.seats[me].category}” on your cards. The lowest rank wins the trick; `,
            `a ${BROKEN.name} beats a 1 when both are played.`]);
      }
      return null;
    },
    /** The running score by each seat (the shared seat strip shows it): hearts won. */
    score(view, s) {
      return `${words.heart} ${view.hearts[s]}`;
    },
    /** While categories and favourites are written: who is done. */
    note(view, s) {
      return (view.phase === "category" || view.phase === "writing") && view.seats[s].done ? "done ✓" : null;
    },
    /** While playing, the trick so far (what you decide on); what you wrote, one tap away. */
    hand(view, ctx) {
      const you = view.you;
      const trick = view.phase === "play" && view.trick ? h("div", {},
        h("h3", { class: "panel-title" }, `Trick ${view.trick.number} so far`),
        view.trick.plays.length ? trickList(view.trick.plays, ctx) : h("p", { class: "empty" }, "nothing played yet")) : null;
      const written = you && you.written ? h("details", { open: view.phase !== "play" },
        h("summary", {}, "What you wrote on ", whose(ctx, you.write_for, "cards"), " (only you know the ranks)"),
        h("ol", { class: "plays" }, you.written.map((entry, i) => h("li", {}, sleeve(entry, i === 5 ? 0 : i + 1))))) : null;
      return trick || written ? h("div", {}, trick, written) : null;
    },
    /** The generic text box, its label naming the player (not "Player 2"). */
    controls(legal, submit, view, ctx) {
      const spec = legal.spec;
      if (spec && spec.key === "category") {
        return buildControls(relabelled(legal, `A category for ${ctx.names[spec.for]} (your ${view.direction} neighbour)`), submit);
      }
      return null;
    },
    label(action) {
      if ("play" in action) return `Play “${action.play}”`;
      if ("category" in action) return `The category “${action.category}”`;
      if ("write" in action) return "Your six favourites";
      return Object.entries(action).map(([k, v]) => `${k}: ${v}`).join(", ");
    },
    /** A trick's winner as the ranks are revealed; the categories as they are read out. */
    reveal(before, after, ctx) {
      if (after.tricks.length > before.tricks.length) {
        return trickPanel(after.tricks[after.tricks.length - 1], ctx);
      }
      if (before.phase === "category" && after.phase === "writing") {
        const given = after.seats.filter((s) => s.category);
        return h("div", {}, h("p", { class: "reveal-title" }, "The categories"),
          h("ul", { class: "plays" }, given.map((s) => h("li", {}, cardsOf(after, s.seat, ctx)))));
      }
      return null;
    },
    revealText() {
      return null;
    },
    scoreCaption() {
      return "Hearts won";
    },
    details(details, ctx) {
      const rounds = details.hearts_by_round || [];
      return seatTable("Hearts per round", ctx.names, rounds.map((r, i) => [`Round ${i + 1}`, r]));
    },
  };
}
