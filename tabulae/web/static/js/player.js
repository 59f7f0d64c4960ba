// A player's page: per-game statistics and ratings, and the tables they played.

import { api } from "./api.js";
import { fill, h, param } from "./dom.js";
import { gameNames, gameTitle, otherPlayers, peoplePage, ratingShown, refusal } from "./people.js";

const root = document.getElementById("player");
const STATUSES = () => ({ playing: text.t("being played"), finished: text.t("finished") });
let text = null;
let player = null;

async function show(chosen) {
  text = chosen;
  const t = (msgid, args) => text.t(msgid, args);
  document.title = `${t("Player")} — Tabulae`;
  try {
    player ??= await api(`/players/${encodeURIComponent(param("name") ?? "")}`);
  } catch (error) {
    fill(root, h("p", { class: "notice" }, refusal(text, error)));
    return;
  }
  const names = await gameNames(text, await api("/games"));
  document.title = `${player.username} — Tabulae`;
  fill(
    root,
    h("h2", {}, player.username),
    h(
      "table",
      { class: "grid scores", id: "stats" },
      h("tr", {}, [t("Game"), t("Played"), t("Won"), t("Rating")].map((title) => h("th", {}, title))),
      Object.entries(player.games).map(([game, stats]) =>
        h(
          "tr",
          { "data-game": game },
          h("td", {}, names[game] ?? game),
          h("td", {}, String(stats.played)),
          h("td", {}, String(stats.won)),
          h("td", {}, ratingShown(text, stats)),
        ),
      ),
    ),
    h("h3", {}, t("History")),
    h(
      "ul",
      { id: "history" },
      player.history.map((table) =>
        h(
          "li",
          { "data-table": table.id },
          h(
            "a",
            { href: `/${table.status === "finished" ? "replay" : "table"}.html?id=${table.id}` },
            gameTitle(text, names, table),
          ),
          " ",
          t("with {names}", { names: otherPlayers(text, table, table.my_seat) }),
          ` · ${STATUSES()[table.status] ?? table.status}`,
          table.seats[table.my_seat].rank &&
            ` · ${t("place {n}", { n: table.seats[table.my_seat].rank })}`,
        ),
      ),
    ),
  );
}

peoplePage(show);
