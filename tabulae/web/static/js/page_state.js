// What a table page is doing, named: the states of the table page and of the replay, the
// transitions between them, and how both pages start. The page's root element carries the
// state as `data-state`, for the styles and for the tests.
//
//   loading    ── loaded ──▶    connecting
//   connecting ── welcomed ──▶  watching | to_move | finished   (as the view says: `settle`)
//   watching, to_move, finished ── viewed ──▶ watching | to_move | finished
//   watching, to_move ── send ──▶ sending                       (an action, or a take-back)
//   sending    ── answered ──▶  watching | to_move | finished
//   any but loading ── reconnect ──▶ connecting
//
// The replay only loads, then watches: loading ── replayed ──▶ watching. A hint or the
// coach's choice being asked for, and a pointer held on the board, go on beside these states.

import * as api from "./api.js";
import { boardFor } from "../boards/loader.js";
import { fill, h } from "./dom.js";

/** The states, each with what the page shows in it. */
export const STATES = Object.freeze({
  // the table's summary, the game's board and words are fetched; nothing is drawn yet
  loading: "loading",
  // the page is drawn and its live connection opens (again); the server has not yet said
  // which seat, if any, the page holds
  connecting: "connecting",
  // the server has said; this page's seat (if any) is not to move in the view shown
  watching: "watching",
  // the view shown has this page's seat to move: its actions are offered
  to_move: "to_move",
  // this seat's action or take-back is on its way: the actions wait for the answer
  sending: "sending",
  // the game is over, or the table closed: it takes no more moves
  finished: "finished",
});

const OVER = new Set(["finished", "replay", "closed"]);

/** The transitions: from which states each may be taken. `viewed` and `answered` go to the
 *  state the view shown says (`settle`); the others to the one named. */
const TRANSITIONS = Object.freeze({
  loaded: { from: ["loading"], to: "connecting" },
  welcomed: { from: ["connecting"], to: null },
  viewed: { from: ["watching", "to_move", "finished"], to: null },
  send: { from: ["watching", "to_move"], to: "sending" },
  answered: { from: ["sending"], to: null },
  reconnect: { from: ["connecting", "watching", "to_move", "sending", "finished"], to: "connecting" },
  replayed: { from: ["loading"], to: "watching" },
});

/** The state a view puts a page in: over, this seat to move, or watching. `where` is what the
 *  page shows: its `status` (the view's, else the table's), `seat` (null: no seat) and
 *  `toMove`. */
export function settle({ status, seat, toMove }) {
  if (OVER.has(status)) return STATES.finished;
  if (status === "playing" && seat !== null && toMove.includes(seat)) return STATES.to_move;
  return STATES.watching;
}

/** A page's state machine, shown on `root` as `data-state`. */
export class PageState {
  constructor(root) {
    this.root = root;
    this.name = STATES.loading;
    root.dataset.state = this.name;
  }

  /** Whether the page is in one of `names`. */
  is(...names) {
    return names.includes(this.name);
  }

  /** Take `transition` (a name of TRANSITIONS); `where` (see `settle`) for those that go where
   *  the view says. A transition not open from the present state changes nothing and answers
   *  false: `viewed` while sending waits for the answer, `send` while sending is not sent. */
  go(transition, where = null) {
    const rule = TRANSITIONS[transition];
    if (!rule) throw new Error(`no transition ${transition}`);
    if (!rule.from.includes(this.name)) return false;
    this.name = rule.to ?? settle(where);
    if (this.root.dataset.state !== this.name) this.root.dataset.state = this.name;
    return true;
  }
}

/** The game's title in the page's words: its catalog's name, else the server's, else its id. */
export function gameTitle(text, summary, gameName) {
  return text.hasTerm(summary.game) ? text.term(summary.game) : gameName || summary.game;
}

/** How the table page and the replay start: the table named in the address, its game's name
 *  and board. Null, with a notice in `root`, when there is none or it cannot be fetched. */
export async function loadTable(root, tableId) {
  if (!tableId) {
    fill(root, h("p", { class: "notice" }, "No table is named in the address."));
    return null;
  }
  let summary;
  let gameName;
  try {
    const [found, games] = await Promise.all([api.table(tableId), api.games()]);
    summary = found;
    gameName = games.find((g) => g.id === found.game)?.name ?? found.game;
  } catch (error) {
    fill(root, h("p", { class: "notice" }, error.message));
    return null;
  }
  return { summary, gameName, board: await boardFor(summary.game) };
}
