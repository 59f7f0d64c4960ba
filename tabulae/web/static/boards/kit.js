// What every board shares: acting by clicking a part of the board, a menu when a part offers
// several actions, the printed components, and the pictures of the game's icon set.

import { h } from "../js/dom.js";

const printed = new Map();

/** The printed faces of a game's components (see tabulae/web/printed.py). */
export async function loadPrinted(game) {
  if (!printed.has(game)) {
    printed.set(
      game,
      fetch(`/games/${game}/printed.json`).then((response) => response.json()),
    );
  }
  return printed.get(game);
}

/** The legal actions whose words start with `prefix` (e.g. ["build"], ["scout", "own"]). */
export function legalStarting(ctx, ...prefix) {
  return ctx.legal.filter((action) => prefix.every((word, i) => action[i] === word));
}

/** Close a board's open menu (its actions may be stale once the table moves on). */
export function closeMenu() {
  document.querySelector(".board-menu")?.remove();
}

document.addEventListener("click", (event) => {
  if (!event.target.closest(".board-menu, .clickable")) closeMenu();
});

/** A small menu of actions next to the clicked part of the board. */
function showMenu(anchor, actions, ctx) {
  closeMenu();
  const box = anchor.getBoundingClientRect();
  const menu = h(
    "div",
    {
      class: "board-menu",
      role: "menu",
      // Escape closes the menu, back on the part of the board that opened it
      onkeydown: (event) => {
        if (event.key !== "Escape") return;
        closeMenu();
        anchor.focus();
      },
      style: `left:${Math.round(box.left + window.scrollX)}px;top:${Math.round(box.bottom + window.scrollY + 4)}px`,
    },
    actions.map((action) =>
      h(
        "button",
        {
          type: "button",
          role: "menuitem",
          "data-action": JSON.stringify(action),
          onclick: () => {
            closeMenu();
            ctx.act(action);
          },
        },
        ctx.text.action(action, ctx.game),
      ),
    ),
  );
  document.body.append(menu);
}

/**
 * Make a part of the board act when clicked: one legal action plays at once, several open a
 * menu. With no legal action, `attempt` (what a player clicking there means) is sent anyway
 * when it is this seat's move, so the rules say why it is not allowed; out of turn, a click
 * on it is told whose turn it is (the table does not send it).
 */
export function clickable(element, actions, ctx, attempt = null) {
  const seated = ctx.seat !== null && ctx.status === "playing";
  const mine = seated && ctx.toMove.includes(ctx.seat) && ctx.legal.length > 0;
  if (!mine && seated && attempt !== null) {
    element.addEventListener("click", () => ctx.act(attempt));
    return element;
  }
  if (!mine || (actions.length === 0 && attempt === null)) return element;
  element.classList.add("clickable");
  if (actions.length > 0) element.classList.add("legal");
  element.dataset.actions = JSON.stringify(actions.length > 0 ? actions : [attempt]);
  element.setAttribute("tabindex", "0");
  element.setAttribute("role", "button");
  if (!element.textContent.trim() && !element.hasAttribute("aria-label")) {
    // a part that shows no words (an empty box) is named by what it does
    const named = actions.length > 0 ? actions : [attempt];
    element.setAttribute("aria-label", named.map((action) => ctx.text.action(action, ctx.game)).join(", "));
  }
  const go = () => {
    if (actions.length === 1) ctx.act(actions[0]);
    else if (actions.length > 1) showMenu(element, actions, ctx);
    else ctx.act(attempt);
  };
  element.addEventListener("click", go);
  element.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      go();
      // a menu opened by a key is entered at its first action
      document.querySelector(".board-menu button")?.focus();
    }
  });
  return element;
}

/**
 * The address of `word`'s picture in the game's icon set (`icons.svg` beside its board.js, one
 * <symbol> per word), served as an image of its own: a board draws hundreds of pictures, and
 * images of one address cost one download and one decoding, where each <use> of the sprite
 * would copy its drawing into the page.
 */
export function iconUrl(game, word) {
  return `/games/${encodeURIComponent(game)}/icons/${encodeURIComponent(word)}.svg`;
}

/**
 * A picture from the game's icon set (`iconUrl`): `picture(game, word, text, count)` draws
 * `word`'s picture, with `count` before it, named in the player's language. Where it stands for
 * the word (a box of a sheet, a pool) it is an image with that name; in running text, after the
 * word itself (`{ beside: true }`), screen readers skip it. Either way its title names it for
 * the mouse.
 */
export function picture(game, word, text, count = null, { beside = false } = {}) {
  const name = term(word, text);
  const said = count === null ? name : `${count} ${name}`;
  const drawing = h("img", { class: "icon-drawing", src: iconUrl(game, word), alt: "" });
  return h(
    "span",
    {
      class: `icon picture${beside ? " beside" : ""}`,
      "data-icon": word,
      title: name,
      role: beside ? null : "img",
      "aria-label": beside ? null : said,
      "aria-hidden": beside ? "true" : null,
    },
    count === null ? null : String(count),
    drawing,
  );
}

/** Words shown by their rulebook names, or readable when a game has not named them yet. */
export function term(word, text) {
  return text.hasTerm(word) ? text.term(word) : String(word).replaceAll("_", " ");
}
