// A game's own board comes from its package, served at /games/<id>/: board.js draws it and
// board.css, if the game has one, styles it. Any other game is shown by the generic board.

const boards = new Map();
const loaded = new Map(); // game -> its board, once ready

/** Add a game's styles to the page, resolving once they apply. */
function addStyles(url) {
  return new Promise((resolve) => {
    const link = Object.assign(document.createElement("link"), { rel: "stylesheet", href: url });
    link.addEventListener("load", resolve);
    link.addEventListener("error", resolve);
    document.head.append(link);
  });
}

async function load(game) {
  const base = `/games/${encodeURIComponent(game)}`;
  const { files } = await (await fetch(base)).json();
  if (!files.includes("board.js")) return null;
  if (files.includes("board.css")) await addStyles(`${base}/board.css`);
  const board = (await import(`${base}/board.js`)).default;
  await board.prepare?.();
  loaded.set(game, board);
  return board;
}

/** The board of a game, ready to draw (its styles and printed components loaded), or null. */
export function boardFor(game) {
  if (!boards.has(game)) boards.set(game, load(game));
  return boards.get(game);
}

/** The board of a game if it is ready already, else null: for words drawn while it loads. */
export function loadedBoard(game) {
  return loaded.get(game) ?? null;
}
