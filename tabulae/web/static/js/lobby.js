// The lobby: start a table (game, player count, options, people or bots by level, hints), join
// an open table, watch a game being played, or replay a finished one.

import * as api from "./api.js";
import { fill, h } from "./dom.js";
import { chosenLanguage, loadText } from "./i18n.js";
import { languageSwitch } from "./language.js";
import { headerLinks } from "./people.js";
import * as store from "./store.js";

const root = document.getElementById("lobby");
const REFRESH_MS = 4000;

const page = {
  lang: chosenLanguage(),
  games: [],
  bots: [],
  levels: [],
  fair: null,
  texts: {},
  text: null,
  choice: { game: null, players: 2, options: {}, seats: [], hints: false, coach: false },
  // how the table plays: rated or not, a move time limit (turn-based), a clock per seat
  play: { rated: false, moveTime: "", moveUnit: "hours", clockMinutes: "", clockIncrement: 0 },
  notice: "",
  tables: { open: [], playing: [], finished: [] },
};

function gameTitle(game) {
  const text = page.texts[game.id];
  return text && text.hasTerm(game.id) ? text.term(game.id) : game.name;
}

async function setLanguage(lang) {
  page.lang = lang;
  const texts = await Promise.all(page.games.map((game) => loadText(lang, game.id)));
  page.texts = Object.fromEntries(page.games.map((game, i) => [game.id, texts[i]]));
  page.text = texts[0] ?? (await loadText(lang));
  languageSwitch(document.getElementById("language"), lang, setLanguage);
  headerLinks(page.text);
  render();
}

function chooseGame(id) {
  const game = page.games.find((g) => g.id === id);
  page.choice.game = game;
  page.choice.options = Object.fromEntries(game.options.map((o) => [o.name, o.default]));
  setPlayers(Math.max(game.players[0], Math.min(page.choice.players, game.players[1])));
}

function setPlayers(players) {
  page.choice.players = players;
  const seats = page.choice.seats;
  page.choice.seats = Array.from({ length: players }, (_, s) =>
    s === 0 ? "me" : seats[s] && seats[s] !== "me" ? seats[s] : page.fair ?? "person",
  );
}

function render() {
  const t = page.text.t.bind(page.text);
  document.title = "Tabulae";
  fill(
    root,
    h(
      "section",
      { class: "new-table", id: "new-table" },
      h("h2", {}, t("Start a table")),
      newTableForm(),
      page.notice && h("p", { class: "notice", role: "alert" }, page.notice),
    ),
    Object.values(tableLists()),
  );
}

function tableLists() {
  const t = page.text.t.bind(page.text);
  return {
    open: tableList("open", t("Open tables"), t("No table is waiting for players.")),
    playing: tableList("playing", t("Games being played"), t("No game is being played.")),
    finished: tableList("finished", t("Finished games"), t("No game has finished yet.")),
  };
}

function newTableForm() {
  const t = page.text.t.bind(page.text);
  const { game, players } = page.choice;
  const text = page.texts[game.id];
  const counts = [];
  for (let n = game.players[0]; n <= game.players[1]; n++) counts.push(n);
  return h(
    "form",
    { onsubmit: (event) => (event.preventDefault(), create()) },
    h(
      "div",
      { class: "games", role: "radiogroup", "aria-label": t("Game") },
      page.games.map((g) =>
        h(
          "label",
          { class: g.id === game.id ? "game chosen" : "game" },
          h("input", {
            type: "radio",
            name: "game",
            value: g.id,
            checked: g.id === game.id,
            onchange: () => (chooseGame(g.id), render()),
          }),
          h("strong", {}, gameTitle(g)),
          h("small", {}, t("{low}–{high} players", { low: g.players[0], high: g.players[1] })),
        ),
      ),
    ),
    h("p", { class: "game-about", id: "game-about" }, text.message(`${game.id}.about`) ?? ""),
    h(
      "p",
      { class: "learn-link" },
      h("a", { href: `/learn.html?game=${encodeURIComponent(game.id)}`, id: "learn-link" }, t("Learn to play")),
      " · ",
      h("a", { href: `/rules.html?game=${encodeURIComponent(game.id)}`, id: "rules-link" }, t("Rules")),
    ),
    h(
      "label",
      { class: "field" },
      t("Players"),
      " ",
      h(
        "select",
        { name: "players", onchange: (event) => (setPlayers(Number(event.target.value)), render()) },
        counts.map((n) => h("option", { value: n, selected: n === players }, n)),
      ),
    ),
    game.options.length > 0 &&
      h(
        "fieldset",
        { class: "options" },
        h("legend", {}, t("Options")),
        game.options.map((option) => optionField(option, text)),
      ),
    playFields(),
    h(
      "fieldset",
      { class: "seat-choice" },
      h("legend", {}, t("Seats")),
      page.choice.seats.map((who, s) => seatField(who, s)),
    ),
    h(
      "label",
      { class: "field hints-choice" },
      h("input", {
        type: "checkbox",
        name: "hints",
        checked: page.choice.hints,
        onchange: (event) => (page.choice.hints = event.target.checked),
      }),
      " ",
      t("Hints: players may ask what the strongest bot would play"),
    ),
    h(
      "label",
      { class: "field coach-choice-field" },
      h("input", {
        type: "checkbox",
        name: "coach",
        checked: page.choice.coach,
        onchange: (event) => (page.choice.coach = event.target.checked),
      }),
      " ",
      t("Coach: after each move, the strongest bot tells its player whether it would have played otherwise (not at rated tables)"),
    ),
    h(
      "label",
      { class: "field" },
      t("Your name"),
      " ",
      h("input", {
        type: "text",
        name: "name",
        required: true,
        maxlength: 40,
        value: store.playerName(),
        onchange: (event) => store.keepName(event.target.value.trim()),
      }),
    ),
    h("button", { type: "submit", class: "primary", id: "create" }, t("Start the table")),
  );
}

/** An option's words from the game's catalogs (`<game>.option.<name>`, `….help`, `….<choice>`);
 *  the id where the game words none. */
function optionWords(option, text) {
  const key = `${page.choice.game.id}.option.${option.name}`;
  const choice = (c) => text.message(`${key}.${c}`) ?? text.show(c);
  const label = text.message(key) ?? (text.hasTerm(option.name) ? text.term(option.name) : option.name);
  return { label, help: text.message(`${key}.help`) ?? option.help, choice };
}

function optionField(option, text) {
  const value = page.choice.options[option.name];
  const words = optionWords(option, text);
  const set = (v) => (page.choice.options[option.name] = v);
  let input;
  if (typeof option.default === "boolean") {
    input = h("input", {
      type: "checkbox",
      name: option.name,
      checked: value,
      onchange: (event) => set(event.target.checked),
    });
  } else if (option.choices) {
    input = h(
      "select",
      {
        name: option.name,
        onchange: (event) => set(option.choices[event.target.selectedIndex]),
      },
      option.choices.map((c) => h("option", { value: String(c), selected: c === value }, words.choice(c))),
    );
  } else {
    input = h("input", {
      type: typeof option.default === "number" ? "number" : "text",
      name: option.name,
      value,
      min: option.minimum,
      onchange: (event) =>
        set(typeof option.default === "number" ? Number(event.target.value) : event.target.value),
    });
  }
  return h(
    "label",
    { class: "field", title: words.help },
    words.label,
    " ",
    input,
    words.help && h("small", { class: "help" }, words.help),
  );
}

// A move time limit's units, with the API's bound (30 days) in each.
const MOVE_UNITS = { minutes: [60, 43200], hours: [3600, 720], days: [86400, 30] };

/** Rated, turn-based (a move time limit) and clocked tables, within the API's bounds. */
function playFields() {
  const t = page.text.t.bind(page.text);
  const play = page.play;
  const keep = (name, read) => (event) => (play[name] = read(event.target));
  const help = (words) => h("small", { class: "help" }, words);
  const units = {
    minutes: t("minutes"),
    hours: t("hours"),
    days: t("days"),
  };
  return h(
    "fieldset",
    { class: "play-choice" },
    h("legend", {}, t("How the table plays")),
    h(
      "label",
      { class: "field" },
      h("input", { type: "checkbox", name: "rated", checked: play.rated, onchange: keep("rated", (e) => e.checked) }),
      " ",
      t("Rated"),
      help(t("The result changes the players' ratings on the leaderboard.")),
    ),
    h(
      "label",
      { class: "field" },
      t("Move time limit"),
      " ",
      h("input", {
        type: "number",
        name: "move_time",
        min: 1,
        max: MOVE_UNITS[play.moveUnit][1],
        step: 1,
        value: play.moveTime,
        placeholder: t("none"),
        oninput: keep("moveTime", (e) => e.value),
      }),
      " ",
      h(
        "select",
        { name: "move_unit", "aria-label": t("Unit"), onchange: (event) => ((play.moveUnit = event.target.value), render()) },
        Object.entries(units).map(([unit, label]) => h("option", { value: unit, selected: unit === play.moveUnit }, label)),
      ),
      help(t("Turn-based: play over hours or days; a player who does not move in time has the move made by a bot. At most 30 days.")),
    ),
    h(
      "label",
      { class: "field" },
      t("Clock: minutes for the game"),
      " ",
      h("input", {
        type: "number",
        name: "clock_minutes",
        min: 1,
        max: 43200,
        step: 1,
        value: play.clockMinutes,
        placeholder: t("none"),
        oninput: keep("clockMinutes", (e) => e.value),
      }),
      help(t("Each player's time for the whole game; when it runs out, a bot moves for them.")),
    ),
    h(
      "label",
      { class: "field" },
      t("Seconds added after each move"),
      " ",
      h("input", {
        type: "number",
        name: "clock_increment",
        min: 0,
        max: 86400,
        step: 1,
        value: play.clockIncrement,
        oninput: keep("clockIncrement", (e) => e.value),
      }),
      help(t("Fischer's increment, for a table with a clock.")),
    ),
  );
}

/** The table's rating, move time limit and clock as the API takes them. */
function playSpec() {
  const { rated, moveTime, moveUnit, clockMinutes, clockIncrement } = page.play;
  const spec = { rated };
  if (moveTime !== "") spec.move_seconds = Number(moveTime) * MOVE_UNITS[moveUnit][0];
  if (clockMinutes !== "") {
    spec.clock = { seconds: Number(clockMinutes) * 60, increment: Number(clockIncrement || 0) };
  }
  return spec;
}

function seatField(who, s) {
  const t = page.text.t.bind(page.text);
  if (who === "me") {
    return h("div", { class: "field" }, t("Seat {n}", { n: s + 1 }), ": ", h("strong", {}, t("you")));
  }
  const level = page.levels.find((l) => l.name === who);
  const about = h("small", { class: "level-about" }, level ? t(level.about) : "");
  // The raw bots a level does not already stand for by the same name, for researchers: those
  // that can play this game at this player count (a learned bot plays only what it was
  // trained for).
  const { game, players } = page.choice;
  const raw = page.bots.filter(
    (bot) =>
      !page.levels.some((l) => l.name === bot.name) &&
      (bot.plays == null || (bot.plays[game.id] ?? []).includes(players)),
  );
  return h(
    "div",
    { class: "field seat-field" },
    h(
      "label",
      {},
      t("Seat {n}", { n: s + 1 }),
      ": ",
      h(
        "select",
        {
          name: `seat-${s}`,
          onchange: (event) => {
            page.choice.seats[s] = event.target.value;
            const chosen = page.levels.find((l) => l.name === event.target.value);
            about.textContent = chosen ? t(chosen.about) : "";
          },
        },
        h("option", { value: "person", selected: who === "person" }, t("a person (join link)")),
        h(
          "optgroup",
          { label: t("Bots by level") },
          page.levels.map((l) =>
            h("option", { value: l.name, selected: who === l.name, title: t(l.about) }, t(l.label)),
          ),
        ),
        raw.length > 0 &&
          h(
            "optgroup",
            { label: t("Other bots, for research") },
            raw.map((bot) =>
              h("option", { value: bot.name, selected: who === bot.name, title: t(bot.about) }, page.text.botLabel(bot.name)),
            ),
          ),
      ),
    ),
    " ",
    about,
  );
}

async function create() {
  const t = page.text.t.bind(page.text);
  const name = root.querySelector("input[name=name]").value.trim();
  if (!name) {
    page.notice = t("Give your name first.");
    render();
    return;
  }
  store.keepName(name);
  const { game, players, options, seats } = page.choice;
  try {
    const table = await api.createTable({
      game: game.id,
      players,
      options,
      seats: seats.map((who) => (who === "me" || who === "person" ? {} : { bot: who })),
      hints: page.choice.hints,
      coach: page.choice.coach,
      ...playSpec(),
    });
    const joined = await api.join(table.id, name, 0);
    store.keepSeat(table.id, joined.seat, joined.token);
    location.assign(`/table.html?id=${table.id}`);
  } catch (error) {
    page.notice = error.message;
    render();
  }
}

function tableList(status, heading, empty) {
  const t = page.text.t.bind(page.text);
  const rows = page.tables[status];
  return h(
    "section",
    { class: "tables", id: `tables-${status}` },
    h("h2", {}, heading),
    rows.length === 0
      ? h("p", { class: "empty" }, empty)
      : h(
          "ul",
          {},
          rows.map((table) => {
            const game = page.games.find((g) => g.id === table.game);
            const names = table.seats
              .map((seat) => (seat.name || seat.bot ? page.text.seatName(seat) : t("free seat")))
              .join(", ");
            const mine = store.seatAt(table.id);
            const link =
              status === "finished"
                ? h("a", { href: `/replay.html?id=${table.id}` }, t("Replay"))
                : h(
                    "a",
                    { href: `/table.html?id=${table.id}` },
                    mine ? t("Return to your seat") : status === "open" ? t("Join") : t("Watch"),
                  );
            return h(
              "li",
              { "data-table": table.id },
              h("strong", {}, game ? gameTitle(game) : table.game),
              table.seeded && [
                " ",
                h("small", { class: "seeded" }, t("seeded (seed {seed})", { seed: table.seed })),
              ],
              " · ",
              names,
              " ",
              link,
            );
          }),
        ),
  );
}

async function refreshTables() {
  try {
    const [open, playing, finished] = await Promise.all([
      api.tables("open"),
      api.tables("playing"),
      api.tables("finished"),
    ]);
    page.tables = {
      open,
      playing: playing.filter((table) => table.status === "playing"),
      finished: finished.slice(0, 20),
    };
    for (const [status, list] of Object.entries(tableLists())) {
      document.getElementById(`tables-${status}`)?.replaceWith(list);
    }
  } catch {
    // The next refresh tries again; the lobby stays usable meanwhile.
  }
}

async function start() {
  let levels;
  [page.games, page.bots, levels] = await Promise.all([api.games(), api.bots(), api.levels()]);
  [page.levels, page.fair] = [levels.levels, levels.fair];
  chooseGame(page.games[0].id);
  await setLanguage(page.lang);
  await refreshTables();
  setInterval(refreshTables, REFRESH_MS);
}

start();
