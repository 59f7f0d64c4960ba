// The learn page: a game's course of lessons, each played on the game's real board. The step's
// words sit beside the board; the parts it talks about are outlined, and so are the parts and
// buttons that play the action it waits for. Each step comes from the server, which replays
// the lesson to it (docs/server.md, "Lessons"); a guest's lessons done stay in this browser.

import { api, ApiError } from "./api.js";
import { renderActions, sameAction } from "./actions.js";
import { boardFor } from "../boards/loader.js";
import { fill, h, param } from "./dom.js";
import { renderGeneric } from "./generic.js";
import { chosenLanguage, loadText } from "./i18n.js";
import { languageSwitch } from "./language.js";

const root = document.getElementById("learn");
const DONE = "tabulae.lessons"; // a guest's lessons done, per game, in localStorage

const page = {
  lang: chosenLanguage(),
  game: param("game"),
  gameName: "",
  text: null,
  board: null,
  course: null,
  lesson: param("lesson"),
  step: null,
  busy: false,
};

const parts = {
  course: h("nav", { class: "course", id: "course", }),
  board: h("div", { class: "board", id: "board" }),
  step: h("section", { class: "lesson-step", id: "lesson-step", "aria-live": "polite" }),
  actions: h("div", { class: "actions", id: "actions", hidden: true }),
};

function keptDone() {
  try {
    const kept = JSON.parse(localStorage.getItem(DONE)) ?? {};
    return Array.isArray(kept[page.game]) ? kept[page.game] : [];
  } catch {
    return [];
  }
}

function keepDone(lessonId) {
  let kept = {};
  try {
    kept = JSON.parse(localStorage.getItem(DONE)) ?? {};
  } catch {
    kept = {};
  }
  const done = new Set(Array.isArray(kept[page.game]) ? kept[page.game] : []);
  done.add(lessonId);
  kept[page.game] = [...done];
  localStorage.setItem(DONE, JSON.stringify(kept));
}

function isDone(lesson) {
  return lesson.done || keptDone().includes(lesson.id);
}

const lessonPath = (id) =>
  `/games/${encodeURIComponent(page.game)}/lessons/${encodeURIComponent(id)}`;

function address(lessonId) {
  const query = new URLSearchParams({ game: page.game });
  if (lessonId) query.set("lesson", lessonId);
  return `/learn.html?${query}`;
}

function gameTitle() {
  return page.text.hasTerm(page.game) ? page.text.term(page.game) : page.gameName;
}

function renderCourse() {
  const t = page.text.t.bind(page.text);
  parts.course.setAttribute("aria-label", t("Lessons"));
  fill(
    parts.course,
    h("h2", {}, t("Lessons")),
    h(
      "ol",
      {},
      page.course.lessons.map((lesson) =>
        h(
          "li",
          { class: lesson.id === page.lesson ? "current" : null, "data-lesson": lesson.id },
          h("a", { href: address(lesson.id), "aria-current": lesson.id === page.lesson ? "page" : null }, lesson.title),
          isDone(lesson) && h("span", { class: "done", title: t("Done") }, " ✓"),
        ),
      ),
    ),
  );
}

function context() {
  const step = page.step;
  page.text.namesOf(step.view);
  const seats = Array.from({ length: step.players }, (_, seat) => ({ seat, name: page.text.names[seat] }));
  return {
    game: page.game,
    table: { game: page.game, players: step.players, seats, status: "playing" },
    players: step.players,
    seat: step.seat,
    text: page.text,
    view: step.view,
    legal: step.legal,
    toMove: step.to_move,
    status: "playing",
    version: step.at,
    result: null,
    events: [],
    act,
    board: page.board,
  };
}

/** Outline the parts the step points at, and what plays the action it waits for. */
function highlight() {
  const step = page.step;
  for (const selector of step.point) {
    let found = [];
    try {
      found = parts.board.querySelectorAll(selector);
    } catch {
      continue; // a selector this board cannot read points at nothing
    }
    for (const element of found) element.classList.add("lesson-point");
  }
  if (!step.expect) return;
  for (const element of root.querySelectorAll("[data-actions]")) {
    let actions = [];
    try {
      actions = JSON.parse(element.dataset.actions);
    } catch {
      continue;
    }
    if (actions.some((action) => sameAction(action, step.expect))) element.classList.add("lesson-expect");
  }
  for (const button of parts.actions.querySelectorAll("button[data-action]")) {
    if (sameAction(JSON.parse(button.dataset.action), step.expect)) button.classList.add("lesson-expect");
  }
}

/** A board part offering several actions opens a menu of them next to it: outline its item
 *  that plays the expected action, so the learner follows the outlines through the menu. */
function highlightMenu(menu) {
  const expect = page.step?.expect;
  if (!expect || page.step.finished) return;
  for (const item of menu.querySelectorAll("[data-action]")) {
    if (sameAction(JSON.parse(item.dataset.action), expect)) item.classList.add("lesson-expect");
  }
}

new MutationObserver((changes) => {
  for (const change of changes) {
    for (const added of change.addedNodes) {
      if (added instanceof Element && added.matches(".board-menu")) highlightMenu(added);
    }
  }
}).observe(document.body, { childList: true });

function renderStep(refusal = null) {
  const t = page.text.t.bind(page.text);
  const step = page.step;
  root.dataset.at = String(step.at);
  root.dataset.finished = String(step.finished);
  const ctx = context();
  if (page.board) page.board.render(parts.board, ctx);
  else renderGeneric(parts.board, ctx);
  parts.actions.hidden = !step.expects_action;
  if (step.expects_action) renderActions(parts.actions, ctx);
  else parts.actions.replaceChildren();
  const index = page.course.lessons.findIndex((lesson) => lesson.id === step.lesson);
  const next = page.course.lessons[index + 1];
  fill(
    parts.step,
    h("h2", {}, step.title),
    step.finished
      ? [
          h("p", { class: "lesson-done", id: "lesson-done" }, t("Lesson done")),
          h("p", { class: "lesson-words", id: "lesson-summary" }, step.summary),
          h(
            "p",
            { class: "lesson-links" },
            next
              ? h("a", { class: "button", id: "next-lesson", href: address(next.id) }, t("Next lesson: {title}", { title: next.title }))
              : h("a", { id: "back-to-course", href: "/" }, t("Play a game")),
          ),
        ]
      : [
          h("p", { class: "step-count", id: "step-count" }, t("Step {n} of {count}", { n: step.at + 1, count: step.steps })),
          h("p", { class: "lesson-words", id: "step-words" }, step.say),
          h("p", { class: "notice", id: "refusal", role: "alert", hidden: refusal === null }, refusal ?? ""),
          !step.expects_action && h("button", { type: "button", id: "next", onclick: () => move(null) }, t("Next")),
          // The rulebook's passage the lesson rebuilds, after what to do now.
          step.source && step.at === 0 && h("blockquote", { class: "lesson-source" }, step.source),
        ],
  );
  parts.step.scrollTop = 0;
  highlight();
  bringIntoView();
}

/** Scroll the part the step waits for (else the first it points at) into the screen when it
 *  is not: above the step's words, which a phone keeps at the bottom of the screen. */
function bringIntoView() {
  const target = root.querySelector(".lesson-expect") ?? parts.board.querySelector(".lesson-point");
  if (!target) return;
  target.scrollIntoView({ block: "nearest", behavior: "instant" }); // every box that scrolls
  const column = target.closest(".side");
  if (column && getComputedStyle(column).overflowY !== "visible") {
    // Beside the board: the column scrolls under the step's words, which stay at its top.
    const below = parts.step.getBoundingClientRect().bottom + 8;
    const top = target.getBoundingClientRect().top;
    if (top < below) column.scrollTop -= below - top;
    return;
  }
  const covered = getComputedStyle(parts.step).position === "fixed" ? parts.step.offsetHeight : 0;
  const room = window.innerHeight - covered;
  const box = target.getBoundingClientRect();
  if (box.top >= 0 && box.bottom <= room) return;
  window.scrollBy({ top: box.top - Math.max(8, (room - box.height) / 3), behavior: "instant" });
}

// A window that changes width (a phone turned, a window resized) is laid out anew: the part
// the step waits for is brought back into view. A change of height alone is a phone's address
// bar coming and going as the learner scrolls, and is left alone.
let laidOutWidth = window.innerWidth;
window.addEventListener("resize", () => {
  if (window.innerWidth === laidOutWidth) return;
  laidOutWidth = window.innerWidth;
  if (page.step) bringIntoView();
});

async function show(step) {
  page.step = step;
  if (step.finished) {
    keepDone(step.lesson);
    renderCourse();
  }
  renderStep();
}

/** Take the step: its action (or none, to go on), answered with the next step; another
 *  action is answered at once with the step's words for why not (the server would refuse it
 *  with the same words). */
async function move(action) {
  if (page.busy || !page.step || page.step.finished) return;
  if (action !== null && !sameAction(action, page.step.expect ?? [])) {
    renderStep(page.step.otherwise); // the lesson's own words, without asking the server
    return;
  }
  page.busy = true;
  root.dataset.busy = "true";
  try {
    const next = await api(`${lessonPath(page.step.lesson)}/steps`, {
      method: "POST",
      body: { at: page.step.at, action },
    });
    await show(next);
  } catch (error) {
    renderStep(error instanceof ApiError ? error.message : String(error));
  } finally {
    page.busy = false;
    root.dataset.busy = "false";
  }
}

function act(action) {
  move(action);
}

/** The learner is "you"; the other seats are numbered. */
function nameSeats(step) {
  const t = page.text.t.bind(page.text);
  page.text.names = Array.from({ length: step.players }, (_, s) =>
    s === step.seat ? t("You") : t("Seat {n}", { n: s + 1 }),
  );
}

async function setLanguage(lang) {
  page.lang = lang;
  page.text = await loadText(lang, page.game);
  languageSwitch(document.getElementById("language"), lang, setLanguage);
  page.course = await api(`/games/${encodeURIComponent(page.game)}/lessons?lang=${lang}`);
  if (page.step) nameSeats(page.step);
  const title = `${gameTitle()} — ${page.text.t("Learn to play")}`;
  fill(document.getElementById("title"), title);
  document.title = `${title} — Tabulae`;
  renderCourse();
  if (page.step) {
    page.step = await api(`${lessonPath(page.step.lesson)}?at=${page.step.at}&lang=${lang}`);
    renderStep();
  }
}

async function start() {
  if (!page.game) {
    fill(root, h("p", { class: "notice" }, "No game is named in the address."));
    return;
  }
  try {
    const games = await api("/games");
    page.gameName = games.find((g) => g.id === page.game)?.name ?? page.game;
    page.board = await boardFor(page.game);
    await setLanguage(page.lang);
  } catch (error) {
    fill(root, h("p", { class: "notice" }, error.message));
    return;
  }
  const lessons = page.course.lessons;
  if (lessons.length === 0) {
    fill(root, parts.course, h("p", { class: "notice" }, page.text.t("This game has no lessons yet.")));
    return;
  }
  if (!lessons.some((lesson) => lesson.id === page.lesson)) {
    page.lesson = (lessons.find((lesson) => !isDone(lesson)) ?? lessons[0]).id;
    history.replaceState(null, "", address(page.lesson));
  }
  renderCourse();
  fill(
    root,
    h(
      "div",
      { class: "play learn-play" },
      h("div", { class: "main" }, parts.board),
      h("aside", { class: "side" }, parts.step, parts.actions, parts.course),
    ),
  );
  let step;
  try {
    step = await api(`${lessonPath(page.lesson)}?at=0&lang=${page.lang}`);
  } catch (error) {
    fill(parts.step, h("p", { class: "notice" }, error.message));
    return;
  }
  nameSeats(step);
  await show(step);
}

start();
