// What one step changed on a board, found by comparing the board drawn before with the one
// drawn after, whatever the game: a part whose text, class or state differs, or that is new,
// is lit up for a moment (class `changed`); a card (`data-card`) that moved slides from where
// it was. With `prefers-reduced-motion` nothing slides: a moved card is lit up instead.
// The same paths keep a part tied to what describes it (an open rules popover) across a redraw.

// Classes that say what the player may click, not what the game's state is.
const PLAYING_CLASSES = new Set(["changed", "clickable", "legal"]);
// Attributes that say how a part is played or explained, not what the game's state is.
const PLAYING_ATTRIBUTES = new Set([
  "class",
  "title",
  "data-tip",
  "data-actions",
  "tabindex",
  "role",
  "aria-describedby",
]);
const MOVED_PX = 4;
const SLIDE_MS = 450; // at most: a quicker pace slides quicker

/** An element's name among its siblings: its tag and its `data-` attributes (a card's id, an
 *  area's name, a seat), numbered when siblings share it. An SVG part's <title> is its
 *  tooltip, not a part. */
function names(parent) {
  const seen = new Map();
  const parts = [...parent.children].filter((child) => child.tagName !== "title");
  return parts.map((child) => {
    const marks = [...child.attributes]
      .filter((a) => a.name.startsWith("data-") && !PLAYING_ATTRIBUTES.has(a.name))
      .map((a) => `${a.name}=${a.value}`);
    const base = [child.tagName, ...marks].join(" ");
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    return [child, `${base}#${count}`];
  });
}

/** What an element shows of the game's state by itself: its own text, classes and attributes. */
function state(element) {
  const text = [...element.childNodes]
    .filter((node) => node.nodeType === Node.TEXT_NODE)
    .map((node) => node.textContent.trim())
    .join(" ");
  const classes = [...element.classList].filter((c) => !PLAYING_CLASSES.has(c)).sort();
  const attributes = [...element.attributes]
    .filter((a) => !PLAYING_ATTRIBUTES.has(a.name))
    .map((a) => `${a.name}=${a.value}`)
    .sort();
  return [text, classes.join("."), attributes.join(" ")].join("|");
}

function walk(root, visit, path = "") {
  for (const [child, name] of names(root)) {
    const at = `${path}/${name}`;
    if (visit(child, at) !== false) walk(child, visit, at);
  }
}

/** The board as drawn now: each part's state by its path, and where each card is. */
export function capture(root) {
  const parts = new Map();
  walk(root, (element, path) => {
    parts.set(path, state(element));
  });
  const cards = new Map();
  for (const card of root.querySelectorAll("[data-card]")) {
    if (!cards.has(card.dataset.card)) cards.set(card.dataset.card, card.getBoundingClientRect());
  }
  return { parts, cards };
}

/** The parts of a board that another element describes (`aria-describedby`, such as an open
 *  rules popover), by their paths. */
export function describedParts(root) {
  const described = new Map();
  if (!root.querySelector("[aria-describedby]")) return described;
  walk(root, (element, path) => {
    const id = element.getAttribute("aria-describedby");
    if (id) described.set(path, id);
  });
  return described;
}

/** After the board is drawn again, the parts at the same paths are described by what is still
 *  open, so that a redraw does not cut a popover off from the part it explains. */
export function describeAgain(root, described) {
  if (described.size === 0) return;
  walk(root, (element, path) => {
    const id = described.get(path);
    if (id && document.getElementById(id)) element.setAttribute("aria-describedby", id);
  });
}

/** Light up what differs from the board `before` (a capture) and slide the cards that moved,
 *  within `pace` milliseconds (none: nothing slides); returns how many parts were lit. */
export function mark(root, before, pace) {
  const still = pace === 0 || matchMedia("(prefers-reduced-motion: reduce)").matches;
  let lit = 0;
  walk(root, (element, path) => {
    const was = before.parts.get(path);
    if (was === state(element)) return true;
    element.classList.add("changed");
    lit += 1;
    return was !== undefined; // below a new part, everything is new: the part is lit whole
  });
  const moved = new Set();
  for (const card of root.querySelectorAll("[data-card]")) {
    const from = before.cards.get(card.dataset.card);
    if (!from || moved.has(card.dataset.card)) continue;
    moved.add(card.dataset.card);
    const to = card.getBoundingClientRect();
    const dx = from.left - to.left;
    const dy = from.top - to.top;
    if (Math.hypot(dx, dy) < MOVED_PX) continue;
    if (still || !card.animate) {
      if (!card.classList.contains("changed")) lit += 1;
      card.classList.add("changed");
    } else {
      card.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }], {
        duration: Math.min(SLIDE_MS, pace),
        easing: "ease-out",
      });
    }
  }
  return lit;
}
