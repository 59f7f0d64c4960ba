// The rules page: a game's rules reference in the page's language, one section per rule, each
// with the lessons that show it. The address's #section opens one (a refusal's "why?" link
// at the table points here); the search field keeps the sections that speak of a word. Each
// section names the terms it explains as the board names them, and where the game's board
// draws a mark for a word (a worker, a resource, a material), the text shows the same mark
// beside the word's name.

import { boardFor } from "/boards/loader.js";
import { api } from "./api.js";
import { fill, h, param } from "./dom.js";
import { chosenLanguage, loadText } from "./i18n.js";
import { languageSwitch } from "./language.js";
import { marked } from "./marks.js";

const root = document.getElementById("rules");

const page = {
  lang: chosenLanguage(),
  game: param("game"),
  gameName: "",
  text: null,
  rules: null,
  board: null, // the game's board module, for its marks and legend
};

const parts = {
  search: h("input", {
    type: "search",
    id: "rules-search",
    autocomplete: "off",
    oninput: () => filter(),
  }),
  none: h("p", { class: "notice", id: "rules-none", hidden: true }),
  sections: h("div", { class: "rules-sections", id: "rules-sections" }),
};

function gameTitle() {
  return page.text.hasTerm(page.game) ? page.text.term(page.game) : page.gameName;
}

const learnAddress = (lesson) =>
  `/learn.html?${new URLSearchParams({ game: page.game, lesson })}`;

/** The board's pictures, each beside the name of what it shows: the legend, first. */
function legend() {
  const words = (page.board?.markedWords ?? []).filter((word) => page.text.hasTerm(word));
  if (words.length === 0 || !page.board.mark) return null;
  return h(
    "section",
    { class: "rule legend", id: "legend", "data-section": "legend" },
    h("h2", {}, h("a", { href: "#legend" }, page.text.t("The pictures on the board"))),
    h(
      "ul",
      { class: "legend-list" },
      words.map((word) => h("li", { "data-icon": word }, page.board.mark(word, page.text), " ", page.text.term(word))),
    ),
  );
}

/** The terms a section explains, as the board names them (those the catalogs name). */
function boardWords(section) {
  const named = section.terms.filter((word) => page.text.hasTerm(word));
  if (named.length === 0) return null;
  return h(
    "p",
    { class: "rule-terms" },
    page.text.t("On the board:"),
    " ",
    named.map((word, n) => [n > 0 && ", ", h("span", { class: "rule-term", "data-term": word }, page.text.term(word))]),
  );
}

function renderSection(section) {
  const t = page.text.t.bind(page.text);
  return h(
    "section",
    { class: "rule", id: section.id, "data-section": section.id },
    h("h2", {}, h("a", { href: `#${section.id}` }, section.title)),
    section.text.split(/\n\s*\n/).map((paragraph) => h("p", {}, marked(paragraph, page.text))),
    boardWords(section),
    section.lessons.length > 0 &&
      h(
        "p",
        { class: "rule-lessons" },
        t("Lessons:"),
        " ",
        section.lessons.map((lesson, n) => [
          n > 0 && ", ",
          h("a", { href: learnAddress(lesson.id), "data-lesson": lesson.id }, lesson.title),
        ]),
      ),
  );
}

/** Show only the sections whose title or text holds the search word. */
function filter() {
  const word = parts.search.value.trim().toLocaleLowerCase(page.lang);
  let shown = 0;
  const legendSection = document.getElementById("legend");
  if (legendSection) legendSection.hidden = Boolean(word);
  for (const section of page.rules.sections) {
    const element = document.getElementById(section.id);
    const words = `${section.id} ${section.title} ${section.text}`.toLocaleLowerCase(page.lang);
    const match = !word || words.includes(word);
    element.hidden = !match;
    if (match) shown += 1;
  }
  parts.none.hidden = shown > 0;
  fill(parts.none, page.text.t("No section of the rules speaks of “{word}”.", { word: parts.search.value.trim() }));
}

/** Mark the section the address names, and bring it into view. */
function open() {
  const id = decodeURIComponent(location.hash.slice(1));
  for (const element of parts.sections.querySelectorAll(".rule.current")) element.classList.remove("current");
  const section = id && document.getElementById(id);
  if (!section || !parts.sections.contains(section)) return;
  section.classList.add("current");
  section.scrollIntoView({ block: "start" });
}

async function setLanguage(lang) {
  page.lang = lang;
  page.text = await loadText(lang, page.game);
  languageSwitch(document.getElementById("language"), lang, setLanguage);
  page.rules = await api(`/games/${encodeURIComponent(page.game)}/rules?lang=${lang}`);
  page.board = await boardFor(page.game).catch(() => null);
  const t = page.text.t.bind(page.text);
  const title = `${gameTitle()} — ${t("Rules")}`;
  fill(document.getElementById("title"), title);
  document.title = `${title} — Tabulae`;
  parts.search.setAttribute("placeholder", t("Search the rules"));
  parts.search.setAttribute("aria-label", t("Search the rules"));
  fill(
    root,
    h(
      "p",
      { class: "rules-tools" },
      parts.search,
      " ",
      h("a", { href: `/learn.html?game=${encodeURIComponent(page.game)}`, id: "learn-link" }, t("Learn to play")),
    ),
    parts.none,
    parts.sections,
  );
  if (page.rules.sections.length === 0) {
    fill(parts.sections, h("p", { class: "notice" }, t("This game has no rules reference yet.")));
    return;
  }
  fill(parts.sections, legend(), page.rules.sections.map(renderSection));
  filter();
  open();
}

async function start() {
  if (!page.game) {
    fill(root, h("p", { class: "notice" }, "No game is named in the address."));
    return;
  }
  try {
    const games = await api("/games");
    page.gameName = games.find((g) => g.id === page.game)?.name ?? page.game;
    await setLanguage(page.lang);
  } catch (error) {
    fill(root, h("p", { class: "notice" }, error.message));
    return;
  }
  window.addEventListener("hashchange", open);
}

start();
