// Small DOM helpers. Data is only ever put in the page as text (textContent),
// never as markup, so anything a player typed is shown exactly as typed.

/**
 * Build an element: h("button", {class: "x", onclick: fn, "aria-label": "..."}, "text", child)
 * Strings and numbers among the children become text nodes.
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      el.addEventListener(key.slice(2), value);
    } else if (key === "class") {
      el.className = value;
    } else if (key === "text") {
      el.textContent = String(value);
    } else if (key in el && typeof value !== "string") {
      el[key] = value;
    } else {
      el.setAttribute(key, value === true ? "" : String(value));
    }
  }
  append(el, children);
  return el;
}

export function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/** Replace an element's children. */
export function fill(el, ...children) {
  el.replaceChildren();
  return append(el, children);
}

/**
 * Replace an element's children, keeping each fold (<details>) as the person left it: a
 * fold they opened stays open when the page is drawn again (someone else moved, a bot
 * answered), and one they closed stays closed. A fold is known by its data-fold name or
 * else its summary's words (a summary with a count in it needs the name).
 */
export function refill(el, ...children) {
  const chosen = new Map();
  for (const fold of el.querySelectorAll("details")) {
    if (fold.open !== (fold.dataset.drawnOpen === "1")) chosen.set(foldName(fold), fold.open);
  }
  fill(el, ...children);
  for (const fold of el.querySelectorAll("details")) {
    fold.dataset.drawnOpen = fold.open ? "1" : "0";
    const name = foldName(fold);
    if (chosen.has(name)) fold.open = chosen.get(name);
  }
  return el;
}

function foldName(fold) {
  return fold.dataset.fold || fold.querySelector("summary")?.textContent || "";
}

export function $(selector, root = document) {
  return root.querySelector(selector);
}

/** A value as short readable text (for generic labels and tables). */
export function show(value) {
  if (value === null || value === undefined) return "—";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (Array.isArray(value)) return value.map(show).join(", ");
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** "my_favourite" -> "My favourite" */
export function humanize(key) {
  const text = String(key).replace(/[_-]+/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}
