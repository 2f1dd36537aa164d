// Take Your Pick at the table: the Subject, the card being read, and every read so far.
import { h } from "../dom.js";
import { counted, seatTable, status } from "./common.js";

// The game's words, from the one module the log and the terminal use too.
const WORDS = await fetch("/api/games/take-your-pick/words").then((reply) => {
  if (!reply.ok) throw new Error(`the game's words did not load (${reply.status})`);
  return reply.json();
});

function pair(card) {
  return h("span", {}, h("span", { class: "word" }, card[0]), " or ", h("span", { class: "word" }, card[1]));
}

export default {
  table(view, ctx) {
    const subject = ctx.names[view.subject];
    const parts = [
      status(view.over ? "Game over" : `Round ${view.round} of ${view.rounds_total} · ${WORDS.roles.subject}: ${subject} · ${WORDS.phases[view.phase]}`),
    ];
    if (view.reading) {
      parts.push(h("h3", { class: "panel-title" }, ctx.seatName(view.reading.reader), ` reads card ${view.reading.number} to `, ctx.seatName(view.subject)),
        h("p", {}, pair(view.reading.card), h("span", { class: "hint" }, ` — ${WORDS.question}`)));
    }
    let reads = (view.reads || []).filter((r) => r.round === view.round);
    let title = "Read this round";
    if (!reads.length && view.reads && view.reads.length) {
      const lastRound = view.reads[view.reads.length - 1].round;
      reads = view.reads.filter((r) => r.round === lastRound);
      title = `Round ${lastRound}`;
    }
    reads = reads.slice().reverse();
    if (reads.length) {
      parts.push(h("h3", { class: "panel-title" }, title), h("ul", { class: "plays" }, reads.map((r) => h("li", {},
        ctx.seatName(r.reader), ": ", pair(r.card), ` — guessed ${r.guess}, `, ctx.seatName(r.subject), ` picked ${r.pick} `,
        h("span", { class: r.correct ? "tick" : "cross" }, r.correct ? "✓" : "✗")))));
    }
    return h("div", { class: "typ" }, parts);
  },
  /** The running score by each seat (the shared seat strip shows it). */
  score(view, s) {
    return counted(view.seats[s].score, "pt");
  },
  note(view, s) {
    const seat = view.seats[s];
    if (view.over) return null;
    return [seat.role ? WORDS.roles[seat.role] : null, seat.arranged ? "✓" : null, seat.missed ? "missed" : null]
      .filter(Boolean).join(" · ");
  },
  hand(view, ctx) {
    if (view.over || view.seat === null || view.seat === undefined) return null;
    const bits = [];
    const one = view.cards_per_reader === 1;
    const subject = ctx.names[view.subject];
    if (view.seat === view.subject) {
      bits.push(h("p", { class: "hint task" }, view.phase === "arrange"
        ? WORDS.tasks[one ? "subject_one_card" : "subject"] : `${WORDS.question} Pick one, honestly.`));
    } else if (view.phase === "arrange" && !view.seats[view.seat].arranged) {
      bits.push(h("p", { class: "hint task" }, WORDS.tasks[one ? "reader_one_card" : "reader"].replaceAll("{subject}", subject)));
    }
    // The seat's hand this round, kept whole after a miss.
    const held = (view.held || []).filter((hand) => hand.round === view.round);
    if (held.length) {
      const hand = held[held.length - 1];
      const picks = view.reads.filter((r) => r.round === view.round && r.reader === view.seat).map((r) => r.pick);
      const missed = view.seats[view.seat].missed;
      bits.push(h("p", { class: "hint" }, hand.guesses ? "Your predictions, in reading order" : "Your cards"),
        h("ol", { class: "plays" }, hand.cards.map((card, i) => {
          const guess = hand.guesses ? hand.guesses[i] : null;
          let note = "";
          if (i < picks.length) note = ` — ${subject} picked ${picks[i]} ${picks[i] === guess ? "✓" : "✗"}`;
          else if (missed) note = " — not read: your turn ended at the miss";
          return h("li", {}, pair(card), guess ? ` · you predict ${guess}` : "", note);
        })));
    }
    return bits.length ? h("div", {}, bits) : null;
  },
  label(action) {
    if ("pick" in action) return `Pick ${action.pick}`;
    if ("guesses" in action) return `Guesses: ${action.guesses.join(", ")}`;
    return JSON.stringify(action);
  },
  revealText() {
    return null;
  },
  details(details, ctx) {
    const rounds = details.rounds || [];
    return seatTable("Points per round", ctx.names, rounds.map((r) => [`Round ${r.round} (${ctx.names[r.subject]})`, r.scores]));
  },
};
