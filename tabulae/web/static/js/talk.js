// Beside the board: the table's chat (players in theirs, spectators in their own), the move time
// limit, the moves a bot made when a seat's time ran out, and the rating changes at the end.
// Messages are shown as text, never as markup; the panel's own words in the player's language.

import { api } from "./api.js";
import { fill, h } from "./dom.js";

const LOOK_MS = 3000; // how often the panel looks again, while the page is visible

/** @param text  gives the page's words (a Text) as they are now */
export function tableTalk(tableId, token, text) {
  const t = (msgid, args = {}) => (text() ? text().t(msgid, args) : msgid);
  const id = encodeURIComponent(tableId);
  const turns = h("div", { id: "turns", class: "turns", hidden: true });
  const ratings = h("div", { id: "rating-changes", hidden: true });
  const messages = h("ol", { id: "chat-messages", class: "chat-messages" });
  const input = h("input", { name: "chat", maxlength: 500, autocomplete: "off" });
  const channel = h("span", { class: "channel" });
  const notice = h("p", { class: "notice", role: "alert", hidden: true });
  const sendButton = h("button", { type: "submit" });
  const heading = h("h3", {});
  const send = h("form", { id: "chat-form" }, channel, input, sendButton, notice);
  let after = 0;
  let rated = false;

  const speaking = () => (token() ? "players" : "spectators");

  send.addEventListener("submit", async (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    try {
      await api(`/tables/${id}/chat`, {
        method: "POST",
        body: { channel: speaking(), text },
        token: token(),
      });
      input.value = "";
      notice.hidden = true;
      await look();
    } catch (error) {
      fill(notice, error.message);
      notice.hidden = false;
    }
  });

  function showTurns(summary) {
    const names = summary.seats.map((seat) => text().seatName(seat));
    const lines = [];
    if (summary.move_seconds) {
      lines.push(h("p", {}, t("Turn-based: {limit} a move.", { limit: limit(summary.move_seconds, t) })));
    }
    if (summary.clock_increment !== null) {
      const clocks = summary.seats.map((seat) => `${names[seat.seat]} ${Math.max(0, seat.clock_left).toFixed(0)} s`);
      const said = t("Clocks at the turn's start: {clocks} (+{increment} s a move).", {
        clocks: clocks.join("; "),
        increment: summary.clock_increment,
      });
      lines.push(h("p", { class: "clocks" }, said));
    }
    if (summary.deadline) {
      const time = new Date(summary.deadline).toLocaleString(text().lang);
      lines.push(h("p", { class: "deadline" }, t("Move by {time}.", { time })));
    }
    for (const late of summary.timeouts) {
      lines.push(
        h(
          "p",
          { class: "timeout", "data-version": late.version },
          t("{name}'s time ran out: a bot made move {version} for them.", {
            name: names[late.seat],
            version: late.version,
          }),
        ),
      );
    }
    turns.hidden = lines.length === 0;
    fill(turns, lines);
  }

  async function showRatings(summary) {
    if (!summary.rated || summary.status !== "finished" || rated) return;
    const changes = await api(`/tables/${id}/ratings`);
    if (!changes.length) return;
    rated = true;
    const names = summary.seats.map((seat) => text().seatName(seat));
    ratings.hidden = false;
    fill(
      ratings,
      h("h3", {}, t("Ratings")),
      h(
        "ul",
        {},
        changes.map((change) => {
          const delta = change.after - change.before;
          return h(
            "li",
            { "data-seat": change.seat },
            `${names[change.seat]}: ${change.before.toFixed(2)} → ${change.after.toFixed(2)} `,
            h("b", {}, `(${delta >= 0 ? "+" : ""}${delta.toFixed(2)})`),
          );
        }),
      ),
    );
  }

  async function look() {
    if (!text()) return; // the page's words are on their way
    const [summary, said] = await Promise.all([
      api(`/tables/${id}`),
      api(`/tables/${id}/chat?after=${after}`, { token: token() }),
    ]);
    showTurns(summary);
    await showRatings(summary);
    fill(channel, speaking() === "players" ? t("To the players: ") : t("To the spectators: "));
    fill(sendButton, t("Send"));
    fill(heading, t("Chat"));
    for (const message of said) {
      after = Math.max(after, message.id);
      messages.append(
        h(
          "li",
          { class: `chat ${message.channel}`, "data-id": message.id },
          h("b", {}, message.name),
          message.channel === "spectators" ? h("small", {}, ` (${t("spectator")})`) : null,
          ": ",
          h("span", { class: "text" }, message.text),
        ),
      );
    }
  }

  const keepLooking = async () => {
    try {
      if (!document.hidden) await look();
    } catch {
      // offline for a moment: the next look catches up
    }
    setTimeout(keepLooking, text() ? LOOK_MS : 50); // soon again while the words are loading
  };
  keepLooking();
  fill(sendButton, t("Send"));
  fill(heading, t("Chat"));
  return h("section", { class: "talk", id: "talk" }, turns, ratings, heading, messages, send);
}

function limit(seconds, t) {
  if (seconds % 86400 === 0) return t("{n:# day|# days}", { n: seconds / 86400 });
  if (seconds % 3600 === 0) return t("{n:# hour|# hours}", { n: seconds / 3600 });
  return t("{n} s", { n: seconds });
}
