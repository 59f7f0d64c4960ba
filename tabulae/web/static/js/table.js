// The table page: join or watch, the board, the legal actions, the log and the end of the game.
// A seat's token is kept in this browser, so a reload (or a dropped connection) resumes play.

import { alertSettings } from "./alerts.js";
import * as api from "./api.js";
import { renderActions } from "./actions.js";
import { closeMenu } from "../boards/kit.js";
import { capture, describeAgain, describedParts, mark } from "./changes.js";
import { fill, h, param } from "./dom.js";
import { renderGeneric } from "./generic.js";
import { outlineChoice, renderCoach } from "./coach.js";
import { renderHint } from "./hints.js";
import { chosenLanguage, loadText } from "./i18n.js";
import { languageSwitch } from "./language.js";
import { Live } from "./live.js";
import { renderLog } from "./log.js";
import { chosenPace, PACES, paceSetting, Steps } from "./pace.js";
import { gameTitle, loadTable, PageState, STATES } from "./page_state.js";
import { hasClocks, playerPanels, tickClocks } from "./panels.js";
import { renderResult } from "./results.js";
import * as store from "./store.js";
import { tableTalk } from "./talk.js";
import { renderUndo, takeBack } from "./undo.js";

const root = document.getElementById("table");
const CLOCK_TICK_MS = 1000; // how often the clocks on screen count down
const tableId = param("id");

const page = {
  state: new PageState(root), // loading, connecting, watching, to_move, sending, finished (js/page_state.js)
  lang: chosenLanguage(),
  text: null,
  gameName: "",
  summary: null,
  snapshot: null,
  events: [],
  seat: null,
  mine: null,
  board: null,
  live: null,
  online: false,
  notice: null,
  shownLegal: "", // the version, actions and state the actions were last drawn for
  hint: null, // the last hint asked for, with the version it is for
  askingHint: false,
  coachLine: null, // the coach's judgement of this seat's last move
  coachChoice: null, // the coach's choice asked for ("Show me"), with the version it is for
  askingCoach: false,
  talk: null,
  timeouts: null, // how many time-outs the table had when last heard of
  pace: chosenPace(),
  steps: null, // the updates waiting to be shown (js/pace.js)
  shownSteps: 0, // how many steps the page has shown
  litAfter: -1, // the log lights up the events of the versions after this one
  playedHere: false, // whether this page showed the game under way (its end is then news)
  refocus: false, // an action was played by the keys: the next move's first action takes the focus
  focusedAction: null, // the action that had the focus when the actions were drawn anew
  pressed: false, // a pointer is pressed on the board or the actions: updates wait
  drawLater: false, // the table changed while pressed: drawn once let go
};
page.steps = new Steps(showSteps, () => PACES[page.pace]);

// What a pointer presses is not drawn again under it: the updates that come meanwhile wait
// until it is let go, so that the click lands on the part the player chose, which then plays
// with the version the player saw (the server plays it if the others' moves meanwhile, made
// at once with his, leave it the same move).
const PRESSABLE = "#board, #drawer, .board-menu";

function pressed(event) {
  if (!event.isPrimary || !event.target.closest?.(PRESSABLE)) return;
  page.pressed = true;
  page.steps.hold();
}

function letGo() {
  if (!page.pressed) return;
  page.pressed = false;
  // after the click this release makes, which acts on the board as it was when pressed
  setTimeout(() => {
    if (page.pressed) return;
    if (page.drawLater) {
      page.drawLater = false;
      render();
    }
    page.steps.release();
  });
}

window.addEventListener("pointerdown", pressed, true);
window.addEventListener("pointerup", letGo, true);
window.addEventListener("pointercancel", letGo, true);
window.addEventListener("pointermove", (event) => event.buttons === 0 && letGo(), true);
window.addEventListener("blur", letGo);

// A player who plays by the keys keeps the focus among the actions: the buttons he pressed go
// as the table moves on, and the first action of his next move takes the focus they had.
let byKeys = false;
window.addEventListener("keydown", () => (byKeys = true), true);
window.addEventListener("pointerdown", () => (byKeys = false), true);

const parts = {
  seats: h("section", { class: "seats", id: "seats" }),
  join: h("section", { class: "join", id: "join" }),
  prompt: h("div", { class: "prompt", id: "prompt", role: "status" }),
  notice: h("div", { class: "notice", id: "notice", role: "alert" }),
  watching: h("p", { class: "watching", id: "watching", hidden: true }),
  alerts: h("div", { id: "alerts" }),
  pace: h("div", { class: "pace", id: "pace" }),
  board: h("div", { class: "board", id: "board" }),
  hint: h("div", { class: "hint", id: "hint" }),
  coach: h("div", { class: "coach", id: "coach", hidden: true }),
  undo: h("div", { class: "undo", id: "undo-bar", hidden: true }),
  actions: h("div", { class: "actions", id: "actions" }),
  log: h("div", { class: "events", id: "log" }),
  end: h("div", { class: "end", id: "end" }),
  learn: h("p", { class: "learn-link", id: "learn" }),
  handle: h("button", {
    type: "button",
    class: "drawer-handle",
    id: "drawer-handle",
    "aria-controls": "actions",
    onclick: () => toggleDrawer(),
  }),
};
// On a phone the hint, the coach and the actions sit in a drawer at the bottom of the window.
parts.drawer = h("div", { class: "drawer", id: "drawer" }, parts.handle, parts.undo, parts.coach, parts.hint, parts.actions);

function toggleDrawer(open = !parts.drawer.classList.contains("open")) {
  parts.drawer.classList.toggle("open", open);
  parts.handle.setAttribute("aria-expanded", String(open));
}

/** The drawer's handle repeats the prompt and counts the actions it holds. */
function renderHandle(message, actions) {
  fill(
    parts.handle,
    h("span", { class: "drawer-prompt" }, message),
    actions > 0 && h("span", { class: "drawer-count" }, String(actions)),
  );
}

function seatName(seat) {
  return page.text.seatName(page.summary.seats[seat]);
}

function title() {
  return gameTitle(page.text, page.summary, page.gameName);
}

/** What the page shows, as the state machine reads it (js/page_state.js, `settle`). */
function where(ctx) {
  return { status: ctx.status, seat: page.seat, toMove: ctx.toMove };
}

/** Whether this seat's action or take-back is on its way. */
function sending() {
  return page.state.is(STATES.sending);
}

async function setLanguage(lang) {
  page.lang = lang;
  page.text = await loadText(lang, page.summary.game);
  page.talk.setText(page.text);
  languageSwitch(document.getElementById("language"), lang, setLanguage);
  fill(parts.pace, paceSetting(page.text, page.pace, choosePace));
  if (page.live) page.live.lang = lang;
  page.shownLegal = "";
  render();
}

function choosePace(pace) {
  page.pace = pace;
  if (PACES[pace] === 0) page.steps.flush();
}

/** Show the last of `updates` (the events of all of them logged): the board drawn from its
 *  view, with what it changed and the log lines of its actions lit up. */
function showSteps(updates) {
  closeMenu();
  const before = page.snapshot && capture(parts.board);
  const latest = updates[updates.length - 1];
  page.litAfter = page.snapshot ? page.snapshot.version : latest.version - 1;
  for (const update of updates) {
    // each event is tagged with its version: one already logged (an update that reaches back
    // further than the page has seen, as after a take-back) is not logged twice
    const logged = page.events.length ? page.events[page.events.length - 1].version : -1;
    page.events.push(...update.events.filter((event) => event.version > logged));
    page.snapshot = update;
  }
  render();
  if (before) mark(parts.board, before, PACES[page.pace]);
  page.shownSteps += 1;
  root.dataset.waiting = String(page.steps.length);
  root.dataset.step = String(page.shownSteps);
}

function connect() {
  page.live?.close();
  page.steps.clear();
  page.events = [];
  page.snapshot = null;
  page.state.go("reconnect");
  page.live = new Live(tableId, page.mine?.token ?? null, {
    welcome: (message) => {
      page.seat = message.seat;
      page.state.go("welcomed", where(context()));
      heardOf(message.table);
    },
    // the player's own action, and the first view after connecting, are shown at once
    update: (message) => {
      page.steps.push(message, sending() || page.snapshot === null);
      root.dataset.waiting = String(page.steps.length);
    },
    table: heardOf,
    chat: (messages) => page.talk.heard(messages),
    coach: (line) => {
      page.coachLine = line;
      renderCoachPart(context());
    },
    status: (status) => {
      page.online = status === "online";
      root.dataset.online = String(page.online);
    },
    refused: (error) => {
      if (error.code === "wrong_token" && page.mine) {
        store.forgetSeat(tableId);
        page.mine = null;
        page.seat = null;
        showNotice(page.text.t("Your seat at this table is no longer yours; you are watching."));
        connect();
      } else {
        showNotice(explain(error));
      }
    },
  }, page.lang);
  page.live.connect();
}

/** The table's summary as the server pushed it: a move a bot made for a seat whose time ran out
 *  is announced at once. */
function heardOf(summary) {
  const timeouts = summary.timeouts ?? [];
  if (page.timeouts !== null && timeouts.length > page.timeouts) {
    const late = timeouts[timeouts.length - 1];
    const name = summary.seats[late.seat].name ?? page.text.t("Seat {n}", { n: late.seat + 1 });
    showNotice(page.text.t("The time of {name} ran out: a bot moved for them.", { name }));
  }
  page.timeouts = timeouts.length;
  page.summary = summary;
  if (page.pressed) page.drawLater = true;
  else render();
}

function explain(error) {
  const t = page.text.t.bind(page.text);
  switch (error.code) {
    case "illegal_action":
      return [
        t("Not allowed: {reason}", { reason: page.text.refusal(error) }),
        error.extra?.rule && [" ", ruleLink(error.extra.rule)],
      ];
    case "not_your_turn":
      return t("It is not your turn.");
    case "stale_version":
      return t("The table has moved on; look again and choose.");
    case "not_playing":
      return t("The game is not being played: {reason}", { reason: error.message });
    case "offline":
      return t("The connection is lost; reconnecting…");
    case "bad_action":
      return t("That is not an action: {reason}", { reason: error.message });
    case "hints_not_allowed":
      return t("This table does not allow hints.");
    case "too_many_hints":
      return t("Too many hints asked for; try again in a minute.");
    default:
      return error.message;
  }
}

/** The "why?" link of a refusal: the section of the game's rules it rests on. */
function ruleLink(rule) {
  const game = encodeURIComponent(page.summary.game);
  return h(
    "a",
    { class: "why", id: "why-link", href: `/rules.html?game=${game}#${encodeURIComponent(rule)}`, target: "_blank", rel: "noopener" },
    page.text.t("why?"),
  );
}

function showNotice(message) {
  page.notice = message;
  fill(parts.notice, message || "");
  parts.notice.hidden = !message;
}

async function act(action) {
  if (page.seat === null || page.snapshot === null) {
    showNotice(page.text.t("Take a seat to play."));
    return;
  }
  if (sending()) return;
  // Acting while others' choices wait to be shown (several choose at once): they are shown
  // now, and the action goes with the version the player saw, which the server plays if
  // those choices leave it the same move.
  const seen = page.snapshot.version;
  page.refocus = byKeys;
  page.steps.flush();
  const ctx = context();
  if (!ctx.toMove.includes(page.seat)) {
    showNotice(outOfTurn(ctx));
    return;
  }
  page.state.go("send");
  root.dataset.busy = "true";
  for (const button of parts.actions.querySelectorAll("button")) button.disabled = true;
  try {
    await page.live.act(action, seen);
    showNotice(null);
    toggleDrawer(false); // on a phone the board is seen again, with what the action did
  } catch (error) {
    showNotice(explain(error));
  } finally {
    page.state.go("answered", where(context()));
    root.dataset.busy = "false";
    page.shownLegal = "";
    renderPlay();
  }
}

async function undo() {
  if (page.snapshot === null || !page.state.go("send")) return;
  renderPlay();
  try {
    await takeBack(tableId, page.mine.token, page.snapshot.version);
    showNotice(null);
  } catch (error) {
    showNotice(explain(error));
  } finally {
    page.state.go("answered", where(context()));
    page.shownLegal = "";
    renderPlay();
  }
}

function context() {
  const snap = page.snapshot;
  page.text.namesOf(snap?.view);
  return {
    game: page.summary.game,
    table: page.summary,
    players: page.summary.players,
    seat: page.seat,
    text: page.text,
    view: snap?.view ?? null,
    legal: snap?.legal ?? [],
    toMove: snap?.to_move ?? [],
    status: snap?.status ?? page.summary.status,
    version: snap?.version ?? 0,
    result: snap?.result ?? null,
    events: page.events,
    act,
    board: page.board,
  };
}

function render() {
  if (!page.text) return;
  page.text.names = page.summary.seats.map((_, s) => seatName(s));
  document.title = `${title()} — Tabulae`;
  fill(document.getElementById("title"), title());
  root.dataset.status = page.snapshot?.status ?? page.summary.status;
  root.dataset.version = String(page.snapshot?.version ?? 0);
  root.dataset.seat = page.seat === null ? "" : String(page.seat);
  fill(
    parts.learn,
    h("a", { href: `/learn.html?game=${encodeURIComponent(page.summary.game)}`, id: "learn-link" }, page.text.t("Learn to play")),
    " · ",
    h("a", { href: `/rules.html?game=${encodeURIComponent(page.summary.game)}`, id: "rules-link" }, page.text.t("Rules")),
  );
  renderSeats();
  renderWatching();
  renderJoin();
  renderPlay();
  page.talk.show(page.summary, page.snapshot?.status ?? null);
}

/** One panel per player (js/panels.js), and the join link. */
function renderSeats(ctx = context()) {
  parts.seats.setAttribute("aria-label", page.text.t("Players"));
  fill(
    parts.seats,
    playerPanels(ctx, { name: seatName, pawn: pawnColour, board: page.board }),
    shareLink(),
  );
}

// The clocks in the panels count down on the page, asking no one.
setInterval(() => {
  if (!page.text || !page.summary || !hasClocks(page.summary) || document.hidden) return;
  tickClocks(parts.seats, page.summary, page.snapshot?.status ?? page.summary.status, page.text, seatName);
}, CLOCK_TICK_MS);

/** A game that gives players colours (Sylla's blue, red, …) colours their pawns the same. */
function pawnColour(seat) {
  const colour = page.snapshot?.view?.players?.[seat]?.colour;
  return typeof colour === "string" && /^[a-z]+$/.test(colour) ? `background:${colour}` : null;
}

function shareLink() {
  const t = page.text.t.bind(page.text);
  const url = `${location.origin}/table.html?id=${tableId}`;
  const field = h("input", { type: "text", readonly: true, value: url, class: "share-url", "aria-label": t("Join link") });
  return h(
    "span",
    { class: "share" },
    h("label", {}, t("Join link"), " ", field),
    h(
      "button",
      {
        type: "button",
        onclick: async () => {
          field.select();
          try {
            await navigator.clipboard.writeText(url);
            showNotice(t("The join link is copied."));
          } catch {
            showNotice(t("Copy the join link from the field."));
          }
        },
      },
      t("Copy"),
    ),
  );
}

/** A page without a seat is told that it is watching; a seated player gets the turn alerts. */
function renderWatching() {
  const welcomed = !page.state.is(STATES.loading, STATES.connecting);
  const watching = welcomed && page.seat === null;
  parts.watching.hidden = !watching;
  fill(parts.watching, watching ? page.text.t("You are watching this game.") : "");
  const alertsIn = welcomed && page.seat !== null ? page.lang : "";
  if (parts.alerts.dataset.lang === alertsIn) return;
  parts.alerts.dataset.lang = alertsIn;
  fill(parts.alerts, alertsIn && alertSettings(page.text));
}

function renderJoin() {
  const t = page.text.t.bind(page.text);
  const status = page.summary.status;
  const free = page.summary.seats.filter((info) => !info.taken).map((info) => info.seat);
  if (page.seat !== null || status !== "open" || free.length === 0) {
    parts.join.hidden = true;
    parts.join.replaceChildren();
    return;
  }
  parts.join.hidden = false;
  const name = h("input", {
    type: "text",
    name: "name",
    maxlength: 40,
    required: true,
    value: store.playerName(),
    placeholder: t("Your name"),
    "aria-label": t("Your name"),
  });
  fill(
    parts.join,
    h("h2", {}, t("Take a seat, or watch")),
    page.summary.seeded &&
      h(
        "p",
        { class: "seeded" },
        t(
          "This table is seeded (seed {seed}): anyone who knows the seed can work out the hidden cards. Taking a seat accepts this.",
          { seed: page.summary.seed },
        ),
      ),
    h(
      "form",
      { onsubmit: (event) => event.preventDefault() },
      name,
      free.map((seat) =>
        h(
          "button",
          {
            type: "button",
            class: "take-seat",
            "data-seat": seat,
            onclick: () => takeSeat(name.value, seat),
          },
          t("Sit at seat {n}", { n: seat + 1 }),
        ),
      ),
    ),
  );
}

async function takeSeat(name, seat) {
  const joining = {
    token: store.seatAt(tableId)?.token,
    joinId: api.newJoinId(),
    acceptSeed: Boolean(page.summary.seeded),
  };
  try {
    // the same join id again after a lost answer gets the same seat and token
    const joined = await api
      .join(tableId, name.trim(), seat, joining)
      .catch((error) =>
        error.code === "offline"
          ? api.join(tableId, name.trim(), seat, joining)
          : Promise.reject(error),
      );
    store.keepName(name.trim());
    store.keepSeat(tableId, joined.seat, joined.token);
    page.mine = { seat: joined.seat, token: joined.token };
    page.summary = joined.table;
    showNotice(null);
    connect();
  } catch (error) {
    showNotice(explain(error));
  }
}

/** What the step under way asks of this seat, in the game's words (the view's `prompt`:
 *  the catalog key of the question, the step's name and their arguments), or null. */
function stepPrompt(ctx) {
  const prompt = ctx.view?.prompt;
  return prompt ? page.text.message(prompt.key, prompt.args ?? {}) : null;
}

function names(seats) {
  return seats.map((s) => page.text.seat(s)).join(", ");
}

/** The name of the step under way, for those who wait, from the game's catalogs; or null
 *  when the game names no step. */
function stepName(ctx) {
  const prompt = ctx.view?.prompt;
  return (prompt && page.text.message(prompt.name, prompt.args ?? {})) || null;
}

/** Why a click on the board does nothing now: whose turn it is, and what he is deciding. */
function outOfTurn(ctx) {
  const t = page.text.t.bind(page.text);
  const step = stepName(ctx);
  if (ctx.status !== "playing" || ctx.toMove.length === 0 || !step) return t("It is not your turn.");
  if (ctx.toMove.length === 1) return t("It is {name}'s turn: {step}.", { name: names(ctx.toMove), step });
  return t("Wait for {names}: {step}.", { names: names(ctx.toMove), step });
}

function renderPrompt(ctx) {
  const t = page.text.t.bind(page.text);
  let message;
  if (ctx.status === "open") {
    message = t("Waiting for players: share the join link.");
  } else if (ctx.status === "finished" || ctx.status === "replay") {
    message = t("The game is over.");
  } else if (ctx.status === "closed") {
    message = t("This table is closed: it takes no more moves.");
  } else if (page.snapshot === null) {
    message = t("Connecting…");
  } else if (page.seat !== null && ctx.toMove.includes(page.seat)) {
    const asked = stepPrompt(ctx);
    if (asked) message = t("Your move: {prompt}", { prompt: asked });
    else if (ctx.toMove.length > 1) {
      message = t("Your move. Several players choose at once; the others see your choice only when it is revealed.");
    } else message = t("Your move.");
  } else {
    const step = stepName(ctx);
    message = step
      ? t("Waiting for {names}: {step}.", { names: names(ctx.toMove), step })
      : t("Waiting for {names}.", { names: names(ctx.toMove) });
  }
  fill(parts.prompt, message);
  renderHandle(message, sending() ? 0 : ctx.legal.length);
}

function renderPlay() {
  if (!page.text) return;
  const ctx = context();
  page.state.go("viewed", where(ctx));
  renderPrompt(ctx);
  if (page.snapshot) {
    const described = describedParts(parts.board);
    if (page.board) page.board.render(parts.board, ctx);
    else renderGeneric(parts.board, ctx);
    describeAgain(parts.board, described);
  } else {
    parts.board.replaceChildren();
  }
  const legalKey = JSON.stringify([ctx.version, ctx.legal, sending()]);
  if (legalKey !== page.shownLegal) {
    page.shownLegal = legalKey;
    // the actions drawn anew as others move keep the focus of a player who was among them
    if (parts.actions.contains(document.activeElement)) {
      page.refocus = true;
      page.focusedAction = document.activeElement.dataset.action ?? null;
    }
    if (ctx.legal.length > 0 && !sending()) {
      parts.actions.hidden = false;
      renderActions(parts.actions, { ...ctx, legal: ctx.legal });
    } else {
      parts.actions.hidden = true;
      parts.actions.replaceChildren();
    }
  }
  refocus(ctx);
  renderHints(ctx);
  renderCoachPart(ctx);
  const count = ctx.status === "playing" ? (page.snapshot?.take_back ?? 0) : 0;
  renderUndo(parts.undo, { text: page.text, count, busy: sending(), undo });
  renderLog(parts.log, page.events, page.text, ctx.version, { litAfter: page.litAfter, live: true });
  renderEnd(ctx);
}

/** After an action played by the keys, or the actions drawn anew under the focus, the focus
 *  the old buttons took with them goes to the same action if it is still offered, else to the
 *  first, once there is one; unless the player went elsewhere. */
function refocus(ctx) {
  if (!page.refocus || sending()) return;
  const lost = !document.activeElement || document.activeElement === document.body;
  const buttons = [...parts.actions.querySelectorAll("button.action")];
  const same = buttons.find((button) => button.dataset.action === page.focusedAction);
  if (!lost) page.refocus = false;
  else if (buttons.length > 0 && ctx.legal.length > 0) {
    page.refocus = false;
    (same ?? buttons[0]).focus();
  }
  if (!page.refocus) page.focusedAction = null;
}

/** At a table that allows hints, the hint button at your turn, and the hint you asked for. */
function renderHints(ctx) {
  const yourTurn = page.seat !== null && ctx.status === "playing" && ctx.toMove.includes(page.seat);
  if (!page.summary.hints || !yourTurn || sending()) {
    parts.hint.hidden = true;
    parts.hint.replaceChildren();
    return;
  }
  parts.hint.hidden = false;
  const found = page.hint?.version === ctx.version ? page.hint : null;
  renderHint(parts.hint, ctx, { found, asking: page.askingHint, ask: askHint });
}

/** At a coached table: the coach's line on your last move, and at your turn "Show me", whose
 *  answer outlines what plays the coach's choice. */
function renderCoachPart(ctx) {
  const yourTurn =
    page.seat !== null && ctx.status === "playing" && ctx.toMove.includes(page.seat) && !sending();
  const choice = yourTurn && page.coachChoice?.version === ctx.version ? page.coachChoice : null;
  if (!page.summary.coach || page.seat === null) {
    parts.coach.hidden = true;
    parts.coach.replaceChildren();
    return;
  }
  parts.coach.hidden = !(page.coachLine || yourTurn);
  renderCoach(parts.coach, ctx, {
    line: page.coachLine,
    choice,
    asking: page.askingCoach,
    yourTurn,
    show: askCoach,
  });
  outlineChoice(root, choice?.action ?? null);
}

async function askCoach() {
  page.askingCoach = true;
  renderPlay();
  try {
    const found = await api.hint(tableId, page.mine.token);
    page.coachChoice = found.moves.length ? { version: found.version, action: found.moves[0].action } : null;
    showNotice(null);
  } catch (error) {
    showNotice(explain(error));
  } finally {
    page.askingCoach = false;
    renderPlay();
  }
}

async function askHint() {
  page.askingHint = true;
  renderPlay();
  try {
    page.hint = await api.hint(tableId, page.mine.token);
    showNotice(null);
  } catch (error) {
    showNotice(explain(error));
  } finally {
    page.askingHint = false;
    renderPlay();
  }
}

function renderEnd(ctx) {
  const t = page.text.t.bind(page.text);
  if (!ctx.result) {
    parts.end.hidden = true;
    parts.end.replaceChildren();
    page.playedHere ||= ctx.status === "playing";
    return;
  }
  // The game ended while the page was open, the view somewhere on the board: the result is
  // brought into view (the end sits above the board).
  const endedNow = parts.end.hidden === true && page.playedHere === true;
  parts.end.hidden = false;
  const rematch =
    page.seat !== null &&
    h(
      "button",
      {
        type: "button",
        id: "rematch",
        onclick: async () => {
          try {
            const next = await api.rematch(tableId, page.mine.token);
            store.keepSeat(next.table.id, next.seat, next.token);
            location.assign(`/table.html?id=${next.table.id}`);
          } catch (error) {
            showNotice(explain(error));
          }
        },
      },
      page.summary.rematch ? t("Join the rematch") : t("Rematch"),
    );
  fill(
    parts.end,
    renderResult(ctx.result, ctx),
    h(
      "p",
      { class: "end-links" },
      rematch,
      h("a", { href: `/replay.html?id=${tableId}`, id: "replay-link" }, t("Watch the replay")),
      page.mine &&
        h("a", { href: reviewAddress(tableId, page.mine.seat), id: "review-link" }, t("Review my game")),
      h("a", { href: "/" }, t("Back to the lobby")),
    ),
  );
  if (endedNow) parts.end.scrollIntoView({ block: "start" });
}

/** The replay of a finished game from `seat`'s side, with the review of its decisions open. */
function reviewAddress(id, seat) {
  return `/replay.html?id=${encodeURIComponent(id)}&seat=${seat}&review=${seat}`;
}

async function start() {
  page.text = null;
  const loaded = await loadTable(root, tableId);
  if (!loaded) return;
  ({ summary: page.summary, gameName: page.gameName, board: page.board } = loaded);
  page.mine = store.seatAt(tableId);
  page.talk = tableTalk(tableId, () => page.mine?.token ?? null);
  fill(
    root,
    parts.seats,
    parts.watching,
    parts.join,
    h(
      "div",
      { class: "play" },
      h("div", { class: "main" }, parts.prompt, parts.notice, parts.end, parts.board),
      h("aside", { class: "side" }, parts.drawer, parts.log, parts.pace, page.talk.element, parts.alerts, parts.learn),
    ),
  );
  showNotice(null);
  page.state.go("loaded");
  await setLanguage(page.lang);
  connect();
}

start();
