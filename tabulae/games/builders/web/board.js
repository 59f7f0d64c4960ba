// The Builders: Antiquity: the building and worker rows, the investments, and each player's
// sites with their workers and tools, finished buildings, idle cards, coins and the actions
// left this turn. Click a card in a row to start or hire it, an idle card to send, train or
// free it, a site to send a card to it.

import { h } from "/js/dom.js";
import { clickable, legalStarting, term } from "/boards/kit.js";

const GAME = "builders";
const MATERIAL_MARK = { stone: "S", wood: "W", architecture: "A", decoration: "D" };
const MATERIAL_COLOUR = { stone: "#7b7b7b", wood: "#8a5a2b", architecture: "#2f5d9b", decoration: "#b3362b" };

function name(card, text) {
  if (text.hasTerm(card.id)) return text.term(card.id);
  return card.names?.[text.lang] || card.names?.en || term(card.id, text);
}

function materials(ctx, amounts, kind) {
  const { view, text } = ctx;
  return h(
    "span",
    { class: `materials ${kind}` },
    view.materials.map((material, i) =>
      amounts[i] > 0
        ? h(
            "span",
            {
              class: "material",
              style: `--material:${MATERIAL_COLOUR[material.id]}`,
              title: term(material.id, text),
              "data-material": material.id,
            },
            `${amounts[i]}${MATERIAL_MARK[material.id]}`,
          )
        : null,
    ),
  );
}

function buildingCard(ctx, building, actions = []) {
  const { text } = ctx;
  const node = h(
    "div",
    { class: `bd-card building${building.machine ? " machine" : ""}`, "data-card": building.card },
    h("div", { class: "card-name" }, name(building, text), h("small", { class: "no" }, ` ${building.card}`)),
    h("div", { class: "cost", title: term("building", text) }, materials(ctx, building.cost, "cost")),
    h(
      "div",
      { class: "card-foot" },
      building.machine
        ? h("span", { title: term("machine", text) }, "⚙ ", materials(ctx, building.provides, "provides"))
        : h("span", { class: "coins", title: term("sesterces", text) }, building.sesterces),
      h("span", { class: "vp", title: "VP" }, building.vp),
    ),
  );
  return clickable(node, actions, ctx);
}

function workerCard(ctx, card, actions = [], tool = null) {
  const { text } = ctx;
  const node = h(
    "div",
    { class: `bd-card worker ${card.kind}`, "data-card": card.card },
    h("div", { class: "card-name" }, name(card, text), h("small", { class: "no" }, ` ${card.card}`)),
    materials(ctx, card.provides, "provides"),
    h(
      "div",
      { class: "card-foot" },
      h("span", { class: "coins", title: text.message("builders.board.wage") }, card.wage),
      card.university &&
        h("span", { class: "university", title: `${term("university", text)}: ${term(card.university, text)}` }, `U·${MATERIAL_MARK[card.university]}`),
      tool && h("span", { class: "tool", title: term(tool, text) }, term(tool, text)),
    ),
  );
  return clickable(node, actions, ctx);
}

function rows(ctx) {
  const { view, text } = ctx;
  const investments = view.investments;
  return h(
    "section",
    { class: "bd-rows" },
    h(
      "div",
      { class: "bd-row", "data-area": "buildings" },
      h("h4", {}, term("buildings", text), " ", h("small", {}, `(${view.buildings.deck})`)),
      h("div", { class: "cards" }, view.buildings.row.map((b) => buildingCard(ctx, b, legalStarting(ctx, "start", b.card)))),
    ),
    h(
      "div",
      { class: "bd-row", "data-area": "workers" },
      h("h4", {}, term("workers", text), " ", h("small", {}, `(${view.workers.deck})`)),
      h("div", { class: "cards" }, view.workers.row.map((w) => workerCard(ctx, w, legalStarting(ctx, "hire", w.card)))),
    ),
    h(
      "div",
      { class: "bd-row investments", "data-area": "investments" },
      h("h4", {}, term("investments", text)),
      h(
        "div",
        { class: "cards" },
        investments.slaves.map((slave) => workerCard(ctx, slave, legalStarting(ctx, "buy", "slave", slave.card))),
        h(
          "div",
          { class: "bd-stack tools" },
          h("small", {}, text.message("builders.board.tools")),
          investments.tools.map((tool) =>
            clickable(
              h("span", { class: "tool", "data-tool": tool.word, title: term(tool.adds, text) }, name(tool, text)),
              legalStarting(ctx, "buy", "tool", tool.word),
              ctx,
            ),
          ),
        ),
        clickable(
          h("div", { class: "bd-stack loans", "data-area": "loans" }, h("small", {}, term("loan", text)), h("strong", {}, investments.loans)),
          legalStarting(ctx, "loan"),
          ctx,
        ),
        h(
          "div",
          { class: "bd-stack universities" },
          h("small", {}, text.message("builders.board.universities")),
          investments.universities.map((material) => h("span", { class: "university", "data-material": material }, term(material, text))),
        ),
        h("div", { class: "bd-stack prices" }, h("small", {}, text.message("builders.board.prices")), h("span", {}, text.show(investments.prices))),
      ),
    ),
  );
}

function turnBar(ctx) {
  const { view, text } = ctx;
  const turn = view.turn;
  if (!turn) return null;
  const takes = legalStarting(ctx, "take");
  const end = legalStarting(ctx, "end");
  return h(
    "section",
    { class: "bd-turn", "data-area": "turn" },
    h("strong", {}, text.seat(turn.seat)),
    h("span", { title: term("actions_used", text) }, `${term("actions_used", text)}: ${turn.actions_used}`),
    h(
      "span",
      { class: "action-pips", title: term("free_actions_left", text) },
      Array.from({ length: Math.max(turn.free_actions_left, 0) }, () => h("span", { class: "pip" })),
      ` ${term("free_actions_left", text)}: ${turn.free_actions_left}`,
    ),
    turn.free_actions_left === 0 && h("span", {}, `${text.message("builders.board.price_of_another_action")}: ${turn.extra_action_cost}`),
    turn.investment_taken && h("span", { class: "taken" }, text.message("builders.board.investment_taken")),
    h("span", {}, `${term("round", text)} ${view.round}`, view.last_round ? ` · ${term("last_round", text)}` : ""),
    view.bank !== null && h("span", {}, `${term("bank", text)}: ${view.bank}`),
    takes.map((action) => clickable(h("button", { type: "button", class: "bd-take", name: action.join("-") }, text.action(action, GAME)), [action], ctx)),
    end.map((action) => clickable(h("button", { type: "button", class: "bd-end", name: "end" }, text.action(action, GAME)), [action], ctx)),
  );
}

function site(ctx, player, buildingSite) {
  const { text } = ctx;
  const building = buildingSite.building;
  const mine = ctx.seat === player.seat;
  const sends = mine ? ctx.legal.filter((a) => a[0] === "send" && a[2] === building.card) : [];
  const node = h(
    "div",
    { class: "bd-site", "data-site": building.card },
    buildingCard(ctx, building),
    h(
      "div",
      { class: "progress" },
      h("small", {}, text.message("builders.board.supplied"), " "),
      materials(ctx, buildingSite.supplied, "supplied"),
      h("small", {}, " ", text.message("builders.board.missing"), " "),
      materials(ctx, buildingSite.missing, "missing"),
    ),
    h("div", { class: "crew" }, buildingSite.crew.map((member) => workerCard(ctx, member.card, [], member.tool))),
  );
  return clickable(node, sends, ctx);
}

function playerArea(ctx, player) {
  const { text, view } = ctx;
  const mine = ctx.seat === player.seat;
  const cardActions = (card) =>
    mine
      ? ctx.legal.filter((a) => ["send", "train", "free"].includes(a[0]) && a[1] === card.card)
      : [];
  return h(
    "section",
    {
      class: `bd-player${mine ? " you" : ""}${view.turn?.seat === player.seat ? " to-move" : ""}`,
      "data-seat": player.seat,
    },
    h(
      "header",
      {},
      h("span", { class: `token seat-${player.seat}` }),
      h("strong", {}, text.seat(player.seat)),
      h("span", { class: "coins big", title: term("sesterces", text) }, player.sesterces),
      h("span", { class: "vp big", title: "VP" }, player.vp),
      player.loans > 0 && h("span", { class: "loans" }, `${term("loan", text)} × ${player.loans}`),
      player.tools.length > 0 && h("span", { class: "tools" }, player.tools.map((tool) => h("span", { class: "tool" }, name(tool, text)))),
    ),
    h(
      "div",
      { class: "bd-player-body" },
      h(
        "div",
        { class: "idle", "data-area": "idle" },
        h("h5", {}, term("idle", text)),
        h("div", { class: "cards" }, player.idle.map((card) => workerCard(ctx, card, cardActions(card)))),
      ),
      h(
        "div",
        { class: "sites", "data-area": "sites" },
        h("h5", {}, term("sites", text)),
        h("div", { class: "cards" }, player.sites.map((s) => site(ctx, player, s))),
      ),
      h(
        "div",
        { class: "finished", "data-area": "finished" },
        h("h5", {}, term("finished", text)),
        h("div", { class: "cards" }, player.finished.map((b) => buildingCard(ctx, b))),
      ),
    ),
  );
}

function render(root, ctx) {
  const players = [...ctx.view.players];
  if (ctx.seat !== null) players.unshift(...players.splice(ctx.seat, 1));
  root.replaceChildren(
    h(
      "div",
      { class: "builders", "data-game": GAME },
      turnBar(ctx),
      rows(ctx),
      players.map((player) => playerArea(ctx, player)),
    ),
  );
}

/** The settlement at the end: VP, slaves freed and loans repaid, sesterces left, the score. */
function breakdown(result, ctx) {
  const { text, players } = ctx;
  const settled = result.details.players;
  if (!settled) return null;
  const rows = [
    ["vp", term("vp", text)],
    ["held", text.message("builders.board.sesterces_held")],
    ["paid", text.message("builders.board.paid_to_free_slaves_and_repay_loans")],
    ["left", text.message("builders.board.sesterces_left")],
    ["unfreed_slaves", text.message("builders.board.slaves_not_freed")],
    ["unpaid_loans", text.message("builders.board.loans_not_repaid")],
    ["score", text.t("Score")],
  ];
  return h(
    "table",
    { class: "grid breakdown" },
    h("tr", {}, h("th", {}), Array.from({ length: players }, (_, s) => h("th", {}, text.seat(s)))),
    rows.map(([key, label]) => h("tr", {}, h("th", {}, label), settled.map((p) => h("td", {}, text.show(p[key]))))),
  );
}

export default { render, breakdown };
