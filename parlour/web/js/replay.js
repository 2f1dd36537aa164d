// Step through a finished game move by move, as a spectator saw it.
import { h, fill, $, show } from "./dom.js";
import { rendererFor, wordsOf } from "./render.js";
import { colour, seatClass, seatName } from "./seats.js";
import { fitTables } from "./fit.js";
import { loadToken } from "./net.js";

const code = decodeURIComponent(location.pathname.split("/")[2] || "").toUpperCase();
$("#room-code").textContent = code;
const slider = $("#step");
let total = 0;
let step = Number(new URLSearchParams(location.search).get("step") || 0);
let renderer = null;  // the game's renderer, made once with the words of the room's content

function showError(message) {
  fill($("#error"), message);
  $("#error").hidden = false;
}

const NOT_PLAYED = "Only the people who played this game can see its replay.";

/** Why the server would not show the replay, in a player's words (never its API's advice). */
function refusal(reply, body) {
  if (reply.status === 404) return `There is no room ${code}.`;
  if (reply.status !== 403) return "This replay cannot be shown.";
  return /over/.test(body.detail || "") ? "The replay opens once the game is over." : NOT_PLAYED;
}

function refuse(words) {
  showError([words, " ", h("a", { href: "/" }, "Back to Parlour")]);
  $("#controls").hidden = true;
}

async function go(to) {
  // Only the game's players and host may read its record: send this seat's token.
  const token = loadToken(code);
  if (!token) {  // a watcher: the server would refuse (and the browser log that refusal)
    refuse(NOT_PLAYED);
    return;
  }
  const reply = await fetch(`/api/rooms/${encodeURIComponent(code)}/replay?step=${to}`,
    { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  const body = await reply.json().catch(() => ({}));
  if (!reply.ok) {
    refuse(refusal(reply, body));
    return;
  }
  step = body.step;
  total = body.total;
  slider.max = String(total);
  slider.value = String(step);
  renderer = renderer || wordsOf(code).then((words) => rendererFor(body.game, words));
  let r;
  try {
    r = await renderer;
  } catch (error) {
    console.error(error);
    showError(error.message);
    return;
  }
  const ctx = { names: body.names, you: null, toAct: [], table: false, colour, seatClass,
    seatName: (s) => seatName(body.names, s) };
  const move = body.move;
  fill($("#where"), `Move ${step} of ${total}`,
    move ? ` — ${body.names[move.seat]}${move.bot ? " (bot)" : ""}: ${r.label(move.action)}` : " — the start");
  fill($("#table"), r.table(body.view, ctx));
  const res = $("#result");
  res.hidden = !body.result;
  fill(res, body.result ? [
    h("h2", {}, `Winners: ${body.result.winners.map((s) => body.names[s]).join(", ") || "nobody"}`),
    h("table", { class: "scores" }, h("tbody", {}, body.result.scores.map((score, s) =>
      h("tr", {}, h("th", { scope: "row" }, body.names[s]), h("td", {}, show(score)))))),
    r.details(body.result.details, ctx)] : []);
  fitTables(document.querySelector("main"), body.names);
  history.replaceState(null, "", `?step=${step}`);
}

$("#first").addEventListener("click", () => go(0));
$("#prev").addEventListener("click", () => go(Math.max(0, step - 1)));
$("#next").addEventListener("click", () => go(Math.min(total, step + 1)));
$("#last").addEventListener("click", () => go(total));
slider.addEventListener("change", () => go(Number(slider.value)));
document.addEventListener("keydown", (event) => {
  if (event.target === slider) return;
  if (event.key === "ArrowRight") go(Math.min(total, step + 1));
  if (event.key === "ArrowLeft") go(Math.max(0, step - 1));
});
go(step);
