// My Story's act step on a phone, one question at a time: what to do (take a Life Story,
// take an Occupation or Project, go to a Reunion, grow, end), then which card, then how to
// pay. Only what the rules let you do is offered (the seat's legal choices), each card with
// what it costs and gives, and each payment as the server priced it.
import { h, fill } from "../dom.js";
import { counted } from "./common.js";

/** The legal actions of the act step, by what they do. */
function sorted(choices) {
  const by = { life: [], work: [], reunion: [], grow: [], other: [] };
  for (const a of choices) {
    if ("take" in a) by[a.take].push(a);
    else if ("reunion" in a) by.reunion.push(a);
    else if ("grow" in a) by.grow.push(a);
    else by.other.push(a);
  }
  return by;
}

function groupBy(actions, key) {
  const out = new Map();
  for (const a of actions) {
    const k = key(a);
    if (!out.has(k)) out.set(k, []);
    out.get(k).push(a);
  }
  return out;
}

/**
 * The act step's controls. `k` is the card set's kit (my-story-kit.js); `priceOf(action)`
 * the server's price of an action ({pays}); `label(action)` its words.
 */
export function actControls(k, legal, submit, view, { priceOf, label }) {
  const by = sorted(legal.choices);
  const box = h("div", { class: "ms-act", role: "group", "aria-label": "Your move" });
  const years = (actions) => Math.min(...actions.map((a) => (priceOf(a).pays || {}).years || 0));
  const from = (actions) => {
    const least = years(actions);
    return least ? ` · from ${counted(least, "year")}` : " · no years";
  };

  /** A button that goes one question further (it sends nothing). */
  function step(main, more, onclick, extra = null) {
    return h("button", { type: "button", class: "choice step", onclick },
      h("span", { class: "choice-text" }, main), more ? h("span", { class: "hint" }, more) : null, extra);
  }

  function back() {
    return h("button", { type: "button", class: "back", onclick: () => show("what", start) }, "‹ Back");
  }

  function ask(question, ...parts) {
    return [h("div", { class: "ms-ask" }, back(), h("p", { class: "ms-question" }, question)), parts];
  }

  /** Show one question: `name` is "what", "which" or "pay" (box[data-screen], for tests and styles). */
  function show(name, screen) {
    fill(box, screen());
    box.dataset.screen = name;
    const first = box.querySelector("button.choice") || box.querySelector("button");
    if (first && box.isConnected) first.focus({ preventScroll: true });
  }

  /** The first question: what to do. */
  function start() {
    const options = [];
    const tracks = { life: view.life_track || [], work: view.work_track || [] };
    for (const where of ["life", "work"]) {
      if (!by[where].length) continue;
      const slots = groupBy(by[where], (a) => a.slot);
      options.push(step(`Take ${where === "life" ? "a Life Story" : "an Occupation or Project"}`,
        `${slots.size} of ${tracks[where].length} you can take${from(by[where])}`, () => show("which", () => cardsOf(where))));
    }
    if (by.reunion.length) {
      const goals = groupBy(by.reunion, (a) => a.achievement);
      options.push(step("Go to a Reunion", `take one of ${counted(goals.size, "Achievement")}${from(by.reunion)}`, () => show("which", achievements)));
    }
    if (by.grow.length) {
      const cards = [...groupBy(by.grow, (a) => a.grow).keys()];
      const what = cards.length === 1 ? `${growVerb(cards[0])} ${k.cardName(cards[0])}` : "a card you played";
      options.push(step(`Grow: ${what}`, `into your CV${from(by.grow)}`, () => show(by.grow.length && groupBy(by.grow, (a) => a.grow).size === 1 ? "pay" : "which", growing)));
    }
    for (const a of by.other) {
      const note = "end" in a ? "unspent resources are lost" : "rest" in a ? "nothing else is possible: a year passes" : null;
      options.push(h("button", { type: "button", class: "choice", onclick: () => submit(a) },
        h("span", { class: "choice-text" }, label(a)), note ? h("span", { class: "hint" }, note) : null));
    }
    return h("div", { class: "choices ms-groups" }, options);
  }

  function growVerb(id) {
    return (k.card(id) || {}).kind === "occupation" ? "switch to" : "complete";
  }

  /** Which card of a track: only those the seat can pay for, each with its cost and gifts. */
  function cardsOf(where) {
    const ids = where === "life" ? view.life_track : view.work_track;
    const slots = groupBy(by[where], (a) => a.slot);
    const left = ids.length - slots.size;
    return ask(where === "life" ? "Which Life Story?" : "Which Occupation or Project?",
      h("div", { class: "choices ms-cards" }, [...slots].map(([slot, actions]) => cardButton(
        ids[slot], actions, () => show("pay", () => paying(ids[slot], actions, where))))),
      left ? h("p", { class: "hint" }, `${counted(left, "card")} on this track cost${left === 1 ? "s" : ""} more than you can pay.`) : null);
  }

  /**
   * A card's button, three lines: its name, kind, colours and VP; what it costs (with no
   * Star used: Stars are offered on the next question); what it gives.
   */
  function cardButton(id, actions, onclick, verb = "") {
    const plain = actions.find((a) => !a.stars) || actions[0];
    return h("button", { type: "button", class: "choice step ms-card", onclick },
      h("span", { class: "card-title" }, h("span", { class: "choice-text" }, `${verb}${k.cardName(id)}`),
        h("span", { class: "kind" }, ` ${k.kindOf(id)}`), k.colours(id), k.vp((k.card(id) || {}).vp)),
      h("span", { class: "card-line" }, "Costs ", k.price(priceOf(plain).pays), actions.length > 1 ? h("span", { class: "kind" }, " or less with a Star") : null),
      k.givesLine(id));
  }

  /** The last question: how to pay for one card (each way the server priced). */
  function paying(id, actions, where) {
    const c = k.card(id) || {};
    const later = where === "work" && c.grow ? h("p", { class: "gives" },
      c.kind === "occupation" ? "To switch to it later: " : "To complete it later: ", k.icons(c.grow, { none: "free" })) : null;
    return ask(`Take ${k.cardName(id)}: how will you pay?`,
      h("div", { class: "ms-card-detail" }, k.title(id), k.gives(id).map((line) => h("p", {}, line)), later),
      payButtons(actions, (a) => "Pay"));
  }

  function payButtons(actions, lead) {
    return h("div", { class: "choices ms-pay" }, actions.map((a) => {
      const pays = priceOf(a).pays;
      return h("button", { type: "button", class: "choice pay", onclick: () => submit(a) },
        h("span", { class: "choice-text" }, lead(a)), " ", k.price(pays),
        a.stars ? h("span", { class: "hint" }, ` using ${counted(a.stars, "Star")}`) : null);
    }));
  }

  /** Which Achievement (a Reunion's prize): its condition and how far the seat is. */
  function achievements() {
    const progress = (view.private || {}).progress || {};
    const goals = groupBy(by.reunion, (a) => a.achievement);
    return ask("Which Achievement?",
      h("div", { class: "choices ms-cards" }, [...goals].map(([aid, actions]) => step(k.cardName(aid),
        null, () => show("pay", () => reunionPay(aid, actions)),
        [progress[aid] ? h("span", { class: "ms-progress" }, `You: ${progress[aid].count} so far, ${progress[aid].points} VP now`) : null,
          h("span", { class: "hint ms-goal" }, (k.words.achievements[aid] || {}).text)]))));
  }

  function reunionPay(aid, actions) {
    return ask(`${k.cardName(aid)}: which Reunion will you go to?`,
      h("p", { class: "hint" }, (k.words.achievements[aid] || {}).text),
      payButtons(actions, (a) => k.cardName(a.reunion)));
  }

  /** Which card played this turn goes into the CV. */
  function growing() {
    const cards = groupBy(by.grow, (a) => a.grow);
    if (cards.size === 1) {
      const [[id, actions]] = cards;
      return growPay(id, actions);
    }
    return ask("Which card goes into your CV?",
      h("div", { class: "choices ms-cards" }, [...cards].map(([id, actions]) => cardButton(id, actions,
        () => show("pay", () => growPay(id, actions)), `${growVerb(id)[0].toUpperCase()}${growVerb(id).slice(1)} `))));
  }

  function growPay(id, actions) {
    const verb = growVerb(id);
    return ask(`${verb[0].toUpperCase()}${verb.slice(1)} ${k.cardName(id)}: how will you pay?`,
      h("div", { class: "ms-card-detail" }, k.title(id), k.gives(id).map((line) => h("p", {}, line))),
      payButtons(actions, () => "Pay"));
  }

  show("what", start);
  return box;
}
