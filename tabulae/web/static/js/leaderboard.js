// A leaderboard per game: OpenSkill ratings (mu − 3σ) of accounts and bots over rated tables.

import { api } from "./api.js";
import { fill, h, param } from "./dom.js";

const root = document.getElementById("leaderboard");

async function show(game) {
  const board = await api(`/leaderboard/${encodeURIComponent(game)}`);
  const rows = board.map((entry, n) =>
    h(
      "tr",
      { "data-name": entry.name },
      h("td", {}, String(n + 1)),
      h("td", {}, entry.name),
      h("td", {}, entry.rating.toFixed(2)),
      h("td", {}, String(entry.games)),
    ),
  );
  fill(
    document.getElementById("board"),
    rows.length
      ? h(
          "table",
          { class: "scores" },
          h("tr", {}, h("th", {}, "#"), h("th", {}, "Player"), h("th", {}, "Rating"), h("th", {}, "Games")),
          rows,
        )
      : h("p", {}, "No rated game has finished yet."),
  );
}

async function start() {
  const games = await api("/games");
  const chosen = param("game") ?? games[0]?.id;
  const select = h(
    "select",
    { name: "game", onchange: (event) => show(event.target.value) },
    games.map((game) => h("option", { value: game.id, selected: game.id === chosen }, game.name)),
  );
  fill(root, h("h2", {}, "Leaderboard"), select, h("div", { id: "board" }));
  await show(chosen);
}

start();
