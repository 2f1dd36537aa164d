// Our own icons, for the TV and the phones alike (a Star is the same Star on both), drawn
// as SVG paths: no text inside an SVG, so every word on the screen is page text at a
// readable size. Each icon is 24×24 units, painted in currentColor unless it has colours
// of its own.
import { h } from "./dom.js";

const NS = "http://www.w3.org/2000/svg";

/** An SVG element: svg("path", {d: "..."}) (attributes set as given). */
export function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(NS, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value !== null && value !== undefined) el.setAttribute(key, String(value));
  }
  for (const child of children.flat()) if (child) el.append(child);
  return el;
}

const HEART = "M12 20.5C5.2 15.6 2.5 12.2 2.5 8.6A4.8 4.8 0 0 1 12 6.6a4.8 4.8 0 0 1 9.5 2c0 3.6-2.7 7-9.5 11.9z";

/** A five-pointed star's outline around (12, 12). */
function starPoints() {
  const points = [];
  for (let i = 0; i < 10; i += 1) {
    const r = i % 2 ? 4.6 : 10.5;
    const a = (Math.PI / 5) * i - Math.PI / 2;
    points.push(`${(12 + r * Math.cos(a)).toFixed(2)},${(12.8 + r * Math.sin(a)).toFixed(2)}`);
  }
  return points.join(" ");
}

/** Each icon's drawing: a list of SVG elements, made fresh each time. */
const DRAW = {
  heart: () => [svg("path", { d: HEART, fill: "currentColor" })],
  broken: () => [svg("path", { d: HEART, fill: "currentColor" }),
    svg("path", { d: "M12 6.6l-1.6 4 2.6 2.2-2 3.6 1 4.1", fill: "none", stroke: "#fff", "stroke-width": 1.8, "stroke-linejoin": "round" })],
  H: () => [svg("path", { d: HEART, fill: "currentColor" })],
  D: () => [svg("path", { d: "M12 2.5l7.5 9.5L12 21.5 4.5 12z", fill: "currentColor" })],
  C: () => [svg("circle", { cx: 12, cy: 7.2, r: 4.3, fill: "currentColor" }), svg("circle", { cx: 7, cy: 13.4, r: 4.3, fill: "currentColor" }),
    svg("circle", { cx: 17, cy: 13.4, r: 4.3, fill: "currentColor" }), svg("path", { d: "M11.1 12h1.8l1.6 9.5h-5z", fill: "currentColor" })],
  S: () => [svg("path", { d: "M12 2.5c-2.6 4-8.8 7-8.8 11.2a4.3 4.3 0 0 0 7.6 2.6L9.4 21.5h5.2l-1.4-5.2a4.3 4.3 0 0 0 7.6-2.6C20.8 9.5 14.6 6.5 12 2.5z", fill: "currentColor" })],
  money: () => [svg("circle", { cx: 12, cy: 12, r: 10, fill: "#e0a800" }), svg("circle", { cx: 12, cy: 12, r: 7.4, fill: "none", stroke: "#8a6500", "stroke-width": 1.2 }),
    svg("path", { d: "M15 8.6c-.8-.9-2-1.3-3.2-1.2-1.7.1-2.8 1-2.8 2.3 0 3 6.2 1.6 6.2 4.6 0 1.4-1.3 2.3-3.2 2.3-1.3 0-2.5-.5-3.3-1.4M12 5.8v12.4", fill: "none", stroke: "#5c4300", "stroke-width": 1.6, "stroke-linecap": "round" })],
  book: () => [svg("path", { d: "M2.5 5.5C6 4.2 9.3 4.6 12 6.8c2.7-2.2 6-2.6 9.5-1.3v13.2c-3.5-1.2-6.8-.8-9.5 1.3-2.7-2.1-6-2.5-9.5-1.3z", fill: "#2b64c8" }),
    svg("path", { d: "M12 6.8v13.2", stroke: "#fff", "stroke-width": 1.3 })],
  care: () => [svg("path", { d: HEART, fill: "#2e9a4a" }), svg("path", { d: "M12 8.6v7M8.5 12.1h7", stroke: "#fff", "stroke-width": 2.2, "stroke-linecap": "round" })],
  house: () => [svg("path", { d: "M2.8 11.6L12 3.2l9.2 8.4h-2.6v9.2h-4.9v-5.9H10.3v5.9H5.4v-9.2z", fill: "#c8372d" })],
  smile: () => [svg("circle", { cx: 12, cy: 12, r: 10, fill: "#f2a33a" }), svg("circle", { cx: 8.6, cy: 9.6, r: 1.4, fill: "#5a3300" }),
    svg("circle", { cx: 15.4, cy: 9.6, r: 1.4, fill: "#5a3300" }),
    svg("path", { d: "M7.2 13.6c2.4 3.6 7.2 3.6 9.6 0", fill: "none", stroke: "#5a3300", "stroke-width": 1.7, "stroke-linecap": "round" })],
  star: () => [svg("polygon", { points: starPoints(), fill: "#8e4fc7" })],
  years: () => [svg("path", { d: "M6 2.5h12M6 21.5h12M7.5 2.5c0 5 3.5 6.5 3.5 9.5s-3.5 4.5-3.5 9.5M16.5 2.5c0 5-3.5 6.5-3.5 9.5s3.5 4.5 3.5 9.5", fill: "none", stroke: "currentColor", "stroke-width": 1.8, "stroke-linecap": "round" }),
    svg("path", { d: "M9 6.5h6l-3 3.8zM8.6 20.2c1-2.4 2.2-3.4 3.4-3.4s2.4 1 3.4 3.4z", fill: "#d08a2c" })],
  vp: () => [svg("circle", { cx: 12, cy: 9, r: 7, fill: "currentColor" }),
    svg("path", { d: "M7.5 14 5 22l3.5-1.5L11 23l1-7M16.5 14l2.5 8-3.5-1.5L13 23l-1-7", fill: "currentColor" }),
    svg("path", { d: "M12 5l1.2 2.5 2.7.3-2 1.8.6 2.7L12 11l-2.5 1.3.6-2.7-2-1.8 2.7-.3z", fill: "#fff" })],
  trophy: () => [svg("path", { d: "M7 3h10v5.5a5 5 0 0 1-10 0zM7 5H3.5c0 3 1.5 4.8 4 5M17 5h3.5c0 3-1.5 4.8-4 5M10.5 13.2h3l.7 4h-4.4zM7.5 17.2h9v3.3h-9z", fill: "#e0a800", stroke: "#8a6500", "stroke-width": 0.8 })],
  sound: () => [svg("path", { d: "M3.5 9h4l5-4.5v15l-5-4.5h-4z", fill: "currentColor" }),
    svg("path", { d: "M15.5 8.5a5 5 0 0 1 0 7M18 6a8.5 8.5 0 0 1 0 12", fill: "none", stroke: "currentColor", "stroke-width": 1.8, "stroke-linecap": "round" })],
  muted: () => [svg("path", { d: "M3.5 9h4l5-4.5v15l-5-4.5h-4z", fill: "currentColor" }),
    svg("path", { d: "M16 9l5 6M21 9l-5 6", stroke: "currentColor", "stroke-width": 1.8, "stroke-linecap": "round" })],
  tick: () => [svg("path", { d: "M4 12.5l5 5L20 6.5", fill: "none", stroke: "currentColor", "stroke-width": 3, "stroke-linecap": "round", "stroke-linejoin": "round" })],
  cross: () => [svg("path", { d: "M5.5 5.5l13 13M18.5 5.5l-13 13", fill: "none", stroke: "currentColor", "stroke-width": 3, "stroke-linecap": "round" })],
};

/** A card set's resources in the order a cost is read: time first, then the resources, then Stars. */
export const ORDER = ["years", "money", "book", "heart", "house", "smile", "star"];

/** The icon names a card set's resources use (the rulebook's Heart & Cross is "care" here). */
export const RESOURCE_ICON = { money: "money", book: "book", heart: "care", house: "house", smile: "smile", star: "star", years: "years" };

/** Whether there is a drawing called `name` (an unknown name is drawn as a Star). */
export function hasIcon(name) {
  return name in DRAW;
}

/**
 * An icon as an inline SVG, with its meaning for screen readers (`label`), or hidden from
 * them when the words beside it already say it.
 */
export function icon(name, { label = null, cls = "" } = {}) {
  const draw = DRAW[name] || DRAW.star;
  return svg("svg", { viewBox: "0 0 24 24", class: `icon icon-${name}${cls ? ` ${cls}` : ""}`,
    role: label ? "img" : null, "aria-label": label, "aria-hidden": label ? null : "true", focusable: "false" }, draw());
}

/** A count of one thing as an icon and a number ("3 ×" shown as the icon then 3). */
export function counted(name, n, label) {
  return h("span", { class: "count", title: label }, icon(name, { label }), h("span", { class: "count-n" }, String(n)));
}
