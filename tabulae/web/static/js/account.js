// The account page: sign up, sign in and out, change the password, and my games — where it is
// my move, where I wait, and the finished ones with their replays. While the page is open it
// looks again every few seconds and tells me (in the page, the tab's title and, if allowed, a
// browser notification) when a game comes to my move.

import { api } from "./api.js";
import { fill, h } from "./dom.js";
import * as store from "./store.js";

const root = document.getElementById("account");
const CHECK_MS = 5000;
let known = null; // the tables that were at my move at the last look
let timer = null;

function field(label, name, type = "text", extra = {}) {
  return h("label", {}, label, " ", h("input", { name, type, required: true, ...extra }));
}

function form(id, title, fields, submit, onSubmit) {
  const notice = h("p", { class: "notice", role: "alert", hidden: true });
  const element = h(
    "form",
    { id },
    h("h2", {}, title),
    fields,
    h("button", { type: "submit" }, submit),
    notice,
  );
  element.addEventListener("submit", async (event) => {
    event.preventDefault();
    const values = Object.fromEntries(new FormData(element));
    try {
      await onSubmit(values);
    } catch (error) {
      fill(notice, error.message);
      notice.hidden = false;
    }
  });
  return element;
}

function signedOut() {
  clearInterval(timer);
  fill(
    root,
    form(
      "sign-in",
      "Sign in",
      [field("Username", "username"), field("Password", "password", "password")],
      "Sign in",
      async ({ username, password }) => {
        await api("/session", { method: "POST", body: { username, password } });
        await show();
      },
    ),
    form(
      "sign-up",
      "Create an account",
      [
        field("Username", "username", "text", { maxlength: 40 }),
        field("Password", "password", "password", { minlength: 8, maxlength: 128 }),
        h("label", {}, "E-mail for reminders (optional) ", h("input", { name: "email", type: "email" })),
      ],
      "Create the account",
      async ({ username, password, email }) => {
        const body = { username, password };
        if (email) body.email = email;
        await api("/accounts", { method: "POST", body });
        await show();
      },
    ),
    h("p", {}, "Without an account you still play as a guest: your seats stay in this browser."),
  );
}

function gameLink(game, kind) {
  const go = (event) => {
    if (game.token) store.keepSeat(game.id, game.my_seat, game.token);
    if (kind === "finished") return;
    event.preventDefault();
    location.href = `/table.html?id=${encodeURIComponent(game.id)}`;
  };
  const href =
    kind === "finished"
      ? `/replay.html?id=${encodeURIComponent(game.id)}`
      : `/table.html?id=${encodeURIComponent(game.id)}`;
  const others = game.seats
    .filter((seat) => seat.seat !== game.my_seat)
    .map((seat) => seat.name ?? "free seat")
    .join(", ");
  return h(
    "li",
    { "data-table": game.id },
    h("a", { href, onclick: go }, `${game.game} · table ${game.id}`),
    ` with ${others || "no one yet"}`,
    game.deadline && h("small", {}, ` · move by ${new Date(game.deadline).toLocaleString()}`),
  );
}

function remind(games) {
  const now = new Set(games.my_move.map((game) => game.id));
  const fresh = known === null ? [] : [...now].filter((id) => !known.has(id));
  known = now;
  document.title = `${now.size ? `(${now.size}) ` : ""}My games — Tabulae`;
  const banner = document.getElementById("reminder");
  banner.hidden = now.size === 0;
  fill(banner, now.size === 1 ? "It is your move in one game." : `It is your move in ${now.size} games.`);
  if (fresh.length && "Notification" in window && Notification.permission === "granted") {
    new Notification("Tabulae: your move", { body: `${fresh.length} game(s) wait for you` });
  }
}

async function showGames() {
  const games = await api("/me/games");
  const section = document.getElementById("games");
  const list = (kind, title, empty) =>
    h(
      "section",
      { id: kind },
      h("h3", {}, title),
      games[kind].length
        ? h("ul", {}, games[kind].map((game) => gameLink(game, kind)))
        : h("p", {}, empty),
    );
  fill(
    section,
    list("my_move", "My move", "No game waits for you."),
    list("waiting", "Waiting for others", "None."),
    list("finished", "Finished", "None yet."),
  );
  remind(games);
}

async function show() {
  const me = await api("/me");
  if (!me.signed_in) {
    signedOut();
    return;
  }
  fill(
    root,
    h(
      "p",
      { id: "signed-in" },
      "Signed in as ",
      h("a", { href: `/player.html?name=${encodeURIComponent(me.username)}` }, h("b", {}, me.username)),
      " ",
      h("button", { id: "sign-out", type: "button", onclick: signOut }, "Sign out"),
      "Notification" in window &&
        Notification.permission === "default" &&
        h(
          "button",
          { type: "button", onclick: () => Notification.requestPermission() },
          "Notify me in this browser",
        ),
    ),
    h("p", { id: "reminder", class: "notice", role: "status", hidden: true }),
    h("div", { id: "games" }),
    form(
      "password",
      "Change the password",
      [
        field("Current password", "password", "password"),
        field("New password", "new_password", "password", { minlength: 8, maxlength: 128 }),
      ],
      "Change",
      async (values) => {
        await api("/me/password", { method: "POST", body: values });
        fill(document.querySelector("#password .notice"), "The password is changed.");
        document.querySelector("#password .notice").hidden = false;
      },
    ),
  );
  await showGames();
  clearInterval(timer);
  timer = setInterval(() => showGames().catch(() => {}), CHECK_MS);
}

async function signOut() {
  await api("/session", { method: "DELETE" });
  known = null;
  signedOut();
}

show();
