// The replay viewer: steps through a finished match action by action, as a spectator sees it.

import * as api from "./api.js";
import { boardFor } from "../boards/loader.js";
import { fill, h, param } from "./dom.js";
import { renderGeneric } from "./generic.js";
import { chosenLanguage, loadText } from "./i18n.js";
import { languageSwitch } from "./language.js";
import { renderLog } from "./log.js";
import { renderResult } from "./results.js";

const root = document.getElementById("replay");
const tableId = param("id");
const PLAY_MS = 700;

const page = {
  lang: chosenLanguage(),
  text: null,
  summary: null,
  gameName: "",
  board: null,
  at: 0,
  last: 0,
  snapshot: null,
  timer: null,
  cache: new Map(),
};

const parts = {
  controls: h("div", { class: "replay-controls", id: "controls" }),
  board: h("div", { class: "board", id: "board" }),
  log: h("div", { class: "events", id: "log" }),
  end: h("div", { class: "end", id: "end" }),
};

async function fetchAt(version) {
  if (!page.cache.has(version)) {
    page.cache.set(version, api.snapshot(tableId, { at: version }));
  }
  return page.cache.get(version);
}

async function go(version) {
  page.at = Math.max(0, Math.min(page.last, version));
  const wanted = page.at;
  const snapshot = await fetchAt(wanted);
  if (wanted !== page.at) return;
  page.snapshot = snapshot;
  render();
}

function play() {
  if (page.timer) {
    clearInterval(page.timer);
    page.timer = null;
  } else {
    page.timer = setInterval(() => {
      if (page.at >= page.last) play();
      else go(page.at + 1);
    }, PLAY_MS);
  }
  renderControls();
}

function renderControls() {
  const t = page.text.t.bind(page.text);
  const button = (label, id, onclick, disabled) =>
    h("button", { type: "button", id, onclick, disabled, "aria-label": label, title: label }, label);
  fill(
    parts.controls,
    button(t("First"), "first", () => go(0), page.at === 0),
    button(t("Back"), "back", () => go(page.at - 1), page.at === 0),
    button(page.timer ? t("Pause") : t("Play"), "play", play, page.at === page.last && !page.timer),
    button(t("Forward"), "forward", () => go(page.at + 1), page.at === page.last),
    button(t("Last"), "last", () => go(page.last), page.at === page.last),
    h("input", {
      type: "range",
      id: "step",
      min: 0,
      max: page.last,
      value: page.at,
      "aria-label": t("Action"),
      oninput: (event) => go(Number(event.target.value)),
    }),
    h("span", { class: "step", id: "step-label" }, t("Action {at} of {last}", { at: page.at, last: page.last })),
  );
}

function render() {
  const text = page.text;
  text.names = page.summary.seats.map((seat) => text.seatName(seat));
  const title = text.hasTerm(page.summary.game) ? text.term(page.summary.game) : page.gameName;
  fill(document.getElementById("title"), `${title} — ${text.t("Replay")}`);
  root.dataset.version = String(page.at);
  renderControls();
  const snap = page.snapshot;
  const ctx = {
    game: page.summary.game,
    table: page.summary,
    players: page.summary.players,
    seat: null,
    text,
    view: snap.view,
    legal: [],
    toMove: snap.to_move,
    status: snap.status,
    version: snap.version,
    result: snap.result,
    events: snap.events,
    act: () => {},
    board: page.board,
  };
  if (page.board) page.board.render(parts.board, ctx);
  else renderGeneric(parts.board, ctx);
  renderLog(parts.log, snap.events, text, snap.version);
  if (snap.result) {
    parts.end.hidden = false;
    fill(parts.end, renderResult(snap.result, ctx));
  } else {
    parts.end.hidden = true;
    parts.end.replaceChildren();
  }
}

async function setLanguage(lang) {
  page.lang = lang;
  page.text = await loadText(lang, page.summary.game);
  languageSwitch(document.getElementById("language"), lang, setLanguage);
  if (page.snapshot) render();
}

async function start() {
  if (!tableId) {
    fill(root, h("p", { class: "notice" }, "No table is named in the address."));
    return;
  }
  try {
    const [summary, games] = await Promise.all([api.table(tableId), api.games()]);
    page.summary = summary;
    page.gameName = games.find((g) => g.id === summary.game)?.name ?? summary.game;
  } catch (error) {
    fill(root, h("p", { class: "notice" }, error.message));
    return;
  }
  page.last = page.summary.version;
  page.board = await boardFor(page.summary.game);
  fill(
    root,
    parts.controls,
    h(
      "div",
      { class: "play" },
      h("div", { class: "main" }, parts.end, parts.board),
      h("aside", { class: "side" }, parts.log),
    ),
  );
  await setLanguage(page.lang);
  if (page.summary.status !== "finished" && page.summary.status !== "replay") {
    fill(parts.controls, h("p", { class: "notice" }, page.text.t("A game can be replayed once it is over.")));
    return;
  }
  document.addEventListener("keydown", (event) => {
    if (event.key === "ArrowRight") go(page.at + 1);
    if (event.key === "ArrowLeft") go(page.at - 1);
  });
  await go(0);
}

start();
