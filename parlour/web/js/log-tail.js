// What a game's own log (a view's `log`, which keeps only its newest entries) gained
// between two views, for the phone's and the TV's reveals of one move.

/** The entries of `after.log` that `before.log` did not hold (its oldest may have dropped off). */
export function newEvents(before, after) {
  const old = before.log || [];
  const now = after.log || [];
  for (let dropped = 0; dropped <= old.length; dropped += 1) {
    const kept = old.slice(dropped);
    if (kept.every((e, i) => JSON.stringify(e) === JSON.stringify(now[i]))) return now.slice(kept.length);
  }
  return now;
}
