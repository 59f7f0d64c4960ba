// A leaderboard per game: OpenSkill ratings (mu − 3σ) of accounts and bots over rated tables.

import { api } from "./api.js";
import { fill, h, param } from "./dom.js";
import { gameNames, peoplePage } from "./people.js";

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
      h("td", {}, entry.bot ? botName(entry.bot) : entry.name),
      h("td", {}, text.number(entry.rating, 2)),
      h("td", {}, String(entry.games)),
    ),
  );
  fill(
    document.getElementById("board"),
    rows.length
      ? h(
          "table",
          { class: "scores" },
          h("tr", {}, h("th", {}, "#"), h("th", {}, t("Player")), h("th", {}, t("Rating")), h("th", {}, t("Games"))),
          rows,
        )
      : h("p", {}, t("No rated game has finished yet.")),
  );
}

/** What a bot is, in the chosen language ("medium bot"), as the table names it. */
function botName(bot) {
  return text.botLabel(bot.name, bot.params?.level ?? null);
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
