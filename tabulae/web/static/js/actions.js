// The complete list of legal actions, grouped by kind: the fallback for everything a board
// does not offer by a click, and a way to type any action in notation.

import { h } from "./dom.js";
import { marked } from "./marks.js";

const FILTER_FROM = 12;

export function sameAction(a, b) {
  return a.length === b.length && a.every((part, i) => part === b[i]);
}

/** Read an action typed in notation ("bid 4"): words stay words, integers become numbers. */
export function parseNotation(typed) {
  const words = typed.trim().split(/\s+/).filter(Boolean);
  return words.map((word, i) => (i > 0 && /^-?\d+$/.test(word) ? Number(word) : word));
}

// The keys that move the focus among the actions, to the one before, after, first or last.
const MOVES = { ArrowUp: -1, ArrowLeft: -1, ArrowDown: 1, ArrowRight: 1, Home: "first", End: "last" };

/** The arrow keys, Home and End move the focus among the actions shown (a filter hides some). */
function moveAmong(list, event) {
  const move = MOVES[event.key];
  const buttons = [...list.querySelectorAll("button.action:not([hidden]):not([disabled])")];
  const at = buttons.indexOf(document.activeElement);
  if (move === undefined || at < 0 || event.altKey || event.ctrlKey || event.metaKey) return;
  event.preventDefault();
  const to = move === "first" ? 0 : move === "last" ? buttons.length - 1 : at + move;
  buttons[Math.max(0, Math.min(buttons.length - 1, to))].focus();
}

export function renderActions(root, ctx) {
  const { legal, text, game, act } = ctx;
  const groups = new Map();
  for (const action of legal) {
    if (!groups.has(action[0])) groups.set(action[0], []);
    groups.get(action[0]).push(action);
  }
  const list = h("div", { class: "action-groups", onkeydown: (event) => moveAmong(list, event) });
  const filter =
    legal.length >= FILTER_FROM &&
    h("input", {
      type: "search",
      class: "action-filter",
      placeholder: text.t("Filter actions"),
      "aria-label": text.t("Filter actions"),
      oninput: (event) => {
        const wanted = event.target.value.trim().toLowerCase();
        for (const button of list.querySelectorAll("button")) {
          button.hidden = wanted !== "" && !button.textContent.toLowerCase().includes(wanted);
        }
      },
    });
  for (const [kind, actions] of groups) {
    const help = text.help(kind, game);
    list.append(
      h(
        "section",
        { class: "action-group", "data-kind": kind },
        help && h("p", { class: "help" }, help),
        h(
          "div",
          { class: "buttons" },
          actions.map((action) =>
            h(
              "button",
              {
                type: "button",
                class: "action",
                "data-action": JSON.stringify(action),
                onclick: () => act(action),
              },
              marked(text.action(action, game), text),
            ),
          ),
        ),
      ),
    );
  }
  const typed = h("input", {
    type: "text",
    name: "notation",
    placeholder: text.t("Type an action, e.g. {example}", { example: legal[0]?.join(" ") ?? "pass" }),
    "aria-label": text.t("Type an action"),
    autocomplete: "off",
  });
  const form = h(
    "form",
    {
      class: "notation",
      onsubmit: (event) => {
        event.preventDefault();
        const action = parseNotation(typed.value);
        if (action.length > 0) act(action);
      },
    },
    typed,
    h("button", { type: "submit" }, text.t("Play")),
  );
  root.replaceChildren(filter || "", list, form);
}
