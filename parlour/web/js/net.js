// The live connection to a room: reconnects by itself and says hello with the seat token.

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
    this.open();
  }

  open() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}/ws/${encodeURIComponent(this.code)}`);
    this.ws = ws;
    this.onStatus("connecting");
    ws.addEventListener("open", () => {
      this.retry = 0;
      ws.send(JSON.stringify({ type: "hello", token: this.token, table_only: this.tableOnly }));
      this.onStatus("online");
    });
    ws.addEventListener("message", (event) => {
      let msg;
      try { msg = JSON.parse(event.data); } catch { return; }
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
