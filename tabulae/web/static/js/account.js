// The account page: sign up, sign in and out, change the password, and my games — where it is
// my move, where I wait, and the finished ones with their replays. While the page is open it
// looks again every few seconds and tells me (in the page, the tab's title and, if allowed, a
// browser notification) when a game comes to my move. Reminders by e-mail come in the language
// the page is shown in, to an address confirmed by the link mailed to it.

import { api } from "./api.js";
import { fill, h } from "./dom.js";
import { gameNames, gameTitle, otherPlayers, peoplePage, refusal } from "./people.js";
import * as store from "./store.js";

const root = document.getElementById("account");
const CHECK_MS = 5000;
let text = null;
let names = {}; // game id → its name in the chosen language
let me = null;
let known = null; // the tables that were at my move at the last look
let timer = null;

const t = (msgid, args) => text.t(msgid, args);

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
      fill(notice, refusal(text, error));
      notice.hidden = false;
    }
  });
  return element;
}

function signedOut() {
  clearInterval(timer);
  document.title = `${t("Sign in")} — Tabulae`;
  fill(
    root,
    form(
      "sign-in",
      t("Sign in"),
      [field(t("Username"), "username"), field(t("Password"), "password", "password")],
      t("Sign in"),
      async ({ username, password }) => {
        await api("/session", { method: "POST", body: { username, password } });
        await show();
      },
    ),
    form(
      "sign-up",
      t("Create an account"),
      [
        field(t("Username"), "username", "text", { maxlength: 40 }),
        field(t("Password"), "password", "password", { minlength: 8, maxlength: 128 }),
        h(
          "label",
          {},
          t("E-mail for reminders (optional)"),
          " ",
          h("input", { name: "email", type: "email" }),
        ),
      ],
      t("Create the account"),
      async ({ username, password, email }) => {
        const body = { username, password, language: text.lang };
        if (email) body.email = email;
        await api("/accounts", { method: "POST", body });
        await show();
      },
    ),
    h("p", {}, t("Without an account you still play as a guest: your seats stay in this browser.")),
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
  const others = otherPlayers(text, game, game.my_seat);
  return h(
    "li",
    { "data-table": game.id },
    h("a", { href, onclick: go }, gameTitle(text, names, game)),
    " ",
    others ? t("with {names}", { names: others }) : t("with no one yet"),
    game.deadline &&
      h("small", {}, " · ", t("move by {time}", { time: new Date(game.deadline).toLocaleString(text.lang) })),
    kind === "finished" &&
      Number.isInteger(game.my_seat) && [
        " · ",
        h(
          "a",
          {
            href: `/replay.html?id=${encodeURIComponent(game.id)}&seat=${game.my_seat}&review=${game.my_seat}`,
            class: "review-link",
          },
          t("Review my game"),
        ),
      ],
  );
}

function remind(games) {
  const now = new Set(games.my_move.map((game) => game.id));
  const fresh = known === null ? [] : [...now].filter((id) => !known.has(id));
  known = now;
  document.title = `${now.size ? `(${now.size}) ` : ""}${t("My games")} — Tabulae`;
  const banner = document.getElementById("reminder");
  banner.hidden = now.size === 0;
  fill(banner, t("It is your move in {n:# game|# games}.", { n: now.size }));
  if (fresh.length && "Notification" in window && Notification.permission === "granted") {
    new Notification(t("Tabulae: your move"), {
      body: t("{n:# game waits|# games wait} for you.", { n: fresh.length }),
    });
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
    list("my_move", t("My move"), t("No game waits for you.")),
    list("waiting", t("Waiting for others"), t("None.")),
    list("finished", t("Finished"), t("None yet.")),
  );
  remind(games);
}

function emailStatus() {
  if (!me.email) return t("No address: no reminders by e-mail.");
  if (me.email_confirmed) return t("Reminders go to {email}.", { email: me.email });
  return t("Reminders will go to {email} once you open the link sent to it.", { email: me.email });
}

function emailForm() {
  return form(
    "email",
    t("E-mail for reminders"),
    [
      h("p", { id: "email-status" }, emailStatus()),
      field(t("E-mail"), "email", "email", { value: me.email ?? "", maxlength: 254 }),
    ],
    t("Send the confirmation link"),
    async ({ email }) => {
      me = await api("/me/email", { method: "POST", body: { email } });
      fill(document.getElementById("email-status"), emailStatus());
      const notice = document.querySelector("#email .notice");
      fill(notice, t("A link went to {email}: open it to confirm the address.", { email }));
      notice.hidden = false;
    },
  );
}

async function show() {
  me = await api("/me");
  if (!me.signed_in) {
    signedOut();
    return;
  }
  if (me.language !== text.lang) {
    me = await api("/me/language", { method: "POST", body: { language: text.lang } });
  }
  fill(
    root,
    h(
      "p",
      { id: "signed-in" },
      t("Signed in as"),
      " ",
      h("a", { href: `/player.html?name=${encodeURIComponent(me.username)}` }, h("b", {}, me.username)),
      " ",
      h("button", { id: "sign-out", type: "button", onclick: signOut }, t("Sign out")),
      "Notification" in window &&
        Notification.permission === "default" &&
        h(
          "button",
          { type: "button", onclick: () => Notification.requestPermission() },
          t("Notify me in this browser"),
        ),
    ),
    h("p", { id: "reminder", class: "notice", role: "status", hidden: true }),
    h("div", { id: "games" }),
    emailForm(),
    form(
      "password",
      t("Change the password"),
      [
        field(t("Current password"), "password", "password"),
        field(t("New password"), "new_password", "password", { minlength: 8, maxlength: 128 }),
      ],
      t("Change"),
      async (values) => {
        await api("/me/password", { method: "POST", body: values });
        fill(document.querySelector("#password .notice"), t("The password is changed."));
        document.querySelector("#password .notice").hidden = false;
      },
    ),
  );
  known = null;
  await showGames();
  clearInterval(timer);
  timer = setInterval(() => showGames().catch(() => {}), CHECK_MS);
}

async function signOut() {
  await api("/session", { method: "DELETE" });
  known = null;
  signedOut();
}

peoplePage(async (chosen) => {
  text = chosen;
  names = await gameNames(text, await api("/games"));
  await show();
});
