// Controls for every action of every game, built from the engine's Legal:
// choices -> buttons; free input by spec kind (text, texts, ranking, arrangement).
import { h, fill, show, humanize } from "./dom.js";

/** A readable label for an action, e.g. {"keep": "5H"} -> "Keep 5H". */
export function genericLabel(action) {
  const keys = Object.keys(action);
  if (keys.length === 1) return `${humanize(keys[0])} ${show(action[keys[0]])}`;
  return keys.map((k) => `${humanize(k)}: ${show(action[k])}`).join("; ");
}

/**
 * Build the controls for a seat's legal actions.
 * submit(action) returns a promise of the server's reply.
 * label(action) turns an action into button text; item(x) labels a ranking/arrangement item.
 */
export function buildControls(legal, submit, { label = genericLabel, item = show } = {}) {
  if (legal.choices) return choiceButtons(legal.choices, submit, label);
  const spec = legal.spec || {};
  const make = SPEC_KINDS[spec.kind] || rawInput;
  return make(spec, submit, item);
}

function choiceButtons(choices, submit, label) {
  const box = h("div", { class: "choices", role: "group", "aria-label": "Your move" });
  for (const action of choices) {
    const text = label(action);
    box.append(h("button", { type: "button", class: "choice", onclick: () => submit(action) }, text));
  }
  return box;
}

function submitRow(text, onclick) {
  return h("div", { class: "row" }, h("button", { type: "submit", class: "primary", onclick }, text));
}

const GRAPHEMES = typeof Intl !== "undefined" && Intl.Segmenter ? new Intl.Segmenter(undefined, { granularity: "grapheme" }) : null;

/** Characters as the server counts them: what a person sees as one (an emoji, an accented letter). */
export function characters(text) {
  const trimmed = text.trim();
  return GRAPHEMES ? [...GRAPHEMES.segment(trimmed)].length : [...trimmed].length;
}

/**
 * A count-down under a box of limited text: the limit is shown before typing, and a text
 * too long is never cut: it is said to be too long, and `form`'s Send waits until it fits.
 */
function counted(input, limit, form) {
  const id = `${input.id}-count`;
  const note = h("span", { class: "counter hint", id, "aria-live": "polite" });
  input.setAttribute("aria-describedby", id);
  const update = () => {
    const over = characters(input.value) - limit;
    note.textContent = over > 0 ? `${over} too many: at most ${limit} characters`
      : `${-over} of ${limit} characters left`;
    note.classList.toggle("error", over > 0);
    input.setAttribute("aria-invalid", over > 0 ? "true" : "false");
    const send = form.querySelector("button[type=submit]");
    if (send) send.disabled = [...form.querySelectorAll("[aria-invalid=true]")].length > 0;
  };
  input.addEventListener("input", update);
  queueMicrotask(update);
  return note;
}

/** Ideas offered by the game (typing something else is fine): a datalist and tap-to-fill. */
function suggestions(spec, input, id) {
  const ideas = (spec.suggestions || []).slice(0, 12);
  if (!ideas.length) return [];
  input.setAttribute("list", id);
  return [h("datalist", { id }, ideas.map((idea) => h("option", { value: idea }))),
    h("div", { class: "choices ideas", role: "group", "aria-label": "Ideas" },
      ideas.map((idea) => h("button", { type: "button", class: "idea", onclick: () => { input.value = idea; input.focus(); } }, idea)))];
}

function textInput(spec, submit) {
  const input = h("input", { type: "text", required: true, autocomplete: "off", id: "free-text" });
  const form = h("form", { class: "free" });
  fill(form, h("div", { class: "field" }, h("label", { for: "free-text" }, spec.label || humanize(spec.key)), input,
    counted(input, spec.max_length || 200, form)),
    suggestions(spec, input, "free-ideas"),
    submitRow("Send", null));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    submit({ [spec.key]: input.value });
  });
  return form;
}

function textsInput(spec, submit) {
  const labels = spec.labels || [];
  const inputs = labels.map((text, i) => h("input", {
    type: "text", id: `free-${i}`, required: true,
    autocomplete: "off", list: (spec.suggestions || []).length ? "free-ideas" : null,
  }));
  const form = h("form", { class: "free" });
  fill(form,
    spec.category ? h("p", { class: "hint" }, `Category: ${spec.category}`) : null,
    labels.map((text, i) => h("div", { class: "field" }, h("label", { for: `free-${i}` }, text), inputs[i],
      counted(inputs[i], spec.max_length || 200, form))),
    (spec.suggestions || []).length ? h("datalist", { id: "free-ideas" }, spec.suggestions.slice(0, 30).map((x) => h("option", { value: x }))) : null,
    submitRow("Send", null));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    submit({ [spec.key]: inputs.map((el) => el.value) });
  });
  return form;
}

/**
 * Let the items of `list` be dragged (mouse, pen or finger) to a new place in `order`.
 * A press that barely moves stays a tap, so tapping a placed item still takes it back.
 */
function dragToReorder(list, order, redraw) {
  let drag = null;
  list.addEventListener("pointerdown", (event) => {
    const li = event.target.closest("li");
    if (!li || event.button > 0) return;
    drag = { li, from: [...list.children].indexOf(li), y: event.clientY, id: event.pointerId, moved: false };
  });
  list.addEventListener("pointermove", (event) => {
    if (!drag || event.pointerId !== drag.id) return;
    const dy = event.clientY - drag.y;
    if (!drag.moved && Math.abs(dy) < 8) return;
    if (!drag.moved) {
      drag.moved = true;
      list.setPointerCapture(event.pointerId);
      drag.li.classList.add("dragging");
    }
    drag.li.style.transform = `translateY(${dy}px)`;
  });
  list.addEventListener("pointerup", (event) => {
    if (!drag || event.pointerId !== drag.id) return;
    const { li, from, moved } = drag;
    drag = null;
    if (!moved) return;
    const above = [...list.children].filter((other) => other !== li && middle(other) < event.clientY);
    const [x] = order.splice(from, 1);
    order.splice(above.length, 0, x);
    list.dataset.dragged = "1"; // the click that ends a drag is not a tap
    setTimeout(() => delete list.dataset.dragged, 0);
    redraw();
  });
  list.addEventListener("pointercancel", () => { drag = null; redraw(); });
}

function middle(el) {
  const box = el.getBoundingClientRect();
  return box.top + box.height / 2;
}

/**
 * Ranking: tap the items in order (most important first); tap a placed item to take it back;
 * drag a placed item, or Alt+Arrow on it, to move it up or down.
 */
function rankingInput(spec, submit, item) {
  const items = spec.items || [];
  const order = [];
  const pool = h("div", { class: "choices", role: "group", "aria-label": "Items to rank" });
  const ranked = h("ol", { class: "ranked", "aria-label": "Your ranking" });
  const send = h("button", { type: "button", class: "primary" }, "Send ranking");
  const clear = h("button", { type: "button" }, "Start again");
  function draw() {
    pool.replaceChildren(...items.filter((x) => !order.includes(x)).map((x) =>
      h("button", { type: "button", class: "choice", onclick: () => { order.push(x); draw(); focusNext(); } },
        item(x))));
    ranked.replaceChildren(...order.map((x, i) => h("li", {},
      h("button", { type: "button", class: "placed", "aria-label": `${i + 1}: ${item(x)} (tap to take back)`,
        onclick: () => {
          if (ranked.dataset.dragged) return;
          order.splice(order.indexOf(x), 1); draw(); focusNext();
        },
        onkeydown: (event) => moveByKey(event, i) }, item(x)))));
    send.disabled = order.length !== items.length;
  }
  function moveByKey(event, i) {
    const by = { ArrowUp: -1, ArrowDown: 1 }[event.key];
    const j = i + (by || 0);
    if (!event.altKey || !by || j < 0 || j >= order.length) return;
    event.preventDefault();
    [order[i], order[j]] = [order[j], order[i]];
    draw();
    ranked.querySelectorAll("button")[j]?.focus();
  }
  function focusNext() {
    // Keep keyboard users in place: the tapped button is gone, so move to the next one.
    (pool.querySelector("button") || send).focus();
  }
  send.addEventListener("click", () => submit({ [spec.key]: [...order] }));
  clear.addEventListener("click", () => { order.length = 0; draw(); });
  dragToReorder(ranked, order, draw);
  draw();
  return h("div", { class: "free ranking" },
    // What the ranking is for is the instruction above (the spec's label): here, only how.
    h("p", { class: "hint" }, "Tap them in order, first = top. Drag a placed one (or Alt+↑/↓) to move it; tap it to take it back."),
    pool, ranked, h("div", { class: "row" }, clear, send));
}

/**
 * Arrangement: put the cards in order and choose one option on each. Each card but the
 * first has one "move up" button: any order is a few taps away, with half the buttons.
 */
function arrangementInput(spec, submit, item) {
  const cards = (spec.cards || []).map((options, i) => ({ options, pick: null, id: i }));
  const list = h("ol", { class: "arrangement", "aria-label": "Your cards, in order" });
  const send = h("button", { type: "button", class: "primary" }, "Send");
  function moveUp(i) {
    [cards[i - 1], cards[i]] = [cards[i], cards[i - 1]];
    draw();
    (list.querySelectorAll("li")[i - 1]?.querySelector(".up") || list.querySelector("[role=radio]"))?.focus();
  }
  function draw() {
    list.replaceChildren(...cards.map((card, i) => {
      const group = h("div", { class: "choices", role: "radiogroup", "aria-label": `Card ${i + 1}` },
        card.options.map((opt) => h("button", {
          type: "button", class: card.pick === opt ? "choice picked" : "choice",
          role: "radio", "aria-checked": card.pick === opt ? "true" : "false",
          onclick: () => { card.pick = opt; draw(); },
        }, item(opt))));
      return h("li", {}, group, i ? h("button", { type: "button", class: "up", "aria-label": `Move card ${i + 1} up`,
        title: "Move this card up", onclick: () => moveUp(i) }, "↑") : null);
    }));
    send.disabled = cards.some((c) => c.pick === null);
  }
  send.addEventListener("click", () => submit({ [spec.key]: cards.map((c) => c.pick) }));
  draw();
  return h("div", { class: "free" },
    h("p", { class: "hint" }, "Tap one option on each card; ↑ moves a card up (the top one comes first)."),
    list, h("div", { class: "row" }, send));
}

/** For a kind this client does not know: type the action as JSON (the engine still checks it). */
function rawInput(spec, submit) {
  const area = h("textarea", { id: "free-json", rows: 3, "aria-label": "Action as JSON" });
  const form = h("form", { class: "free" },
    h("p", { class: "hint" }, `Free input (${show(spec.kind)}): ${JSON.stringify(spec)}`),
    h("label", { for: "free-json" }, "Action as JSON"), area, submitRow("Send", null));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    let action;
    try { action = JSON.parse(area.value); } catch { action = null; }
    submit(action && typeof action === "object" ? action : { invalid: area.value });
  });
  return form;
}

const SPEC_KINDS = { text: textInput, texts: textsInput, ranking: rankingInput, arrangement: arrangementInput };
