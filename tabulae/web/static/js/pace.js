// Moves you can follow: the table's updates wait in a queue and are shown one at a time, each
// for the pace the player chose, so that a bot's several actions in a row are seen one after
// another. The pace is kept in this browser; `?pace=0` in the address (or the setting Off)
// shows the updates as they come, a burst of them drawn once. A queue that grows long (a
// reconnect, a page catching up) is skipped to its newest update, and an update the page must
// show at once (the player's own action) takes everything waiting before it along. While the
// page holds them (a pointer is pressed on the board), updates wait, so that nothing is drawn
// again under the pointer.

import { h, param } from "./dom.js";

/** The pause after each shown update, in milliseconds. */
export const PACES = { off: 0, quick: 350, normal: 700, slow: 1400 };
const KEY = "tabulae.pace";
const LONG_QUEUE = 4; // more updates waiting than this: the page is catching up

/** The pace this page plays at: the address's `?pace=` (0 or a pace's name), else the one kept
 *  in this browser, else normal. */
export function chosenPace() {
  const asked = param("pace");
  if (asked === "0") return "off";
  if (Object.hasOwn(PACES, asked ?? "")) return asked;
  const kept = localStorage.getItem(KEY);
  return Object.hasOwn(PACES, kept ?? "") ? kept : "normal";
}

/** The setting, in the player's language: `choose(pace)` is told of a new choice, which is
 *  kept. */
export function paceSetting(text, pace, choose) {
  const t = text.t.bind(text);
  const names = { off: t("Off"), quick: t("Quick"), normal: t("Normal"), slow: t("Slow") };
  const select = h(
    "select",
    {
      name: "pace",
      onchange: (event) => {
        localStorage.setItem(KEY, event.target.value);
        choose(event.target.value);
      },
    },
    Object.keys(PACES).map((name) => h("option", { value: name, selected: name === pace }, names[name])),
  );
  return h("label", { class: "pace-setting", id: "pace-setting" }, t("Pace of the moves"), " ", select);
}

/** A queue of updates shown one at a time: `show(updates)` draws the last of them, having
 *  taken in the events of all; `delay()` is the pause after each, in milliseconds. */
export class Steps {
  constructor(show, delay) {
    this.show = show;
    this.delay = delay;
    this.waiting = [];
    this.timer = null;
    this.frame = null;
    this.held = false;
    // a page put out of sight draws no frame: what waits for one is drawn at once
    document.addEventListener("visibilitychange", () => {
      if (document.hidden && this.frame !== null && !this.held) this.flush();
    });
  }

  /** An update has come: shown now if nothing is being shown, else after those waiting;
   *  `now`, shown at once with those waiting. */
  push(update, now = false) {
    this.waiting.push(update);
    if (now) this.flush();
    else if (this.timer === null && !this.held) this.next();
  }

  /** Keep what comes waiting until `release` (`flush` still shows it). */
  hold() {
    this.held = true;
  }

  /** Show what waits, and what comes, again. */
  release() {
    this.held = false;
    if (this.timer === null) this.next();
  }

  /** Show everything waiting at once, with no pause after it. */
  flush() {
    this.stop();
    if (this.waiting.length > 0) this.show(this.waiting.splice(0));
  }

  /** Forget what is waiting (the page reconnects and is sent the table afresh). */
  clear() {
    this.stop();
    this.waiting = [];
  }

  get length() {
    return this.waiting.length;
  }

  next() {
    this.timer = null;
    if (this.waiting.length === 0 || this.held) return;
    const pause = this.delay();
    if (pause === 0 && !document.hidden) {
      // with no pause, the updates of a burst (a bot's several actions) are drawn once, at
      // the next frame; a hidden page draws each at once (its title tells whose move it is)
      this.frame ??= requestAnimationFrame(() => {
        this.frame = null;
        if (!this.held) this.flush();
      });
      return;
    }
    const all = pause === 0 || this.waiting.length > LONG_QUEUE;
    this.show(this.waiting.splice(0, all ? this.waiting.length : 1));
    if (pause > 0) this.timer = setTimeout(() => this.next(), pause);
  }

  stop() {
    clearTimeout(this.timer);
    this.timer = null;
    if (this.frame !== null) cancelAnimationFrame(this.frame);
    this.frame = null;
  }
}
