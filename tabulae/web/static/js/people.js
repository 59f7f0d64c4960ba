// What the pages of people (my games, a player, the leaderboards) share: the header's links and
// language switch, in the language the player chose.

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
