// My Story on the TV: the age track with every player's token (the youngest plays next),
// the two tracks as rows of cards with their costs in icons, the Reunions and Achievements,
// and the turn being played (the cards played, the resources to spend). A finished turn is
// the moment: what was taken or grown, the years it cost, who plays next.
import { h } from "../dom.js";
import { newEvents } from "../log-tail.js";
import { icon, RESOURCE_ICON } from "../icons.js";
import { myStoryPieces } from "./my-story-cards.js";
import { byPlayer, columns, counted } from "./parts.js";
import { say } from "./stages.js";

const ACTS = new Set(["take", "reunion", "grow", "rest", "retire"]);
const STEP = {
  more: "plays cards", choose: "chooses a resource", convert: "may turn resources into Stars",
  colour: "chooses a colour", act: "takes a card, goes to a Reunion or grows",
};
const AREAS = { achievements: "Achievements", life_stories: "Life Stories", projects: "Projects", majorities: "Most icons", retirement: "Retiring" };
const MAJORITY = ["money", "book", "heart", "house", "smile"];

/** The stage, given the words of the card set played. */
export default function myStory(words) {
  const { amounts, card, nameOf, trackCard, ageTrack } = myStoryPieces(words);

  function track(title, ids, costs) {
    return h("div", { class: "ms-track" }, h("span", { class: "ms-track-name" }, title),
      columns(h("div", { class: "ms-track-cards" }, ids.map((id, i) => trackCard(id, (costs || [])[i]))), 5));
  }

  function board(view) {
    if (!(view.reunions || []).length && !(view.achievements || []).length) {
      return h("p", { class: "ms-board muted" }, "Reunions and Achievements open when everyone is 30.");
    }
    return h("div", { class: "ms-board" },
      h("span", { class: "ms-board-title" }, "Reunions"),
      h("span", { class: "ms-reunions" }, (view.reunions || []).map((id) => h("span", { class: "ms-reunion" }, nameOf(id), " ", amounts((words.reunions[id] || {}).requirement)))),
      h("span", { class: "ms-board-title" }, "Achievements"),
      h("span", { class: "ms-achievements" }, (view.achievements || []).map((id) => h("span", { class: "ms-chip" }, nameOf(id)))));
  }

  /** One thing done in a turn, in words and (a card taken or grown) drawn. */
  function deed(e) {
    const paid = e.years ? h("span", { class: "ms-paid" }, icon("years"), ` ${counted(e.years, "year")}`) : null;
    if (e.event === "take") return h("div", { class: "ms-deed" }, h("p", {}, "took ", paid), trackCard(e.card, null, { big: true }));
    if (e.event === "grow") {
      const verb = (card(e.card) || {}).kind === "occupation" ? "switched to" : "completed";
      return h("div", { class: "ms-deed" }, h("p", {}, verb, " ", paid), trackCard(e.card, null, { big: true }));
    }
    if (e.event === "reunion") {
      return h("div", { class: "ms-deed" }, h("p", {}, `went to ${nameOf(e.reunion)} `, paid),
        h("div", { class: "ms-card big achievement" }, h("span", { class: "ms-name" }, nameOf(e.achievement)),
          h("span", { class: "ms-ability" }, (words.achievements[e.achievement] || {}).text || "")));
    }
    if (e.event === "rest") return h("p", { class: "ms-deed" }, "rested a year");
    if (e.event === "retire") return h("p", { class: "ms-deed retire" }, `retired at ${e.age}`);
    return null;
  }

  /** A finished turn: what the player did, the years it cost, who plays next. */
  function turnOver(before, after, ctx) {
    const seat = before.turn.seat;
    const deeds = newEvents(before, after).filter((e) => e.seat === seat && ACTS.has(e.event)).map(deed).filter(Boolean);
    const was = before.seats[seat].age;
    const now = after.seats[seat].age;
    const next = after.turn ? after.turn.seat : null;
    return [h("p", { class: "moment-title" }, ctx.seatName(seat), now > was ? ` ${was} → ${now}` : ` still ${now}`),
      h("div", { class: "ms-deeds" }, deeds),
      next !== null ? h("p", { class: "moment-line" }, "Next: ", ctx.seatName(next), ` (${after.seats[next].age}), the youngest`) : null];
  }

  return {
    about: "Build the deck of your life: take Life Stories, Projects and Occupations, paying in resources and in years. The youngest always plays next; at 50 you retire.",
    headline(view, ctx) {
      if (view.phase === "choose") return say("Everyone keeps one of two occupations", "Its ability works every turn. Then the youngest plays first.");
      const turn = view.turn;
      if (!turn) return null;
      // What there is to spend: once the cards are played, the pool; before, what they give so far.
      const pool = turn.step === "more" ? view.so_far : turn.pool;
      return say([ctx.seatName(turn.seat), `'s turn · age ${view.seats[turn.seat].age}`],
        [`${ctx.names[turn.seat]} ${STEP[turn.step] || "plays"} · ${turn.step === "more" ? "so far" : "to spend"}: `, amounts(pool, "nothing")]);
    },
    table(view, ctx) {
      const costs = view.take_costs || {};
      return h("div", { class: "ms" }, ageTrack(view, ctx),
        track(words.tracks.life, view.life_track || [], costs.life),
        track(words.tracks.work, view.work_track || [], costs.work),
        board(view));
    },
    score(view, s) {
      return `age ${view.seats[s].age}`;
    },
    note(view, s) {
      const seat = view.seats[s];
      const bits = [seat.occupation ? nameOf(seat.occupation) : null, `CV ${seat.cv.length}`,
        seat.achievements.length ? counted(seat.achievements.length, "Achievement") : null, seat.retired ? "retired" : null];
      return bits.filter(Boolean).join(" · ");
    },
    moment(before, after, ctx) {
      if (before.phase === "choose" && after.phase !== "choose") {
        return { kind: "short", seat: null, picture: [h("p", { class: "moment-title" }, "First occupations"),
          columns(h("div", { class: "ms-deeds" }, after.seats.map((seat, s) => h("div", { class: "ms-deed" },
            h("p", {}, ctx.seatName(s)), trackCard(seat.occupation, null, { big: true })))), after.seats.length)] };
      }
      if (!before.turn || (after.turns || 0) <= (before.turns || 0)) return null;
      return { kind: "short", seat: before.turn.seat, picture: turnOver(before, after, ctx) };
    },
    counts() {
      return "VP";
    },
    finale(result, view, ctx) {
      const d = result.details;
      const sheet = (d.score_sheet || []).filter((line) => line.area in AREAS);
      const icons = d.resource_icons || [];
      const points = d.majority_points || {};
      return h("div", { class: "ms-finale" },
        byPlayer("VP by area, and each player's icons (most: 5 VP, second: 2 VP)", ctx,
          [...sheet.map((line) => AREAS[line.area]), ...MAJORITY.map((r) => icon(RESOURCE_ICON[r], { label: words.resources[r].plural }))],
          (s) => [...sheet.map((line) => line.points[s]), ...MAJORITY.map((r) => (icons[s] || {})[r] ?? "")],
          (col) => (col >= sheet.length ? (points[MAJORITY[col - sheet.length]] || []).map((p, s) => [p, s]).filter(([p]) => p === 5).map(([, s]) => s) : [])),
        d.tiebreak && d.tiebreak !== "vp" ? h("p", { class: "ms-tiebreak" }, d.tiebreak === "cv" ? "A tie on VP, decided by the most CV cards." : "A tie on VP and on CV cards: the victory is shared.") : null);
    },
  };
}
