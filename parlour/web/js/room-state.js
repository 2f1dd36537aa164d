// What the room page remembers between two snapshots: one object, so that every part of
// the page reads and changes the same state under the same plain names.
import { rendererFor, wordsOf } from "./render.js";

const KEPT_VIEWS = 24;  // moments queue on the server: a few moves may pass before one is up

export class RoomState {
  constructor(code) {
    this.code = code;
    this.games = [];             // every game the server offers (for the rules link)
    this.last = null;            // the newest "room" message
    this.lastView = null;        // the view drawn before this one, to find reveals
    this.version = -1;           // the game's version drawn: moments are told once per change
    this.legal = null;           // the legal actions the controls were built for (as JSON)
    this.seenLog = null;         // the newest log line drawn (null: none yet, tell nothing old)
    this.seenReactions = null;   // likewise for reactions
    this.hadTurn = false;        // to chime once when it becomes your turn
    this.sent = null;            // what this seat sent last, until its next decision
    this.busy = false;           // a move is on its way to the server
    this.drawing = Promise.resolve();  // the drawing in progress: snapshots are drawn in order
    this.countdown = null;       // the clocks' timer
    this.renderer = null;        // { game, promise }: the renderer of the game being played
    this.views = new Map();      // version -> this page's view then: a moment is drawn from its move's two
    this.moment = null;          // the number (n) of the room's moment shown last
    this.holdUntil = 0;          // a phone shows the moment, not the next decision, until then (ms)
    this.holdTimer = null;
    this.focusLater = false;     // controls drawn under a moment take the focus when it ends
    this.host = { confirmEnd: false, open: !matchMedia("(max-width: 40rem)").matches, redraw: null };
  }

  /** Keep this version's view (the last few) to draw the moment of a move from its two. */
  remember(version, view) {
    this.views.set(version, view);
    for (const old of this.views.keys()) if (old < version - KEPT_VIEWS || old > version) this.views.delete(old);
  }

  /** Whether the room's moment still holds this phone's next decision back. */
  get held() {
    return Date.now() < this.holdUntil;
  }

  /**
   * The renderer of the room's game, made once a game with the words of its content: a
   * new game (another deal may bring other content) asks again.
   */
  rendererFor(room) {
    const game = `${room.game}#${room.game_number}`;
    if (!this.renderer || this.renderer.game !== game) {
      this.renderer = { game, promise: wordsOf(this.code).then((words) => rendererFor(room.game, words)) };
    }
    return this.renderer.promise;
  }
}
