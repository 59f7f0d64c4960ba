// The turn alert: while it is your move at a table being played, the tab's title starts with a
// mark and its icon carries a gold dot, so a player looking at another tab sees it is their turn.
// It reads the table page as drawn (your seat marked as the one to move), so it follows every
// way the page is brought up to date.

const MARK = "▶ ";
const PLAIN_ICON = "/favicon.svg";
const TURN_ICON =
  "data:image/svg+xml," +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">' +
      '<rect width="32" height="32" rx="6" fill="#7a2e1d"/>' +
      '<text x="14" y="23" font-family="Georgia, serif" font-size="20" text-anchor="middle" fill="#f3ead7">T</text>' +
      '<circle cx="24" cy="8" r="7" fill="#c9a227" stroke="#f3ead7" stroke-width="2"/></svg>',
  );

const root = document.getElementById("table");

function yourMove() {
  return (
    root.dataset.status === "playing" && root.querySelector("#seats .seat.you.to-move") !== null
  );
}

function show() {
  const turn = yourMove();
  const plain = document.title.startsWith(MARK) ? document.title.slice(MARK.length) : document.title;
  const title = turn ? MARK + plain : plain;
  if (document.title !== title) document.title = title;
  const icon = document.querySelector("link[rel=icon]");
  const href = turn ? TURN_ICON : PLAIN_ICON;
  if (icon.getAttribute("href") !== href) icon.setAttribute("href", href);
}

const watch = new MutationObserver(show);
watch.observe(root, { subtree: true, childList: true, attributeFilter: ["data-status", "class"] });
watch.observe(document.querySelector("title"), { childList: true });
