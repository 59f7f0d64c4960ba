// The end of a game: ranks, scores, tie-breaks explained and the game's own score sheet.

import { h } from "./dom.js";
import { showValue } from "./generic.js";

export function renderResult(result, ctx) {
  const { text, players, board } = ctx;
  const order = Array.from({ length: players }, (_, s) => s).sort(
    (a, b) => result.ranks[a] - result.ranks[b] || a - b,
  );
  const tiebreaks = tiebreaksShown(result, ctx);
  const ranked = players > 1; // a solo game's score is its measure: its rank is the board's to tell
  const breakdown = board?.breakdown ? board.breakdown(result, ctx) : genericBreakdown(result, ctx);
  return h(
    "section",
    { class: "result", id: "result" },
    h("h2", {}, text.t("Final scores")),
    h(
      "table",
      { class: "grid scores" },
      h(
        "tr",
        {},
        ranked && h("th", {}, text.t("Rank")),
        h("th", {}, text.t("Player")),
        h("th", {}, text.t("Score")),
        tiebreaks && h("th", {}, text.t("Tie-breaks")),
      ),
      order.map((s) =>
        h(
          "tr",
          { class: ranked && result.winners.includes(s) ? "winner" : null, "data-seat": s },
          ranked && h("td", { class: "rank" }, result.ranks[s]),
          h("td", { class: "player" }, text.seat(s)),
          h("td", { class: "score" }, text.number(result.scores[s])),
          tiebreaks && h("td", { class: "tiebreak" }, tiebreaks[s]),
        ),
      ),
    ),
    tiebreaks &&
      !board?.tiebreaks &&
      h("p", { class: "tiebreak-note" }, text.t("Equal scores are decided by the tie-breaks, compared in order: the higher wins.")),
    breakdown,
  );
}

/** Each seat's tie-break in words, when scores tie: the board's own (`tiebreaks(result, ctx)`,
 *  one text per seat), else the values in order, numbered. */
function tiebreaksShown(result, ctx) {
  const tied = new Set(result.scores).size < result.scores.length;
  if (!tied || !result.tiebreaks.some((values) => values.length > 0)) return null;
  if (ctx.board?.tiebreaks) return ctx.board.tiebreaks(result, ctx);
  return result.tiebreaks.map((values) =>
    values.map((value, i) => ctx.text.t("{n}. {value}", { n: i + 1, value })).join(" · "),
  );
}

/** The result's details laid out; a list with one entry per player names each entry's player. */
function genericBreakdown(result, { text, players }) {
  if (!result.details || Object.keys(result.details).length === 0) return null;
  const named = Object.fromEntries(
    Object.entries(result.details).map(([key, value]) => [
      key,
      Array.isArray(value) && value.length === players && players > 1 ? { ...value } : value,
    ]),
  );
  return h("div", { class: "breakdown" }, h("h3", {}, text.t("Breakdown")), showValue(named, text));
}
