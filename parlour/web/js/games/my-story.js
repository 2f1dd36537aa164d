// My Story at the table: the age track, the two card tracks, each life so far.
// Names, abilities and what cards give come from the game's words (those of the room's card
// set); what things cost, as the rules count it, from the view (take_costs, private.prices).
// The view names cards by id.
import { h } from "../dom.js";
import { counted, listing, say, seatTable, status } from "./common.js";
import { tree } from "../render.js";

/** A payment the server priced ({"money": 1, "star": 1, "years": 2}) in words, with the
 * resources' names from `words`: "1 Money, 1 Star + 2 years". */
export function priceText(pays, words) {
  const { years = 0, ...rest } = pays || {};
  const said = amountsIn(words, rest, "");
  const time = years ? `${years} year${years === 1 ? "" : "s"}` : "";
  return [said, time].filter(Boolean).join(" + ") || "free";
}

/** {"book": 2, "money": 1} -> "2 Books, 1 Money", named as the card set's words name them. */
function amountsIn(words, map, none = "free") {
  const named = (k, n) => {
    const r = words.resources[k];
    return r ? (n === 1 ? r.name : r.plural) : k;
  };
  const parts = Object.entries(map || {}).filter(([, n]) => n).map(([k, n]) => `${n} ${named(k, n)}`);
  return parts.length ? parts.join(", ") : none;
}

/** The renderer, given the words of the card set played. */
export default function myStory(words) {
  /** A card's words ("salary-a@1", "L23"), or null. */
  function card(id) {
    return typeof id === "string" ? words.cards[id] || null : null;
  }

  /** The name of a card, a Reunion or an Achievement (its id if unknown). */
  function cardName(id) {
    const named = card(id) || words.reunions[id] || words.achievements[id];
    return named && named.name ? named.name : String(id);
  }

  function chip(id) {
    return h("span", { class: "sleeve", title: String(id) }, cardName(id));
  }

  function label(icon) {
    return (words.resources[icon] || {}).name || icon;
  }

  /** {"years": 2, "book": 2, "money": 1} -> "2 years, 2 Books, 1 Money" (the game's words). */
  function amounts(map, none = "free") {
    return amountsIn(words, map, none);
  }

  /** What a track card costs to take (`cost`, as the server counts it) and gives. */
  function facts(id, where, cost) {
    const c = card(id);
    if (!c) return "";
    const bits = [`take: ${amounts(cost)}`];
    if (where === "work" && c.kind === "occupation") bits.push(`switch: ${amounts(c.grow)}`);
    else if (where === "work" && c.grow) bits.push(`complete: ${amounts(c.grow)}`);
    return [...bits, gives(id)].filter(Boolean).join(" · ");
  }

  function track(title, ids, where, costs) {
    return h("div", {}, h("h3", { class: "panel-title" }, title),
      h("ol", { class: "words" }, ids.map((id, i) => h("li", { class: "word", title: String(id) },
        h("span", { class: "hint" }, `${i + 1}. `), cardName(id),
        h("small", { class: "hint card-facts" }, facts(id, where, (costs || [])[i]))))));
  }

  /** How the winner was found (the result's "tiebreak"), in a player's words. */
  const DECIDED = {
    vp: "Decided by the most VP.",
    cv: "A tie on VP, decided by the most CV cards.",
    shared: "A tie on VP and on CV cards: the victory is shared.",
  };

  const STEP = { more: "may play more cards", choose: "chooses a resource", convert: "may convert",
    act: "explores or grows", colour: "chooses a colour" };

  function kindOf(id) {
    const c = card(id);
    return c ? (words.kinds || {})[c.kind] || c.kind : "";
  }

  /** What a card gives: its play, its CV Bonus, its ability, its colours and VP. */
  function gives(id) {
    const c = card(id);
    if (!c) return "";
    const bits = [];
    if (Object.values(c.play || {}).some(Boolean)) bits.push(`plays for ${amounts(c.play)}`);
    if (Object.values(c.bonus || {}).some(Boolean)) bits.push(`CV Bonus ${amounts(c.bonus)}`);
    if ((c.ability || []).length) bits.push(`ability: ${c.ability.join("; ")}`);
    if ((c.colours || []).length) bits.push(c.colours.join("/"));
    if (c.vp) bits.push(`${c.vp} VP`);
    return bits.join(" · ");
  }

  /** The server's price of one of the seat's choices: what it pays and (a conversion) gets. */
  function priceOf(view, action) {
    const key = JSON.stringify(action);
    return ((view.private || {}).prices || []).find((p) => JSON.stringify(p.action) === key) || {};
  }

  function pay(view, action) {
    return priceText(priceOf(view, action).pays, words);
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
    const { track_start: first, retire, last } = view.ages;
    return h("div", { class: "age-track" }, h("h3", { class: "panel-title" }, `Age track (the youngest plays next; ${retire} retires)`),
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

  function pile(title, ids) {
    return ids.length ? h("p", {}, h("span", { class: "hint" }, `${title}: `), ids.map(chip)) : null;
  }

  /** The Reunions and Achievements on the board, each with its cost or condition. */
  function reunionsAndAchievements(view) {
    const parts = [];
    if ((view.reunions || []).length) {
      parts.push(h("div", {}, h("h3", { class: "panel-title" }, "Reunions (pay one to take an Achievement)"),
        h("ul", { class: "plays" }, view.reunions.map((id) => h("li", {}, h("strong", {}, cardName(id)), ` — pay ${amounts((words.reunions[id] || {}).requirement)}`)))));
    }
    if ((view.achievements || []).length) {
      const progress = (view.private || {}).progress || {};
      parts.push(h("div", {}, h("h3", { class: "panel-title" }, "Achievements on the board"),
        h("ul", { class: "plays" }, view.achievements.map((id) => h("li", {}, h("strong", {}, cardName(id)), ` — ${(words.achievements[id] || {}).text || ""}`,
          progress[id] ? h("span", { class: "hint" }, ` You: ${progress[id].count} so far, ${progress[id].points} VP now.`) : null)))));
    } else if (view.stage === 0 && view.phase !== "over") {
      parts.push(h("p", { class: "hint" }, "Reunions and Achievements open when everyone is 30."));
    }
    return parts;
  }

  /** The events a move added to the view's log (which keeps only its last few). */
  function newEvents(before, after) {
    const old = before.log || [];
    const now = after.log || [];
    for (let dropped = 0; dropped <= old.length; dropped += 1) {
      const kept = old.slice(dropped);
      if (kept.every((e, i) => JSON.stringify(e) === JSON.stringify(now[i]))) return now.slice(kept.length);
    }
    return now;
  }

  function eventText(e) {
    const paid = (x) => (x.years ? ` (${x.years} year${x.years === 1 ? "" : "s"})` : "");
    if (e.event === "take") return `took ${kindOf(e.card)} “${cardName(e.card)}”${paid(e)}`;
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
    const second = [retired ? "" : now > was ? `Age ${was} → ${now}.` : `Still ${now}: no time spent.`,
      next !== null ? [" Next: ", ctx.seatName(next), ` (${after.seats[next].age})`] : null];
    return ctx.table ? h("div", { class: "ms-summary" }, h("p", {}, first), h("p", {}, second))
      : h("span", {}, first, " ", second);
  }

  /** One option with what it is about: a title, its facts, and a button per way to pay. */
  function option(title, facts, buttons) {
    return h("div", { class: "ms-option" }, h("p", { class: "ms-title" }, title),
      facts ? h("p", { class: "hint" }, facts) : null, h("div", { class: "choices" }, buttons));
  }

  function button(text, action, submit, more = null) {
    return h("button", { type: "button", class: "choice", onclick: () => submit(action) },
      h("span", { class: "choice-text" }, text), more ? h("span", { class: "hint" }, more) : null);
  }

  function grouped(items, key) {
    const out = new Map();
    for (const item of items) {
      const k = key(item);
      if (!out.has(k)) out.set(k, []);
      out.get(k).push(item);
    }
    return out;
  }

  function stars(n) {
    return n ? ` (using ${counted(n, "Star")})` : "";
  }

  /** The act step's choices, grouped by card: each shows its cost and what it gives. */
  function actControls(legal, submit, view) {
    const takes = legal.choices.filter((a) => "take" in a);
    const sections = [];
    for (const where of ["life", "work"]) {
      const ids = where === "life" ? view.life_track : view.work_track;
      const here = grouped(takes.filter((a) => a.take === where), (a) => a.slot);
      if (!here.size) continue;
      sections.push(h("h3", { class: "panel-title" }, `Take from the ${words.tracks[where]} track`),
        [...here].map(([slot, actions]) => option(`${cardName(ids[slot])} (${kindOf(ids[slot])})`, gives(ids[slot]),
          actions.map((a) => button(`Take it: pay ${pay(view, a)}`, a, submit)))));
    }
    const reunions = grouped(legal.choices.filter((a) => "reunion" in a), (a) => a.achievement);
    if (reunions.size) {
      const progress = (view.private || {}).progress || {};
      sections.push(h("h3", { class: "panel-title" }, "Attend a Reunion: take an Achievement"),
        [...reunions].map(([aid, actions]) => option(`Achievement: ${cardName(aid)}`,
          [(words.achievements[aid] || {}).text, progress[aid] ? ` You: ${progress[aid].count} so far, ${progress[aid].points} VP if the game ended now.` : ""].join(""),
          actions.map((a) => button(`Via ${cardName(a.reunion)}: pay ${pay(view, a)}`, a, submit)))));
    }
    const grows = grouped(legal.choices.filter((a) => "grow" in a), (a) => a.grow);
    if (grows.size) {
      sections.push(h("h3", { class: "panel-title" }, "Grow: a card you played this turn goes into your CV"),
        [...grows].map(([id, actions]) => option(`${(card(id) || {}).kind === "occupation" ? "Switch to" : "Complete"} ${cardName(id)} (${kindOf(id)})`, gives(id),
          actions.map((a) => button(`${(card(id) || {}).kind === "occupation" ? "Switch" : "Complete it"}: pay ${pay(view, a)}`, a, submit)))));
    }
    const rest = legal.choices.filter((a) => !("take" in a || "reunion" in a || "grow" in a));
    if (rest.length) {
      sections.push(h("div", { class: "choices ms-end" }, rest.map((a) => button(labelOf(a, view), a, submit,
        "end" in a ? "unspent resources are lost" : "rest" in a ? "nothing else is possible" : null))));
    }
    return h("div", { class: "ms-act", role: "group", "aria-label": "Your move" }, sections);
  }

  function labelOf(action, view) {
    return renderer.label(action, view);
  }

  const renderer = {
    table(view, ctx) {
      const turn = view.turn;
      const parts = [];
      if (view.phase === "choose") parts.push(status("Everyone keeps one of two occupations"));
      else if (view.phase === "over") parts.push(status("Game over"));
      else if (turn) {
        const { pool, sofar } = turnPool(view);
        parts.push(status([ctx.seatName(turn.seat), ` plays · ${STEP[turn.step] || turn.step}`]), ageTrack(view, ctx),
          turn.played && turn.played.length ? h("p", {}, "Played: ", turn.played.map(chip)) : null,
          h("p", {}, sofar ? "From the cards played so far: " : "Resources this turn: ",
            h("strong", {}, amounts(pool, sofar ? "nothing yet" : "all spent")),
            sofar ? h("span", { class: "hint" }, " (CV Bonus and abilities are added when the playing stops)") : null));
      }
      if (!turn) parts.push(ageTrack(view, ctx));
      const costs = view.take_costs || {};
      parts.push(track("Life Story track", view.life_track || [], "life", costs.life),
        track("Occupation & Project track", view.work_track || [], "work", costs.work));
      parts.push(...reunionsAndAchievements(view));
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
    /** The one instruction, by step: what to decide now, and what it costs or gives. */
    instruction(view, legal, ctx) {
      if (view.over) return null;
      const turn = view.turn;
      const me = view.seat;
      if (view.phase === "choose") {
        if (legal) return say("Keep one occupation: it starts your CV and its ability works every turn", "The other is shuffled into your deck. Read each one's ability below.");
        return ctx.table ? say("Everyone keeps one of two occupations", "Then the youngest plays first.") : null;
      }
      if (!turn) return null;
      const age = view.seats[turn.seat].age;
      if (legal && turn.seat === me) {
        const { pool } = turnPool(view);
        const have = `You are ${age}. You have ${amounts(pool, "nothing")} to spend`;
        if (turn.step === "more") return say("Play one more card, or stop?", `A Smile card lets you play one more. From the cards so far: ${amounts(pool, "nothing yet")}.`);
        if (turn.step === "choose") return say("Choose what your occupation gives you this turn", `${have}.`);
        if (turn.step === "convert") return say("Convert resources into Stars?", `${have}. A Star stands for any one resource.`);
        if (turn.step === "colour") return say("Choose a colour for your Bonus Resource card", "When you play a card of that colour, it gives its Bonus.");
        if (!turn.explored && !turn.grown) {
          return say("Take a card, go to a Reunion, or grow — at least one",
            `${have}; what you lack costs 1 year each (at most ${words.max_time}). At ${view.ages.retire} you retire.`);
        }
        return say(turn.explored ? "Grow, or end your turn" : "Take a card, or end your turn",
          `${have}; unspent resources are lost when the turn ends.`);
      }
      if (ctx.table || me !== null) {
        return say([ctx.seatName(turn.seat), ` plays a turn (age ${age})`], "Whoever is youngest plays next: spending years means waiting.");
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
    /** Your own: your occupation's ability, your CV's Bonuses, your Achievements, your deck. */
    hand(view) {
      const mine = view.private;
      const seat = view.seat === null || view.seat === undefined ? null : view.seats[view.seat];
      if (!mine || !seat) return null;
      const bits = [];
      if (view.phase === "choose") {
        if (mine.pick) bits.push(h("p", {}, "You keep: ", chip(mine.pick), h("span", { class: "hint" }, ` — ${gives(mine.pick)}`)));
      } else {
        if (seat.occupation) bits.push(h("p", {}, "Occupation: ", chip(seat.occupation), h("span", { class: "hint" }, ` ${gives(seat.occupation)}`)));
        const cv = seat.cv.filter((id) => id !== seat.occupation);
        if (cv.length) bits.push(h("p", {}, "CV: ", cv.map((id) => [chip(id), h("span", { class: "hint" }, ` ${amounts((card(id) || {}).bonus, "")} `)])));
        const progress = mine.progress || {};
        if (seat.achievements.length) {
          bits.push(h("p", {}, "Achievements: ", seat.achievements.map((id) => [chip(id),
            h("span", { class: "hint" }, ` ${(words.achievements[id] || {}).text || ""}${progress[id] ? ` Now ${progress[id].points} VP.` : ""} `)])));
        }
        if (mine.draw && mine.draw.length) bits.push(h("p", {}, `Still to come in your deck (${mine.draw.length}): `, mine.draw.map(chip)));
      }
      return bits.length ? h("div", {}, h("h3", { class: "panel-title" }, "Your life"), bits) : null;
    },
    label(action, view) {
      const star = stars(action.stars);
      if ("occupation" in action) return `Keep ${cardName(action.occupation)}`;
      if ("take" in action) {
        const ids = view ? (action.take === "life" ? view.life_track : view.work_track) || [] : [];
        return `Take ${ids[action.slot] ? cardName(ids[action.slot]) : `${action.take} slot ${action.slot + 1}`}${star}`;
      }
      if ("reunion" in action) return `Reunion ${cardName(action.reunion)} → ${cardName(action.achievement)}${star}`;
      if ("grow" in action) return `Grow: ${cardName(action.grow)}${star}`;
      if ("play_more" in action) return action.play_more ? "Play one more card" : "Stop playing cards";
      if ("gain" in action) return `Gain 1 ${label(action.gain)}`;
      if ("convert" in action) {
        const price = view ? priceOf(view, action) : {};
        const how = price.pays ? `: ${amounts(price.pays)} → ${amounts(price.gets)}` : "";
        return action.convert ? `Convert ${action.convert} time${action.convert === 1 ? "" : "s"}${how}` : "Don't convert";
      }
      if ("colour" in action) return `Colour: ${action.colour} (${label((words.colours || {})[action.colour])} cards)`;
      if ("end" in action) return "End the turn";
      if ("rest" in action) return "Rest (a year passes)";
      return JSON.stringify(action);
    },
    controls(legal, submit, view) {
      if (!legal.choices) return null;
      if (view.turn && view.turn.step === "act" && view.turn.seat === view.seat) return actControls(legal, submit, view);
      return h("div", { class: "choices", role: "group", "aria-label": "Your move" },
        legal.choices.map((action) => button(this.label(action, view), action, submit,
          "occupation" in action ? gives(action.occupation) : null)));
    },
    /** A finished turn on the table: what was done, the years it cost, who is next. */
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
        seatTable("Score sheet", ctx.names, sheet.map((line) => [line.area.replace(/_/g, " "), line.points])),
        details.tiebreak ? h("p", { class: "hint" }, DECIDED[details.tiebreak] || details.tiebreak) : null);
    },
  };

  return renderer;
}
