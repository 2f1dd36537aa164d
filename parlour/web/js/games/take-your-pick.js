// Take Your Pick at the table: the Subject, the card being read, and every read so far.
import { h } from "../dom.js";
import { counted, say, seatTable, status } from "./common.js";

/** The renderer, given the game's words (from the one module the log and the terminal use too). */
export default function takeYourPick(words) {
  const SUBJECT = words.roles.subject;

  function points(n) {
    return counted(n, words.point);
  }

  function pair(card) {
    return h("span", { class: "pair" }, h("span", { class: "word" }, card[0]), " or ", h("span", { class: "word" }, card[1]));
  }

  /** One read: the card, the reader's guess, the Subject's pick, right or wrong. */
  function readLine(r, ctx) {
    return h("li", {}, ctx.seatName(r.reader), ": ", pair(r.card), ` — guessed “${r.guess}”, `, ctx.seatName(r.subject),
      ` picked “${r.pick}” `, h("span", { class: r.correct ? "tick" : "cross" }, r.correct ? "✓" : "✗"));
  }

  /** What a read did to the reader's turn, in words. */
  function outcome(r, after) {
    if (r.correct) return "Right: 1 point.";
    return after.cards_per_reader === 1 ? "Wrong: no point." : "Wrong: that ends the turn.";
  }

  /** The read on the TV: the card, the guess against the pick. */
  function readPanel(r, after, ctx) {
    return h("div", { class: "typ-read" },
      h("p", {}, ctx.seatName(r.reader), " read ", pair(r.card)),
      h("p", { class: "typ-versus" },
        h("span", {}, ctx.seatName(r.reader), " guessed ", h("strong", {}, `“${r.guess}”`)),
        h("span", {}, ctx.seatName(r.subject), " picked ", h("strong", {}, `“${r.pick}”`))),
      h("p", { class: r.correct ? "tick" : "cross" }, `${r.correct ? "✓" : "✗"} ${outcome(r, after)}`));
  }

  function roundOver(round, ctx) {
    const readers = round.scores.map((n, s) => [s, n]).filter(([s]) => s !== round.subject);
    return [`Round ${round.round} is over: `, ...readers.flatMap(([s, n], i) => [i ? ", " : "", ctx.seatName(s), ` ${n}`]),
      "; ", ctx.seatName(round.subject), ` (${SUBJECT}) ${round.scores[round.subject]}.`];
  }

  return {
    table(view, ctx) {
      const parts = [
        status(view.over ? "Game over" : [`Round ${view.round} of ${view.rounds_total} · ${SUBJECT}: `, ctx.seatName(view.subject), ` · ${words.phases[view.phase]}`]),
      ];
      if (view.reading) {
        parts.push(h("div", { class: "typ-now" },
          h("h3", { class: "panel-title" }, ctx.seatName(view.reading.reader), ` reads card ${view.reading.number} to `, ctx.seatName(view.subject)),
          h("p", { class: "typ-card" }, pair(view.reading.card), h("span", { class: "hint" }, ` — ${words.question}`))));
      }
      let reads = (view.reads || []).filter((r) => r.round === view.round);
      let title = view.over ? `Round ${view.round}, the last` : "Read this round";
      if (!reads.length && view.reads && view.reads.length) {
        const lastRound = view.reads[view.reads.length - 1].round;
        reads = view.reads.filter((r) => r.round === lastRound);
        title = `Round ${lastRound}`;
      }
      if (reads.length) {
        const list = h("ul", { class: "plays" }, reads.slice().reverse().map((r) => readLine(r, ctx)));
        // A past round, on a phone, is one tap away: the decision of this round comes first.
        const past = reads[0].round !== view.round && ctx.you !== null;
        parts.push(past ? h("details", { class: "tap-open" }, h("summary", {}, `${title}: what was read`), list)
          : h("div", {}, h("h3", { class: "panel-title" }, title), list));
      }
      return h("div", { class: "typ" }, parts);
    },
    /** The one instruction, by role, naming the Subject. */
    instruction(view, legal, ctx) {
      if (view.over) return null;
      const subject = view.subject;
      const one = view.cards_per_reader === 1;
      const me = view.seat;
      if (legal && legal.spec) {
        return one
          ? say(["Guess what ", ctx.seatName(subject), " will pick on your card"],
            `A right guess scores a point for you and one for ${ctx.names[subject]}.`)
          : say(["Guess what ", ctx.seatName(subject), " will pick on each card — then put your surest first"],
            "Each right guess scores 1 point. Your first wrong guess ends your turn: the cards after it are not read.");
      }
      if (legal && legal.choices && me === subject && view.reading) {
        return say("Which is more you?",
          [ctx.seatName(view.reading.reader), " has guessed your answer. Pick honestly: ",
            one ? "you score a point for each right guess." : "you score as many points as the best reader this round."]);
      }
      if (me === subject && view.phase === "arrange") {
        return say(["You are the ", SUBJECT, ": the others are guessing your picks"],
          "Soon they read their cards to you, one at a time. Answer honestly.");
      }
      if (view.reading && view.reading.reader === me) {
        return say(["Your card is being read to ", ctx.seatName(subject)], "Will the pick match your guess?");
      }
      return null;
    },
    /** The running score by each seat (the shared seat strip shows it). */
    score(view, s) {
      return points(view.seats[s].score);
    },
    note(view, s) {
      const seat = view.seats[s];
      if (view.over) return null;
      return [seat.role ? words.roles[seat.role] : null, seat.arranged ? "✓" : null, seat.missed ? "missed" : null]
        .filter(Boolean).join(" · ");
    },
    hand(view, ctx) {
      if (view.over || view.seat === null || view.seat === undefined || view.seat === view.subject) return null;
      // The seat's hand this round, kept whole after a miss.
      const held = (view.held || []).filter((hand) => hand.round === view.round);
      if (!held.length || !held[held.length - 1].guesses) return null;  // the controls show the cards
      const hand = held[held.length - 1];
      const subject = ctx.names[view.subject];
      const picks = view.reads.filter((r) => r.round === view.round && r.reader === view.seat).map((r) => r.pick);
      const missed = view.seats[view.seat].missed;
      return h("div", {}, h("h3", { class: "panel-title" }, "Your guesses, in reading order"),
        h("ol", { class: "plays" }, hand.cards.map((card, i) => {
          const guess = hand.guesses[i];
          let note = "";
          if (i < picks.length) note = ` — ${subject} picked “${picks[i]}” ${picks[i] === guess ? "✓" : "✗"}`;
          else if (missed) note = " — not read: your turn ended at the miss";
          return h("li", {}, pair(card), ` · you guess “${guess}”`, note);
        })));
    },
    /** The Subject answers with the phrase itself: two big buttons. */
    controls(legal, submit) {
      if (!legal.choices || !legal.choices.every((a) => "pick" in a)) return null;
      return h("div", { class: "choices typ-picks", role: "group", "aria-label": "Which is more you?" },
        legal.choices.map((action) => h("button", { type: "button", class: "choice big-choice", onclick: () => submit(action) }, action.pick)));
    },
    /** Each read, as it is answered; the round's points when it ends. */
    reveal(before, after, ctx) {
      const reads = after.reads || [];
      if (reads.length <= (before.reads || []).length) return null;
      const r = reads[reads.length - 1];
      const ended = (after.rounds || []).length > (before.rounds || []).length ? after.rounds[after.rounds.length - 1] : null;
      return h("div", {}, readPanel(r, after, ctx), ended ? h("p", { class: "typ-round-over" }, roundOver(ended, ctx)) : null);
    },
    label(action) {
      if ("pick" in action) return `You picked “${action.pick}”`;
      if ("guesses" in action) return `Your guesses: ${action.guesses.join(", ")}`;
      return JSON.stringify(action);
    },
    revealText() {
      return null;
    },
    scoreCaption() {
      return "Points";
    },
    details(details, ctx) {
      const rounds = details.rounds || [];
      return seatTable("Points per round", ctx.names, rounds.map((r) => [`Round ${r.round} (${SUBJECT}: ${ctx.names[r.subject]})`, r.scores]));
    },
  };
}
