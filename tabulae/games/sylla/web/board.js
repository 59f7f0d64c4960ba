// Sylla: the board with the Road to Glory around it, the Res Publica ladder and the famine
// track, the events with their cubes, the building row on its coloured slots, the Great Work
// and the character display; each player's characters (tilted, face down, Christian) and
// buildings; and your own screen with your money and tokens.

import { h, s } from "/js/dom.js";
import { clickable, iconUrl, legalStarting, loadPrinted, picture, term } from "/boards/kit.js";
import { ruledPart } from "/js/tooltip.js";

const GAME = "sylla";
const SEAT_COLOURS = { blue: "#2f5d9b", red: "#b3362b", black: "#2b2b2b", white: "#e9e4d8", yellow: "#d8b21f", grey: "#8a8a8a" };
const HEX_COLOURS = { red: "#b3362b", yellow: "#d8b21f", grey: "#8a8a8a" };
const TENDENCY_COLOURS = { violet: "#7d3f98", blue: "#2f5d9b", green: "#3f7d3a", yellow: "#d8b21f" };

let printed = null;

// The words icons.svg draws (its symbols' ids), each a term of the game: the characters, the
// tendencies and the famine, money, prestige, tokens, votes and cubes, the tracks and the kinds
// of cards and tiles.
const PICTURES = [
  "senator", "merchant", "legionary", "vestal", "slave", "christian", "crane_card", "plebeians",
  "civic_spirit", "health", "leisure", "famine", "denier", "prestige", "tokens", "vote", "cube",
  "first_consul", "road_to_glory", "res_publica_ladder", "crisis", "events", "buildings",
  "market_stall", "great_work", "face_down",
];
// The phases by their printed numerals, named by the phase's term.
const PHASES = { I: "first_consul", IV: "revenue", V: "events", VI: "great_work", VII: "famine_and_crisis" };

/** A picture with a count before it ("+2", "10/6/2"), read out and shown on hover as `said`
 * where a message names it better (a plural: "12 prestige points"). */
function counted(word, text, count, said = null) {
  const shown = picture(GAME, word, text, count);
  if (said) {
    shown.setAttribute("aria-label", said);
    shown.title = said;
  }
  return shown;
}

/** A picture inside the board's drawing, named for the mouse. */
function drawn(word, text, x, y, size = 22) {
  return s(
    "g",
    { class: "drawn", "data-icon": word },
    s("title", {}, term(word, text)),
    s("image", { href: iconUrl(GAME, word), x, y, width: size, height: size }),
  );
}

/** A phase's printed numeral, named on hover. */
function phase(numeral, text) {
  const names = numeral.split("·").map((part) => term(PHASES[part], text));
  return h("span", { class: "phase", title: names.join(", ") }, numeral);
}

/** What a face gives, as printed: pictures with their counts, arrows between them. */
function gives(...parts) {
  return h("div", { class: "gives" }, parts.filter((part) => part !== null && part !== false));
}

const MINUS = "\u2212";
const signed = (n) => (n > 0 ? `+${n}` : `${MINUS}${-n}`);

/** What a character card gives (its type's ability, in pictures), and a Christian's 2 prestige
 * at Ecclesia. */
function characterGives(type, christian, text) {
  const lines = {
    senator: () => gives(phase("I·VI", text), counted("vote", text, 1)),
    merchant: () => gives(phase("IV", text), counted("denier", text, "+1")),
    legionary: () => gives(phase("V", text), counted("cube", text, 1)),
    vestal: () => gives(phase("V", text), counted("cube", text, 1)),
    slave: () => gives(counted("denier", text, 2), "→", counted("prestige", text, 3)),
  };
  return [lines[type]?.(), christian && gives(picture(GAME, "christian", text), counted("prestige", text, "+2"))];
}

/** What a building tile gives: in its phase while it is kept, or once when it is gained. */
function buildingGives(building, text) {
  const face = printed.buildings?.[building];
  if (!face) return null;
  const e = face.effect;
  const when = face.phase && phase(face.phase, text);
  if (e.income) return gives(when, counted("denier", text, signed(e.income)));
  if (e.famine_loss_reduction) return gives(when, counted("famine", text, signed(-e.famine_loss_reduction)));
  if (e.pay) return gives(when, counted("denier", text, e.pay), "→", counted("tokens", text, e.gain_tokens_of_choice));
  if (e.gain_tokens_of_choice) return gives(when, counted("tokens", text, signed(e.gain_tokens_of_choice)));
  if (e.gain_crane_card) return gives(when, counted("crane_card", text, signed(e.gain_crane_card)));
  if (e.move_res_publica_marker) return gives(when, counted("res_publica_ladder", text, `±${e.move_res_publica_marker}`));
  if (e.prestige) return gives(when, counted("prestige", text, signed(e.prestige)));
  if (e.deniers) return gives(when, counted("denier", text, signed(e.deniers)));
  return null;
}

// What an event turns face down, by its card's filter.
const TURNED = { christian: ["christian"], senator: ["senator"], slave: ["slave"], market_stall: ["market_stall"], kept_building_or_crane_card: ["buildings", "crane_card"] };

/** What an event does if it occurs, and what the most cubes on it score beyond a token. */
function eventGives(event, text) {
  const face = printed.events?.[event];
  if (!face) return null;
  const e = face.effect;
  const does = [];
  if (e.type === "move_marker") does.push(counted(e.marker, text, signed(e.steps)));
  if (e.type === "move_rightmost_markers") does.push(counted("res_publica_ladder", text, signed(e.steps)));
  if (e.type === "flip_down") {
    does.push(...(TURNED[e.filter] ?? []).map((word) => picture(GAME, word, text)), "→", picture(GAME, "face_down", text));
  }
  return gives(...does, face.majority?.prestige && counted("prestige", text, signed(face.majority.prestige)));
}

/** What a Great Work scores by votes, and how far it moves its marker. */
function workGives(work, text) {
  const face = printed.great_works?.[work];
  if (!face) return null;
  const { scoring, ladder } = face;
  const scores =
    scoring.type === "rank"
      ? [counted("prestige", text, scoring.awards.join("/"))]
      : scoring.awards.flatMap((award) => [counted("vote", text, `${award.min_votes}+`), "→", counted("prestige", text, award.prestige)]);
  return [
    gives(...scores),
    ladder && gives(counted(ladder.marker, text, signed(ladder.steps)), "/", counted("vote", text, ladder.per_votes)),
  ];
}

function tendencyColour(tendency) {
  return TENDENCY_COLOURS[printed.tendencies[tendency]] || "#555";
}

/** A card's, building's or event's title, its name with its rules text as printed, and its
 * link to the rules section that lists its `kind` (buildings, events, great_work). */
function rulesOf(id, kind, text) {
  return ruledPart(GAME, kind, term(id, text), text.message(`sylla.rules.${id}`), text);
}

function seatColour(view, seat) {
  return SEAT_COLOURS[view.players[seat].colour] || "#555";
}

function mineToo(ctx, ...prefix) {
  return ctx.seat === null ? [] : legalStarting(ctx, ...prefix);
}

/** What a click on a part means when it offers no legal action: the step's action on it
 *  (`byStep`, else `otherwise`), sent so that the rules say why it is not allowed now. */
function attempt(ctx, byStep, otherwise) {
  return ctx.seat === null ? null : (byStep[ctx.view.step] ?? otherwise);
}

// -- The board ---------------------------------------------------------------------------

const ROAD_CELL = 26;
const LABELS = 200; // the width of the ladder's and famine track's pictures and names ("Гражданская Гордость")

/** The Road to Glory around the board: a marker per player on his prestige (laps past the end
 * are counted on the marker). */
function road(ctx, width, height) {
  const { view, text } = ctx;
  const spaces = printed.road_to_glory.max - printed.road_to_glory.min + 1;
  const perimeter = [];
  const across = Math.floor(width / ROAD_CELL);
  const down = Math.floor(height / ROAD_CELL) - 2;
  // Clockwise from the top-left corner: along the top, down the right, back along the bottom,
  // up the left; the spaces are spread evenly around that loop.
  const loop = [];
  for (let i = 0; i < across; i++) loop.push([i * ROAD_CELL, 0]);
  for (let i = 1; i <= down; i++) loop.push([(across - 1) * ROAD_CELL, i * ROAD_CELL]);
  for (let i = across - 1; i >= 0; i--) loop.push([i * ROAD_CELL, (down + 1) * ROAD_CELL]);
  for (let i = down; i >= 1; i--) loop.push([0, i * ROAD_CELL]);
  for (let space = 0; space < spaces; space++) {
    perimeter.push(loop[Math.floor((space * loop.length) / spaces)]);
  }
  const markers = view.players.map((player) => {
    const lap = Math.floor(player.prestige / spaces);
    const [x, y] = perimeter[player.prestige % spaces];
    const offset = player.seat * 5;
    return s(
      "g",
      { class: "road-marker", "data-seat": player.seat },
      s("circle", {
        cx: x + 7 + (offset % 15),
        cy: y + 8 + Math.floor(offset / 15) * 8,
        r: 6,
        fill: seatColour(view, player.seat),
        stroke: "#000",
        "stroke-width": 1,
      }),
      lap > 0 && s("text", { x: x + 7 + (offset % 15), y: y + 11, class: "lap" }, `+${lap * spaces}`),
      s("title", {}, text.message("sylla.board.prestige_of", { seat: player.seat, n: player.prestige })),
    );
  });
  return s(
    "g",
    { class: "road", "data-area": "road_to_glory" },
    perimeter.map(([x, y], space) =>
      s(
        "g",
        { "data-space": space },
        s("rect", { x, y, width: ROAD_CELL - 1, height: ROAD_CELL - 1, class: space % 5 === 0 ? "five" : "" }),
        s("text", { x: x + ROAD_CELL / 2, y: y + ROAD_CELL - 5, class: "space" }, space),
      ),
    ),
    markers,
    drawn("road_to_glory", text, ROAD_CELL + 6, ROAD_CELL + 1),
    s("text", { x: ROAD_CELL + 34, y: ROAD_CELL + 17, class: "board-title" }, term("road_to_glory", text)),
  );
}

function ladder(ctx, x, y) {
  const { view, text } = ctx;
  const cell = 40;
  const rows = Object.entries(view.ladder);
  return s(
    "g",
    { class: "ladder", "data-area": "res_publica_ladder", transform: `translate(${x},${y})` },
    drawn("res_publica_ladder", text, 0, -26),
    s("text", { x: 28, y: -9, class: "board-title" }, term("res_publica_ladder", text)),
    rows.map(([tendency, position], r) => {
      const actions = [
        ...mineToo(ctx, "token", tendency),
        ...mineToo(ctx, "temple", tendency),
        ...mineToo(ctx, "tavern", tendency),
      ];
      const row = s(
        "g",
        { class: "ladder-row", "data-tendency": tendency, transform: `translate(0,${r * (cell + 6)})` },
        drawn(tendency, text, 0, cell / 2 - 13),
        s("text", { x: 28, y: cell / 2 + 4, class: "label" }, term(tendency, text)),
        view.ladder_values.map((value, i) =>
          s(
            "g",
            {},
            s("rect", {
              x: LABELS + i * cell,
              y: 0,
              width: cell - 3,
              height: cell - 3,
              rx: 4,
              class: view.crisis_positions.includes(i + 1) ? "crisis" : "",
            }),
            s("text", { x: LABELS + i * cell + cell / 2 - 1, y: cell - 6, class: "value" }, value),
          ),
        ),
        s("circle", {
          cx: LABELS + (position - 1) * cell + cell / 2 - 1,
          cy: cell / 2 - 7,
          r: 9,
          fill: tendencyColour(tendency),
          stroke: "#000",
          class: "marker",
        }),
      );
      const meant = attempt(ctx, { revenue: ["tavern", tendency, "left"] }, ["token", tendency]);
      return clickable(row, actions, ctx, meant);
    }),
  );
}

function famine(ctx, x, y) {
  const { view, text } = ctx;
  const cell = 40;
  const spaces = [];
  for (let level = 0; level <= view.famine_max; level++) spaces.push(level);
  const row = s(
    "g",
    { class: "famine", "data-area": "famine", transform: `translate(${x},${y})` },
    drawn("famine", text, 0, cell / 2 - 13),
    s("text", { x: 28, y: cell / 2 + 4, class: "label" }, term("famine", text)),
    spaces.map((level) =>
      s(
        "g",
        {},
        s("rect", { x: LABELS + level * cell, y: 0, width: cell - 3, height: cell - 3, rx: 4 }),
        s("text", { x: LABELS + level * cell + cell / 2 - 1, y: cell - 6, class: "value" }, level),
      ),
    ),
    s("circle", {
      cx: LABELS + view.famine * cell + cell / 2 - 1,
      cy: cell / 2 - 7,
      r: 9,
      fill: tendencyColour("famine"),
      stroke: "#000",
      class: "marker",
    }),
  );
  return clickable(row, mineToo(ctx, "tavern", "famine"), ctx, attempt(ctx, {}, ["tavern", "famine", "left"]));
}

function boardSvg(ctx) {
  const width = 780;
  const height = 520;
  return s(
    "svg",
    { class: "sylla-board", viewBox: `0 0 ${width} ${height}`, width, height },
    s("rect", { x: 0, y: 0, width, height, class: "board-bg" }),
    road(ctx, width, height),
    ladder(ctx, 60, 90),
    famine(ctx, 60, 250),
    firstConsul(ctx, 60, 330),
  );
}

function firstConsul(ctx, x, y) {
  const { view, text } = ctx;
  return s(
    "g",
    { class: "first-consul", transform: `translate(${x},${y})` },
    drawn("first_consul", text, 0, 0),
    s("text", { x: 28, y: 16, class: "label" }, term("first_consul", text)),
    view.first_consul !== null &&
      view.first_consul !== undefined &&
      s(
        "g",
        {},
        s("circle", { cx: 163, cy: 11, r: 10, fill: seatColour(view, view.first_consul), stroke: "#000" }),
        s("text", { x: 180, y: 16, class: "label" }, text.seat(view.first_consul)),
      ),
    s(
      "text",
      { x: 0, y: 48, class: "label progress" },
      `${text.message("sylla.board.progress", { round: view.round, rounds: view.rounds })} · ${term(view.phase, text)}`,
    ),
    view.step && s("text", { x: 0, y: 72, class: "step" }, stepName(view.step, text)),
  );
}

/** The decision in progress as the rulebook tells it ("Election of the First Consul"). */
function stepName(step, text) {
  return text.message(`sylla.step.${step}`) ?? "";
}

// -- Beside the board --------------------------------------------------------------------

function eventCard(ctx, event) {
  const { view, text } = ctx;
  const actions = [
    ...mineToo(ctx, "cube", "legionary", event.event),
    ...mineToo(ctx, "cube", "vestal", event.event),
    ...mineToo(ctx, "prevent", event.event),
    ...mineToo(ctx, "remove", event.event),
  ];
  const card = h(
    "div",
    {
      class: `sy-card event${event.occurred ? " occurred" : ""}${event.permanent ? " permanent" : ""}`,
      "data-event": event.event,
      ...rulesOf(event.event, "events", text),
      style: event.tendency ? `--tendency:${tendencyColour(event.tendency)}` : null,
    },
    h("div", { class: "card-name" }, term(event.event, text)),
    h(
      "div",
      { class: "event-facts" },
      event.tendency && h("span", { class: "tendency" }, picture(GAME, event.tendency, text)),
      event.fought_by.map((type) => h("span", { class: "fought-by" }, picture(GAME, type, text))),
      event.famine_symbols > 0 &&
        h("span", { class: "famine-symbols" }, counted("famine", text, event.famine_symbols, `${event.famine_symbols} ${term("famine_symbols", text)}`)),
    ),
    eventGives(event.event, text),
    h(
      "div",
      { class: "cubes" },
      event.cubes.flatMap((count, seat) =>
        Array.from({ length: count }, () =>
          h("span", { class: "cube", style: `background:${seatColour(view, seat)}`, title: text.seat(seat) }),
        ),
      ),
    ),
  );
  const meant = attempt(
    ctx,
    { prevent: ["prevent", event.event], remove: ["remove", event.event] },
    ["cube", "legionary", event.event],
  );
  return clickable(card, actions, ctx, meant);
}

function buildingRow(ctx) {
  const { view, text } = ctx;
  const auction = view.auction;
  return h(
    "div",
    { class: "building-row", "data-area": "building_row" },
    view.building_row.map((slot) => {
      const node = h(
        "div",
        {
          class: `sy-slot ${slot.colour}${auction && auction.slot === slot.slot ? " on-sale" : ""}`,
          "data-slot": slot.slot,
        },
        slot.building
          ? h(
              "div",
              { class: "sy-tile", "data-building": slot.building, ...rulesOf(slot.building, "buildings", text) },
              h("span", { class: "tile-name" }, term(slot.building, text)),
              buildingGives(slot.building, text),
            )
          : h("div", { class: "sy-tile empty" }, "—"),
      );
      const meant = attempt(ctx, {}, ["offer", slot.building, slot.colour]);
      return slot.building ? clickable(node, mineToo(ctx, "offer", slot.building, slot.colour), ctx, meant) : node;
    }),
    h(
      "div",
      { class: "stack", title: text.message("sylla.board.building_stack") },
      h("div", { class: "sy-tile back" }, view.building_stack_top ?? "—"),
      h("small", {}, view.building_stack),
    ),
  );
}

function greatWork(ctx) {
  const { view, text } = ctx;
  const work = view.great_work;
  return h(
    "div",
    { class: "great-work", "data-area": "great_work" },
    h("h4", {}, term("great_work", text)),
    h(
      "div",
      { class: "works" },
      work.current &&
        h(
          "div",
          { class: "sy-card work current", ...rulesOf(work.current, "great_work", text) },
          h("div", { class: "card-name" }, term(work.current, text)),
          workGives(work.current, text),
        ),
      work.next &&
        h(
          "div",
          { class: "sy-card work next", ...rulesOf(work.next, "great_work", text) },
          h("small", {}, text.message("sylla.board.next")),
          h("div", { class: "card-name" }, term(work.next, text)),
          workGives(work.next, text),
        ),
      h("div", { class: "sy-card back" }, work.stack),
    ),
    work.built.length > 0 && h("small", {}, `${text.message("sylla.board.built")}: ${work.built.map((w) => term(w, text)).join(", ")}`),
    work.removed && h("small", { class: "removed" }, `${text.message("sylla.board.removed")}: ${term(work.removed, text)}`),
    h("small", {}, text.message("sylla.board.cranes_left", { n: view.cranes_left })),
  );
}

function hexes(colours, text) {
  return h(
    "span",
    { class: "hexes" },
    colours.map((colour) =>
      h("span", { class: "hex", style: `background:${HEX_COLOURS[colour] || colour}`, title: term(colour, text) }),
    ),
  );
}

/** A character card's name: its design's (the colours tell two alike designs apart), or the
 * Crane card's. */
function cardName(character, text) {
  return term(character.card === "crane" ? "crane_card" : character.card, text);
}

/** A face-up character card's name and its rules: its type's ability, and a Christian's. */
function characterRules(character, text) {
  const type = character.type === "crane" ? "crane_card" : character.type;
  const rules = [type, character.christian && "christian"].filter(Boolean).map((id) => text.message(`sylla.rules.${id}`));
  return ruledPart(GAME, "character", cardName(character, text), rules.filter(Boolean).join("\n"), text);
}

function characterCard(ctx, character, { actions = [], meant = null } = {}) {
  const { text } = ctx;
  const classes = ["sy-card", "character", character.type];
  if (character.tilted) classes.push("tilted");
  if (character.face_down) classes.push("face-down");
  const node = h(
    "div",
    {
      class: classes.join(" "),
      "data-card": character.card,
      ...(character.face_down ? { title: term("face_down", text) } : characterRules(character, text)),
    },
    character.face_down
      ? h("div", { class: "card-back" }, character.set ?? "")
      : [
          h(
            "div",
            { class: "card-name" },
            h("span", { class: "kind" }, picture(GAME, character.type === "crane" ? "crane_card" : character.type, text)),
            term(character.type === "crane" ? "crane_card" : character.type, text),
          ),
          hexes(character.hexes, text),
          characterGives(character.type, character.christian, text),
          character.set && h("small", { class: "set", title: text.message("sylla.board.set", { set: character.set }) }, character.set),
        ],
    character.held_by && h("small", { class: "held" }, term(character.held_by, text)),
  );
  clickable(node, actions, ctx, meant);
  // A tilted card lies across: it takes a card's height in width on the table.
  return character.tilted ? h("div", { class: "tilt-slot" }, node) : node;
}

function display(ctx) {
  const { view, text } = ctx;
  return h(
    "div",
    { class: "display", "data-area": "display" },
    h("h4", {}, term("recruit_display", text)),
    h(
      "div",
      { class: "cards" },
      view.display.map((character) => characterCard(ctx, character, {
          actions: mineToo(ctx, "recruit", character.card),
          meant: attempt(ctx, {}, ["recruit", character.card]),
        })),
      h("div", { class: "sy-card back", title: text.message("sylla.board.deck") }, view.deck_top_set ?? "", h("small", {}, view.deck)),
    ),
  );
}

function eventsArea(ctx) {
  const { view, text } = ctx;
  return h(
    "div",
    { class: "events-area", "data-area": "events" },
    h("h4", {}, term("events", text), " ", h("small", { title: text.message("sylla.board.event_deck", { n: view.event_deck }) }, `(${view.event_deck})`)),
    h("div", { class: "cards" }, view.events.map((event) => eventCard(ctx, event))),
  );
}

// -- Players -----------------------------------------------------------------------------

function tokens(text, counts, label) {
  return h(
    "span",
    { class: "tokens", title: label },
    Object.entries(counts).map(([tendency, n]) =>
      h("span", { class: "sy-token", "data-tendency": tendency }, counted(tendency, text, n)),
    ),
  );
}

function screen(ctx, player) {
  const { text, view } = ctx;
  const mine = ctx.seat === player.seat;
  if (player.money === null) {
    return h(
      "div",
      { class: "screen closed", title: text.message("sylla.board.screen") },
      h("span", { class: "screen-label" }, text.message("sylla.board.screen")),
      player.unknown_tokens.length > 0 &&
        counted("tokens", text, `+${player.unknown_tokens.length}`, text.message("sylla.board.unknown_tokens", { n: player.unknown_tokens.length })),
    );
  }
  const bids = mine ? [...legalStarting(ctx, "bid"), ...legalStarting(ctx, "thumb"), ...legalStarting(ctx, "free")] : [];
  const passing = mine ? legalStarting(ctx, "pass") : [];
  return h(
    "div",
    { class: `screen${mine ? " own" : ""}`, "data-screen": player.seat },
    h("span", { class: "money" }, counted("denier", text, player.money, text.message("sylla.board.deniers", { n: player.money }))),
    tokens(text, player.tokens, term("tokens", text)),
    mine &&
      view.my_choice !== undefined &&
      view.my_choice !== null &&
      h("small", { class: "my-choice" }, secretChoice(view.my_choice, text)),
    bids.length > 0 && clickable(h("button", { type: "button", class: "sy-bid", name: "bid" }, bidLabel(bids, text)), bids, ctx),
    passing.length > 0 && clickable(h("button", { type: "button", class: "sy-pass", name: "pass" }, text.action(passing[0], GAME)), passing, ctx),
  );
}

/** What the seat chose in secret: starting characters, or its decision on the Great Work. */
function secretChoice(choice, text) {
  if (Array.isArray(choice)) return `${text.message("sylla.board.your_secret_choice")}: ${text.show(choice)}`;
  return text.message("sylla.view.committed", choice);
}

const BID_LABELS = { bid: "sylla.board.bid", thumb: "sylla.board.thumb", free: "sylla.board.free" };

function bidLabel(actions, text) {
  const kinds = [...new Set(actions.map((action) => action[0]))];
  return kinds.map((kind) => text.message(BID_LABELS[kind])).join(" / ");
}

function playerArea(ctx, player) {
  const { text, view } = ctx;
  const mine = ctx.seat === player.seat;
  const choose = mine ? legalStarting(ctx, "choose") : [];
  return h(
    "section",
    {
      class: `sy-player${mine ? " you" : ""}${view.to_move.includes(player.seat) ? " to-move" : ""}`,
      "data-seat": player.seat,
      style: `--seat:${seatColour(view, player.seat)}`,
    },
    h(
      "header",
      {},
      h("span", { class: "pawn" }),
      h("strong", {}, text.seat(player.seat)),
      h("span", { class: "prestige" }, counted("prestige", text, player.prestige, text.message("sylla.board.prestige_points", { n: player.prestige }))),
      h(
        "span",
        { class: "revenue-tile", title: text.message("sylla.board.revenue_tile", { tile: player.revenue_tile }) },
        player.revenue_tile,
      ),
      view.first_consul === player.seat && h("span", { class: "consul" }, picture(GAME, "first_consul", text)),
      tokens(text, player.known_tokens, text.message("sylla.board.tokens_everyone_knows")),
      screen(ctx, player),
    ),
    choose.length > 0 &&
      h(
        "div",
        { class: "cards choose", "data-area": "choose" },
        choose.map(([, design]) =>
          clickable(
            h(
              "div",
              { class: "sy-card design", "data-design": design, ...characterRules({ card: design, ...printed.designs[design] }, text) },
              // The type's name: the hexes and the fish tell the two designs of a type apart.
              h("div", { class: "card-name" }, h("span", { class: "kind" }, picture(GAME, printed.designs[design].type, text)), term(printed.designs[design].type, text)),
              hexes(printed.designs[design].hexes, text),
              characterGives(printed.designs[design].type, printed.designs[design].christian, text),
            ),
            [["choose", design]],
            ctx,
          ),
        ),
      ),
    h(
      "div",
      { class: "cards tableau" },
      player.characters.map((character) => {
        const actions = mine
          ? [
              ...legalStarting(ctx, "tilt", character.card),
              // A tilted card is turned face down as one ("flip legionary_a tilted").
              ...legalStarting(ctx, "flip", character.card).filter((action) => (action.length > 2) === character.tilted),
            ]
          : [];
        const meant = mine ? attempt(ctx, { flip: ["flip", character.card] }, ["tilt", character.card]) : null;
        return characterCard(ctx, character, { actions, meant });
      }),
      player.buildings.map((building) => {
        const node = h(
          "div",
          {
            class: `sy-tile own${building.face_down ? " face-down" : ""}`,
            "data-building": building.building,
            ...(building.face_down ? { title: term("face_down", text) } : rulesOf(building.building, "buildings", text)),
          },
          !building.face_down && h("span", { class: "tile-name" }, term(building.building, text)),
          !building.face_down && buildingGives(building.building, text),
          building.held_by && h("small", { class: "held" }, term(building.held_by, text)),
        );
        const meant = mine ? attempt(ctx, {}, ["flip", building.building]) : null;
        return clickable(node, mine ? legalStarting(ctx, "flip", building.building) : [], ctx, meant);
      }),
    ),
  );
}

/** The player's own area first, with its bids and cards, then the board and the cards in play
 * (those above the board where the two do not fit side by side: they are where the decisions
 * are), then the other players' areas. */
function render(root, ctx) {
  const others = [...ctx.view.players];
  const own = ctx.seat !== null ? others.splice(ctx.seat, 1) : [];
  root.replaceChildren(
    h(
      "div",
      { class: "sylla", "data-game": GAME },
      own.length > 0 && h("div", { class: "sy-players own" }, own.map((player) => playerArea(ctx, player))),
      h(
        "div",
        { class: "sy-top" },
        boardSvg(ctx),
        h("div", { class: "sy-beside" }, eventsArea(ctx), buildingRow(ctx), greatWork(ctx), display(ctx)),
      ),
      h("div", { class: "sy-players" }, others.map((player) => playerArea(ctx, player))),
    ),
  );
  // A card or tile is one part to the mouse: resting anywhere on it shows its name and rules
  // (the pictures beside their words), not the name of the picture under the pointer.
  for (const drawing of root.querySelectorAll(".sy-card .icon.picture[title], .sy-tile .icon.picture[title]")) {
    drawing.removeAttribute("title");
  }
}

// -- The end of the game -----------------------------------------------------------------

/** Each player's score sheet, in rank order: the Road to Glory before Ecclesia, then what
 * Ecclesia added (Christians, freed Slaves, Res Publica tokens at their ladder values), the
 * prestige at the end, and the deniers left, which score nothing. */
function breakdown(result, { text }) {
  const d = result.details;
  if (!d?.prestige) return null;
  const seats = d.prestige.map((_, seat) => seat).sort((a, b) => result.ranks[a] - result.ranks[b] || a - b);
  const tokenPoints = (seat) =>
    Object.entries(d.tokens ?? {}).reduce((sum, [tendency, counts]) => sum + counts[seat] * (d.ladder_values?.[tendency] ?? 0), 0);
  const ecclesia = (seat) => (d.christians?.[seat] ?? 0) + (d.freed?.[seat] ?? 0) + tokenPoints(seat);
  const rows = [];
  if (d.ladder_values) {
    rows.push(["before", text.message("sylla.board.sheet_before"), (seat) => d.prestige[seat] - ecclesia(seat)]);
    if (d.christians) rows.push(["christians", text.message("sylla.board.sheet_christians"), (seat) => d.christians[seat]]);
    if (d.freed) rows.push(["freed", text.message("sylla.board.sheet_freed"), (seat) => d.freed[seat]]);
    for (const [tendency, counts] of Object.entries(d.tokens ?? {})) {
      const value = d.ladder_values[tendency];
      rows.push([
        `tokens-${tendency}`,
        text.message("sylla.board.sheet_tokens", { tendency, value }),
        (seat) => `${counts[seat]} × ${value} = ${counts[seat] * value}`,
      ]);
    }
  }
  rows.push(["total", text.message("sylla.board.sheet_total"), (seat) => d.prestige[seat]]);
  if (d.money) rows.push(["money", text.message("sylla.board.sheet_money"), (seat) => d.money[seat]]);
  return h(
    "div",
    { class: "breakdown sy-sheet" },
    h("h3", {}, text.message("sylla.board.sheet")),
    h(
      "table",
      { class: "grid" },
      h("tr", {}, h("th", {}), seats.map((seat) => h("th", { "data-seat": seat }, text.seat(seat)))),
      rows.map(([row, label, value]) =>
        h("tr", { "data-row": row }, h("th", {}, label), seats.map((seat) => h("td", { "data-seat": seat }, value(seat)))),
      ),
    ),
  );
}

/** Per seat, its tie explained: players level on prestige share the place (S-39). */
function tiebreaks(result, { text }) {
  return result.ranks.map((rank, seat) => {
    const level = result.ranks.map((other, s) => (other === rank && s !== seat ? s : null)).filter((s) => s !== null);
    return level.length > 0 ? text.message("sylla.board.tied", { seats: level }) : "";
  });
}

/** A player's panel at the top of the table page: his prestige, and his deniers where the
 *  viewer may see them (behind another's screen they are secret). */
function panel(ctx, seat) {
  const player = ctx.view.players?.[seat];
  if (!player) return null;
  const money = player.money === null ? null : ctx.text.message("sylla.board.deniers", { n: player.money });
  return { score: player.prestige, holds: money };
}

export default {
  async prepare() {
    printed = await loadPrinted(GAME);
  },
  render,
  panel,
  breakdown,
  tiebreaks,
  // The words icons.svg draws, and the picture shown beside a word that names one.
  markedWords: PICTURES,
  mark: (word, text) => picture(GAME, word, text, null, { beside: true }),
};
