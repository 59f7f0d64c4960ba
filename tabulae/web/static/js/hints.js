// A hint, at a table that allows them: at your turn, the strongest bot's three best moves for
// your seat, searched on what your seat knows, each with why, each played by a click.

import { h } from "./dom.js";

/** Why a move is suggested: what it is expected to bring, and how much of the search it got. */
function why(move, measure, text) {
  const t = text.t.bind(text);
  const searched = Math.round(100 * move.share);
  return measure === "score"
    ? t("expected score {score}; {searched}% of the search", {
        score: text.number(move.value, 1),
        searched,
      })
    : t("expected share of wins {wins}%; {searched}% of the search", {
        wins: Math.round(100 * move.value),
        searched,
      });
}

/** The hint button and, once asked, the moves. `found` is the server's hint for the version
 *  shown (or null); `asking` disables the button while the search runs. */
export function renderHint(root, ctx, { found, asking, ask }) {
  const { text, game } = ctx;
  const t = text.t.bind(text);
  const button = h(
    "button",
    { type: "button", id: "ask-hint", disabled: asking, onclick: ask },
    asking ? t("Looking for a hint…") : t("Hint: what would the strongest bot play?"),
  );
  if (!found) {
    root.replaceChildren(button);
    return;
  }
  root.replaceChildren(
    button,
    h(
      "p",
      { class: "hint-title" },
      t("The strongest bot's best moves, from what you know ({futures:# future|# futures} searched):", {
        futures: found.iterations,
      }),
    ),
    h(
      "ol",
      { class: "hint-moves" },
      found.moves.map((move) =>
        h(
          "li",
          {},
          h(
            "button",
            {
              type: "button",
              class: "hint-move",
              "data-action": JSON.stringify(move.action),
              onclick: () => ctx.act(move.action),
            },
            text.action(move.action, game),
          ),
          " ",
          h("small", { class: "why" }, why(move, found.measure, text)),
        ),
      ),
    ),
  );
}
