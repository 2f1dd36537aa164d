// The game being played, on the room page: the banner, the seats, the table, this seat's
// hand and decision, what just happened, the result. `page` is the room page's parts:
// { el, state (a RoomState), live, send, showError, notice }.
import { h, fill, refill, show } from "./dom.js";
import { buildControls } from "./controls.js";
import { reveals, tree } from "./render.js";
import { colour, paintNames, playerNames, presenceText, seatClass, seatName, seatStrip } from "./seats.js";
import { floatReactions, momentOf, newSince, newest } from "./moment.js";
import { hostPanel, nextGame, quickFixes } from "./host.js";
import { chime } from "./alert.js";
import { fitTables } from "./fit.js";
import { listing } from "./games/common.js";

export async function drawPlay(page, room, you, play) {
  const { el, state } = page;
  let r;
  try {
    r = await state.rendererFor(room);
  } catch (error) {
    // Nothing is drawn with another renderer instead: the fault shows, here and in the console.
    console.error(error);
    fill(el.table, h("p", { class: "error", role: "alert", id: "renderer-error" }, error.message));
    return;
  }
  const seatNames = playerNames(room);
  const ctx = {
    names: seatNames, you: play.seat, toAct: play.to_act, room,
    colour, seatClass, seatName: (s) => seatName(seatNames, s, { you: play.seat }),
  };
  const changed = play.version !== state.version;
  const loaded = state.seenLog === null;  // the first drawing since the page opened: no news yet
  const legalKey = JSON.stringify(room.paused || room.status !== "playing" ? null : play.legal);
  state.remember(play.version, play.view);
  tellWhatHappened(page, r, room, play, ctx, changed, legalKey);
  state.lastView = play.view;
  drawBanner(page, room, you, play, ctx);
  drawSeats(page, r, room, play, ctx, legalKey);
  runClocks(state, room.paused);
  drawInstruction(page, r, room, play, ctx);
  refill(el.table, safely(() => r.table(play.view, ctx), () => tree(play.view, ctx)));
  refill(el.hand, play.seat !== null ? safely(() => r.hand(play.view, ctx), () => null) : null);
  el.hand.hidden = !el.hand.firstChild;
  // Rebuild the controls only when what this seat may do changes: others moving
  // meanwhile must not wipe a ranking or text the person is half-way through.
  if (changed) {
    // The game moved on: whatever became of our last request, the controls are live again.
    state.busy = false;
    el.controls.removeAttribute("aria-busy");
  }
  if (legalKey !== state.legal) {
    state.legal = legalKey;
    drawControls(page, r, room, play, ctx);
  }
  if (play.legal && !state.held) state.sent = null;
  drawSent(page, play);
  state.version = play.version;
  document.body.dataset.version = String(play.version);
  const myTurn = Boolean(play.legal) && !room.paused && !state.held;
  drawHold(page, myTurn);
  document.body.dataset.turn = myTurn ? "yes" : "no";
  drawResult(page, r, room, you, play, ctx);
  drawReactions(page, room, play);
  fill(el.host, you.host ? hostPanel(room, play, page.send, state.host) : null);
  fitTables(el.play, seatNames);
  if (myTurn && !state.hadTurn && !loaded) chime();
  state.hadTurn = myTurn;
}

/** New log lines and reveals: the room's moment, or (from a server without moments) what changed. */
function tellWhatHappened(page, r, room, play, ctx, changed, legalKey) {
  const { state, notice } = page;
  const fresh = newSince(room.log, state.seenLog);
  const first = state.seenLog === null;
  state.seenLog = newest(room.log);
  if (room.moment !== undefined) {
    tellMoment(page, r, room, ctx, first, legalKey);
  } else if (first) {
    notice.settle(room.log[room.log.length - 1], ctx.names);
    return;
  } else {
    let texts = [];
    if (changed && state.lastView) {
      texts = reveals(state.lastView, play.view).map((change) => safely(() => r.revealText(change, ctx), () => null)).filter(Boolean);
    }
    const found = changed || fresh.length ? momentOf(r, changed ? state.lastView : null, play.view, fresh, ctx, texts) : null;
    if (found && found.long) {
      notice.reveal(found.content, summaryOf(fresh, found.content, ctx), found.seat);
    } else if (found) {
      notice.show(found.content, found.seat);
    }
  }
  const notes = fresh.filter((line) => line.kind === "note");
  // One element: show() keeps only the newest of a list, and a painted name is one part.
  if (notes.length) notice.show(h("span", {}, paintNames(notes[notes.length - 1].text, ctx.names)));
  notice.settle(room.log[room.log.length - 1], ctx.names);
}

/** A reveal's one line: what the newest move told, or the reveal's own words. */
function summaryOf(lines, content, ctx) {
  const told = lines.filter((line) => line.kind === "move" || line.kind === "end");
  const line = told[told.length - 1];
  if (line) return paintNames(line.told || line.text, ctx.names);
  return content instanceof Node ? content.textContent : String(content);
}

/**
 * The room's moment (docs/protocol.md), drawn by the game's renderer from the views before
 * and after its move, big, for the rest of its beat: the next decision waits under it. A
 * decision already on screen when the moment came (half typed, say) is left as it is.
 */
function tellMoment(page, r, room, ctx, first, legalKey) {
  const { state, notice } = page;
  const now = room.moment;
  if (!now || now.n === state.moment) {
    // No new moment; the one shown may have ended early (the host moved on).
    if (state.held && (!now || now.left <= 0)) release(state, notice);
    return;
  }
  state.moment = now.n;
  if (first && now.left <= 0) return;  // an old moment: the page just opened
  const before = state.views.get(now.move - 1);
  const after = state.views.get(now.move);
  const drawn = before && after && r.reveal ? safely(() => r.reveal(before, after, ctx), () => null) : null;
  const line = paintNames(now.text || "", ctx.names);
  const beat = now.kind === "finale" ? 0 : Math.max(0, now.left);
  notice.reveal(drawn || h("p", {}, line), line, now.seat, beat);
  clearTimeout(state.holdTimer);
  const deciding = legalKey !== "null" && legalKey === state.legal;
  state.holdUntil = deciding ? 0 : Date.now() + beat * 1000;
  if (state.held) {
    const end = () => { release(state, notice); page.redraw(); };
    notice.onFold = end;  // the person's ✕: they have seen it
    state.holdTimer = setTimeout(end, beat * 1000);
  }
}

function release(state, notice) {
  clearTimeout(state.holdTimer);
  if (state.held) {
    state.holdUntil = 0;
    notice.fold();
  }
}

/**
 * While a moment holds the phone, the decision waits under it ("Your move next"); once the
 * phone may decide, a reveal still shown big folds to its line so the decision comes first.
 */
function drawHold({ el, state, notice }, myTurn) {
  el.decide.classList.toggle("held", state.held);
  if (myTurn && notice.open && !state.held) notice.fold();
  if (myTurn && state.focusLater) {
    state.focusLater = false;
    const first = el.controls.querySelector("button, input, textarea, select");
    if (first) first.focus({ preventScroll: true });
  }
}

/** A game's own renderer, or the generic one if it fails on this view (the game stays playable). */
function safely(render, fallback) {
  try {
    return render();
  } catch (error) {
    console.error(error);
    return fallback();
  }
}

function drawBanner({ el, state, send }, room, you, play, ctx) {
  const parts = [];
  const waiting = play.to_act.map((s) => [ctx.seatName(s),
    room.seats[s] && room.seats[s].human && !room.seats[s].stand_in && room.seats[s].presence !== "online"
      ? h("span", { class: "presence-note" }, ` (${presenceText(room.seats[s])})`) : null]);
  if (room.status === "ended") parts.push(h("strong", {}, "The host ended the game"));
  else if (play.over) parts.push(h("strong", {}, "Game over"));
  else if (room.paused) parts.push(h("strong", { class: "paused" }, "⏸ Paused by the host"));
  else if (play.legal && !you.stand_in && state.held) parts.push(h("strong", { class: "your-turn" }, "Your move next"));
  else if (play.legal && !you.stand_in) parts.push(h("strong", { class: "your-turn" }, "Your move"));
  else parts.push(h("span", { class: "waiting" }, "Waiting for ", waiting.length ? listing(waiting) : "…"));
  if (play.seat !== null) parts.push(h("span", { class: `tag you-tag${seatClass(play.seat)}` }, `You are ${ctx.names[play.seat]}`));
  else parts.push(h("span", { class: "tag watching", id: "watching" }, "You are watching"));
  if (play.deadline !== null && play.deadline !== undefined && !room.paused) {
    parts.push(h("span", { class: "clock", role: "timer", "aria-live": "off", "data-left": play.deadline }));
  }
  const mine = play.seat !== null ? room.seats[play.seat] : null;
  if (mine && mine.stand_in && room.status === "playing") {
    parts.push(h("div", { class: "away" }, "A bot is playing for you. ",
      h("button", { type: "button", id: "back", onclick: () => send({ type: "back" }) }, "I'm back")));
  }
  if (you.host) parts.push(...quickFixes(room, play, send));
  fill(el.banner, parts);
}

/** Every clock on the page (yours in the status line, each seat's in the strip) counts down. */
function runClocks(state, paused) {
  clearInterval(state.countdown);
  const start = Date.now();
  const tick = () => {
    for (const clock of document.querySelectorAll("[data-left]")) {
      const left = Math.max(0, Math.ceil(Number(clock.dataset.left) - (paused ? 0 : (Date.now() - start) / 1000)));
      clock.textContent = clock.classList.contains("clock") ? `${left} s left` : `${left} s`;
    }
  };
  tick();
  if (!paused) state.countdown = setInterval(tick, 500);
}

function drawSeats({ el, state }, r, room, play, ctx, legalKey) {
  const hook = (name) => (r[name] ? (s) => safely(() => r[name](play.view, s, ctx), () => null) : null);
  // Others finishing their moves shorten their chips ("▶ to play" becomes "✓"): while this
  // seat decides, the strip keeps its height, so the buttons under a finger do not jump.
  const deciding = legalKey !== "null" && legalKey === state.legal;
  if (!deciding) el.seats.style.minHeight = "";
  fill(el.seats, seatStrip(room, play, ctx, hook("score"), hook("note")));
  if (legalKey !== "null") el.seats.style.minHeight = `${el.seats.getBoundingClientRect().height}px`;
}

/** The one instruction: the game's words for this seat now, or plain generic ones. */
function drawInstruction({ el }, r, room, play, ctx) {
  const legal = play.over || room.paused || room.status !== "playing" ? null : play.legal;
  const said = r.instruction ? safely(() => r.instruction(play.view, legal, ctx), () => null) : null;
  const text = said || (legal ? genericInstruction(legal) : null);
  fill(el.instruction, text);
  el.instruction.hidden = !text;
}

function genericInstruction(legal) {
  if (legal.choices) return legal.choices.length === 1 ? "Tap to go on" : "Choose one";
  const spec = legal.spec || {};
  return spec.label || { text: "Type your answer", texts: "Fill in every line", ranking: "Put them in order, first = top",
    arrangement: "Order the cards and choose one option on each" }[spec.kind] || "Your move";
}

function drawControls(page, r, room, play, ctx) {
  const { el, state, showError } = page;
  showError("");
  state.busy = false;  // new controls: the game moved on, whatever became of the last request
  el.controls.removeAttribute("aria-busy");
  const legal = room.paused || room.status !== "playing" ? null : play.legal;
  el.controls.dataset.kind = legal ? (legal.choices ? "choices" : (legal.spec || {}).kind || "raw") : "";
  if (!legal) { fill(el.controls); return; }
  const submit = async (action) => {
    if (state.busy) return;
    state.busy = true;
    showError("");
    el.controls.setAttribute("aria-busy", "true");
    document.body.dataset.pending = "1";
    fill(el.sent, "Sending…");
    el.sent.hidden = false;
    try {
      const reply = await page.send({ type: "act", action });
      if (reply.type === "ok") state.sent = { label: safely(() => r.label(action, play.view), () => "your move") };
      await state.drawing;  // the snapshot that came before the reply is on screen
      drawSent(page, state.last.play);
    } finally {
      state.busy = false;
      el.controls.removeAttribute("aria-busy");
      document.body.dataset.pending = "0";  // for tests and scripts: the move is settled
    }
  };
  const own = r.controls ? safely(() => r.controls(legal, submit, play.view, ctx), () => null) : null;
  fill(el.controls, own || buildControls(legal, submit, { label: r.label, item: r.item }));
  const first = el.controls.querySelector("button, input, textarea, select");
  if (first && !el.controls.contains(document.activeElement)) {
    if (state.held) state.focusLater = true;  // hidden under the moment: focused when it shows
    else first.focus({ preventScroll: true });
  }
}

/** "Sent ✓" once the server has the move, until this seat's next decision. */
function drawSent({ el, state }, play) {
  const sent = state.sent;
  const shown = sent && play && (!play.legal || state.held) && !play.over;
  el.sent.hidden = !shown;
  fill(el.sent, shown ? [h("span", { class: "tick" }, "✓ Sent"), `: ${sent.label}`] : null);
}

function drawResult({ el, send }, r, room, you, play, ctx) {
  const ended = room.status === "ended";
  if (!ended && (!play.over || !play.result)) { el.result.hidden = true; fill(el.result); return; }
  el.result.hidden = false;
  const again = nextGame(room, you, send);
  const tally = room.game_number > 1 || room.seats.some((s) => s.wins)
    ? h("p", { class: "tally", id: "tally" }, `Games won in this room (before this one): `,
      listing(room.seats.map((seat, s) => [ctx.seatName(s), ` ${seat.wins}`]))) : null;
  if (ended) {
    fill(el.result, h("h2", {}, "The host ended this game"), h("p", {}, "Nobody wins a game that was ended."), tally, again);
    return;
  }
  const res = play.result;
  const winners = res.winners.map((s) => ctx.names[s]);
  refill(el.result,
    h("h2", {}, winners.length === 1 ? `${winners[0]} wins!`
      : winners.length ? `A tie: ${listing(winners).join("")} share the victory` : "Nobody wins"),
    again,
    h("table", { class: "scores", id: "final-scores" },
      h("caption", {}, (r.scoreCaption && safely(() => r.scoreCaption(res, ctx), () => null)) || "Final scores"),
      h("tbody", {}, res.scores.map((score, s) => h("tr", { class: res.winners.includes(s) ? "win" : "" },
        h("th", { scope: "row" }, ctx.seatName(s)), h("td", { "data-seat": s }, show(score)))))),
    tally,
    h("details", { open: true }, h("summary", {}, "Breakdown"), safely(() => r.details(res.details, ctx), () => tree(res.details, ctx))),
    h("p", {}, h("a", { href: `/r/${room.code}/replay` }, "Step through the replay"), " · ", h("a", { href: "/" }, "New room")));
}

/** Emoji buttons for a seat; every new reaction floats up from its sender's seat. */
function drawReactions({ el, state, live, notice }, room, play) {
  const canReact = play.seat !== null && room.status !== "lobby";
  el.react.hidden = !canReact;
  if (canReact && !el.react.firstChild) {
    fill(el.react, room.emoji.map((emoji) => h("button", { type: "button", class: "emoji", "aria-label": `React ${emoji}`,
      onclick: async () => {
        const reply = await live.send({ type: "react", emoji });
        if (reply.type === "error") notice.show(reply.message);
      } }, emoji)));
  }
  const fresh = newSince(room.reactions, state.seenReactions);
  state.seenReactions = newest(room.reactions);
  floatReactions(el.floats, el.seats, fresh, playerNames(room));
}
