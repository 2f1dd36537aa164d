// JSON Patch (RFC 6902: add, remove, replace), as the server sends them (docs/protocol.md).
// Copy-on-write: the objects along each patched path are copied, the rest is shared, so a
// snapshot already drawn never changes under the page.

function unescape(step) {
  return step.replace(/~1/g, "/").replace(/~0/g, "~");
}

function copyOf(node) {
  return Array.isArray(node) ? node.slice() : { ...node };
}

function applyOne(doc, op) {
  if (op.path === "") return op.value;
  const steps = op.path.split("/").slice(1).map(unescape);
  const root = copyOf(doc);
  let node = root;
  for (const step of steps.slice(0, -1)) {
    const key = Array.isArray(node) ? Number(step) : step;
    if (node[key] === null || typeof node[key] !== "object") throw new Error(`no ${op.path}`);
    node[key] = copyOf(node[key]);
    node = node[key];
  }
  const last = steps[steps.length - 1];
  if (Array.isArray(node)) {
    const index = last === "-" ? node.length : Number(last);
    if (!(index >= 0 && index <= node.length)) throw new Error(`no ${op.path}`);
    if (op.op === "add") node.splice(index, 0, op.value);
    else if (op.op === "remove") node.splice(index, 1);
    else node[index] = op.value;
  } else if (op.op === "remove") {
    delete node[last];
  } else {
    node[last] = op.value;
  }
  return root;
}

/** The snapshot ``doc`` with the operations ``ops`` applied (``doc`` itself is untouched). */
export function applyPatch(doc, ops) {
  return ops.reduce(applyOne, doc);
}
