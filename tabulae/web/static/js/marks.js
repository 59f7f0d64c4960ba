// The game's small pictures beside the words that name them, in any text a player reads: the
// log, the action buttons, tooltips and the rules. A game's board module lists the words it has
// pictures for (`markedWords`) and draws one for running text (`mark(word, text)`, hidden from
// screen readers, which read the word before it); the pictures themselves are the game's
// icons.svg, beside its board.js.

import { loadedBoard } from "../boards/loader.js";

const found = new WeakMap(); // text -> { pattern, words } or null
let lastText = null; // the words of the page, for text that comes without them (tooltips)

// The most letters a name under five letters is followed by in a word that names it: its
// endings ("раб", "рабов"), not a longer word it begins ("рабочего", a worker's).
const SHORT_ENDING = 3;

/** The words the board marks, by their names in the text's language, found at the start of a
 *  word. A name of five letters or more is found by its stem, less its last letter, so that
 *  most inflected forms ("Budowniczego" for "Budowniczy") and plurals are found too; a shorter
 *  one with at most SHORT_ENDING letters after it. */
function marksOf(board, text) {
  if (found.has(text)) return found.get(text);
  let marks = null;
  const words = {};
  const short = new Set();
  for (const word of board.markedWords ?? []) {
    if (!text.hasTerm(word)) continue;
    const name = text.term(word).toLocaleLowerCase(text.lang);
    const stem = name.length >= 5 ? name.slice(0, -1) : name;
    words[stem] = word;
    if (name.length < 5) short.add(stem);
  }
  const alternatives = (names) =>
    names
      .sort((a, b) => b.length - a.length)
      .map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
      .join("|") || "(?!)";
  const names = Object.keys(words);
  if (names.length > 0) {
    const long = alternatives(names.filter((name) => !short.has(name)));
    const brief = alternatives(names.filter((name) => short.has(name)));
    const pattern = `(?<!\\p{L})(?:(${long})\\p{L}*|(${brief})\\p{L}{0,${SHORT_ENDING}}(?!\\p{L}))`;
    marks = { pattern: new RegExp(pattern, "giu"), words };
  }
  found.set(text, marks);
  return marks;
}

/** `words` with the board's picture after each word that names a marked thing: a list of
 *  strings and pictures, or `words` itself where the game draws none. `text` (the page's words
 *  for the game) may be left out where the page has given it before. */
export function marked(words, text = lastText) {
  if (text) lastText = text;
  const board = text?.game && loadedBoard(text.game);
  const marks = board?.mark && typeof words === "string" ? marksOf(board, text) : null;
  if (!marks) return words;
  const parts = [];
  let last = 0;
  for (const match of words.matchAll(marks.pattern)) {
    const word = marks.words[(match[1] ?? match[2]).toLocaleLowerCase(text.lang)];
    const end = match.index + match[0].length;
    parts.push(words.slice(last, end), board.mark(word, text));
    last = end;
  }
  if (last === 0) return words;
  parts.push(words.slice(last));
  return parts;
}
