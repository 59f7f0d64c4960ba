// A leaderboard per game: OpenSkill ratings of accounts and bots over rated tables, ranked by
// the conservative mu − 3σ and shown on the 1500 scale the server gives (`display`).

import { api } from "./api.js";
import { fill, h, param } from "./dom.js";
import { gameNames, peoplePage, ratingShown } from "./people.js";

const root = document.getElementById("leaderboard");
let text = null;
let games = [];
let names = {}; // game id → its name in the chosen language
let chosen = null;

async function showBoard(game) {
  chosen = game;
  const t = (msgid, args) => text.t(msgid, args);
  const board = await api(`/leaderboard/${encodeURIComponent(game)}`);
  const rows = board.map((entry, n) =>
    h(
      "tr",
      { "data-name": entry.name },
      h("td", {}, String(n + 1)),
      h(
        "td",
        {},
        entry.bot
          ? botName(entry.bot)
          : h("a", { href: `/player.html?name=${encodeURIComponent(entry.name)}` }, entry.name),
      ),
      h("td", {}, ratingShown(text, entry)),
      h("td", {}, String(entry.games)),
    ),
  );
  fill(
    document.getElementById("board"),
    rows.length
      ? h(
          "table",
          { class: "grid scores" },
          h("tr", {}, h("th", {}, "#"), h("th", {}, t("Player")), h("th", {}, t("Rating")), h("th", {}, t("Games"))),
          rows,
        )
      : h("p", {}, t("No rated game has finished yet.")),
  );
}

/** What a bot is, in the chosen language ("Medium bot"), as the table names it. */
function botName(bot) {
  const label = text.botLabel(bot.name, bot.params?.level ?? null);
  return label.charAt(0).toUpperCase() + label.slice(1);
}

async function show(newText) {
  text = newText;
  document.title = `${text.t("Leaderboards")} — Tabulae`;
  if (!games.length) games = await api("/games");
  names = await gameNames(text, games);
  chosen ??= param("game") ?? games[0]?.id;
  const select = h(
    "select",
    { name: "game", "aria-label": text.t("Game"), onchange: (event) => showBoard(event.target.value) },
    games.map((game) => h("option", { value: game.id, selected: game.id === chosen }, names[game.id])),
  );
  fill(root, h("h2", {}, text.t("Leaderboards")), select, h("div", { id: "board" }));
  await showBoard(chosen);
}

peoplePage(show);
