// My Story at the table: the age track, the two card tracks, each life so far.
// Names, costs and abilities come from the game's words (GET /api/rooms/CODE/words);
// the view names cards by id.
import { h } from "../dom.js";
import { seatTable, status } from "./common.js";
import { tree } from "../render.js";

let words = { cards: {}, reunions: {}, achievements: {}, resources: {}, slots: { life: [], work: [] } };
// In a room, the words of the room's card set (the host may have given the game their own).
const room = location.pathname.match(/^\/r\/([^/]+)/);
try {
  words = await (await fetch(room ? `/api/rooms/${room[1]}/words` : "/api/games/my-story/words")).json();
} catch {
  // Without the words the ids are shown instead: still playable.
}

/** A card's words ("salary-a@1", "L23"), or null. */
export function card(id) {
  return typeof id === "string" ? words.cards[id] || null : null;
}

/** The name of a card, a Reunion or an Achievement (its id if unknown). */
export function cardName(id) {
  const named = card(id) || words.reunions[id] || words.achievements[id];
  return named && named.name ? named.name : String(id);
}

function chip(id) {
  return h("span", { class: "sleeve", title: String(id) }, cardName(id));
}

function label(icon) {
  return (words.resources[icon] || {}).name || icon;
}

/** {"years": 2, "money": 1} -> "2 years, 1 Money". */
function amounts(map, none = "free") {
  const parts = Object.entries(map || {}).filter(([, n]) => n).map(([k, n]) =>
    k === "years" ? `${n} year${n === 1 ? "" : "s"}` : `${n} ${label(k)}`);
  return parts.length ? parts.join(", ") : none;
}

function sum(a, b) {
  const out = { ...(a || {}) };
  for (const [k, n] of Object.entries(b || {})) out[k] = (out[k] || 0) + n;
  return out;
}

/** What a track card costs to take (its slot, plus a Life Story's own requirement) and gives. */
function facts(id, where, slot) {
  const c = card(id);
  if (!c) return "";
  const slots = words.slots;
  const take = where === "life" ? sum(slots.life[slot], c.requirement) : slots.work[slot];
  const bits = [`take: ${amounts(take)}`];
  if (where === "work" && c.kind === "occupation") bits.push(`switch: ${amounts(c.grow)}`);
  else if (where === "work" && c.grow) bits.push(`complete: ${amounts(c.grow)}`);
  if (c.play) bits.push(`plays ${amounts(c.play)}`);
  if (Object.values(c.bonus || {}).some(Boolean)) bits.push(`CV bonus ${amounts(c.bonus)}`);
  if ((c.ability || []).length) bits.push(`ability: ${c.ability.join("; ")}`);
  if ((c.colours || []).length) bits.push(c.colours.join("/"));
  if (c.vp) bits.push(`${c.vp} VP`);
  return bits.join(" · ");
}

function track(title, ids, where) {
  return h("div", {}, h("h3", { class: "panel-title" }, title),
    h("ol", { class: "words" }, ids.map((id, i) => h("li", { class: "word", title: String(id) },
      h("span", { class: "hint" }, `${i + 1}. `), cardName(id),
      h("small", { class: "hint card-facts" }, facts(id, where, i))))));
}

/** How the winner was found (the result's "tiebreak"), in a player's words. */
const DECIDED = {
  vp: "Decided by the most VP.",
  cv: "A tie on VP, decided by the most CV cards.",
  shared: "A tie on VP and on CV cards: the victory is shared.",
};

const STEP = { more: "may play more cards", choose: "chooses a resource", convert: "may convert",
  act: "explores or grows", colour: "chooses a colour" };

export default {
  table(view, ctx) {
    const turn = view.turn;
    const parts = [];
    if (view.phase === "choose") parts.push(status("Everyone keeps one of two occupations"));
    else if (view.phase === "over") parts.push(status("Game over"));
    else if (turn) {
      parts.push(status(`${ctx.names[turn.seat]}'s turn · ${STEP[turn.step] || turn.step}`),
        h("p", {}, "Resources this turn: ", h("strong", {}, amounts(turn.pool, "nothing"))),
        turn.played && turn.played.length ? h("p", {}, "Played: ", turn.played.map(chip)) : null);
    }
    parts.push(track("Life Story track", view.life_track || [], "life"),
      track("Occupation & Project track", view.work_track || [], "work"));
    if ((view.reunions || []).length) parts.push(h("p", {}, "Reunions: ", view.reunions.map(chip)));
    if ((view.achievements || []).length) parts.push(h("p", {}, "Achievements: ", view.achievements.map(chip)));
    const seats = view.seats || [];
    parts.push(seatTable("Lives so far", ctx.names, [
      ["Age", seats.map((s) => `${s.age}${s.retired ? " (retired)" : ""}`)],
      ["Occupation", seats.map((s) => (s.occupation ? cardName(s.occupation) : "—"))],
      ["CV cards", seats.map((s) => s.cv.length)],
      ["Achievements", seats.map((s) => s.achievements.length)],
      ["Draw / discard", seats.map((s) => `${s.draw_count} / ${s.discard.length}`)],
    ]));
    parts.push(h("details", {}, h("summary", {}, "Everything on the table"), tree(view, ctx)));
    return h("div", { class: "my-story" }, parts);
  },
  /** A short note by each seat in the shared strip: age and occupation. */
  note(view, s) {
    const seat = (view.seats || [])[s];
    if (!seat) return null;
    const job = seat.occupation ? ` · ${cardName(seat.occupation)}` : "";
    return `age ${seat.age}${seat.retired ? " (retired)" : ""}${job}`;
  },
  hand(view) {
    const mine = view.private;
    if (!mine) return null;
    const bits = [];
    if (mine.dealt && mine.dealt.length) bits.push(h("p", {}, "Dealt to you: ", mine.dealt.map(chip)));
    if (mine.pick && view.phase === "choose") bits.push(h("p", {}, "You keep: ", chip(mine.pick)));
    if (mine.draw && mine.draw.length) bits.push(h("p", {}, "In your draw pile: ", mine.draw.map(chip)));
    return bits.length ? h("div", {}, h("h3", { class: "panel-title" }, "Yours"), bits) : null;
  },
  label(action, view) {
    const stars = action.stars ? ` using ${action.stars} star${action.stars === 1 ? "" : "s"}` : "";
    if ("occupation" in action) return `Keep ${cardName(action.occupation)}`;
    if ("take" in action) {
      const ids = view ? (action.take === "life" ? view.life_track : view.work_track) || [] : [];
      return `Take ${ids[action.slot] ? cardName(ids[action.slot]) : `${action.take} slot ${action.slot + 1}`}${stars}`;
    }
    if ("reunion" in action) return `Reunion ${cardName(action.reunion)} → ${cardName(action.achievement)}${stars}`;
    if ("grow" in action) return `Grow: ${cardName(action.grow)}${stars}`;
    if ("play_more" in action) return action.play_more ? "Play one more card" : "Stop playing cards";
    if ("gain" in action) return `Gain ${action.gain}`;
    if ("convert" in action) return `Convert ${action.convert} time${action.convert === 1 ? "" : "s"}`;
    if ("colour" in action) return `Colour: ${action.colour}`;
    if ("end" in action) return "End the turn";
    if ("rest" in action) return "Rest (a year passes)";
    return JSON.stringify(action);
  },
  controls(legal, submit, view) {
    if (!legal.choices) return null;
    return h("div", { class: "choices", role: "group", "aria-label": "Your move" },
      legal.choices.map((action) => h("button", { type: "button", class: "choice", onclick: () => submit(action) },
        this.label(action, view))));
  },
  revealText() {
    return null;
  },
  details(details, ctx) {
    const sheet = details.score_sheet || [];
    return h("div", {},
      seatTable("Score sheet", ctx.names, sheet.map((line) => [line.area.replace(/_/g, " "), line.points])),
      details.tiebreak ? h("p", { class: "hint" }, DECIDED[details.tiebreak] || details.tiebreak) : null);
  },
};
