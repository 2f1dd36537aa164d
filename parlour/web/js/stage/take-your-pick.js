// Take Your Pick on the TV: the Subject, every reader's hand face down, then the card being
// read, large: two phrases, "which describes you best?". At each answer the card turns
// over with the Subject's pick lit and the guess marked right or wrong.
import { h } from "../dom.js";
import { cardBack, turning } from "./cards.js";
import { icon } from "../icons.js";
import { byPlayer, counted } from "./parts.js";
import { say } from "./stages.js";

/** The stage, given the game's words (the roles, the question, points). */
export default function takeYourPick(words) {
  const SUBJECT = words.roles.subject;

  function points(n) {
    return counted(n, words.point);
  }

  /** The two phrases as one card; `pick` lit, `guess` marked when known. */
  function pair(card, { pick = null, guess = null } = {}) {
    const half = (phrase) => h("span", { class: `typ-half${phrase === pick ? " picked" : ""}` },
      h("span", { class: "typ-phrase" }, phrase),
      guess === phrase ? h("span", { class: `typ-guess${guess === pick ? " right" : " wrong"}` },
        icon(guess === pick ? "tick" : "cross"), "guessed") : null);
    return h("span", { class: "typ-card" }, half(card[0]), h("span", { class: "typ-or" }, "or"), half(card[1]));
  }

  /** A reader's hand this round: read cards face up (✓ or ✗), the rest face down. */
  function hand(view, s, ctx) {
    const seat = view.seats[s];
    const read = (view.reads || []).filter((r) => r.round === view.round && r.reader === s);
    const reading = view.reading && view.reading.reader === s;
    const cards = read.map((r) => h("span", { class: `typ-mini ${r.correct ? "right" : "wrong"}`, "aria-label": `${r.guess}: ${r.correct ? "right" : "wrong"}` },
      icon(r.correct ? "tick" : "cross")));
    for (let i = 0; i < seat.hand_count; i += 1) cards.push(cardBack({ small: true, label: reading && i === 0 ? "the card being read" : "a card to read" }));
    const state = seat.missed ? "out" : reading ? "reading" : view.phase === "arrange" ? (seat.arranged ? "ready ✓" : "guessing…") : "";
    return h("li", { class: `typ-reader${ctx.seatClass(s)}${reading ? " now" : ""}${seat.missed ? " missed" : ""}` },
      h("span", { class: "typ-name" }, ctx.names[s]), h("span", { class: "typ-hand" }, cards), h("span", { class: "typ-state" }, state));
  }

  function readers(view, ctx) {
    const seats = view.seats.map((_, s) => s).filter((s) => s !== view.subject);
    return h("ol", { class: `typ-readers${seats.length > 6 ? " many" : ""}` }, seats.map((s) => hand(view, s, ctx)));
  }

  /** One answer, turning over: the pick lit, the guess marked, what it did. */
  function answer(r, after, ctx) {
    const did = r.correct ? `${points(1)} for ${ctx.names[r.reader]}` : after.cards_per_reader === 1 ? "no point"
      : `that ends ${ctx.names[r.reader]}'s turn`;
    return [h("p", { class: "moment-title" }, ctx.seatName(r.subject), " picked"),
      turning(pair(r.card, { pick: r.pick, guess: r.guess }), 0),
      turning(h("p", { class: `moment-line ${r.correct ? "tick" : "cross"}` }, r.correct ? "Right! " : "Wrong: ", did), 1)];
  }

  function roundOver(round, ctx) {
    const readersOf = round.scores.map((n, s) => [s, n]).filter(([s]) => s !== round.subject);
    return h("div", { class: "typ-round" }, h("p", { class: "moment-line" }, `Round ${round.round} is over: points this round`),
      h("ul", { class: "typ-round-scores" }, readersOf.map(([s, n]) => h("li", {}, ctx.seatName(s), ` ${n}`)),
        h("li", {}, ctx.seatName(round.subject), ` (${SUBJECT}) ${round.scores[round.subject]}`)));
  }

  return {
    about: "One player is the Subject. The others guess which of two phrases the Subject will pick, card by card; a wrong guess ends your turn.",
    setup(options) {
      return options.variant === "large-group" ? "Large-group game: one card each" : "Three cards each, surest first";
    },
    headline(view, ctx) {
      const subject = view.subject;
      if (view.reading) {
        return say([ctx.seatName(view.reading.reader), " reads to ", ctx.seatName(subject), ": which describes you best?"],
          "Answer honestly: the reader guessed already.");
      }
      return say(["Everyone guesses ", ctx.seatName(subject), "'s picks"],
        view.cards_per_reader === 1 ? "A right guess scores for the reader and the Subject." : "Surest first: the first wrong guess ends a reader's turn.");
    },
    table(view, ctx) {
      const status = h("p", { class: "stage-status" }, `Round ${view.round} of ${view.rounds_total}`);
      const now = view.reading ? h("div", { class: "typ-now" }, h("p", { class: "typ-now-who" }, ctx.seatName(view.reading.reader),
        ` reads card ${view.reading.number} to `, ctx.seatName(view.subject)), pair(view.reading.card))
        : h("div", { class: "typ-now" }, h("p", { class: "typ-subject" }, ctx.seatName(view.subject), ` is the ${SUBJECT}`),
          h("p", { class: "typ-question" }, `“${words.question}”`));
      return h("div", { class: "typ" }, status, now, readers(view, ctx));
    },
    score(view, s) {
      return points(view.seats[s].score);
    },
    note(view, s) {
      const seat = view.seats[s];
      if (view.over) return null;
      return [seat.role === "subject" ? SUBJECT : null, view.phase === "arrange" && seat.arranged ? "ready ✓" : null,
        seat.missed ? "out" : null].filter(Boolean).join(" · ");
    },
    moment(before, after, ctx) {
      const reads = after.reads || [];
      if (reads.length <= (before.reads || []).length) {
        const card = after.reading;
        if (!card || JSON.stringify(card) === JSON.stringify(before.reading)) return null;
        return { kind: "short", seat: card.reader, picture: [h("p", { class: "moment-title" }, ctx.seatName(card.reader), " reads to ", ctx.seatName(after.subject)),
          turning(pair(card.card), 0), h("p", { class: "moment-line" }, `“${words.question}”`)] };
      }
      const r = reads[reads.length - 1];
      const ended = (after.rounds || []).length > (before.rounds || []).length ? after.rounds[after.rounds.length - 1] : null;
      return { kind: ended ? "long" : "short", seat: r.reader, picture: [answer(r, after, ctx), ended ? turning(roundOver(ended, ctx), 2) : null] };
    },
    counts() {
      return "points";
    },
    finale(result, view, ctx) {
      const rounds = result.details.rounds || [];
      return byPlayer(`Points each round (ringed: that round's ${SUBJECT})`, ctx, rounds.map((r) => String(r.round)),
        (s) => rounds.map((r) => ({ text: r.scores[s], cls: r.subject === s ? "ringed" : "" })));
    },
  };
}
