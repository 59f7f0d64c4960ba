// The coach, at a table created with it: after each of your moves, one line on whether the
// strongest bot would have played otherwise, from what you knew; before a move, "Show me"
// outlines the part of the board or the button that plays its choice.

import { fill, h } from "./dom.js";

function sameAction(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** An expected payoff in the measure the search used: points alone, else a share of wins. */
function payoff(value, measure, text) {
  return measure === "score" ? text.number(value, 1) : `${Math.round(100 * value)}%`;
}

/** The coach's line on a move, in the player's words: `line` is the server's judgement. */
export function coachLine(line, text, game) {
  const t = text.t.bind(text);
  if (line.verdict === "strong") return t("Strong play.");
  if (line.verdict === "busy") return t("The coach was busy and did not judge this move.");
  const action = text.action(line.best.action, game);
  if (line.verdict === "unsearched") {
    return t("The coach would have played {action}; it did not weigh yours.", { action });
  }
  const best = payoff(line.best.value, line.measure, text);
  const yours = payoff(line.yours.value, line.measure, text);
  return line.measure === "score"
    ? t("The coach would have played {action} (expected score {best} against {yours} for yours).", { action, best, yours })
    : t("The coach would have played {action} (expected share of wins {best} against {yours} for yours).", { action, best, yours });
}

/** The coach's corner: its line on your last move (if any), and at your turn "Show me" with
 *  the choice it shows. */
export function renderCoach(root, ctx, { line, choice, asking, yourTurn, show }) {
  const { text, game } = ctx;
  const t = text.t.bind(text);
  fill(
    root,
    line && h("p", { class: `coach-line coach-${line.verdict}`, id: "coach-line", role: "status" }, coachLine(line, text, game)),
    yourTurn &&
      h(
        "button",
        { type: "button", id: "coach-show", disabled: asking, onclick: show },
        asking ? t("The coach is thinking…") : t("Show me the coach's choice"),
      ),
    yourTurn && choice && h("p", { class: "coach-choice-line" }, t("The coach would play {action}.", { action: text.action(choice.action, game) })),
  );
}

/** Outline what plays `action`: the parts of the board that offer it and its buttons. */
export function outlineChoice(scope, action) {
  for (const element of scope.querySelectorAll(".coach-choice")) element.classList.remove("coach-choice");
  if (!action) return;
  for (const element of scope.querySelectorAll("[data-actions]")) {
    let actions = [];
    try {
      actions = JSON.parse(element.dataset.actions);
    } catch {
      continue;
    }
    if (actions.some((offered) => sameAction(offered, action))) element.classList.add("coach-choice");
  }
  for (const button of scope.querySelectorAll("button[data-action]")) {
    if (button.closest(".hint-moves")) continue;
    if (sameAction(JSON.parse(button.dataset.action), action)) button.classList.add("coach-choice");
  }
}
