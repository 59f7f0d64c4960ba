// The page an e-mail's link opens to confirm an address for reminders: it sends the link's
// token once (opening the link is what confirms, not a mail scanner fetching it) and says
// what came of it.

import { api } from "./api.js";
import { fill, h, param } from "./dom.js";
import { peoplePage, refusal } from "./people.js";

const root = document.getElementById("confirm");
let outcome = null; // the server's answer, or its refusal, kept across language switches

peoplePage(async (text) => {
  const t = (msgid, args) => text.t(msgid, args);
  document.title = `${t("E-mail for reminders")} — Tabulae`;
  outcome ??= await api("/email/confirm", { method: "POST", body: { token: param("token") ?? "" } }).catch(
    (error) => ({ error }),
  );
  fill(
    root,
    h("h2", {}, t("E-mail for reminders")),
    outcome.error
      ? h("p", { class: "notice", id: "refused", role: "alert" }, refusal(text, outcome.error))
      : h("p", { id: "confirmed" }, t("The address {email} is confirmed: reminders will come to it.", { email: outcome.email })),
    h("p", {}, h("a", { href: "/account.html" }, t("My games"))),
  );
});
