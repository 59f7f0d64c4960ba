// Beside the board: the table's chat (players in theirs, spectators in their own), the move time
// limit and the clocks' increment (each seat's clock is in its panel, js/panels.js), the moves a bot made when a seat's time ran out, and the rating changes
// at the end. Everything arrives over the table's live WebSocket; messages are shown as text,
// never as markup.

import { api } from "./api.js";
import { fill, h } from "./dom.js";
import { hasClocks } from "./panels.js";
import { refusal } from "./people.js";
import * as store from "./store.js";

/** The talk panel: `element` to place; `show(summary, status)` and `heard(messages)` are fed by
 *  the live connection; `setText(text)` shows it in another language. */
export function tableTalk(tableId, token) {
  const id = encodeURIComponent(tableId);
  const turns = h("div", { id: "turns", class: "turns", hidden: true });
  const ratings = h("div", { id: "rating-changes", hidden: true });
  const heading = h("h3", {});
  const messages = h("ol", { id: "chat-messages", class: "chat-messages" });
  // the words before the field say to whom it speaks, and name it
  const input = h("input", { name: "chat", id: "chat-input", maxlength: 500, autocomplete: "off" });
  const channel = h("label", { class: "channel", for: "chat-input" });
  const button = h("button", { type: "submit" });
  const notice = h("p", { class: "notice", role: "alert", hidden: true });
  const send = h("form", { id: "chat-form" }, channel, input, button, notice);
  const said = new Map(); // message id → the message
  let text = null;
  let summary = null;
  let status = null;
  let changes = null; // the rating changes, once the rated game is over
  let asked = false;

  const speaking = () => (token() ? "players" : "spectators");
  const t = (msgid, args) => text.t(msgid, args);

  send.addEventListener("submit", async (event) => {
    event.preventDefault();
    const words = input.value.trim();
    if (!words) return;
    const body = { channel: speaking(), text: words };
    if (!token() && store.playerName()) body.name = store.playerName();
    try {
      heard([await api(`/tables/${id}/chat`, { method: "POST", body, token: token() })]);
      input.value = "";
      notice.hidden = true;
    } catch (error) {
      fill(notice, refusal(text, error));
      notice.hidden = false;
    }
  });

  function names() {
    return summary.seats.map((seat) => text.seatName(seat));
  }

  function renderTurns() {
    const lines = [];
    if (summary.move_seconds) {
      lines.push(h("p", { class: "limit" }, t("Turn-based: {time} a move.", { time: duration(text, summary.move_seconds) })));
    }
    if (hasClocks(summary)) {
      lines.push(h("p", { class: "clocks" }, t("Clocks: +{increment} s a move.", { increment: summary.clock_increment })));
    }
    if (summary.deadline && (status ?? summary.status) === "playing") {
      const when = new Date(summary.deadline).toLocaleString(text.lang);
      lines.push(h("p", { class: "deadline" }, t("Move by {time}.", { time: when })));
    }
    for (const late of summary.timeouts ?? []) {
      lines.push(
        h(
          "p",
          { class: "timeout", "data-version": late.version },
          t("The time of {name} ran out: a bot made move {version} for them.", {
            name: names()[late.seat],
            version: late.version,
          }),
        ),
      );
    }
    turns.hidden = lines.length === 0;
    fill(turns, lines);
  }

  async function askRatings() {
    if (asked || !summary.rated || (status ?? summary.status) !== "finished") return;
    asked = true;
    try {
      changes = await api(`/tables/${id}/ratings`);
    } catch {
      asked = false; // asked again with the next news from the table
      return;
    }
    renderRatings();
  }

  function renderRatings() {
    if (!changes || !changes.length) return;
    ratings.hidden = false;
    fill(
      ratings,
      h("h3", {}, t("Ratings")),
      h(
        "ul",
        {},
        changes.map((change) => {
          // on the 1500 scale players read, as the leaderboard shows it
          const delta = change.after_display - change.before_display;
          return h(
            "li",
            { "data-seat": change.seat },
            `${names()[change.seat]}: ${change.before_display} → ${change.after_display} `,
            h("b", {}, `(${delta >= 0 ? "+" : ""}${delta})`),
          );
        }),
      ),
    );
  }

  /** A spectator who gave no name, as the server calls one. */
  const unnamed = (message) => message.seat === null && message.name === "spectator";

  /** Who said it, in the reader's language where the server used its own word: an unnamed
   *  spectator is "Spectator", an unnamed seat "Seat 2". */
  function speaker(message) {
    if (unnamed(message)) return t("Spectator");
    if (Number.isInteger(message.seat) && message.name === `seat ${message.seat + 1}`) {
      return t("Seat {n}", { n: message.seat + 1 });
    }
    return message.name;
  }

  function renderChat() {
    fill(heading, t("Chat"));
    fill(button, t("Send"));
    fill(channel, speaking() === "players" ? t("To the players:") : t("To the spectators:"), " ");
    fill(
      messages,
      [...said.values()].map((message) =>
        h(
          "li",
          { class: `chat ${message.channel}`, "data-id": message.id },
          h("b", {}, speaker(message)),
          message.channel === "spectators" && !unnamed(message) ? h("small", {}, ` (${t("spectator")})`) : null,
          ": ",
          h("span", { class: "text" }, message.text),
        ),
      ),
    );
  }

  /** Messages heard, by the socket or as the answer to sending one; each is shown once, in
   *  the order they were said. */
  function heard(list) {
    for (const message of list) said.set(message.id, message);
    const ordered = [...said.entries()].sort(([a], [b]) => a - b);
    said.clear();
    for (const [key, message] of ordered) said.set(key, message);
    if (text) renderChat();
  }

  function show(newSummary, newStatus = null) {
    summary = newSummary;
    status = newStatus;
    if (!text) return;
    renderTurns();
    renderRatings();
    renderChat();
    askRatings();
  }

  return {
    element: h("section", { class: "talk", id: "talk" }, turns, ratings, heading, messages, send),
    show,
    heard,
    setText(newText) {
      text = newText;
      if (summary) show(summary, status);
      else renderChat();
    },
  };
}

/** A move time limit in the largest unit that divides it. */
export function duration(text, seconds) {
  if (seconds % 86400 === 0) return text.t("{n:# day|# days}", { n: seconds / 86400 });
  if (seconds % 3600 === 0) return text.t("{n:# hour|# hours}", { n: seconds / 3600 });
  if (seconds % 60 === 0) return text.t("{n:# minute|# minutes}", { n: seconds / 60 });
  return text.t("{n:# second|# seconds}", { n: seconds });
}
