// A player's page: per-game statistics and ratings, and the tables they played.

import { api } from "./api.js";
import { fill, h, param } from "./dom.js";

const root = document.getElementById("player");

async function start() {
  let player;
  try {
    player = await api(`/players/${encodeURIComponent(param("name") ?? "")}`);
  } catch (error) {
    fill(root, h("p", { class: "notice" }, error.message));
    return;
  }
  fill(
    root,
    h("h2", {}, player.username),
    h(
      "table",
      { class: "scores", id: "stats" },
      h("tr", {}, ["Game", "Played", "Won", "Rating"].map((title) => h("th", {}, title))),
      Object.entries(player.games).map(([game, stats]) =>
        h(
          "tr",
          { "data-game": game },
          h("td", {}, game),
          h("td", {}, String(stats.played)),
          h("td", {}, String(stats.won)),
          h("td", {}, stats.rating === null ? "—" : stats.rating.toFixed(2)),
        ),
      ),
    ),
    h("h3", {}, "History"),
    h(
      "ul",
      { id: "history" },
      player.history.map((table) =>
        h(
          "li",
          {},
          h(
            "a",
            { href: `/${table.status === "finished" ? "replay" : "table"}.html?id=${table.id}` },
            `${table.game} · table ${table.id}`,
          ),
          ` · ${table.status}`,
          table.seats[table.my_seat].rank && ` · place ${table.seats[table.my_seat].rank}`,
        ),
      ),
    ),
  );
}

start();
