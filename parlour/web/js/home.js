// The start page: open a room (you become its host) or join one by its code.
import { h, fill, $ } from "./dom.js";
import { saveToken } from "./net.js";

const select = $("#new-game");
const error = $("#error");

function showError(message) {
  fill(error, message);
  error.hidden = !message;
}

fetch("/api/games").then((r) => r.json()).then((games) => {
  fill(select, games.map((g) => h("option", { value: g.id }, `${g.title} (${g.min_players === g.max_players ? g.min_players : `${g.min_players}–${g.max_players}`} players)`)));
  const rules = games.filter((g) => g.how_to_play);
  fill($("#rules-links"), rules.length ? ["How to play: ", ...rules.flatMap((g, i) => [i ? " · " : "", h("a", { href: g.how_to_play }, g.title)])] : null);
});

$("#create").addEventListener("submit", async (event) => {
  event.preventDefault();
  const reply = await fetch("/api/rooms", {
    method: "POST", headers: { "content-type": "application/json" },
    body: JSON.stringify({ game: select.value }),
  });
  const body = await reply.json();
  if (!reply.ok) { showError(body.detail || "could not open a room"); return; }
  saveToken(body.code, body.token);
  location.href = `/r/${body.code}`;
});

$("#join").addEventListener("submit", (event) => {
  event.preventDefault();
  const code = $("#join-code").value.trim().toUpperCase();
  if (!/^[A-Z]{4}$/.test(code)) { showError("A room code is four letters."); return; }
  location.href = `/r/${code}`;
});
