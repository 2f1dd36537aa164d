// The lobby: who sits where (in their colours), your name, and the host's settings (the
// game, its options, the pace, bots by level, the host's role handed on).
import { h, fill, $, show, humanize } from "./dom.js";
import { presenceText, seatClass } from "./seats.js";
import { loadToken } from "./net.js";
import { answerRequests, askToPlay } from "./seat-requests.js";

const PACES = [["relaxed", "Relaxed: more time to read each reveal"], ["normal", "Normal"],
  ["quick", "Quick: shorter pauses"]];
const LEVEL_WORDS = { easy: "Easy", medium: "Medium", hard: "Hard" };

/** Draw the lobby into `el`; `send(message)` returns the server's reply. */
export function drawLobby(el, room, you, { games, send }) {
  const game = games.find((g) => g.id === room.game);
  const limit = room.max_name_length || 24;
  const nameInput = h("input", { id: "player-name", type: "text", autocomplete: "nickname",
    value: localStorage.getItem("parlour:name") || "", placeholder: "Your name", "aria-describedby": "name-limit" });
  const counter = h("span", { id: "name-limit", class: "hint", "aria-live": "polite" });
  const count = () => {
    const length = [...nameInput.value.trim()].length;
    counter.textContent = length > limit
      ? `${length} characters: a name is at most ${limit}`
      : `Up to ${limit} characters (${length} so far)`;
    counter.classList.toggle("error", length > limit);
  };
  nameInput.addEventListener("input", count);
  const full = room.seats.every((seat) => seat.name !== null);
  const seatList = h("ol", { class: "seats" }, room.seats.map((seat, i) => seatRow(room, you, seat, i, nameInput, send)));
  const parts = [h("h2", {}, room.title)];
  if (game && game.how_to_play) {
    parts.push(h("p", { class: "rules-link" }, `New to ${room.title.replace(/\?$/, "")}? `,  // "What's It to Ya?" has its own
      h("a", { href: game.how_to_play, target: "_blank", id: "lobby-how-to-play" }, "How to play"), " (a short read, with examples)"));
  }
  if (you.seat === null && full) {
    parts.push(h("p", { class: "watching", id: "watching" },
      "Every seat is taken: you are watching. ", you.host ? "Add a seat to play." : "Ask the host for a seat to play."));
    if (!you.host) parts.push(askToPlay(room, you, send));
  }
  if (you.host) parts.push(answerRequests(room, send));
  if (room.stacked) parts.push(stackedNotice(room, you, send));
  parts.push(h("div", { class: "field" }, h("label", { for: "player-name" }, "Your name"), nameInput, counter));
  parts.push(seatList);
  if (you.host) parts.push(hostSettings(room, game, games, send));
  else parts.push(h("p", { class: "hint" }, "The host picks the game and starts when everyone is seated."), optionSummary(room, game));
  // Keep what the person is typing: redraw the lobby without losing the name field's focus.
  const focused = document.activeElement && document.activeElement.id;
  const typed = $("#player-name") ? $("#player-name").value : null;
  fill(el, parts);
  if (typed !== null && $("#player-name")) $("#player-name").value = typed;
  if (focused && document.getElementById(focused)) document.getElementById(focused).focus();
  if ($("#player-name")) count();
}

function seatRow(room, you, seat, i, nameInput, send) {
  const label = seat.label || "empty";
  const bits = [h("span", { class: "seat-no" }, `Seat ${i + 1}`), h("span", { class: "seat-name" }, label)];
  if (seat.you) bits.push(h("span", { class: "tag" }, "you"));
  if (seat.to_accept) bits.push(h("span", { class: "tag watching" }, "deck not accepted yet"));
  else if (seat.human && seat.presence !== "online") bits.push(h("span", { class: "tag dim" }, presenceText(seat)));
  const actions = [];
  if (seat.name === null || seat.you) {
    actions.push(h("button", { type: "button", id: `sit-${i}`, onclick: () => {
      const name = nameInput.value.trim();
      localStorage.setItem("parlour:name", name);
      send({ type: "sit", seat: i, name });
    } }, seat.you ? "Rename" : "Sit here"));
  }
  if (seat.you) actions.push(h("button", { type: "button", onclick: () => send({ type: "stand" }) }, "Leave seat"));
  if (you.host) {
    if (!seat.human) {
      // Levels in players' words: the engines' names are for API clients, never shown.
      const levels = room.levels || ["medium"];
      const pick = h("select", { "aria-label": `Bot level for seat ${i + 1}`, id: `bot-kind-${i}` },
        levels.map((level) => h("option", { value: level, selected: level === (seat.level || "medium") }, LEVEL_WORDS[level] || level)));
      actions.push(pick, h("button", { type: "button", id: `bot-${i}`, onclick: () => send({ type: "add_bot", seat: i, level: pick.value }) },
        seat.bot ? "Change level" : "Add a bot"));
    }
    if (seat.human && !seat.you) {
      actions.push(h("button", { type: "button", id: `make-host-${i}`, onclick: () => send({ type: "make_host", seat: i }) }, "Make host"));
    }
    if (seat.name !== null && !seat.you) actions.push(h("button", { type: "button", onclick: () => send({ type: "clear_seat", seat: i }) }, "Empty seat"));
    if (room.seats.length > room.min_players) actions.push(h("button", { type: "button", "aria-label": `Remove seat ${i + 1}`, onclick: () => send({ type: "remove_seat", seat: i }) }, "Remove seat"));
  }
  return h("li", { class: `seat${seat.you ? " you" : ""}${seatClass(i)}` },
    h("div", { class: "seat-who" }, bits), actions.length ? h("div", { class: "row small" }, actions) : null);
}

// A stacked deck: the host chose the cards' order. Every other person seated reads the
// server's notice and accepts it before the game can start (docs/security.md).
function stackedNotice(room, you, send) {
  const mine = you.seat !== null ? room.seats[you.seat] : null;
  const waiting = room.seats.filter((seat) => seat.to_accept).map((seat) => seat.name);
  let answer;
  if (mine && mine.to_accept) {
    answer = h("button", { type: "button", id: "accept-deck", onclick: () => send({ type: "accept_deck" }) },
      "I accept the stacked deck");
  } else {
    answer = h("span", { class: "hint", id: "deck-waiting" }, waiting.length
      ? `Waiting for ${waiting.join(" and ")} to accept it.` : "Everyone has accepted it.");
  }
  return h("div", { class: "watching", id: "stacked-notice", role: "note" },
    h("p", {}, room.stacked), answer);
}

/** An option's value as players read it: a seat counted from 1, as the seats are. */
export function optionText(opt, value) {
  if (opt && opt.seat && typeof value === "number") return `seat ${value + 1}`;
  return show(value);
}

function optionSummary(room, game) {
  const opts = Object.entries(room.options);
  const described = (name) => (game ? game.options.find((o) => o.name === name) : null);
  return h("p", { class: "small" }, `Game: ${room.title}. `,
    opts.length ? `Options: ${opts.map(([k, v]) => `${humanize(k)} ${optionText(described(k), v)}`).join(", ")}. ` : "",
    room.timer ? `Decision timer: ${room.timer} s. ` : "No decision timer. ",
    `Pace: ${room.pace || "normal"}.`);
}

// The host's own content (a card set, word cards): a file, checked by the server as the game
// checks it; the answer says what was wrong with it. The game's page explains the file.
function contentField(room, opt) {
  const id = `opt-${opt.name}`;
  const current = room.options[opt.name];
  const status = h("span", { class: "hint", role: "status", id: `${id}-status` },
    current ? `Now: ${current}.` : "None given: the game's own.");
  const send = async (text) => {
    const reply = await fetch(`/api/rooms/${encodeURIComponent(room.code)}/content/${encodeURIComponent(opt.name)}`, {
      method: "PUT", body: text,
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${loadToken(room.code) || ""}` },
    });
    const body = await reply.json().catch(() => ({}));
    status.textContent = reply.ok ? "Saved." : `Refused: ${body.detail || reply.statusText}`;
  };
  const input = h("input", { id, type: "file", accept: ".json,application/json" });
  input.addEventListener("change", async () => {
    if (input.files && input.files[0]) await send(await input.files[0].text());
  });
  const remove = current ? h("button", { type: "button", id: `${id}-remove`, onclick: () => send("null") }, "Remove") : null;
  const how = h("a", { href: `/games/${encodeURIComponent(room.game)}#your-own-cards`, target: "_blank", id: `${id}-how` }, "how to make one");
  return h("div", { class: "field" }, h("label", { for: id }, `Your own ${humanize(opt.name).toLowerCase()} (a card set file)`),
    input, remove, h("span", { class: "hint" }, "A file with your own cards: ", how, "."), status);
}

function hostSettings(room, game, games, send) {
  const gameSelect = h("select", { id: "game-select" }, games.map((g) => h("option", { value: g.id, selected: g.id === room.game }, g.title)));
  gameSelect.addEventListener("change", () => send({ type: "configure", game: gameSelect.value, options: {} }));
  const fields = [];
  const inputs = {};
  for (const opt of (game ? game.options : [])) {
    if (opt.content) { fields.push(contentField(room, opt)); continue; }  // a file to upload
    if (opt.type === "list" || opt.type === "dict") continue;  // stacked decks: for the command line and the lab
    const id = `opt-${opt.name}`;
    const current = opt.name in room.options ? room.options[opt.name] : opt.default;
    let input;
    if (opt.seat) {
      // A seat is shown as people count seats, from 1; the engine counts from 0.
      input = h("select", { id }, opt.default === null ? h("option", { value: "", selected: current === null }, "drawn at random") : null,
        room.seats.map((seat, s) => h("option", { value: JSON.stringify(s), selected: s === current }, `Seat ${s + 1}${seat.label ? ` (${seat.label})` : ""}`)));
    } else if (opt.choices) {
      input = h("select", { id }, opt.default === null ? h("option", { value: "", selected: current === null }, "default") : null,
        opt.choices.map((c) => h("option", { value: JSON.stringify(c), selected: c === current }, show(c))));
    } else if (opt.type === "bool") {
      input = h("input", { id, type: "checkbox", checked: Boolean(current) });
    } else if (opt.type === "int") {
      input = h("input", { id, type: "number", inputMode: "numeric", min: opt.minimum ?? "", max: opt.maximum ?? "", value: current ?? "", placeholder: "default" });
    } else {
      input = h("input", { id, type: "text", value: current ?? "", placeholder: "default", maxLength: 60 });
    }
    inputs[opt.name] = [opt, input];
    fields.push(h("div", { class: "field" }, h("label", { for: id, title: opt.doc || "" }, humanize(opt.name)), input,
      opt.doc ? h("span", { class: "hint" }, opt.doc) : null));
  }
  const timer = h("input", { id: "timer", type: "number", min: 0, max: 600, value: room.timer, inputMode: "numeric" });
  const pace = h("select", { id: "pace" }, PACES.map(([value, words]) => h("option", { value, selected: value === (room.pace || "normal") }, words)));
  function collect() {
    const options = {};
    for (const [name, [opt, input]] of Object.entries(inputs)) {
      let value;
      if (opt.choices || opt.seat) value = input.value === "" ? null : JSON.parse(input.value);
      else if (opt.type === "bool") value = input.checked;
      else if (opt.type === "int") value = input.value === "" ? null : Number(input.value);
      else value = input.value === "" ? null : input.value;
      if (value !== null && value !== opt.default) options[name] = value;
    }
    return { type: "configure", game: room.game, options, timer: Number(timer.value || 0), pace: pace.value };
  }
  const form = h("form", { class: "host", "aria-label": "Host settings" },
    h("h3", {}, "Host"),
    h("div", { class: "field" }, h("label", { for: "game-select" }, "Game"), gameSelect),
    fields,
    h("div", { class: "field" }, h("label", { for: "timer" }, "Decision timer (seconds, 0 = off)"), timer),
    h("div", { class: "field" }, h("label", { for: "pace" }, "Pace"), pace,
      h("span", { class: "hint" }, "How long each reveal stays on the table, and how long bots take to choose.")),
    h("div", { class: "row" },
      h("button", { type: "submit", id: "save-settings" }, "Save settings"),
      room.seats.length < room.max_players ? h("button", { type: "button", id: "add-seat", onclick: () => send({ type: "add_seat" }) }, "Add a seat") : null,
      h("button", { type: "button", class: "primary", id: "start", onclick: async () => {
        // Save only what the host changed: saving the form as it stands would drop what it
        // cannot show (a stacked deck set from the command line).
        const saved = edited ? await send(collect()) : { type: "ok" };
        if (saved.type === "ok") await send({ type: "start" });
      } }, "Start the game")));
  let edited = false;
  form.addEventListener("input", () => { edited = true; });
  form.addEventListener("change", () => { edited = true; });
  form.addEventListener("submit", (event) => { event.preventDefault(); send(collect()); });
  return form;
}
