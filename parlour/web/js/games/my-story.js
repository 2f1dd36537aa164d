// My Story on the room page: a phone's decisions one question at a time, what things cost
// and give as icons, and a short table under them (the age track first; the tracks, the
// Reunions and everyone's lives one tap away: the shared screen carries the whole table).
// Names, abilities and what cards give come from the game's words (those of the room's card
// set); what things cost, as the rules count it, from the view (take_costs, private.prices).
import { h } from "../dom.js";
import { newEvents } from "../log-tail.js";
import { listing, say, seatTable, status } from "./common.js";
import { amountsIn, kit, priceText } from "./my-story-kit.js";
import { actControls } from "./my-story-act.js";
import { icon } from "./icons.js";

export { priceText };

/** How the winner was found (the result's "tiebreak"), in a player's words. */
const DECIDED = {
  vp: "Decided by the most VP.",
  cv: "A tie on VP, decided by the most CV cards.",
  shared: "A tie on VP and on CV cards: the victory is shared.",
};

const STEP = { more: "may play more cards", choose: "chooses a resource", convert: "may convert",
  act: "explores or grows", colour: "chooses a colour" };

/** The score sheet's areas, in a player's words. */
const AREAS = { achievements: "Achievements", life_stories: "Life Stories", projects: "Projects",
  majorities: "Most icons", retirement: "Late retirement", total: "Total" };

/** The renderer, given the words of the card set played. */
export default function myStory(words) {
  const k = kit(words);
  const { card, cardName, chip } = k;

  /** The server's price of one of the seat's choices: what it pays and (a conversion) gets. */
  function priceOf(view, action) {
    const key = JSON.stringify(action);
    return ((view.private || {}).prices || []).find((p) => JSON.stringify(p.action) === key) || {};
  }

  /** The resources of a turn: after Planning the pool; before, what the cards played give so far. */
  function turnPool(view) {
    const turn = view.turn;
    if (turn.step !== "more") return { pool: turn.pool, sofar: false };
    return { pool: view.so_far, sofar: true };
  }

  /** The age track: every marker in the order they play (the youngest plays next). */
  function ageTrack(view, ctx) {
    const seats = view.seats || [];
    const order = view.marker_order || seats.map((_, s) => s);
    const active = view.turn ? view.turn.seat : null;
    const { track_start: first, last } = view.ages;
    return h("div", { class: "age-track" }, h("h3", { class: "panel-title" }, "Ages: the youngest plays next"),
      h("ol", { class: "ages" }, order.map((s, i) => {
        const seat = seats[s];
        const bar = h("span", { class: `age-bar${ctx.seatClass(s)}` });
        bar.style.width = `${Math.round(((Math.min(seat.age, last) - first) / (last - first)) * 100)}%`;
        const tag = seat.retired ? "retired" : s === active ? "playing now" : active === null && i === 0 ? "plays first" : "";
        return h("li", { class: `age${s === active ? " now" : ""}` },
          h("span", { class: "age-who" }, ctx.seatName(s), ` ${seat.age}`, tag ? h("span", { class: "hint" }, ` · ${tag}`) : null),
          h("span", { class: "age-rail" }, bar));
      })));
  }

  /** A track, one tap away: each card with what it costs to take (as the server counts it) and gives. */
  function track(title, ids, where, costs) {
    return h("details", { class: "ms-track", "data-fold": title }, h("summary", {}, `${title} (${ids.length})`),
      h("ol", { class: "ms-track-cards" }, ids.map((id, i) => h("li", { class: "ms-track-card" },
        k.title(id), h("span", { class: "card-line take" }, "Take: ", k.price((costs || [])[i])),
        k.gives(id).map((line) => h("span", { class: "card-line" }, line))))));
  }

  /** The Reunions and Achievements on the board, one tap away. */
  function reunionsAndAchievements(view) {
    if (!(view.reunions || []).length && !(view.achievements || []).length) {
      return view.stage === 0 && view.phase !== "over" ? h("p", { class: "hint" }, "Reunions and Achievements open when everyone is 30.") : null;
    }
    const progress = (view.private || {}).progress || {};
    return h("details", { class: "ms-track", "data-fold": "reunions" }, h("summary", {}, `Reunions and Achievements (${(view.achievements || []).length})`),
      h("ul", { class: "plays" }, (view.reunions || []).map((id) => h("li", {}, h("strong", {}, cardName(id)), " — pay ",
        k.icons((words.reunions[id] || {}).requirement, { none: "free" })))),
      h("ul", { class: "plays" }, (view.achievements || []).map((id) => h("li", {}, h("strong", {}, cardName(id)), ` — ${(words.achievements[id] || {}).text || ""}`,
        progress[id] ? h("span", { class: "hint" }, ` You: ${progress[id].count} so far, ${progress[id].points} VP now.`) : null))));
  }

  /** What the icons stand for, in the card set's words. */
  function legend() {
    const names = ["money", "book", "heart", "house", "smile", "star", "years"].filter((r) => words.resources[r]);
    return h("p", { class: "hint ms-legend" }, names.map((r) => h("span", { class: "amt" }, icon(r), ` ${words.resources[r].name}`)),
      h("span", { class: "amt" }, icon("vp"), " VP"));
  }

  function eventText(e) {
    const paid = (x) => (x.years ? ` (${x.years} year${x.years === 1 ? "" : "s"})` : "");
    if (e.event === "take") return `took ${k.kindOf(e.card)} “${cardName(e.card)}”${paid(e)}`;
    if (e.event === "reunion") return `went to “${cardName(e.reunion)}” for the Achievement “${cardName(e.achievement)}”${paid(e)}`;
    if (e.event === "grow") return `${(card(e.card) || {}).kind === "occupation" ? "switched to" : "completed"} “${cardName(e.card)}”${paid(e)}`;
    if (e.event === "rest") return "rested a year";
    if (e.event === "retire") return `retired at ${e.age}`;
    if (e.event === "colour") return `chose ${e.colour} for “${cardName(e.card)}”`;
    return null;
  }

  /** A finished turn: what the player did, the years it cost, and who plays next. */
  function turnSummary(before, after, ctx) {
    const seat = before.turn.seat;
    const did = newEvents(before, after).filter((e) => e.seat === seat).map(eventText).filter(Boolean);
    const was = before.seats[seat].age;
    const now = after.seats[seat].age;
    const next = after.turn ? after.turn.seat : null;
    const retired = after.seats[seat].retired;
    const first = [ctx.seatName(seat), did.length ? ` ${listing(did).join("")}.` : "'s turn is over."];
    const second = [retired ? "" : now > was ? [icon("years"), ` Age ${was} → ${now}.`] : `Still ${now}: no time spent.`,
      next !== null ? [" Next: ", ctx.seatName(next), ` (${after.seats[next].age})`] : null];
    return h("div", { class: "ms-summary" }, h("p", {}, first), h("p", {}, second));
  }

  /** One button of a simple step (keep an occupation, gain a resource...), its facts under it. */
  function button(text, action, submit, more = null) {
    return h("button", { type: "button", class: "choice", onclick: () => submit(action) },
      h("span", { class: "choice-text" }, text), more ? h("span", { class: "hint" }, more) : null);
  }

  /** What a simple step's choice does, as icons. */
  function more(action, view) {
    if ("occupation" in action) return [k.colours(action.occupation), k.gives(action.occupation).map((line) => h("span", { class: "card-line" }, line))];
    if ("convert" in action && action.convert) {
      const price = priceOf(view, action);
      return price.pays ? [k.icons(price.pays), " → ", k.icons(price.gets)] : null;
    }
    if ("colour" in action) return `when you play a ${action.colour} card`;
    return null;
  }

  const renderer = {
    /** The table under the decision: short on a phone; the tracks one tap away. */
    table(view, ctx) {
      const turn = view.turn;
      const parts = [];
      if (view.phase === "choose") parts.push(status("Everyone keeps one of two occupations"));
      else if (view.phase === "over") parts.push(status("Game over"));
      else if (turn) {
        const { pool, sofar } = turnPool(view);
        parts.push(status([ctx.seatName(turn.seat), ` plays · ${STEP[turn.step] || turn.step}`]));
        if (turn.seat !== view.seat) {  // your own: your decision above says it
          parts.push(turn.played && turn.played.length ? h("p", {}, "Played: ", turn.played.map(chip)) : null,
            h("p", {}, sofar ? "From the cards played so far: " : "To spend this turn: ", k.icons(pool, { none: sofar ? "nothing yet" : "all spent" })));
        }
      }
      parts.push(ageTrack(view, ctx));
      const costs = view.take_costs || {};
      const seats = view.seats || [];
      // The rest of the table, one tap away (the shared screen shows it all).
      parts.push(h("details", { class: "ms-track ms-board" }, h("summary", {}, "The tracks, the Reunions and everyone's lives"),
        legend(),
        track("Life Story track", view.life_track || [], "life", costs.life),
        track("Occupation & Project track", view.work_track || [], "work", costs.work),
        reunionsAndAchievements(view),
        seatTable("Lives so far", ctx.names, [
          ["Age", seats.map((s) => `${s.age}${s.retired ? " (retired)" : ""}`)],
          ["Occupation", seats.map((s) => (s.occupation ? cardName(s.occupation) : "—"))],
          ["CV cards", seats.map((s) => s.cv.length)],
          ["Achievements", seats.map((s) => s.achievements.length)],
          ["Draw / discard", seats.map((s) => `${s.draw_count} / ${s.discard.length}`)],
        ])));
      return h("div", { class: "my-story" }, parts);
    },
    /** The one instruction, by step: what to decide now, and what there is to spend. */
    instruction(view, legal, ctx) {
      if (view.over) return null;
      const turn = view.turn;
      const me = view.seat;
      if (view.phase === "choose") {
        if (legal) return say("Keep one occupation: it starts your CV and its ability works every turn", "The other is shuffled into your deck.");
        return null;
      }
      if (!turn) return null;
      const age = view.seats[turn.seat].age;
      if (legal && turn.seat === me) {
        const { pool } = turnPool(view);
        const have = ["You have ", k.icons(pool, { none: "nothing", named: true }), " to spend"];
        const clock = ` You are ${age}; you retire at ${view.ages.retire}.`;
        if (turn.step === "more") return say("Play one more card, or stop?", ["A Smile card lets you play one more. So far: ", k.icons(pool, { none: "nothing yet" })]);
        if (turn.step === "choose") return say("Choose what your occupation gives you this turn", [...have, "."]);
        if (turn.step === "convert") return say("Convert resources into Stars?", [...have, ". A Star stands for any one resource."]);
        if (turn.step === "colour") return say("Choose a colour for your Bonus Resource card", "When you play a card of that colour, it gives its Bonus.");
        if (!turn.explored && !turn.grown) {
          return say("Your turn: take a card, go to a Reunion, or grow",
            [...have, ". Each one missing costs ", icon("years"), ` 1 year (${words.max_time} at most).`, clock]);
        }
        return say(turn.explored ? "Grow, or end your turn" : "Take a card, or end your turn",
          [...have, "; unspent resources are lost when the turn ends."]);
      }
      if (me !== null) {
        return say([ctx.seatName(turn.seat), ` plays a turn (age ${age})`],
          `Whoever is youngest plays next: spending years means waiting. At ${view.ages.retire} a player retires.`);
      }
      return null;
    },
    /** A short note by each seat in the shared strip: age and occupation. */
    note(view, s) {
      const seat = (view.seats || [])[s];
      if (!seat) return null;
      const job = seat.occupation ? ` · ${cardName(seat.occupation)}` : "";
      return `age ${seat.age}${seat.retired ? " (retired)" : ""}${job}`;
    },
    /** Your own, one tap away: your occupation's ability, your CV's Bonuses, your Achievements, your deck. */
    hand(view) {
      const mine = view.private;
      const seat = view.seat === null || view.seat === undefined ? null : view.seats[view.seat];
      if (!mine || !seat) return null;
      if (view.phase === "choose") {
        return mine.pick ? h("p", {}, "You keep: ", chip(mine.pick)) : null;
      }
      const bits = [];
      if (seat.occupation) bits.push(h("div", { class: "ms-own" }, "Occupation: ", k.title(seat.occupation), k.gives(seat.occupation).map((line) => h("p", {}, line))));
      const cv = seat.cv.filter((id) => id !== seat.occupation);
      if (cv.length) bits.push(h("p", {}, "CV: ", cv.map((id) => h("span", { class: "ms-cv" }, chip(id), " ", k.icons((card(id) || {}).bonus, { none: "" })))));
      const progress = mine.progress || {};
      if (seat.achievements.length) {
        bits.push(h("ul", { class: "plays" }, seat.achievements.map((id) => h("li", {}, chip(id),
          h("span", { class: "hint" }, ` ${(words.achievements[id] || {}).text || ""}${progress[id] ? ` Now ${progress[id].points} VP.` : ""}`)))));
      }
      if (mine.draw && mine.draw.length) bits.push(h("p", {}, `Still to come in your deck (${mine.draw.length}): `, mine.draw.map(chip)));
      const job = seat.occupation ? cardName(seat.occupation) : "no occupation";
      return h("details", { class: "ms-life", "data-fold": "your life" }, h("summary", {}, `Your life: ${job}, your CV, your deck`), bits);
    },
    label(action, view) {
      const star = action.stars ? ` (using ${action.stars} Star${action.stars === 1 ? "" : "s"})` : "";
      if ("occupation" in action) return `Keep ${cardName(action.occupation)}`;
      if ("take" in action) {
        const ids = view ? (action.take === "life" ? view.life_track : view.work_track) || [] : [];
        return `Take ${ids[action.slot] ? cardName(ids[action.slot]) : `${words.tracks[action.take]} card ${action.slot + 1}`}${star}`;
      }
      if ("reunion" in action) return `Reunion ${cardName(action.reunion)} → ${cardName(action.achievement)}${star}`;
      if ("grow" in action) return `Grow: ${cardName(action.grow)}${star}`;
      if ("play_more" in action) return action.play_more ? "Play one more card" : "Stop playing cards";
      if ("gain" in action) return `Gain 1 ${(words.resources[action.gain] || {}).name || action.gain}`;
      if ("convert" in action) return action.convert ? `Convert ${action.convert} time${action.convert === 1 ? "" : "s"}` : "Don't convert";
      if ("colour" in action) return `${action.colour[0].toUpperCase()}${action.colour.slice(1)}: ${amountsIn(words, { [(words.colours || {})[action.colour]]: 1 })} cards`;
      if ("end" in action) return "End the turn";
      if ("rest" in action) return "Rest (a year passes)";
      return "this move";
    },
    controls(legal, submit, view) {
      if (!legal.choices) return null;
      if (view.turn && view.turn.step === "act" && view.turn.seat === view.seat) {
        return actControls(k, legal, submit, view, { priceOf: (a) => priceOf(view, a), label: (a) => renderer.label(a, view) });
      }
      return h("div", { class: "choices", role: "group", "aria-label": "Your move" },
        legal.choices.map((action) => button(renderer.label(action, view), action, submit, more(action, view))));
    },
    /** A finished turn: what was done, the years it cost, who is next. */
    reveal(before, after, ctx) {
      if (!before.turn || (after.turns || 0) <= (before.turns || 0)) return null;
      return turnSummary(before, after, ctx);
    },
    revealText() {
      return null;
    },
    scoreCaption() {
      return "VP";
    },
    details(details, ctx) {
      const sheet = details.score_sheet || [];
      return h("div", {},
        seatTable("Score sheet", ctx.names, sheet.map((line) => [AREAS[line.area] || line.area.replace(/_/g, " "), line.points])),
        details.tiebreak ? h("p", { class: "hint" }, DECIDED[details.tiebreak] || details.tiebreak) : null);
    },
  };

  return renderer;
}
