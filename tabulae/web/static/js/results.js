// The end of a game: ranks, scores, tie-breaks and the game's own score breakdown.

import { h } from "./dom.js";
import { showValue } from "./generic.js";

export function renderResult(result, ctx) {
  const { text, players, board } = ctx;
  const order = Array.from({ length: players }, (_, s) => s).sort(
    (a, b) => result.ranks[a] - result.ranks[b] || a - b,
  );
  const hasTiebreaks = result.tiebreaks.some((t) => t.length > 0);
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
        h("th", {}, text.t("Rank")),
        h("th", {}, text.t("Player")),
        h("th", {}, text.t("Score")),
        hasTiebreaks && h("th", {}, text.t("Tie-breaks")),
      ),
      order.map((s) =>
        h(
          "tr",
          { class: result.winners.includes(s) ? "winner" : null, "data-seat": s },
          h("td", { class: "rank" }, result.ranks[s]),
          h("td", {}, text.seat(s)),
          h("td", { class: "score" }, result.scores[s]),
          hasTiebreaks && h("td", {}, result.tiebreaks[s].join(" · ")),
        ),
      ),
    ),
    breakdown,
  );
}

function genericBreakdown(result, { text }) {
  if (!result.details || Object.keys(result.details).length === 0) return null;
  return h("div", { class: "breakdown" }, h("h3", {}, text.t("Breakdown")), showValue(result.details, text));
}
