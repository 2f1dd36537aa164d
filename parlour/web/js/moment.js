// What just happened, told once and out of the way: on a phone, one line under the status
// (never over a control, dismissible); reactions float up from the seat that sent them.
// (The TV tells its moments with stage/moments.js.)
import { h, fill } from "./dom.js";
import { paintNames, seatClass } from "./seats.js";

const FRESH_MS = 6000;
const KEEP = 3;  // lines of one seat's turn the moment gathers

/** Lines (or reactions) numbered after `seen`; a server restart renumbers them from 1. */
export function newSince(items, seen) {
  const newest = items.length ? items[items.length - 1].n : 0;
  if (seen === null || newest < seen) return [];
  return items.filter((item) => item.n > seen);
}

export function newest(items) {
  return items.length ? items[items.length - 1].n : 0;
}

/**
 * The moment to show for this snapshot: the game's own `reveal(before, after, ctx)` if it
 * has one for this change, else what the newest move made public (or the end), else the
 * generic reveals' words. Returns {content, seat} or null.
 */
export function momentOf(r, before, after, lines, ctx, revealTexts) {
  let content = null;
  try {
    content = r.reveal && before ? r.reveal(before, after, ctx) : null;
  } catch (error) {
    console.error(error);
  }
  if (content) return { content, seat: null, long: true };  // a game's reveal: time to read it
  const told = lines.filter((line) => line.kind === "move" || line.kind === "end").slice(-KEEP);
  if (told.length) {
    const seats = new Set(told.map((line) => line.seat));
    return {
      content: told.map((line) => h("p", {}, paintNames(line.kind === "move" && seats.size === 1 ? line.told : line.text, ctx.names))),
      seat: seats.size === 1 ? told[0].seat : null,
    };
  }
  return revealTexts.length ? { content: revealTexts.join(" · "), seat: null } : null;
}

/**
 * The one notice of a phone (or laptop), in a slot of its own above the seats: the newest
 * event as a line, fresh for a few seconds; or a reveal, drawn big (what the TV shows, in
 * this seat's words) while the room holds it, then folded to its one line.
 */
export class Notice {
  constructor(el) {
    this.el = el;
    this.timer = null;
    this.dismissed = false;
    this.summary = null;  // the folded line of the reveal shown, while it is shown big
  }

  /** Whether a reveal is shown big. */
  get open() {
    return this.summary !== null;
  }

  /** The newest log line, dim, unless something fresh is showing or the person dismissed it. */
  settle(line, names) {
    if (this.open || this.el.classList.contains("fresh") || this.dismissed || !line) return;
    this.fill(paintNames(line.text, names), line.seat);
  }

  show(content, seat = null) {
    if (this.open) return;  // a reveal is up: a line would hide it
    this.dismissed = false;
    this.fill(Array.isArray(content) ? content[content.length - 1] : content, seat);  // the newest
    this.fresh();
  }

  /**
   * A reveal, big, with a bar that runs down the room's beat (`seconds`; none for 0);
   * `summary` is its one line once folded (by `fold`, or the person's ✕).
   */
  reveal(content, summary, seat = null, seconds = 0) {
    this.dismissed = false;
    this.summary = { content: summary, seat };
    clearTimeout(this.timer);
    this.el.className = `revealing${seatClass(seat)}`;
    const bar = seconds > 0 ? h("span", { class: "beat-bar", role: "presentation" }) : null;
    if (bar) bar.style.animationDuration = `${seconds}s`;  // the CSS object model: allowed by the page's policy
    fill(this.el, h("div", { class: "reveal-body" }, content), bar,
      h("button", { type: "button", class: "dismiss", "aria-label": "Close", onclick: () => this.fold(true) }, "✕"));
  }

  /** The reveal shown big becomes its one line (fresh for a few seconds). */
  fold(byHand = false) {
    if (!this.open) return;
    const { content, seat } = this.summary;
    this.summary = null;
    this.fill(content, seat);
    this.fresh();
    if (byHand && this.onFold) this.onFold();
  }

  fresh() {
    this.el.classList.add("fresh");
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.el.classList.remove("fresh"), FRESH_MS);
  }

  fill(content, seat) {
    this.el.className = `${this.el.classList.contains("fresh") ? "fresh" : ""}${seatClass(seat)}`;
    fill(this.el,
      h("span", { class: "notice-text", onclick: () => this.el.classList.toggle("open") }, content),
      h("button", { type: "button", class: "dismiss", "aria-label": "Dismiss", onclick: () => this.dismiss() }, "✕"));
  }

  dismiss() {
    this.dismissed = true;
    this.summary = null;
    clearTimeout(this.timer);
    this.el.classList.remove("fresh", "open");
    fill(this.el);
  }
}

/**
 * Each new reaction floats up from its seat in the strip, in a layer of its own (the strip
 * is drawn again with every change; the bubble must outlive that).
 */
export function floatReactions(layer, strip, reactions, names) {
  for (const reaction of reactions) {
    const chip = strip.querySelector(`[data-seat="${reaction.seat}"]`);
    if (!chip) continue;
    const box = chip.getBoundingClientRect();
    // Kept inside the screen: a bubble must never make the page wider.
    const x = Math.min(Math.max(box.left + box.width / 2, 32), innerWidth - 32);
    const bubble = h("span", {
      class: `float-emoji${seatClass(reaction.seat)}`, role: "img", "aria-label": `${names[reaction.seat] || "someone"} reacts ${reaction.emoji}`,
    }, reaction.emoji);
    bubble.style.left = `${Math.round(x)}px`;  // the CSS object model: allowed by the page's policy
    bubble.style.top = `${Math.round(box.top)}px`;
    layer.append(bubble);
    setTimeout(() => bubble.remove(), 2600);
  }
}
