// The games with a board of their own; any other game is shown by the generic board.

export const BOARDS = {
  builders: () => import("./builders.js"),
  hadrians_wall: () => import("./hadrians_wall.js"),
  sylla: () => import("./sylla.js"),
};

/** The board of a game, ready to draw (its printed components loaded), or null. */
export async function boardFor(game) {
  if (!BOARDS[game]) return null;
  const board = (await BOARDS[game]()).default;
  await board.prepare?.();
  return board;
}
