// The replay viewer: steps through a finished match action by action, as a spectator saw it
// or as one of its players did, with that player's secrets (docs/server.md, "Whose view").

import * as api from "./api.js";
import { fill, h, param } from "./dom.js";
import { renderGeneric } from "./generic.js";
import { chosenLanguage, loadText } from "./i18n.js";
import { languageSwitch } from "./language.js";
import { logEntry, renderLog } from "./log.js";
import { gameTitle, loadTable, PageState } from "./page_state.js";
import { renderResult } from "./results.js";
import { reviewPanel } from "./review.js";

const root = document.getElementById("replay");
const tableId = param("id");
const PLAY_MS = 700;

const page = {
  state: new PageState(root), // loading, then watching (js/page_state.js)
  lang: chosenLanguage(),
  text: null,
  summary: null,
  gameName: "",
  board: null,
  at: 0,
  last: 0,
  seat: null, // whose view: a seat, or null for a spectator's
  actions: [], // the match record's [seat, action] of every step
  snapshot: null,
  timer: null,
  cache: new Map(),
  review: null, // the game review's panel, once the game is over
};

const parts = {
  controls: h("div", { class: "replay-controls", id: "controls" }),
  seat: h("div", { class: "replay-seat", id: "seat-choice" }),
  watching: h("p", { class: "watching", id: "watching" }),
  notice: h("p", { class: "notice", id: "notice", hidden: true }),
  step: h("section", { class: "events step-events", id: "step-events", "aria-live": "polite" }),
  board: h("div", { class: "board", id: "board" }),
  log: h("div", { class: "events", id: "log" }),
  end: h("div", { class: "end", id: "end" }),
};

async function fetchAt(seat, version) {
  const key = `${seat ?? "spectator"}/${version}`;
  if (!page.cache.has(key)) {
    const asked = api.snapshot(tableId, { at: version, seat });
    asked.catch(() => page.cache.delete(key));
    page.cache.set(key, asked);
  }
  return page.cache.get(key);
}

async function go(version) {
  page.at = Math.max(0, Math.min(page.last, version));
  const seat = page.seat;
  const wanted = page.at;
  let snapshot;
  try {
    snapshot = await fetchAt(seat, wanted);
  } catch (error) {
    parts.notice.hidden = false;
    fill(parts.notice, error.message);
    return;
  }
  if (wanted !== page.at || seat !== page.seat) return;
  parts.notice.hidden = true;
  page.snapshot = snapshot;
  render();
}

/** Watch the game as `seat` saw it (null: as a spectator), at the same step; the address
 *  keeps the choice, so a reload or a shared link shows the same view. */
function watchAs(seat) {
  page.seat = seat;
  const address = new URL(location.href);
  if (seat === null) address.searchParams.delete("seat");
  else address.searchParams.set("seat", String(seat));
  history.replaceState(null, "", address);
  renderSeatChoice();
  go(page.at);
}

/** The seat in the address, if it names one of the table's. */
function seatInAddress() {
  return seatIn(param("seat"));
}

/** A seat of the table's, given as words (from the address), or null. */
function seatIn(given) {
  const seat = given === null || given === "" ? NaN : Number(given);
  return Number.isInteger(seat) && seat >= 0 && seat < page.summary.players ? seat : null;
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

function renderSeatChoice() {
  const text = page.text;
  const option = (value, label) =>
    h("option", { value, selected: value === String(page.seat ?? "") }, label);
  fill(
    parts.seat,
    h(
      "label",
      {},
      text.t("Watch as"),
      " ",
      h(
        "select",
        {
          id: "seat",
          onchange: (event) => watchAs(event.target.value === "" ? null : Number(event.target.value)),
        },
        option("", text.t("Spectator")),
        text.names.map((name, seat) => option(String(seat), name)),
      ),
    ),
  );
  fill(
    parts.watching,
    page.seat === null
      ? text.t("You are watching as a spectator.")
      : text.t("You are watching as {name}.", { name: text.seat(page.seat) }),
  );
}

/** Who alone sees a private event: the watched player. */
function whose() {
  return page.seat === null ? undefined : page.text.t("Only {name} saw this", { name: page.text.seat(page.seat) });
}

/** What the watched seat saw happen at this step: its events; where it saw none, its own
 *  move (a secret no event tells, not even to its player), or else that another player acted
 *  in secret — never a step where nothing changes and nothing is said. */
function renderStep() {
  const text = page.text;
  const seen = page.snapshot.events.filter((event) => event.version === page.at);
  let lines = seen.map((event) => logEntry(event, text, true, whose()));
  if (lines.length === 0 && page.at > 0) {
    const [actor, action] = page.actions[page.at - 1] ?? [null, null];
    lines = [
      actor !== null && actor === page.seat
        ? h("li", { class: "latest" }, `${text.seat(actor)}: ${text.action(action, page.summary.game)}`)
        : h("li", { class: "latest secret-step" }, text.t("Another player acted in secret.")),
    ];
  }
  fill(
    parts.step,
    h("h2", {}, text.t("This step")),
    h("ol", { class: "log", tabindex: 0, "aria-label": text.t("This step") }, lines),
    page.review?.stepDetail(page.at),
  );
}

function render() {
  const text = page.text;
  const title = gameTitle(text, page.summary, page.gameName);
  fill(document.getElementById("title"), `${title} — ${text.t("Replay")}`);
  document.title = `${title} — ${text.t("Replay")} — Tabulae`;
  root.dataset.version = String(page.at);
  renderControls();
  const snap = page.snapshot;
  text.namesOf(snap.view);
  const ctx = {
    game: page.summary.game,
    table: page.summary,
    players: page.summary.players,
    seat: page.seat,
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
  renderStep();
  page.review?.step(page.at);
  renderLog(parts.log, snap.events, text, snap.version, { whose: whose() });
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
  page.text.names = page.summary.seats.map((seat) => page.text.seatName(seat));
  languageSwitch(document.getElementById("language"), lang, setLanguage);
  renderSeatChoice();
  page.review?.show(page.text);
  if (page.snapshot) render();
}

async function start() {
  const loaded = await loadTable(root, tableId);
  if (!loaded) return;
  ({ summary: page.summary, gameName: page.gameName, board: page.board } = loaded);
  page.last = page.summary.version;
  page.seat = seatInAddress();
  const over = page.summary.status === "finished" || page.summary.status === "replay";
  if (over) {
    page.review = reviewPanel({
      tableId,
      game: page.summary.game,
      players: page.summary.players,
      go,
      at: () => page.at,
      changed: () => page.snapshot && renderStep(),
      seat: page.seat ?? 0,
    });
  }
  fill(
    root,
    parts.controls,
    over && h("div", { class: "replay-seat-line" }, parts.seat, parts.watching),
    parts.notice,
    h(
      "div",
      { class: "play" },
      h("div", { class: "main" }, parts.end, parts.board),
      h("aside", { class: "side" }, parts.step, page.review?.element, parts.log),
    ),
  );
  page.state.go("replayed");
  await setLanguage(page.lang);
  if (!over) {
    fill(parts.controls, h("p", { class: "notice" }, page.text.t("A game can be replayed once it is over.")));
    return;
  }
  try {
    page.actions = (await api.matchRecord(tableId)).actions ?? [];
  } catch (error) {
    parts.notice.hidden = false;
    fill(parts.notice, error.message);
  }
  document.addEventListener("keydown", (event) => {
    if (event.target.closest?.("input, select")) return; // they step (or choose) on their own
    if (event.key === "ArrowRight") go(page.at + 1);
    if (event.key === "ArrowLeft") go(page.at - 1);
  });
  const reviewed = seatIn(param("review"));
  if (page.review && reviewed !== null) page.review.open(reviewed);
  await go(0);
}

start();
