// Rules at hand: every named part of a board carries its name and, where the catalogs have it,
// its rules text in its `title` (an SVG part in its <title>). A mouse resting on a part shows
// its `title` in a styled tooltip (moved to `data-tip` meanwhile, so that the browser's plain one
// stays away; an SVG part's <title> is left to the browser); on a touch screen a long press
// shows the text in a popover, which the next tap closes. A part whose rules text rests on a
// section of the game's rules reference names the term that section lists; its tooltip then
// links to the section, and stays open while the mouse moves onto the link.

import { api } from "./api.js";
import { h } from "./dom.js";
import { marked } from "./marks.js";

const LONG_PRESS_MS = 500;
const HOVER_MS = 300;
const MOVE_TOLERANCE_PX = 10;

/** A part's title: its name, and its rules text on the lines below when there is one. */
export function ruled(name, rules) {
  return rules ? `${name}\n${rules}` : name;
}

/** A ruled part's attributes: its title (name and rules text) and, when there is rules text,
 *  the game and the term (which a section of its rules lists) for its link to the rules, with
 *  the link's word in the page's language (`text`). */
export function ruledPart(game, term, name, rules, text) {
  const title = ruled(name, rules);
  if (!rules) return { title };
  return { title, "data-rule-game": game, "data-rule-term": term, "data-rule-label": text.t("Rules") };
}

const sectionsByGame = new Map(); // game -> Promise of {term: section id}

/** The section ids of a game's rules by the terms they list, fetched once per page. */
function sectionsOf(game) {
  if (!sectionsByGame.has(game)) {
    const found = api(`/games/${encodeURIComponent(game)}/rules`)
      .then((rules) => Object.fromEntries(rules.sections.flatMap((section) => section.terms.map((term) => [term, section.id]))))
      .catch(() => ({}));
    sectionsByGame.set(game, found);
  }
  return sectionsByGame.get(game);
}

/** Add to `popover` the link to the section `part`'s rules text rests on, once it is known. */
async function linkRules(popover, part) {
  const { ruleGame: game, ruleTerm: term, ruleLabel: label } = part.dataset;
  if (!game || !term) return;
  const section = (await sectionsOf(game))[term];
  if (!section || !popover.isConnected) return;
  const address = `/rules.html?${new URLSearchParams({ game })}#${encodeURIComponent(section)}`;
  popover.append(h("a", { class: "rules-link", href: address, "data-section": section }, label || "Rules"));
  popover.classList.add("linked");
}

let hovering = null; // { part, words, timer }

/** The text a part of the page is titled with, and the part: the nearest titled ancestor. */
function titled(target) {
  for (let node = target; node && node !== document.body; node = node.parentElement) {
    if (node === hovering?.part) return [node, hovering.words];
    const own = node.getAttribute?.("title");
    if (own) return [node, own];
    const svgTitle = [...(node.children ?? [])].find((child) => child.tagName === "title");
    if (svgTitle?.textContent) return [node, svgTitle.textContent];
  }
  return [null, null];
}

/** Close the popover or tooltip; true if it was a long press's popover. */
function close() {
  const open = document.querySelector(".rules-popover");
  if (!open) return false;
  document.querySelector("[aria-describedby='rules-popover']")?.removeAttribute("aria-describedby");
  open.remove();
  return !open.classList.contains("hovered");
}

function show(part, words, hovered = false) {
  close();
  const [name, ...rules] = words.split("\n");
  const popover = h(
    "div",
    { id: "rules-popover", class: `rules-popover${hovered ? " hovered" : ""}`, role: "tooltip" },
    h("strong", {}, name),
    rules.length > 0 && h("p", {}, marked(rules.join("\n"))),
  );
  document.body.append(popover);
  if (rules.length > 0) linkRules(popover, part);
  popover.addEventListener("pointerenter", () => clearTimeout(closing));
  popover.addEventListener("pointerleave", (event) => {
    if (event.pointerType === "mouse" && popover.classList.contains("hovered")) close();
  });
  part.setAttribute("aria-describedby", "rules-popover");
  const box = part.getBoundingClientRect();
  const width = popover.offsetWidth;
  const left = Math.max(4, Math.min(box.left, document.documentElement.clientWidth - width - 4));
  popover.style.left = `${Math.round(left + window.scrollX)}px`;
  popover.style.top = `${Math.round(box.bottom + window.scrollY + 6)}px`;
}

/** The mouse rests on `part`: its tooltip shortly, the browser's own kept away meanwhile. */
function hover(part, words) {
  part.dataset.tip = words;
  part.removeAttribute("title");
  hovering = { part, words, timer: setTimeout(() => show(part, words, true), HOVER_MS) };
}

// A hovered tooltip with a rules link waits this long for the mouse to reach it before closing.
const LINK_GRACE_MS = 400;
let closing = null;

/** The mouse has left the part it rested on: its title back, its tooltip closed (a linked one
 *  a moment later, unless the mouse moves onto it). */
function leave() {
  if (!hovering) return;
  const { part, words, timer } = hovering;
  hovering = null;
  clearTimeout(timer);
  part.setAttribute("title", words);
  delete part.dataset.tip;
  const open = document.querySelector(".rules-popover.hovered");
  if (open?.classList.contains("linked")) {
    clearTimeout(closing);
    closing = setTimeout(() => {
      if (open.isConnected && !open.matches(":hover")) close();
    }, LINK_GRACE_MS);
  } else if (open) close();
}

document.addEventListener("pointerover", (event) => {
  if (event.pointerType !== "mouse") return;
  const [part, words] = titled(event.target);
  if (part === hovering?.part) return;
  leave();
  if (part?.hasAttribute("title")) hover(part, words);
});
document.addEventListener("pointerout", (event) => {
  if (event.pointerType === "mouse" && hovering && !hovering.part.contains(event.relatedTarget)) leave();
});

let pressing = null; // { timer, x, y }
let swallowClick = false; // the click ending a long press, or the tap closing the popover

document.addEventListener("pointerdown", (event) => {
  // A press on the popover itself (its rules link) leaves it open for the link to be followed.
  if (event.target.closest?.(".rules-popover")) {
    swallowClick = false;
    return;
  }
  swallowClick = close();
  if (event.pointerType === "mouse") return;
  const [part, words] = titled(event.target);
  if (!part) return;
  pressing = {
    x: event.clientX,
    y: event.clientY,
    timer: setTimeout(() => {
      pressing = null;
      swallowClick = true;
      show(part, words);
    }, LONG_PRESS_MS),
  };
});

function release() {
  if (pressing) clearTimeout(pressing.timer);
  pressing = null;
}

document.addEventListener("pointermove", (event) => {
  if (pressing && Math.hypot(event.clientX - pressing.x, event.clientY - pressing.y) > MOVE_TOLERANCE_PX) {
    release();
  }
});
document.addEventListener("pointerup", release);
document.addEventListener("pointercancel", release);
document.addEventListener("contextmenu", (event) => {
  if (document.querySelector(".rules-popover")) event.preventDefault();
});
// The click that ends a long press, or the tap that closes the popover, must not act on the board.
document.addEventListener(
  "click",
  (event) => {
    if (!swallowClick) return;
    swallowClick = false;
    event.preventDefault();
    event.stopPropagation();
  },
  true,
);
