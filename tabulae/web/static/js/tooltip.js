// Rules at hand: every named part of a board carries its name and, where the catalogs have it,
// its rules text in its `title` (an SVG part in its <title>). A mouse resting on a part shows
// its `title` in a styled tooltip (moved to `data-tip` meanwhile, so that the browser's plain one
// stays away; an SVG part's <title> is left to the browser); on a touch screen a long press
// shows the text in a popover, which the next tap closes.

import { h } from "./dom.js";

const LONG_PRESS_MS = 500;
const HOVER_MS = 300;
const MOVE_TOLERANCE_PX = 10;

/** A part's title: its name, and its rules text on the lines below when there is one. */
export function ruled(name, rules) {
  return rules ? `${name}\n${rules}` : name;
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
    rules.length > 0 && h("p", {}, rules.join("\n")),
  );
  document.body.append(popover);
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

/** The mouse has left the part it rested on: its title back, its tooltip closed. */
function leave() {
  if (!hovering) return;
  const { part, words, timer } = hovering;
  hovering = null;
  clearTimeout(timer);
  part.setAttribute("title", words);
  delete part.dataset.tip;
  if (document.querySelector(".rules-popover.hovered")) close();
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
