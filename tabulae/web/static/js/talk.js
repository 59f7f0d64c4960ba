// Beside the board: the table's chat (players in theirs, spectators in their own), the move time
// limit, the moves a bot made when a seat's time ran out, and the rating changes at the end.
// Messages are shown as text, never as markup.

import { api } from "./api.js";
import { fill, h } from "./dom.js";

const LOOK_MS = 3000; // how often the panel looks again, while the page is visible

export function tableTalk(tableId, token) {
  const id = encodeURIComponent(tableId);
  const turns = h("div", { id: "turns", class: "turns", hidden: true });
  const ratings = h("div", { id: "rating-changes", hidden: true });
  const messages = h("ol", { id: "chat-messages", class: "chat-messages" });
  const input = h("input", { name: "chat", maxlength: 500, autocomplete: "off" });
  const channel = h("span", { class: "channel" });
  const notice = h("p", { class: "notice", role: "alert", hidden: true });
  const send = h("form", { id: "chat-form" }, channel, input, h("button", { type: "submit" }, "Send"), notice);
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
    const names = summary.seats.map((seat) => seat.name ?? `seat ${seat.seat + 1}`);
    const lines = [];
    if (summary.move_seconds) lines.push(h("p", {}, `Turn-based: ${limit(summary.move_seconds)} a move.`));
    if (summary.clock_increment !== null) {
      const clocks = summary.seats.map((seat) => `${names[seat.seat]} ${Math.max(0, seat.clock_left).toFixed(0)} s`);
      lines.push(h("p", { class: "clocks" }, `Clocks at the turn's start: ${clocks.join(", ")} (+${summary.clock_increment} s a move).`));
    }
    if (summary.deadline) {
      lines.push(h("p", { class: "deadline" }, `Move by ${new Date(summary.deadline).toLocaleString()}.`));
    }
    for (const late of summary.timeouts) {
      lines.push(
        h(
          "p",
          { class: "timeout", "data-version": late.version },
          `${names[late.seat]}'s time ran out: a bot made move ${late.version} for them.`,
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
    const names = summary.seats.map((seat) => seat.name ?? `seat ${seat.seat + 1}`);
    ratings.hidden = false;
    fill(
      ratings,
      h("h3", {}, "Ratings"),
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
    const [summary, said] = await Promise.all([
      api(`/tables/${id}`),
      api(`/tables/${id}/chat?after=${after}`, { token: token() }),
    ]);
    showTurns(summary);
    await showRatings(summary);
    fill(channel, speaking() === "players" ? "To the players: " : "To the spectators: ");
    for (const message of said) {
      after = Math.max(after, message.id);
      messages.append(
        h(
          "li",
          { class: `chat ${message.channel}`, "data-id": message.id },
          h("b", {}, message.name),
          message.channel === "spectators" ? h("small", {}, " (spectator)") : null,
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
    setTimeout(keepLooking, LOOK_MS);
  };
  keepLooking();
  return h("section", { class: "talk", id: "talk" }, turns, ratings, h("h3", {}, "Chat"), messages, send);
}

function limit(seconds) {
  if (seconds % 86400 === 0) return `${seconds / 86400} day(s)`;
  if (seconds % 3600 === 0) return `${seconds / 3600} hour(s)`;
  return `${seconds} s`;
}
