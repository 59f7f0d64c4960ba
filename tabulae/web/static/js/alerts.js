// The turn alert: while it is your move at a table being played, the tab's title starts with a
// mark and its icon carries a gold dot, so a player looking at another tab sees it is their turn.
// It reads the table page as drawn (your seat marked as the one to move), so it follows every
// way the page is brought up to date. When your move comes, a player who asked for them also
// hears a short tone and, while the tab is hidden, gets a browser notification; both are off
// until chosen, and the choice is kept in this browser.

import { h } from "./dom.js";
import * as store from "./store.js";

const MARK = "▶ ";
const PLAIN_ICON = "/favicon.svg";
const TURN_ICON =
  "data:image/svg+xml," +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">' +
      '<rect width="32" height="32" rx="6" fill="#7a2e1d"/>' +
      '<text x="14" y="23" font-family="Georgia, serif" font-size="20" text-anchor="middle" fill="#f3ead7">T</text>' +
      '<circle cx="24" cy="8" r="7" fill="#c9a227" stroke="#f3ead7" stroke-width="2"/></svg>',
  );

const root = document.getElementById("table");

function yourMove() {
  return (
    root.dataset.status === "playing" && root.querySelector("#seats .seat.you.to-move") !== null
  );
}

let settings = store.alertSettings();
let audio = null;
let wasYourMove = false;

/** A short two-note tone, made on the spot. */
function tone() {
  audio ??= new AudioContext();
  audio.resume?.();
  const gain = audio.createGain();
  gain.connect(audio.destination);
  const start = audio.currentTime;
  gain.gain.setValueAtTime(0.0001, start);
  gain.gain.exponentialRampToValueAtTime(0.2, start + 0.02);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.4);
  [660, 880].forEach((frequency, i) => {
    const note = audio.createOscillator();
    note.frequency.value = frequency;
    note.connect(gain);
    note.start(start + i * 0.15);
    note.stop(start + 0.4);
  });
}

function notify(title) {
  if (!document.hidden || !("Notification" in window) || Notification.permission !== "granted") return;
  new Notification(title, { icon: PLAIN_ICON, tag: "tabulae-turn" });
}

/** Your move has just come: the alerts the player asked for. */
function announce(title) {
  if (settings.sound) tone();
  if (settings.notification) notify(title);
}

function show() {
  const turn = yourMove();
  if (turn && !wasYourMove) announce(document.title);
  wasYourMove = turn;
  const plain = document.title.startsWith(MARK) ? document.title.slice(MARK.length) : document.title;
  const title = turn ? MARK + plain : plain;
  if (document.title !== title) document.title = title;
  const icon = document.querySelector("link[rel=icon]");
  const href = turn ? TURN_ICON : PLAIN_ICON;
  if (icon.getAttribute("href") !== href) icon.setAttribute("href", href);
}

const watch = new MutationObserver(show);
watch.observe(root, { subtree: true, childList: true, attributeFilter: ["data-status", "class"] });
watch.observe(document.querySelector("title"), { childList: true });

function keep(change) {
  settings = { ...settings, ...change };
  store.keepAlertSettings(settings);
}

/** The table's alert settings, in the player's language: a sound, and a notification (asked of
 *  the browser when chosen; left off if it is refused). */
export function alertSettings(text) {
  const sound = h("input", {
    type: "checkbox",
    name: "alert-sound",
    checked: settings.sound,
    onchange: (event) => {
      keep({ sound: event.target.checked });
      if (settings.sound) tone();
    },
  });
  const notification = h("input", {
    type: "checkbox",
    name: "alert-notification",
    checked: settings.notification,
    disabled: !("Notification" in window),
    onchange: async (event) => {
      const box = event.target;
      const granted = box.checked && (await Notification.requestPermission()) === "granted";
      box.checked = granted;
      keep({ notification: granted });
    },
  });
  return h(
    "fieldset",
    { class: "alert-settings", id: "alert-settings" },
    h("legend", {}, text.t("At your turn")),
    h("label", {}, sound, " ", text.t("a sound")),
    h("label", {}, notification, " ", text.t("a notification when this tab is hidden")),
  );
}
