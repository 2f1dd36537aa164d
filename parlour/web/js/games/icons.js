// Our own small icons for the pieces of a game (My Story's resources, years and VP): drawn
// as SVG in the page, coloured by CSS (the card colour each resource goes with), each
// amount said in words to screen readers and on hover.
const NS = "http://www.w3.org/2000/svg";

/** Each icon's shapes, on a 24×24 grid: [tag, attributes] (class "cut" is drawn in the page's background). */
const SHAPES = {
  money: [["circle", { cx: 12, cy: 12, r: 10 }], ["circle", { cx: 12, cy: 12, r: 6.5, class: "cut-line" }],
    ["rect", { x: 11, y: 8, width: 2, height: 8, class: "cut" }]],
  book: [["path", { d: "M2 5c3-1.5 6-1.5 9 0v15c-3-1.5-6-1.5-9 0zM13 5c3-1.5 6-1.5 9 0v15c-3-1.5-6-1.5-9 0z" }]],
  heart: [["path", { d: "M12 21.5S2 15.5 2 8.8A5.3 5.3 0 0 1 12 6a5.3 5.3 0 0 1 10 2.8c0 6.7-10 12.7-10 12.7z" }],
    ["rect", { x: 10.8, y: 8, width: 2.4, height: 8, class: "cut" }], ["rect", { x: 8, y: 10.8, width: 8, height: 2.4, class: "cut" }]],
  house: [["path", { d: "M12 2.5 2 11h3v10h5.5v-6h3v6H19V11h3z" }]],
  smile: [["circle", { cx: 12, cy: 12, r: 10 }], ["circle", { cx: 8.5, cy: 9.5, r: 1.5, class: "cut" }],
    ["circle", { cx: 15.5, cy: 9.5, r: 1.5, class: "cut" }], ["path", { d: "M7 14c2.5 3.5 7.5 3.5 10 0", class: "cut-line" }]],
  star: [["path", { d: "M12 1.8l3 6.6 7.2.8-5.4 4.9 1.5 7.1L12 17.6l-6.3 3.6 1.5-7.1L1.8 9.2 9 8.4z" }]],
  years: [["path", { d: "M5 2h14v2h-1.5c0 3.5-2.5 6-4.5 8 2 2 4.5 4.5 4.5 8H19v2H5v-2h1.5c0-3.5 2.5-6 4.5-8-2-2-4.5-4.5-4.5-8H5z" }],
    ["path", { d: "M9 19c0-2 1.5-3.5 3-4.5 1.5 1 3 2.5 3 4.5z", class: "cut" }]],
  vp: [["circle", { cx: 12, cy: 9, r: 7 }], ["path", { d: "M7.5 14 5 22l3.5-1.5L11 23l1-7M16.5 14l2.5 8-3.5-1.5L13 23l-1-7" }],
    ["path", { d: "M12 5l1.2 2.5 2.7.3-2 1.8.6 2.7L12 11l-2.5 1.3.6-2.7-2-1.8 2.7-.3z", class: "cut" }]],
};

/** Icons in the order a cost is read: time first, then the resources, then Stars. */
export const ORDER = ["years", "money", "book", "heart", "house", "smile", "star"];

function svg(tag, attrs) {
  const el = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  return el;
}

/** One icon, for decoration beside words that say the same (hidden from screen readers). */
export function icon(kind) {
  const box = svg("svg", { viewBox: "0 0 24 24", class: `ic ic-${kind}`, "aria-hidden": "true", focusable: "false" });
  for (const [tag, attrs] of SHAPES[kind] || []) box.append(svg(tag, attrs));
  return box;
}

/** Whether there is an icon for `kind`. */
export function hasIcon(kind) {
  return kind in SHAPES;
}
