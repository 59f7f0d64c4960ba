// Hadrian's Wall: the year and the Fate card on the table, and each player's two sheets with
// every box, track and area as printed, their Path and Prospect cards, and the Scouting Map on
// which a pattern is placed by dragging or clicking, turned and mirrored first.

import { h, s } from "/js/dom.js";
import { clickable, iconUrl, legalStarting, loadPrinted, picture, term } from "/boards/kit.js";
import { ruledPart } from "/js/tooltip.js";

const GAME = "hadrians_wall";

/**
 * The words the board draws as pictures, every one of them a symbol of icons.svg beside this
 * file: the workers, the citizens, the attributes, the rewards of the boxes and the cards.
 */
const PICTURES = [
  "soldier",
  "builder",
  "servant",
  "civilian",
  "resource",
  "trader",
  "performer",
  "priest",
  "apparitor",
  "patrician",
  "renown",
  "piety",
  "valour",
  "discipline",
  "attribute_of_choice",
  "production",
  "cohort",
  "favour",
  "sword",
  "infrastructure",
  "fort",
  "scout",
  "disdain",
  "remove_disdain",
  "trade_good",
  "gladiator_damage",
  "victory_point",
  "fate_card",
  "path_card",
  "prospect_card",
];

/** A part's title, its name with the rules of the action that fills or builds it, and its
 * link to the rules section that lists the action. */
function rulesOf(partName, action, text) {
  return ruledPart(GAME, action, partName, text.message(`hadrians_wall.help.${action}`), text);
}

/** "<area>, box <n>" in the player's language. */
function boxTitle(text, area, box) {
  return text.message("hadrians_wall.board.box", { area, box }) ?? `${term(area, text)} ${box}`;
}

/** How many attack cards go against each Cohort, each named. */
function attacksText(text, attacks) {
  return COHORTS.map((cohort, c) => `${term(cohort, text)}: ${attacks[c] ?? 0}`).join(", ");
}

const COHORTS = ["left", "centre", "right"];
const ATTRIBUTES = ["renown", "piety", "valour", "discipline"];
const CITIZEN_TRACKS = {
  trader: "traders",
  performer: "performers",
  priest: "priests",
  apparitor: "apparitores",
  patrician: "patricians",
};
const POOL = ["soldier", "builder", "servant", "civilian", "resource"];
const ARROWS = { left: "↖", centre: "↑", right: "↗" };
const CELL = 30;

let printed = null;
// What the player has set up for a scout, kept across redraws.
const scouting = { source: "own", orientation: 0, hover: null };

function isMine(ctx, seat) {
  return ctx.seat === seat;
}

/** The actions of `seat` starting with these words: only the viewer's own sheet acts. */
function mine(ctx, seat, ...prefix) {
  return isMine(ctx, seat) ? legalStarting(ctx, ...prefix) : [];
}

function attemptIf(ctx, seat, action) {
  return isMine(ctx, seat) ? action : null;
}

// -- The table ---------------------------------------------------------------------------

function fateCard(card, text, label) {
  if (!card) return h("div", { class: "hw-card fate empty" }, label);
  const says = text.message("hadrians_wall.board.fate_card", {
    card: card.id,
    cohort: card.attack,
    damage: card.gladiator_damage,
    good: card.trade_good,
    items: Object.fromEntries(Object.entries(card.items).filter(([, n]) => n > 0)),
  });
  return h(
    "div",
    {
      class: "hw-card fate",
      "data-card": card.id,
      ...ruledPart(GAME, "fate_card", says ?? term(card.id, text), text.message("hadrians_wall.rules.fate_card"), text),
    },
    h("div", { class: "card-label" }, label),
    h(
      "div",
      { class: "fate-attack", title: `${term("cohorts", text)}: ${term(card.attack, text)}` },
      ARROWS[card.attack],
      " ",
      term(card.attack, text),
    ),
    h(
      "div",
      { class: "fate-numbers" },
      h("span", { class: "damage" }, picture(GAME, "gladiator_damage", text, card.gladiator_damage)),
      h("span", { class: "trade-good" }, picture(GAME, "trade_good", text, card.trade_good)),
    ),
    h(
      "div",
      { class: "fate-items" },
      POOL.filter((word) => card.items[word] > 0).map((word) => picture(GAME, word, text, card.items[word])),
    ),
  );
}

function patternSvg(name, orientation = 0, size = 10) {
  const cells = orient(printed.patterns[name], orientation);
  const width = Math.max(...cells.map(([x]) => x)) + 1;
  const height = Math.max(...cells.map(([, y]) => y)) + 1;
  return s(
    "svg",
    { class: "pattern", viewBox: `0 0 ${width * size} ${height * size}`, width: width * size, height: height * size },
    cells.map(([x, y]) =>
      s("rect", { x: x * size + 0.5, y: y * size + 0.5, width: size - 1, height: size - 1, rx: 1.5 }),
    ),
  );
}

/** A Path card's objective; besides "1/2/3" its thresholds come one by one, as numbers, so a
 *  language whose noun agrees with the number next to it can choose the plural form. */
function objectiveText(id, card, text) {
  const [first, second, third] = card.thresholds;
  return text.message(`hadrians_wall.view.objective.${id}`, {
    thresholds: card.thresholds.join("/"),
    first,
    second,
    third,
  });
}

/** A Path card's name, its objective as a Path card, and the rules of choosing it as the Path
 *  or the Prospect card. */
function playerCardRules(id, card, text) {
  const objective = objectiveText(id, card, text);
  const rules = [objective && `${term("path", text)}: ${objective}`, text.message("hadrians_wall.help.path")];
  return ruledPart(GAME, "path", term(id, text), rules.filter(Boolean).join("\n"), text);
}

function playerCard(id, text, { label = null, actions = [], ctx = null, kind = "" } = {}) {
  const card = printed.player_cards[id];
  const node = h(
    "div",
    { class: `hw-card player-card ${kind}`.trim(), "data-card": id, ...playerCardRules(id, card, text) },
    label && h("div", { class: "card-label" }, label),
    h("div", { class: "card-name" }, term(id, text)),
    h("div", { class: "card-objective" }, objectiveText(id, card, text) ?? card.thresholds.join(" / ")),
    h(
      "div",
      { class: "card-foot" },
      h(
        "span",
        { class: "prospect" },
        Object.entries(card.prospect).map(([word, n]) => picture(GAME, word, text, n)),
      ),
      patternSvg(card.pattern, 0, 8),
      h("span", { class: "trade-good" }, picture(GAME, "trade_good", text, card.trade_good)),
    ),
  );
  return ctx ? clickable(node, actions, ctx) : node;
}

function tableBar(ctx) {
  const { view, text } = ctx;
  const years = [];
  for (let year = 1; year <= view.years; year++) {
    years.push(h("span", { class: year === view.year ? "year now" : year < view.year ? "year past" : "year" }, year));
  }
  const attack = view.attack;
  return h(
    "section",
    { class: "hw-table" },
    h(
      "div",
      { class: "hw-calendar" },
      h("div", { class: "years", title: term("year", text) }, years),
      h("div", { class: "progress" }, text.message("hadrians_wall.board.progress", { year: view.year, years: view.years })),
      h("div", {}, term("difficulty", text), ": ", h("strong", {}, term(view.difficulty, text))),
      h("div", { title: term("grey_flag", text) }, term("grey_flag", text), ": ", h("strong", {}, view.grey_flag)),
      h("div", {}, term("phase", text), ": ", h("strong", { id: "hw-phase" }, term(view.phase, text))),
    ),
    fateCard(view.fate_card, text, term("fate_card", text)),
    h(
      "div",
      { class: "hw-deck" },
      h("div", { class: "hw-card back" }, view.fate_deck),
      h("small", {}, term("fate_deck", text)),
      h("small", {}, `${term("fate_discard", text)}: ${view.fate_discard.length}`),
    ),
    view.neutral.length > 0 &&
      h(
        "div",
        { class: "hw-neutral" },
        view.neutral.map((card, k) =>
          h(
            "div",
            { class: "neutral" },
            playerCard(card.card, text, { label: term(`neutral${k + 1}`, text) }),
            card.pieces > 0 && h("small", {}, `${term("pieces", text)}: ${card.pieces}`),
          ),
        ),
      ),
    attack &&
      h(
        "div",
        { class: "hw-attack" },
        h("strong", {}, term("attack", text)),
        h("div", { class: "attack-cards" }, attack.cards.map((card) => fateCard(card, text, ""))),
        h("div", {}, attacksText(text, attack.attacks)),
      ),
  );
}

// -- Left sheet --------------------------------------------------------------------------

function columnStarts(columns) {
  return new Set(Object.values(columns).slice(1).map(([first]) => first - 1));
}

function trackRow(ctx, seat, name, filled, open, { action, attempt, notes = {} }) {
  const { text } = ctx;
  const track = printed.tracks[name];
  const starts = columnStarts(track.columns);
  const boxes = [];
  for (let i = 0; i < track.length; i++) {
    const state = i < filled ? "filled" : i >= open ? "locked" : i === filled ? "next" : "open";
    const box = h(
      "span",
      {
        class: `box ${state}${starts.has(i) ? " column-start" : ""}`,
        "data-box": i + 1,
        ...rulesOf(boxTitle(text, name, i + 1), action[0], text),
      },
      notes[i] && h("small", { class: "note" }, notes[i]),
      track.boxes[i].map((word) => picture(GAME, word, text)),
    );
    if (state === "next") clickable(box, mine(ctx, seat, ...action), ctx, attemptIf(ctx, seat, attempt));
    boxes.push(box);
  }
  return h(
    "div",
    { class: "track", "data-track": name },
    h("span", { class: "track-name", ...rulesOf(term(name, text), action[0], text) }, term(name, text), " ", h("small", {}, `${filled}/${track.length}`)),
    h("span", { class: "boxes" }, boxes),
  );
}

function cohorts(ctx, seat, sheet, player) {
  const { text, view } = ctx;
  const length = printed.cohorts.length;
  return h(
    "div",
    { class: "hw-cohorts" },
    COHORTS.map((cohort) => {
      const count = sheet.cohorts[cohort];
      const favours = [
        ...mine(ctx, seat, "favour", cohort),
        ...mine(ctx, seat, "cohort", cohort),
      ];
      const column = h(
        "div",
        { class: "cohort", "data-cohort": cohort },
        h("div", { class: "cohort-name" }, ARROWS[cohort], " ", term(cohort, text)),
        Array.from({ length }, (_, i) =>
          h(
            "span",
            { class: `box ${i < count ? "filled" : ""}`, "data-box": i + 1 },
            printed.cohorts.boxes[i].map((word) => picture(GAME, word, text)),
          ),
        ),
        h(
          "small",
          { class: "cohort-diplomat" },
          player.right_sheet.diplomat_serving[cohort] ? `${term("diplomat", text)} ✓` : "",
        ),
        view.attack &&
          h(
            "small",
            { class: "cohort-attacks" },
            `${term("attack", text)}: ${view.attack.attacks[COHORTS.indexOf(cohort)] ?? 0}`,
          ),
      );
      return clickable(column, favours, ctx);
    }),
  );
}

function yearBoxes(ctx, seat, name, years, actions, attempt) {
  const { text } = ctx;
  const next = years.findIndex((year) => year === 0);
  return h(
    "div",
    { class: "area", "data-area": name },
    h("span", { class: "area-name" }, term(name, text)),
    h(
      "span",
      { class: "boxes" },
      years.map((year, i) => {
        const box = h("span", { class: `box ${year ? "filled" : ""}`, "data-box": i + 1 }, year || "");
        return i === next ? clickable(box, actions, ctx, attemptIf(ctx, seat, attempt)) : box;
      }),
    ),
  );
}

function building(ctx, seat, id, built) {
  const { text } = ctx;
  const tile = h(
    "span",
    { class: `building ${built ? "built" : ""}`, "data-building": id, ...rulesOf(term(id, text), "build", text) },
    term(id, text),
  );
  return built ? tile : clickable(tile, mine(ctx, seat, "build", id), ctx, attemptIf(ctx, seat, ["build", id]));
}

function attributes(ctx, seat, sheet) {
  const { text } = ctx;
  const { length, boxes } = printed.attribute_tracks;
  return h(
    "div",
    { class: "hw-attributes" },
    ATTRIBUTES.map((attribute) => {
      const value = sheet.attributes[attribute];
      const row = h(
        "div",
        { class: "track attribute", "data-track": attribute },
        h("span", { class: "track-name" }, term(attribute, text), " ", h("small", {}, value)),
        h(
          "span",
          { class: "boxes small" },
          Array.from({ length }, (_, i) =>
            h(
              "span",
              {
                class: `box ${i < value ? "filled" : ""}${i + 1 === printed.landmark_flag ? " flag" : ""}`,
                "data-box": i + 1,
              },
              boxes[attribute][i] && picture(GAME, boxes[attribute][i], text),
            ),
          ),
        ),
      );
      return clickable(row, mine(ctx, seat, "attribute", attribute), ctx);
    }),
  );
}

function disdain(text, sheet) {
  const { circled, removed, held } = sheet.disdain;
  return h(
    "div",
    { class: "area hw-disdain", "data-area": "disdain" },
    h("span", { class: "area-name" }, term("disdain", text), " ", h("small", {}, held)),
    h(
      "span",
      { class: "circles" },
      Array.from({ length: printed.disdain }, (_, i) =>
        h("span", { class: `circle ${i < circled ? "circled" : ""} ${i < removed ? "filled" : ""}`.trim() }),
      ),
    ),
  );
}

function leftSheet(ctx, player) {
  const { text } = ctx;
  const seat = player.seat;
  const sheet = player.left_sheet;
  const fortFlags = Object.fromEntries(printed.infrastructure_flags.map((box, i) => [box - 1, `⚑${i + 1}`]));
  // a Cippi box needs its Fort box filled first: that box's number beside the Fort's picture
  const cippiNeeds = Object.fromEntries(printed.cippi_needs_fort.map((box, i) => [i, picture(GAME, "fort", text, box)]));
  const open = sheet.open_boxes;
  return h(
    "section",
    { class: "sheet left-sheet", "data-sheet": "left" },
    h("h4", {}, term("left_sheet", text)),
    cohorts(ctx, seat, sheet, player),
    trackRow(ctx, seat, "mining_foresting", sheet.mining_foresting, open.mining_foresting, {
      action: ["mine"],
      attempt: ["mine"],
    }),
    trackRow(ctx, seat, "wall_guard", sheet.wall_guard, open.wall_guard, { action: ["guard"], attempt: ["guard"] }),
    trackRow(ctx, seat, "cippi", sheet.cippi, open.cippi, { action: ["cippi"], attempt: ["cippi"], notes: cippiNeeds }),
    trackRow(ctx, seat, "wall", sheet.wall, open.wall, { action: ["wall"], attempt: ["wall"] }),
    trackRow(ctx, seat, "fort", sheet.fort, open.fort, {
      action: ["fort"],
      attempt: ["fort", "soldier"],
      notes: fortFlags,
    }),
    h(
      "div",
      { class: "sheet-row" },
      h(
        "div",
        { class: "area", "data-area": "resource_production" },
        h("span", { class: "area-name" }, term("resource_production", text)),
        h(
          "span",
          { class: "circles" },
          Array.from({ length: printed.resource_production }, (_, i) =>
            h("span", { class: `circle circled ${i < sheet.resource_production ? "filled" : ""}` }),
          ),
        ),
      ),
      h("div", { class: "area" }, term("infrastructure", text), ": ", h("strong", {}, sheet.infrastructure)),
    ),
    h(
      "div",
      { class: "sheet-row" },
      yearBoxes(ctx, seat, "training_grounds", sheet.training_grounds, mine(ctx, seat, "training"), ["training"]),
      yearBoxes(ctx, seat, "forum", sheet.forum, mine(ctx, seat, "forum"), null),
    ),
    h(
      "div",
      { class: "buildings" },
      Object.entries(sheet.buildings).map(([id, built]) => building(ctx, seat, id, built)),
    ),
    h(
      "div",
      { class: "buildings landmarks" },
      Object.entries(sheet.landmarks).map(([id, built]) => {
        const tile = h(
          "span",
          { class: `building landmark ${built ? "built" : ""}`, "data-landmark": id, ...rulesOf(term(id, text), "landmark", text) },
          term(id, text),
        );
        return built ? tile : clickable(tile, mine(ctx, seat, "landmark", id), ctx, attemptIf(ctx, seat, ["landmark", id]));
      }),
    ),
    attributes(ctx, seat, sheet),
    disdain(text, sheet),
  );
}

// -- Right sheet -------------------------------------------------------------------------

function citizens(ctx, seat, sheet) {
  const { text } = ctx;
  const length = printed.citizen_length;
  return h(
    "div",
    { class: "hw-citizens" },
    Object.entries(CITIZEN_TRACKS).map(([citizen, track]) => {
      const count = sheet.citizens[citizen];
      const { boxes, flags } = printed.citizen_tracks[track];
      const flagAt = Object.fromEntries(flags.map((flag) => [flag.at - 1, flag.unlocks]));
      const row = h(
        "div",
        { class: "track citizen", "data-track": citizen },
        h("span", { class: "track-name", ...rulesOf(term(track, text), "citizen", text) }, term(track, text), " ", h("small", {}, count)),
        h(
          "span",
          { class: "boxes" },
          Array.from({ length }, (_, i) =>
            h(
              "span",
              {
                class: `box ${i < count ? "filled" : ""}${flagAt[i] ? " flag" : ""}`,
                "data-box": i + 1,
                title: flagAt[i] ? term(flagAt[i], text) : null,
              },
              boxes[i].map((word) => picture(GAME, word, text)),
            ),
          ),
        ),
      );
      return clickable(row, mine(ctx, seat, "citizen", citizen), ctx, attemptIf(ctx, seat, ["citizen", citizen]));
    }),
  );
}

function market(ctx, seat, sheet) {
  const { text } = ctx;
  return h(
    "div",
    { class: "area hw-market", "data-area": "market" },
    h("span", { class: "area-name" }, term("market", text)),
    h(
      "span",
      { class: "hexes" },
      printed.market.map((box, i) => {
        const good = sheet.market[i];
        const hex = h(
          "span",
          {
            class: `hex ${good ? "filled" : ""}`,
            "data-box": i + 1,
            style: `grid-column:${box.column};grid-row:${box.row}`,
            ...rulesOf(`${term("traders", text)} ≥ ${box.requires_traders}`, "market", text),
          },
          good || h("small", {}, box.requires_traders),
          box.extra.map((word) => picture(GAME, word, text)),
        );
        return good ? hex : clickable(hex, mine(ctx, seat, "market", i + 1), ctx);
      }),
    ),
  );
}

function theatre(ctx, seat, sheet) {
  const { text } = ctx;
  return h(
    "div",
    { class: "area", "data-area": "theatre" },
    h("span", { class: "area-name" }, term("theatre", text)),
    h(
      "span",
      { class: "boxes" },
      printed.theatre.map((performance, i) => {
        const year = sheet.theatre[i];
        const box = h(
          "span",
          { class: `box wide ${year ? "filled" : ""}`, "data-box": i + 1, ...rulesOf(`${term("performers", text)} ≥ ${performance.requires_performers}`, "perform", text) },
          year ? h("b", {}, year) : h("small", {}, performance.requires_performers),
          performance.reward.map((word) => picture(GAME, word, text)),
        );
        return year ? box : clickable(box, mine(ctx, seat, "perform", i + 1), ctx, attemptIf(ctx, seat, ["perform", i + 1]));
      }),
    ),
  );
}

function ludus(ctx, seat, sheet) {
  const { text } = ctx;
  return h(
    "div",
    { class: "area hw-ludus", "data-area": "ludus" },
    h("span", { class: "area-name" }, term("ludus", text)),
    Object.entries(sheet.gladiators).map(([colour, gladiator]) => {
      const row = h(
        "div",
        { class: `gladiator ${colour}${gladiator.dead ? " dead" : ""}`, "data-gladiator": colour },
        h("span", { class: "gladiator-name" }, term(colour, text)),
        Array.from({ length: printed.ludus.columns }, (_, i) =>
          h("span", {
            class: `circle ${i < gladiator.strength ? "circled" : ""} ${i < gladiator.damage ? "filled" : ""}`.trim(),
            ...rulesOf(`${term("performers", text)} ≥ ${printed.ludus.requires_performers[i]}`, "gladiator", text),
          }),
        ),
        gladiator.dead && h("small", {}, "✝"),
        gladiator.last_battle > 0 && h("small", {}, ` ⚔${gladiator.last_battle}`),
      );
      const actions = [...mine(ctx, seat, "gladiator", colour), ...mine(ctx, seat, "battle", colour)];
      return clickable(row, actions, ctx);
    }),
  );
}

function temples(ctx, seat, sheet) {
  const { text } = ctx;
  let index = 0;
  const next = sheet.temple_boxes;
  return h(
    "div",
    { class: "area hw-temples", "data-area": "temples" },
    h("span", { class: "area-name" }, term("temples", text), " ", h("small", {}, `${term("favour", text)}: ${sheet.temple_favours}`)),
    Object.entries(printed.temples).map(([size, rows]) =>
      h(
        "span",
        { class: "temple", "data-temple": size },
        h("small", {}, term(`${size}_temple`, text)),
        rows.map((row) =>
          h(
            "span",
            { class: "temple-row", ...rulesOf(`${term("priests", text)} ≥ ${row.requires_priests}`, "temple", text) },
            row.boxes.map((rewards) => {
              const i = index++;
              const box = h("span", { class: `box ${i < next ? "filled" : ""}`, "data-box": i + 1 }, rewards.map((w) => picture(GAME, w, text)));
              return i === next ? clickable(box, mine(ctx, seat, "temple"), ctx) : box;
            }),
          ),
        ),
      ),
    ),
  );
}

function bathsAndCourt(ctx, seat, sheet) {
  const { text } = ctx;
  const court = Object.entries(printed.courthouse).flatMap(([column, spec]) =>
    spec.requires_apparitores.map((needed) => ({ column, needed, spec })),
  );
  return h(
    "div",
    { class: "sheet-row" },
    h(
      "div",
      { class: "area", "data-area": "baths" },
      h("span", { class: "area-name" }, term("baths", text)),
      h(
        "span",
        { class: "boxes" },
        printed.baths.map((box, i) => {
          const year = sheet.baths[i];
          const node = h(
            "span",
            { class: `box ${year ? "filled" : ""}`, "data-box": i + 1, ...rulesOf(`${term("apparitores", text)} ≥ ${box.requires_apparitores}`, "bribe", text) },
            // what a bribe costs, and what it buys: one Disdain removed
            year || [
              ...Object.entries(box.cost).map(([w, n]) => picture(GAME, w, text, n)),
              picture(GAME, "remove_disdain", text),
            ],
          );
          return year ? node : clickable(node, mine(ctx, seat, "bribe", i + 1), ctx, attemptIf(ctx, seat, ["bribe", i + 1]));
        }),
      ),
    ),
    h(
      "div",
      { class: "area", "data-area": "courthouse" },
      h("span", { class: "area-name" }, term("courthouse", text)),
      h(
        "span",
        { class: "boxes" },
        court.map(({ column, needed }, i) => {
          const year = sheet.courthouse[i];
          const node = h(
            "span",
            { class: `box ${year ? "filled" : ""}${i % 3 === 0 && i > 0 ? " column-start" : ""}`, "data-box": i + 1, ...rulesOf(`${term(column, text)} · ${term("apparitores", text)} ≥ ${needed}`, "ruling", text) },
            year || h("small", {}, needed),
          );
          return year ? node : clickable(node, mine(ctx, seat, "ruling", i + 1), ctx, attemptIf(ctx, seat, ["ruling", i + 1]));
        }),
      ),
    ),
  );
}

function diplomatsAndScouts(ctx, seat, sheet) {
  const { text } = ctx;
  const serving = COHORTS.filter((c) => sheet.diplomat_serving[c]).map((c) => term(c, text));
  return h(
    "div",
    { class: "sheet-row" },
    h(
      "div",
      { class: "area", "data-area": "diplomats" },
      h("span", { class: "area-name" }, term("diplomats", text)),
      h(
        "span",
        { class: "boxes" },
        printed.diplomats.map((needed, i) => {
          const node = h(
            "span",
            { class: `box ${i < sheet.diplomats ? "filled" : ""}`, "data-box": i + 1, ...rulesOf(`${term("patricians", text)} ≥ ${needed}`, "diplomat", text) },
            h("small", {}, needed),
          );
          return i === sheet.diplomats ? clickable(node, mine(ctx, seat, "diplomat"), ctx) : node;
        }),
      ),
      serving.length > 0 && h("small", {}, " → ", serving.join(", ")),
    ),
    h(
      "div",
      { class: "area", "data-area": "scouts" },
      h("span", { class: "area-name" }, term("scouts", text)),
      h(
        "span",
        { class: "boxes" },
        printed.scouts.map((needed, i) =>
          h(
            "span",
            { class: `box ${i < sheet.scouts ? "filled" : ""}`, "data-box": i + 1, ...rulesOf(`${term("patricians", text)} ≥ ${needed}`, "scout", text) },
            h("small", {}, needed),
          ),
        ),
      ),
    ),
  );
}

// -- The Scouting Map --------------------------------------------------------------------

/** The pattern's cells turned and mirrored as the rules number orientations (scouting.py). */
export function orient(cells, orientation) {
  let points = cells.map(([x, y]) => (orientation >= 4 ? [-x, y] : [x, y]));
  for (let turn = 0; turn < orientation % 4; turn++) points = points.map(([x, y]) => [-y, x]);
  const lowX = Math.min(...points.map(([x]) => x));
  const lowY = Math.min(...points.map(([, y]) => y));
  return points.map(([x, y]) => [x - lowX, y - lowY]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
}

function covered(pattern, orientation, anchor) {
  const { columns } = printed.scouting_map;
  const row = Math.floor(anchor / columns);
  const column = anchor % columns;
  return orient(printed.patterns[pattern], orientation).map(([x, y]) =>
    column + x < columns ? (row + y) * columns + column + x : -1,
  );
}

function sameCells(a, b) {
  const key = (cells) => [...cells].sort((x, y) => x - y).join(",");
  return key(a) === key(b);
}

function patternOf(ctx, player, source) {
  if (source === "own") return printed.player_cards[player.prospect]?.pattern;
  if (source.startsWith("neutral")) return ctx.view.neutral[Number(source.slice(7)) - 1]?.pattern;
  const other = player.neighbours[source];
  const card = other === undefined ? null : ctx.view.players[other].prospect;
  return card ? printed.player_cards[card].pattern : null;
}

/** Place the chosen pattern with its top-left corner at `anchor` (0-based), as a scout. */
function placeScout(ctx, player, anchor) {
  const { source, orientation } = scouting;
  const pattern = patternOf(ctx, player, source);
  if (!pattern) return;
  const wanted = covered(pattern, orientation, anchor);
  const match = legalStarting(ctx, "scout", source).find(([, , o, cell]) =>
    sameCells(covered(pattern, o, cell - 1), wanted),
  );
  ctx.act(match ?? ["scout", source, orientation, anchor + 1]);
}

/** The map cell under the pointer (0-based), or null off the map. */
function mapCell(map, event) {
  const { columns, rows } = printed.scouting_map;
  const box = map.getBoundingClientRect();
  const c = Math.floor(((event.clientX - box.left) / box.width) * columns);
  const r = Math.floor(((event.clientY - box.top) / box.height) * rows);
  return c >= 0 && c < columns && r >= 0 && r < rows ? r * columns + c : null;
}

/** Shade the cells the pattern would cover with its top-left corner at `anchor`. */
function showPreview(map, pattern, anchor) {
  if (anchor === scouting.hover) return;
  scouting.hover = anchor;
  for (const rect of map.querySelectorAll("rect.preview")) rect.classList.remove("preview");
  if (anchor === null || !pattern) return;
  for (const cell of covered(pattern, scouting.orientation, anchor)) {
    map.querySelector(`[data-cell='${cell + 1}'] rect`)?.classList.add("preview");
  }
}

function scoutingMap(ctx, player) {
  const { text } = ctx;
  const { columns, rows, cells } = printed.scouting_map;
  const filled = player.right_sheet.scouting_map;
  const placing = isMine(ctx, player.seat) && legalStarting(ctx, "scout").length > 0;
  const pattern = placing ? patternOf(ctx, player, scouting.source) : null;
  scouting.hover = null;
  const map = s(
    "svg",
    {
      class: `scouting-map${placing ? " placing" : ""}`,
      viewBox: `0 0 ${columns * CELL} ${rows * CELL}`,
      width: columns * CELL,
      height: rows * CELL,
      "data-area": "scouting_map",
    },
    cells.flatMap((row, r) =>
      row.map((printedIcon, c) => {
        const index = r * columns + c;
        return s(
          "g",
          { class: "map-cell", "data-cell": index + 1 },
          printedIcon && s("title", {}, term(printedIcon, text)),
          s("rect", {
            x: c * CELL + 1,
            y: r * CELL + 1,
            width: CELL - 2,
            height: CELL - 2,
            class: filled[index] ? "filled" : null,
          }),
          printedIcon &&
            s(
              "g",
              { class: "map-reward", "data-icon": printedIcon },
              s("image", {
                href: iconUrl(GAME, printedIcon),
                x: c * CELL + 6,
                y: r * CELL + 6,
                width: CELL - 12,
                height: CELL - 12,
              }),
            ),
        );
      }),
    ),
  );
  if (placing && pattern) {
    const anchorAt = (event) => mapCell(map, event);
    map.addEventListener("pointermove", (event) => showPreview(map, pattern, anchorAt(event)));
    map.addEventListener("pointerleave", () => showPreview(map, pattern, null));
    map.addEventListener("click", (event) => {
      const anchor = anchorAt(event);
      if (anchor !== null) placeScout(ctx, player, anchor);
    });
  }
  return h(
    "div",
    { class: "area hw-scouting" },
    h("span", { class: "area-name" }, term("scouting_map", text)),
    map,
    placing && scoutControls(ctx, player, map, pattern),
  );
}

function scoutControls(ctx, player, map, pattern) {
  const { text } = ctx;
  const sources = [...new Set(legalStarting(ctx, "scout").map((action) => action[1]))];
  if (!sources.includes(scouting.source)) scouting.source = sources[0];
  const tile = h(
    "span",
    { class: "pattern-tile", title: term("scout", text), "data-pattern": pattern },
    pattern && patternSvg(pattern, scouting.orientation, 14),
  );
  // Drag the pattern onto the map: it lands with its top-left corner under the pointer.
  tile.addEventListener("pointerdown", (event) => {
    event.preventDefault();
    tile.setPointerCapture(event.pointerId);
    tile.classList.add("dragging");
  });
  tile.addEventListener("pointermove", (event) => {
    if (!tile.classList.contains("dragging")) return;
    showPreview(map, pattern, mapCell(map, event));
  });
  tile.addEventListener("pointerup", () => {
    tile.classList.remove("dragging");
    if (scouting.hover !== null) placeScout(ctx, player, scouting.hover);
  });
  return h(
    "div",
    { class: "scout-controls" },
    h(
      "select",
      {
        name: "scout-source",
        "aria-label": term("scout", text),
        onchange: (event) => {
          scouting.source = event.target.value;
          redraw(ctx);
        },
      },
      sources.map((source) => h("option", { value: source, selected: source === scouting.source }, term(source, text))),
    ),
    tile,
    h(
      "button",
      {
        type: "button",
        name: "rotate",
        title: term("rotate", text),
        onclick: () => {
          scouting.orientation = (scouting.orientation & 4) | ((scouting.orientation + 1) % 4);
          redraw(ctx);
        },
      },
      "⟳",
    ),
    h(
      "button",
      {
        type: "button",
        name: "mirror",
        title: term("mirror", text),
        onclick: () => {
          scouting.orientation ^= 4;
          redraw(ctx);
        },
      },
      "⇋",
    ),
  );
}

function rightSheet(ctx, player) {
  const { text } = ctx;
  const seat = player.seat;
  const sheet = player.right_sheet;
  return h(
    "section",
    { class: "sheet right-sheet", "data-sheet": "right" },
    h("h4", {}, term("right_sheet", text)),
    citizens(ctx, seat, sheet),
    h(
      "div",
      { class: "buildings" },
      Object.entries(sheet.buildings).map(([id, built]) => building(ctx, seat, id, built)),
    ),
    h("div", { class: "sheet-row" }, market(ctx, seat, sheet), theatre(ctx, seat, sheet)),
    h("div", { class: "sheet-row" }, ludus(ctx, seat, sheet), temples(ctx, seat, sheet)),
    bathsAndCourt(ctx, seat, sheet),
    diplomatsAndScouts(ctx, seat, sheet),
    scoutingMap(ctx, player),
  );
}

// -- A player ----------------------------------------------------------------------------

function scoreColumn(text, score) {
  const rows = [
    ...ATTRIBUTES.map((attribute) => [term(attribute, text), score.attributes[attribute]]),
    [term("path_cards", text), score.path_vp],
    [term("disdain", text), -score.disdain_penalty],
  ];
  return h(
    "table",
    { class: "grid hw-score", title: term("score", text) },
    h("tr", {}, rows.map(([label]) => h("th", {}, label)), h("th", {}, term("total", text))),
    h("tr", {}, rows.map(([, value]) => h("td", {}, value)), h("td", { class: "score total" }, score.total)),
  );
}

function cards(ctx, player) {
  const { text, view } = ctx;
  const own = isMine(ctx, player.seat);
  const neighbours = Object.entries(player.neighbours).map(([side, other]) => {
    const card = view.players[other].prospect;
    return h(
      "div",
      { class: "neighbour", "data-neighbour": side },
      h("small", {}, `${term(side, text)}: ${text.seat(other)}`),
      card ? playerCard(card, text, { kind: "small" }) : h("small", {}, "—"),
    );
  });
  return h(
    "div",
    { class: "hw-cards" },
    own &&
      view.drawn?.length > 0 &&
      h(
        "div",
        { class: "drawn" },
        h("small", {}, term("drawn", text)),
        view.drawn.map((id) =>
          playerCard(id, text, {
            kind: view.choice === id ? "chosen" : "",
            actions: legalStarting(ctx, "path", id),
            ctx,
          }),
        ),
      ),
    player.prospect &&
      h("div", { class: "prospect-card" }, playerCard(player.prospect, text, { label: term("prospect", text) })),
    h(
      "div",
      { class: "paths" },
      h("small", {}, `${term("paths", text)} (${player.paths.length})`),
      h("div", { class: "fan" }, player.paths.map((id) => playerCard(id, text, { kind: "small" }))),
    ),
    player.earlier_prospects.length > 0 &&
      h(
        "div",
        { class: "paths" },
        h("small", {}, term("earlier_prospects", text)),
        h("div", { class: "fan" }, player.earlier_prospects.map((id) => playerCard(id, text, { kind: "small" }))),
      ),
    neighbours.length > 0 && h("div", { class: "neighbours" }, neighbours),
  );
}

function playerPanel(ctx, player) {
  const { text } = ctx;
  const flags = [
    player.chosen && term("chosen", text),
    player.passed && term("passed", text),
    player.deciding && term("deciding", text),
    player.pending.length > 0 && `${term("pending", text)}: ${player.pending.map((p) => term(p, text)).join(", ")}`,
  ].filter(Boolean);
  return h(
    "section",
    {
      class: `hw-player${isMine(ctx, player.seat) ? " you" : ""}`,
      "data-seat": player.seat,
    },
    h(
      "header",
      {},
      h("span", { class: `token seat-${player.seat}` }),
      h("strong", {}, text.seat(player.seat)),
      h("span", { class: "pool" }, POOL.map((word) => picture(GAME, word, text, player.pool[word]))),
      flags.length > 0 && h("small", { class: "flags" }, flags.join(" · ")),
      ["pass", "defend"].flatMap((word) =>
        mine(ctx, player.seat, word).map((action) =>
          clickable(h("button", { type: "button", class: "hw-end", name: word }, ctx.text.action(action, GAME)), [action], ctx),
        ),
      ),
    ),
    h(
      "div",
      { class: "hw-player-body" },
      h("div", { class: "hw-side" }, cards(ctx, player), scoreColumn(text, player.score)),
      leftSheet(ctx, player),
      rightSheet(ctx, player),
    ),
  );
}

// -- The board ---------------------------------------------------------------------------

let lastRoot = null;

function redraw(ctx) {
  if (lastRoot) render(lastRoot, ctx);
}

function render(root, ctx) {
  lastRoot = root;
  const players = [...ctx.view.players];
  if (ctx.seat !== null) players.unshift(...players.splice(ctx.seat, 1));
  root.replaceChildren(
    h(
      "div",
      { class: "hw", "data-game": GAME },
      tableBar(ctx),
      players.map((player) => playerPanel(ctx, player)),
    ),
  );
}

/** "<n> VP" in the player's language. */
function points(text, vp) {
  return text.message("hadrians_wall.board.vp", { vp }) ?? String(vp);
}

/**
 * The end of the game: each player's scoring column as on the sheet, every category named,
 * each Path card with what it scored, the Disdain held and its penalty, and the solo rank.
 */
function breakdown(result, ctx) {
  const { text, players } = ctx;
  const columns = result.details.scores;
  if (!columns) return null;
  const cell = (content) => h("td", {}, content);
  const rows = [
    ...ATTRIBUTES.map((a) => [term(a, text), (c) => points(text, c.attributes[a])]),
    [
      term("path_cards", text),
      (c) =>
        h(
          "span",
          { class: "path-scores" },
          c.paths.map((card) => h("span", { class: "path-score" }, `${term(card.card, text)}: ${points(text, card.vp)}`)),
        ),
    ],
    [
      term("disdain", text),
      (c) => text.message("hadrians_wall.board.disdain", { disdain: c.disdain, penalty: c.disdain_penalty }),
    ],
    [term("total", text), (c) => h("strong", {}, points(text, c.total))],
  ];
  return h(
    "div",
    { class: "hw-breakdown" },
    h("h3", {}, term("score", text)),
    h(
      "table",
      { class: "grid breakdown" },
      h("tr", {}, h("th", {}), Array.from({ length: players }, (_, s) => h("th", { "data-seat": s }, text.seat(s)))),
      rows.map(([label, get]) => h("tr", {}, h("th", {}, label), columns.map((c) => cell(get(c))))),
      result.details.rank &&
        h(
          "tr",
          { class: "solo-rank" },
          h("th", {}, term("rank", text)),
          h("td", { colspan: players }, h("strong", {}, term(result.details.rank, text))),
        ),
    ),
  );
}

/**
 * Each seat's tie-break in words: the least Disdain wins a tie, then the most VP from Path
 * cards (H-21); the result carries them as (−Disdain, Path card VP).
 */
function tiebreaks(result, { text }) {
  return result.tiebreaks.map(([negativeDisdain, pathVp]) =>
    text.message("hadrians_wall.board.tiebreak", { disdain: -negativeDisdain, vp: pathVp }),
  );
}

/** A player's panel at the top of the table page: his score so far, and the Disdain he holds. */
function panel(ctx, seat) {
  const player = ctx.view.players?.[seat];
  if (!player) return null;
  return {
    score: player.score.total,
    holds: `${term("disdain", ctx.text)}: ${player.left_sheet.disdain.held}`,
  };
}

export default {
  async prepare() {
    printed = await loadPrinted(GAME);
  },
  render,
  panel,
  breakdown,
  tiebreaks,
  // The words the board draws a mark for, and the mark, for the rules page to show beside them.
  markedWords: PICTURES,
  mark: (word, text) => picture(GAME, word, text, null, { beside: true }),
};
