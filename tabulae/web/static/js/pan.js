// Boxes that pan sideways inside the page (a score sheet wider than a phone, a Hadrian's Wall
// sheet with its long tracks) show that they do: the edge beyond which more lies fades out,
// kept up to date as the box is scrolled, resized or drawn again.

const PANS = ".pans, .result > table, .result > div, .hw-player-body > .sheet, .hw-side, #leaderboard table.grid, #player table.grid";

function mark(box) {
  const more = box.scrollWidth - box.clientWidth;
  box.classList.toggle("more-right", more > 1 && box.scrollLeft < more - 1);
  box.classList.toggle("more-left", more > 1 && box.scrollLeft > 1);
}

let queued = false;

function markAll() {
  if (queued) return;
  queued = true;
  requestAnimationFrame(() => {
    queued = false;
    for (const box of document.querySelectorAll(PANS)) mark(box);
  });
}

document.addEventListener(
  "scroll",
  (event) => {
    if (event.target instanceof Element && event.target.matches(PANS)) mark(event.target);
  },
  { capture: true, passive: true },
);
addEventListener("resize", markAll);
new MutationObserver(markAll).observe(document.body, { childList: true, subtree: true });
markAll();
