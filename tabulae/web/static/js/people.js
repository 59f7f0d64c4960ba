// What the pages of people (my games, a player, the leaderboards) share: the header's links and
// language switch, in the language the player chose.

import { h } from "./dom.js";
import { chosenLanguage, loadText } from "./i18n.js";
import { languageSwitch } from "./language.js";

/** The header of a page in the player's language; `show(text)` renders the page in it, at once
 *  and again whenever the player picks another language. */
export async function peoplePage(show) {
  const shown = async (lang) => {
    const text = await loadText(lang);
    headerLinks(text);
    languageSwitch(document.getElementById("language"), lang, shown);
    await show(text);
  };
  await shown(chosenLanguage());
}

/** The header's links to my games and the leaderboards, where a page has them. */
export function headerLinks(text) {
  const links = { "my-games": text.t("My games"), leaderboards: text.t("Leaderboards") };
  for (const [id, label] of Object.entries(links)) {
    const link = document.getElementById(id);
    if (link) link.textContent = label;
  }
}

/** A refusal of the server's, in the player's language where its code is one of people's;
 *  else the server's own words. */
export function refusal(text, error) {
  const t = (msgid, args) => text.t(msgid, args);
  const wait = Math.ceil(error.extra?.retry_after ?? 60);
  switch (error.code) {
    case "wrong_password":
      return t("Wrong username or password.");
    case "username_taken":
      return t("That username is taken, or looks like one that is.");
    case "bad_email":
      return t("That is not one e-mail address such as ann@example.org.");
    case "unknown_link":
      return t("This link is unknown, already used or expired: ask for a new one on your account page.");
    case "bad_password":
      return t("A password has 8 to 128 characters.");
    case "bad_name":
      return t("A name has 1 to 40 printable characters.");
    case "not_signed_in":
      return t("Sign in first.");
    case "too_many_attempts":
    case "too_many_messages":
    case "too_many_links":
      return t("Too many at once: try again in {n:# second|# seconds}.", { n: wait });
    case "bad_message":
      return t("That message cannot be sent: it is empty, too long, or holds characters that cannot be shown.");
    case "players_only":
      return t("Only the players write in the players' channel.");
    case "spectators_only":
      return t("You hold a seat here: talk in the players' channel.");
    case "unknown_player":
      return t("There is no such player.");
    case "offline":
      return t("The server cannot be reached.");
    default:
      return error.message;
  }
}

/** The games' names in the chosen language, by game id. */
export async function gameNames(text, games) {
  const texts = await Promise.all(games.map((game) => loadText(text.lang, game.id)));
  return Object.fromEntries(
    games.map((game, n) => [game.id, texts[n].hasTerm(game.id) ? texts[n].term(game.id) : game.name]),
  );
}

/** A game as a player tells it from the others: the game and when it was set up ("Sylla ·
 *  12 May 2025, 18:04"); `players` names who else sat at it. */
export function gameTitle(text, names, table) {
  const game = names[table.game] ?? table.game;
  if (!table.created_at) return game;
  const options = { dateStyle: "medium", timeStyle: "short" };
  const date = new Date(table.created_at).toLocaleString(text.lang, options);
  return text.t("{game} · {date}", { game, date });
}

/** The other players at a table, by their names in the chosen language (a bot's included). */
export function otherPlayers(text, table, mySeat) {
  return table.seats
    .filter((seat) => seat.seat !== mySeat)
    .map((seat) => (seat.name || seat.bot ? text.seatName(seat) : text.t("free seat")))
    .join(", ");
}

/** A rating as players read it: the number on the 1500 scale, and "provisional" while the
 *  player has played too few rated games for it to say much. */
export function ratingShown(text, rated) {
  if (rated?.display === null || rated?.display === undefined) return "—";
  return h(
    "span",
    { class: "rating" },
    String(rated.display),
    rated.provisional && h("small", { class: "provisional" }, " ", text.t("provisional")),
  );
}
