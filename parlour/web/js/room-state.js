// What the room page remembers between two snapshots: one object, so that every part of
// the page reads and changes the same state under the same plain names.
import { rendererFor, wordsOf } from "./render.js";

export class RoomState {
  constructor(code, tableOnly) {
    this.code = code;
    this.tableOnly = tableOnly;  // the shared table (?table=1), not a seat's hand
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
    this.host = { confirmEnd: false, open: !matchMedia("(max-width: 40rem)").matches, redraw: null };
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
