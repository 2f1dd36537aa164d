// My Story's pieces on a phone (resources, years and VP): the TV's own drawings
// (../icons.js), named as the card set names them and sized to the phone's text.
import { RESOURCE_ICON, hasIcon as drawn, icon as drawing } from "../icons.js";

export { ORDER } from "../icons.js";

const name = (kind) => RESOURCE_ICON[kind] || kind;

/** One icon, for decoration beside words that say the same (hidden from screen readers). */
export function icon(kind) {
  return drawing(name(kind), { cls: `ic ic-${kind}` });
}

/** Whether there is an icon for `kind`. */
export function hasIcon(kind) {
  return drawn(name(kind));
}
