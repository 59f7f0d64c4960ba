// The games with a board of their own; any other game is shown by the generic board.

export const BOARDS = {};

export async function boardFor(game) {
  return BOARDS[game] ? (await BOARDS[game]()).default : null;
}
