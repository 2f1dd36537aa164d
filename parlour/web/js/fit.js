// Tables that fit: a score table wider than its place is laid out again as one card per
// player (players as rows), never cut off or scrolled sideways.
import { h } from "./dom.js";
import { seatClass } from "./seats.js";

/** Re-lay every table.scores under `root` that is wider than the room it has. */
export function fitTables(root, names) {
  for (const table of root.querySelectorAll("table.scores")) {
    const room = table.parentElement ? table.parentElement.clientWidth : 0;
    if (!room || table.offsetWidth <= room) continue;
    table.replaceWith(asCards(table, names));
  }
}

function cellsOf(row) {
  return [...row.cells].map((cell) => ({ text: cell.textContent.trim(), win: cell.classList.contains("win") || row.classList.contains("win") }));
}

/** The seat whose name a header names ("Bob", "Bob (dealer)"), if any. */
function seatOf(text, names) {
  let best = -1;
  names.forEach((name, s) => {
    if (name && (text === name || text.startsWith(`${name} (`)) && (best < 0 || name.length > names[best].length)) best = s;
  });
  return best;
}

/**
 * One card per player. When the columns are the players (a header row of names), each
 * column becomes a card of "row label: value" lines; otherwise each row does, with the
 * column headers as its labels.
 */
export function asCards(table, names) {
  const head = table.tHead && table.tHead.rows[0] ? cellsOf(table.tHead.rows[0]).map((c) => c.text) : [];
  const rows = [...table.tBodies].flatMap((body) => [...body.rows]).map(cellsOf);
  const columnsArePlayers = head.length > 1 && head.slice(1).every((text) => seatOf(text, names) >= 0);
  const cards = [];
  if (columnsArePlayers) {
    head.slice(1).forEach((title, i) => {
      cards.push(card(title, seatOf(title, names), rows.map((r) => [r[0].text, r[i + 1]]), rows.some((r) => r[i + 1] && r[i + 1].win)));
    });
  } else {
    for (const r of rows) {
      const labels = head.length ? head : r.map(() => "");
      cards.push(card(r[0].text, seatOf(r[0].text, names), r.slice(1).map((cell, i) => [labels[i + 1] || "", cell]), r[0].win));
    }
  }
  const caption = table.caption ? table.caption.textContent : "";
  return h("div", { class: "fit-cards", role: "group", "aria-label": caption || null },
    caption ? h("p", { class: "fit-caption" }, caption) : null, cards);
}

function card(title, seat, lines, win) {
  return h("div", { class: `fit-card${win ? " win" : ""}${seatClass(seat)}` },
    h("p", { class: "fit-title" }, title),
    h("dl", {}, lines.filter(([, cell]) => cell).map(([label, cell]) => h("div", { class: `fit-line${cell.win ? " win" : ""}` },
      h("dt", {}, label), h("dd", {}, cell.text)))));
}
