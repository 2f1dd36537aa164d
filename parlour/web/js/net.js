// The live connection to a room: reconnects by itself and says hello with the seat token.
// The server sends the whole snapshot once, then patches to it (docs/protocol.md); the
// page is handed whole snapshots ("room" messages) either way.
import { applyPatch } from "./patch.js";

export function tokenKey(code) {
  return `parlour:token:${code}`;
}

export function loadToken(code) {
  try { return localStorage.getItem(tokenKey(code)); } catch { return null; }
}

export function saveToken(code, token) {
  try { localStorage.setItem(tokenKey(code), token); } catch { /* private mode: seat lasts this tab */ }
}

export class Live {
  constructor(code, { tableOnly = false, onMessage, onStatus }) {
    this.code = code;
    this.tableOnly = tableOnly;
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.token = loadToken(code);
    this.nextId = 1;
    this.waiting = new Map();
    this.retry = 0;
    this.snapshot = null; // the last "room" snapshot, which the next patch applies to
    this.open();
  }

  open() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}/ws/${encodeURIComponent(this.code)}`);
    this.ws = ws;
    this.snapshot = null;
    this.onStatus("connecting");
    ws.addEventListener("open", () => {
      this.retry = 0;
      ws.send(JSON.stringify({ type: "hello", token: this.token, table_only: this.tableOnly, patches: true }));
      this.onStatus("online");
    });
    ws.addEventListener("message", (event) => {
      let msg;
      try { msg = JSON.parse(event.data); } catch { return; }
      if (msg.type === "room" || msg.type === "patch") {
        msg = this.follow(msg);
        if (msg === null) return;
      }
      if (msg.type === "token") {
        this.token = msg.token;
        saveToken(this.code, msg.token);
        return;
      }
      if ((msg.type === "ok" || msg.type === "error") && this.waiting.has(msg.id)) {
        const done = this.waiting.get(msg.id);
        this.waiting.delete(msg.id);
        done(msg);
      }
      this.onMessage(msg);
    });
    ws.addEventListener("close", (event) => {
      if (this.ws !== ws) return;
      for (const done of this.waiting.values()) done({ type: "error", message: "connection lost; please try again" });
      this.waiting.clear();
      if (event.code === 4404) { this.onStatus("gone"); return; }
      this.onStatus("offline");
      // Come back by ourselves: losing signal or switching apps must not lose the seat.
      const wait = Math.min(5000, 300 * 2 ** this.retry++);
      setTimeout(() => this.open(), wait);
    });
  }

  /** The whole snapshot a "room" or "patch" frame brings; null (and a fresh connection,
   * which starts with a whole snapshot) if a patch does not follow the snapshot we have. */
  follow(frame) {
    if (frame.type === "patch") {
      if (this.snapshot === null || frame.n !== this.snapshot.n + 1) return this.resync();
      try {
        frame = { ...applyPatch(this.snapshot, frame.ops), n: frame.n };
      } catch (e) {
        console.error(e);
        return this.resync();
      }
    }
    this.snapshot = frame;
    return frame;
  }

  resync() {
    this.snapshot = null;
    this.ws.close();
    return null;
  }

  /** Send a message; resolves with the server's "ok" or "error" reply. */
  send(message) {
    const id = this.nextId++;
    return new Promise((resolve) => {
      if (!this.ws || this.ws.readyState !== WebSocket.OPEN) {
        resolve({ type: "error", message: "not connected; reconnecting…" });
        return;
      }
      this.waiting.set(id, resolve);
      this.ws.send(JSON.stringify({ ...message, id }));
    });
  }
}
