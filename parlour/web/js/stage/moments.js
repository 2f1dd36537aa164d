// The TV's moments: each reveal gets the screen for its beat, one after another. A moment
// is drawn from the spectator views around its own move (kept here version by version), so
// one that waited in the queue still shows its own before and after, not the newest.
import { h, fill } from "../dom.js";
import { seatClass } from "../seats.js";

/** No moment is replaced before it has been up this long, however fast people move. */
export const LEAST_MS = 3000;
/** Seconds a moment holds when the server does not say (its beat at the normal pace). */
export const BEAT = { short: 4, long: 9, finale: 5 };
/** A big reveal (a table of guesses) keeps this long even when others wait behind it. */
const LONG_LEAST_MS = 6000;
/** More moments than this waiting: the oldest never shown are passed over (the table has moved on). */
const MOST_WAITING = 4;

/** The spectator view after each move, by version, to draw a moment's before and after. */
export class Views {
  constructor(limit = 500) {
    this.limit = limit;
    this.byVersion = new Map();
  }

  keep(version, view) {
    this.byVersion.set(version, view);
    if (this.byVersion.size > this.limit) this.byVersion.delete(this.byVersion.keys().next().value);
  }

  /** The view at `version`, or the newest one kept before it; null if none. */
  at(version) {
    let best = null;
    let bestVersion = -1;
    for (const [v, view] of this.byVersion) {
      if (v <= version && v > bestVersion) { best = view; bestVersion = v; }
    }
    return best;
  }

  clear() {
    this.byVersion.clear();
  }
}

/**
 * The queue of moments on the TV. An item is {kind: "short"|"long"|"finale", beat
 * (seconds), seat, draw() -> content}. One is up at a time, for its beat; when others are
 * waiting it may give way sooner, but never before LEAST_MS. A finale is the last: once
 * its picture has been up (if it has one), `onFinale` is called and the queue closes.
 */
export class MomentQueue {
  constructor(el, { onShow = () => {}, onFinale = () => {} } = {}) {
    this.el = el;
    this.onShow = onShow;
    this.onFinale = onFinale;
    this.waiting = [];
    this.current = null;
    this.since = 0;
    this.timer = null;
    this.count = 0;
    this.closed = false;
    this.held = false;
  }

  push(item) {
    if (this.closed) return;
    this.waiting.push(item);
    this.passOver();
    if (this.held) return;
    if (!this.current) this.next();
    else this.schedule();
  }

  /** Held, moments wait (the game's stage is still loading: it draws them); let go, they come. */
  hold(held) {
    const was = this.held;
    this.held = held;
    if (was && !held && !this.current) this.next();
  }

  /** Too far behind: the oldest moments that never showed are dropped (never the finale). */
  passOver() {
    while (this.waiting.filter((m) => m.kind !== "finale").length > MOST_WAITING) {
      this.waiting.splice(this.waiting.findIndex((m) => m.kind !== "finale"), 1);
    }
  }

  /** How long the current moment must still stay, in ms (0: it may go now). */
  due() {
    const item = this.current;
    const up = performance.now() - this.since;
    const beat = Math.max(LEAST_MS, item.beat * 1000);
    const behind = this.waiting.length >= 2 || this.waiting.some((m) => m.kind === "finale");
    const least = item.kind === "long" ? Math.min(beat, LONG_LEAST_MS) : LEAST_MS;
    return Math.max(0, (behind ? least : beat) - up);
  }

  schedule() {
    clearTimeout(this.timer);
    if (!this.current) return;
    this.timer = setTimeout(() => this.next(), this.due() + 15);  // just past due: next() checks again
  }

  next() {
    clearTimeout(this.timer);
    if (this.current && this.due() > 0) { this.schedule(); return; }
    if (this.current && this.current.last) { this.hide(); this.onFinale(); return; }
    const item = this.waiting.shift();
    if (!item) { this.hide(); return; }
    if (item.kind === "finale") this.finish(item);
    else this.show(item);
  }

  show(item, content = item.draw()) {
    if (!content) { this.current = null; this.next(); return; }
    this.current = item;
    this.since = performance.now();
    this.count += 1;
    this.el.className = `moment-${item.kind}${seatClass(item.seat)}`;
    fill(this.el, h("div", { class: "moment-body" }, content));
    this.el.dataset.n = String(this.count);
    this.el.dataset.kind = item.kind;
    this.el.hidden = false;
    this.onShow(item);
    this.schedule();
    // Its time counts from when it is on the screen: the next frame, after whatever else
    // this task still draws (a page in the background draws no frame: it keeps the count above).
    requestAnimationFrame(() => {
      if (this.current !== item) return;
      this.since = performance.now();
      this.schedule();
    });
  }

  /** The game's end: its last reveal first (if it has one), then the finale, for good. */
  finish(item) {
    this.closed = true;
    this.waiting = [];
    const content = item.draw();
    if (content) {
      this.show({ ...item, kind: "long", last: true }, content);
      return;
    }
    this.hide();
    this.onFinale();
  }

  hide() {
    this.current = null;
    this.el.hidden = true;
    fill(this.el);
  }

  /** The moment `key` (if up now) has had its beat: it goes once it has been up LEAST_MS. */
  cut(key) {
    if (!this.current || this.current.key !== key) return;
    this.current = { ...this.current, beat: 0 };
    this.schedule();
  }

  /** A new game (or back to the lobby): nothing of the last one is told. */
  reset() {
    clearTimeout(this.timer);
    this.waiting = [];
    this.closed = false;
    this.hide();
  }

  /** The game ended or was ended with nothing to show first: straight to the finale. */
  close() {
    clearTimeout(this.timer);
    this.closed = true;
    this.waiting = [];
    this.hide();
  }
}
