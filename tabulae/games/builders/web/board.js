// The Builders: Antiquity: the building and worker rows, the investments, and each player's
// sites with their workers and tools, finished buildings, idle cards, coins and the actions
// left this turn. Click a card in a row to start or hire it, an idle card to send, train or
// free it, a site to send a card to it.

import { h } from "/js/dom.js";
import { clickable, legalStarting, picture, term } from "/boards/kit.js";
import { ruledPart } from "/js/tooltip.js";

const GAME = "builders";
// The VP that, held at the end of a turn, trigger the last round (B-20).
const TRIGGER_VP = 17;
// The words icons.svg draws: the materials, the people, money and points, the parts of the
// table, and the actions; each is a glossary word, named in the player's language.
const PICTURED = [
  "stone", "wood", "architecture", "decoration",
  "worker", "apprentice", "laborer", "craftsman", "master", "slave", "citizen",
  "sesterces", "vp", "loan", "bank",
  "building", "machine", "tool", "mallet", "saw", "square", "brush", "university",
  "start", "hire", "send", "train", "free", "buy", "take", "end",
];

/** A card's word in the notation and the glossary: a freed slave's is its citizen side's. */
function word(card) {
  return card.kind === "citizen" ? `citizen_${card.id.replace("slave_", "")}` : card.id;
}

/** A card's name as the game's glossary gives it: a worker, slave or citizen with its materials
 *  (the fourth apprentice's, the pair the table's option gives him, as the log names him). */
function name(card, text) {
  return term(card.kind === "worker" && card.word ? card.word : word(card), text);
}

/** What a card's face says: a worker's rank, or slave or citizen (its materials show below). */
function face(card, text) {
  if (card.kind === "worker") return term(card.id.replace(/_\d+$/, ""), text);
  if (card.kind === "slave" || card.kind === "citizen") return term(card.kind, text);
  return name(card, text);
}

/** The picture a working card is drawn with: its rank, or slave, citizen or machine. */
function kindWord(card) {
  return card.kind === "worker" ? card.id.replace(/_\d+$/, "") : card.kind;
}

/** `word`'s picture with `count` before it, marked with `classes` for the board's styles. */
function drawn(word, text, count = null, classes = "") {
  const node = picture(GAME, word, text, count);
  if (classes) node.classList.add(...classes.split(" "));
  return node;
}

/** A picture inside a part that names it, with its rules: the part's title is the one shown. */
function inPart(node) {
  node.removeAttribute("title");
  return node;
}

/** A part's title, its name with the rules that govern it as the action's help in the
 * catalogs gives them (a building's: starting it; a loan's: taking one), and its link to the
 * rules section that lists `term` (the action, unless the part has a section of its own). */
function rulesOf(partName, action, text, term = action) {
  return ruledPart(GAME, term, partName, text.message(`builders.help.${action}`), text);
}

/** The action whose rules a worker card follows: a slave is freed into a citizen, who is
 * hired like any worker; a finished machine is a building that works. */
const WORKER_RULES = { slave: "free", citizen: "free", machine: "start" };

function vp(amount, text, big = false) {
  return drawn("vp", text, amount, `vp${big ? " big" : ""}`);
}

function coins(amount, text, big = false) {
  return drawn("sesterces", text, amount, `coins${big ? " big" : ""}`);
}

function materials(ctx, amounts, kind) {
  const { view, text } = ctx;
  return h(
    "span",
    { class: `materials ${kind}` },
    view.materials.map((material, i) => {
      if (!(amounts[i] > 0)) return null;
      const node = drawn(material.id, text, amounts[i], "material");
      node.dataset.material = material.id;
      return node;
    }),
  );
}

/** What a click on a part means when it offers no legal action, sent so that the rules say
 *  why it is not allowed now (a seated player's only). */
function attempt(ctx, action) {
  return ctx.seat === null ? null : action;
}

function buildingCard(ctx, building, actions = [], meant = null) {
  const { text } = ctx;
  const node = h(
    "div",
    {
      class: `bd-card building${building.machine ? " machine" : ""}`,
      "data-card": building.card,
      ...rulesOf(name(building, text), "start", text),
    },
    h("div", { class: "card-name" }, name(building, text)),
    h("div", { class: "cost" }, materials(ctx, building.cost, "cost")),
    h(
      "div",
      { class: "card-foot" },
      building.machine
        ? h("span", { class: "gives" }, drawn("machine", text), materials(ctx, building.provides, "provides"))
        : coins(building.sesterces, text),
      vp(building.vp, text),
    ),
  );
  return clickable(node, actions, ctx, meant);
}

function workerCard(ctx, card, actions = [], tool = null, meant = null) {
  const { text } = ctx;
  const node = h(
    "div",
    {
      class: `bd-card worker ${card.kind}`,
      "data-card": card.card,
      ...rulesOf(name(card, text), WORKER_RULES[card.kind] ?? "hire", text, card.kind === "machine" ? "machine" : undefined),
    },
    h("div", { class: "card-name", title: name(card, text) }, face(card, text)),
    materials(ctx, card.provides, "provides"),
    h(
      "div",
      { class: "card-foot" },
      h(
        "span",
        { class: "pay" },
        wage(card.wage, text),
        card.university &&
          h(
            "span",
            { class: "university", title: text.message("builders.board.university", { material: term(card.university, text) }) },
            drawn("university", text),
            drawn(card.university, text),
          ),
        tool && drawn(tool, text, null, "tool"),
      ),
      drawn(kindWord(card), text, null, "kind"),
    ),
  );
  return clickable(node, actions, ctx, meant);
}

/** A worker's wage: sesterces, named as the wage. */
function wage(amount, text) {
  const node = coins(amount, text);
  const said = `${text.message("builders.board.wage")}: ${amount} ${term("sesterces", text)}`;
  node.title = said;
  node.setAttribute("aria-label", said);
  return node;
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
      h("h4", {}, term("buildings", text), " ", h("small", {}, text.message("builders.board.deck", { cards: view.buildings.deck }))),
      h("div", { class: "cards" }, view.buildings.row.map((b) => buildingCard(ctx, b, legalStarting(ctx, "start", b.id), attempt(ctx, ["start", b.id])))),
    ),
    h(
      "div",
      { class: "bd-row", "data-area": "workers" },
      h("h4", {}, term("workers", text), " ", h("small", {}, text.message("builders.board.deck", { cards: view.workers.deck }))),
      h("div", { class: "cards" }, view.workers.row.map((w) => workerCard(ctx, w, legalStarting(ctx, "hire", w.id), null, attempt(ctx, ["hire", w.id])))),
    ),
    h(
      "div",
      { class: "bd-row investments", "data-area": "investments" },
      h("h4", {}, term("investments", text)),
      h(
        "div",
        { class: "cards" },
        investments.slaves.map((slave) =>
          workerCard(ctx, slave, legalStarting(ctx, "buy", "slave", slave.id), null, attempt(ctx, ["buy", "slave", slave.id])),
        ),
        h(
          "div",
          { class: "bd-stack tools" },
          h("small", {}, text.message("builders.board.tools")),
          investments.tools.map((tool) =>
            clickable(
              h(
                "span",
                { class: "tool", "data-tool": tool.word, ...rulesOf(`${term(tool.word, text)} (${term(tool.adds, text)})`, "buy", text) },
                inPart(drawn(tool.word, text)),
                inPart(drawn(tool.adds, text)),
              ),
              legalStarting(ctx, "buy", "tool", tool.word),
              ctx,
              attempt(ctx, ["buy", "tool", tool.word]),
            ),
          ),
        ),
        clickable(
          h(
            "div",
            { class: "bd-stack loans", "data-area": "loans", ...rulesOf(term("loan", text), "loan", text) },
            h("small", {}, term("loan", text)),
            inPart(drawn("loan", text, investments.loans)),
          ),
          legalStarting(ctx, "loan"),
          ctx,
          attempt(ctx, ["loan"]),
        ),
        h(
          "div",
          { class: "bd-stack universities" },
          h("small", {}, text.message("builders.board.universities")),
          investments.universities.map((material) =>
            h(
              "span",
              { class: "university", "data-material": material, ...rulesOf(term(material, text), "train", text) },
              inPart(drawn("university", text)),
              inPart(drawn(material, text)),
            ),
          ),
        ),
        h("div", { class: "bd-stack prices" }, h("small", {}, text.message("builders.board.prices", investments.prices))),
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
    turn.free_actions_left === 0 && h("span", {}, text.message("builders.board.extra_action", { price: turn.extra_action_cost })),
    turn.investment_taken && h("span", { class: "taken" }, text.message("builders.board.investment_taken")),
    progress(view, text),
    view.bank !== null && h("span", { class: "bank" }, drawn("bank", text), coins(view.bank, text)),
    takes.map((action) => clickable(h("button", { type: "button", class: "bd-take", name: action.join("-") }, text.action(action, GAME)), [action], ctx)),
    end.map((action) => clickable(h("button", { type: "button", class: "bd-end", name: "end" }, text.action(action, GAME)), [action], ctx)),
  );
}

/** How near the end is: the round, and the leader's VP against the 17 that trigger the last
 *  round (rule B-20); in the last round, that it is the last. */
function progress(view, text) {
  const leader = Math.max(...view.players.map((player) => player.vp));
  return h(
    "span",
    { class: "progress" },
    text.message("builders.board.progress", { round: view.round, vp: leader, goal: TRIGGER_VP }),
    view.last_round ? ` · ${term("last_round", text)}` : "",
  );
}

function site(ctx, player, buildingSite) {
  const { text } = ctx;
  const building = buildingSite.building;
  const mine = ctx.seat === player.seat;
  const sends = mine ? ctx.legal.filter((a) => a[0] === "send" && a[2] === building.id) : [];
  // a click on a site with no card to send means the first idle card
  const idle = player.idle[0];
  const meant = mine && idle ? attempt(ctx, ["send", word(idle), building.id]) : null;
  const node = h(
    "div",
    { class: "bd-site", "data-site": building.card },
    buildingCard(ctx, building),
    h(
      "div",
      { class: "progress" },
      h("div", {}, h("small", {}, text.message("builders.board.supplied")), materials(ctx, buildingSite.supplied, "supplied")),
      h("div", {}, h("small", {}, text.message("builders.board.missing")), materials(ctx, buildingSite.missing, "missing")),
    ),
    h("div", { class: "crew" }, buildingSite.crew.map((member) => workerCard(ctx, member.card, [], member.tool))),
  );
  return clickable(node, sends, ctx, meant);
}

/** What a click on an idle card means: a slave is freed; a worker or citizen goes to the
 *  first building under construction, or else is trained at the first University. */
function idleAttempt(ctx, player, card) {
  if (card.kind === "slave") return attempt(ctx, ["free", word(card)]);
  const site = player.sites[0];
  if (site) return attempt(ctx, ["send", word(card), site.building.id]);
  return attempt(ctx, ["train", word(card), ctx.view.investments.universities[0] ?? "stone"]);
}

function playerArea(ctx, player) {
  const { text, view } = ctx;
  const mine = ctx.seat === player.seat;
  const cardActions = (card) =>
    mine
      ? ctx.legal.filter((a) => ["send", "train", "free"].includes(a[0]) && a[1] === word(card))
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
      coins(player.sesterces, text, true),
      vp(player.vp, text, true),
      player.loans > 0 && drawn("loan", text, player.loans, "loans big"),
      player.tools.length > 0 && h("span", { class: "tools" }, player.tools.map((tool) => drawn(tool.word, text, null, "tool big"))),
    ),
    h(
      "div",
      { class: "bd-player-body" },
      h(
        "div",
        { class: "idle", "data-area": "idle" },
        h("h5", {}, term("idle", text)),
        h("div", { class: "cards" }, player.idle.map((card) => workerCard(ctx, card, cardActions(card), null, mine ? idleAttempt(ctx, player, card) : null))),
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

/**
 * The score sheet: per player, the VP of the buildings, then the end's settlement (slaves freed
 * and loans repaid, as best serves the score) and each part of the score in VP, the sesterces
 * left turned into VP at 1 per 10, so that the fraction of a score is explained.
 */
function breakdown(result, ctx) {
  const { text, players } = ctx;
  const settled = result.details.players;
  if (!settled) return null;
  const rules = result.details.rules;
  const rate = rules.sesterces_per_vp;
  const rows = [
    ["vp", "builders.board.sheet_buildings", {}],
    ["held", "builders.board.sheet_held", {}],
    ["freed", "builders.board.sheet_freed", { price: rules.free }],
    ["repaid", "builders.board.sheet_repaid", { price: rules.repay }],
    ["left", "builders.board.sheet_left", {}],
    ["sesterces_vp", "builders.board.sheet_sesterces_vp", { rate }],
    ["slaves_vp", "builders.board.sheet_slaves_vp", { vp: rules.unfreed_slave_vp }],
    ["loans_vp", "builders.board.sheet_loans_vp", { vp: rules.unpaid_loan_vp }],
    ["score", "builders.board.sheet_score", {}],
  ];
  const cell = (p, key) => (key === "freed" ? p.freed.length : p[key]);
  return h(
    "div",
    { class: "breakdown builders-sheet" },
    h(
      "table",
      { class: "grid breakdown" },
      h("tr", {}, h("th", {}), Array.from({ length: players }, (_, s) => h("th", {}, text.seat(s)))),
      rows.map(([key, msgid, args]) =>
        h(
          "tr",
          { "data-row": key, class: key === "score" ? "total" : null },
          h("th", {}, text.message(msgid, args)),
          settled.map((p) => h("td", {}, text.number(cell(p, key)))),
        ),
      ),
    ),
    h("p", { class: "note" }, text.message("builders.board.sheet_note", { rate })),
  );
}

/** Per seat, why it shares its place or not: the rules break no tie (ruling B-23). */
function tiebreaks(result, ctx) {
  const { text } = ctx;
  return result.scores.map((score, seat) => {
    const tied = result.scores.flatMap((other, s) => (s !== seat && other === score ? [s] : []));
    if (tied.length === 0) return text.message("builders.board.no_tie");
    return text.message("builders.board.tie", { players: tied.map((s) => text.seat(s)).join(", ") });
  });
}

/** A player's panel at the top of the table page: his VP, and the sesterces he holds. */
function panel(ctx, seat) {
  const player = ctx.view.players?.[seat];
  if (!player) return null;
  return { score: player.vp, holds: `${term("sesterces", ctx.text)}: ${player.sesterces}` };
}

export default {
  render,
  breakdown,
  tiebreaks,
  panel,
  // The words with a picture in icons.svg, and the picture shown beside them in running text.
  markedWords: PICTURED,
  mark: (word, text) => picture(GAME, word, text, null, { beside: true }),
};
