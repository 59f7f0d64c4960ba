// The players' panels at the top of the table page, one per seat: the player's name, whether it
// is his turn, his clock beside the name (a table with clocks, counting down on the page), his
// score and a short summary of what he holds. The game's board module may give the score and
// the summary (`panel(ctx, seat)`, returning `{ score, holds }`, both optional); a game that
// gives none shows the score once the game has one (its result).

import { h } from "./dom.js";

/** The panels of every seat, for `ctx` (the board's context), in `options`: `name(seat)`,
 *  `pawn(seat)` (the pawn's style, or null) and `board` (the game's board module, or null). */
export function playerPanels(ctx, { name, pawn, board }) {
  return ctx.table.seats.map((info, seat) => playerPanel(ctx, info, seat, { name, pawn, board }));
}

function playerPanel(ctx, info, seat, { name, pawn, board }) {
  const t = ctx.text.t.bind(ctx.text);
  const toMove = ctx.status === "playing" && ctx.toMove.includes(seat);
  const given = (ctx.view && board?.panel?.(ctx, seat)) || {};
  const score = ctx.result?.scores?.[seat] ?? given.score ?? null;
  const clock = hasClocks(ctx.table) ? clockOf(ctx, seat, clockName(ctx.text, name(seat))) : null;
  return h(
    "div",
    {
      class: ["seat", "panel", seat === ctx.seat ? "you" : "", toMove ? "to-move" : ""].join(" ").replace(/ +/g, " ").trim(),
      "data-seat": seat,
    },
    h(
      "span",
      { class: "panel-head" },
      h(
        "span",
        { class: "panel-who" },
        h("span", { class: `token seat-${seat}`, style: pawn(seat) }),
        " ",
        h("span", { class: "panel-name" }, info.taken ? name(seat) : t("free seat")),
        info.bot && !Number.isInteger(info.bot_order) && h("small", {}, ` (${t("bot")})`),
        seat === ctx.seat && h("small", {}, ` (${t("you")})`),
      ),
      clock,
    ),
    (toMove || score !== null || given.holds) &&
      h(
        "span",
        { class: "panel-facts" },
        toMove && h("span", { class: "panel-turn" }, t("to move")),
        score !== null && h("span", { class: "panel-score" }, t("Score"), " ", h("b", {}, String(score))),
        given.holds && h("span", { class: "panel-holds" }, given.holds),
      ),
  );
}

/** Whether the table plays with a clock per seat. */
export function hasClocks(summary) {
  return summary.clock_increment !== null && summary.clock_increment !== undefined;
}

/** What a clock is called, for those who hover it or hear it. */
function clockName(text, name) {
  return text.t("{name}'s clock", { name });
}

function clockOf(ctx, seat, label) {
  const clock = h("span", { class: "clock", role: "timer", "data-seat": seat });
  showClock(clock, ctx.table, ctx.status, label);
  return clock;
}

/** Set each clock of `root`'s panels to the time its seat has left now. */
export function tickClocks(root, summary, status, text, name) {
  for (const clock of root.querySelectorAll(".panel .clock[data-seat]")) {
    showClock(clock, summary, status, clockName(text, name(Number(clock.dataset.seat))));
  }
}

function showClock(clock, summary, status, label) {
  const seat = Number(clock.dataset.seat);
  const playing = status === "playing";
  const started = summary.turn_started_at ? Date.parse(summary.turn_started_at) : null;
  const running = playing && started !== null && (summary.to_move ?? []).includes(seat);
  const left = summary.seats[seat].clock_left - (running ? (Date.now() - started) / 1000 : 0);
  const face = clockFace(left);
  clock.classList.toggle("running", running);
  clock.textContent = face;
  clock.title = label;
  clock.setAttribute("aria-label", `${label}: ${face}`);
}

/** A clock's time left, as h:mm:ss or m:ss. */
export function clockFace(seconds) {
  const whole = Math.max(0, Math.floor(seconds));
  const [hours, minutes, rest] = [Math.floor(whole / 3600), Math.floor(whole / 60) % 60, whole % 60];
  const two = (n) => String(n).padStart(2, "0");
  return hours ? `${hours}:${two(minutes)}:${two(rest)}` : `${minutes}:${two(rest)}`;
}
