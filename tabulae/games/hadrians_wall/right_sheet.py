"""The right sheet's actions: citizen tracks, Market, Theatre, Ludus, Temples, Baths,
Courthouse, Diplomats and Scouts. Its buildings are in `buildings`.

Market, Theatre, Baths and Courthouse boxes fill in any order once their
threshold is met (H-04); the # boxes hold the year to enforce the per-year
limits (H-07).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabulae.core import Action

from .areas import Area, number, word
from .data import (
    BATHS_BOXES,
    BUILDING_INDEX,
    CITIZENS,
    COHORTS,
    COURT_BOXES,
    COURT_COLUMNS,
    DATA,
    DIPLOMAT_COST,
    DIPLOMAT_FAVOURS,
    DIPLOMAT_NEEDS,
    DIPLOMAT_REWARD,
    GLADIATOR_BOXES,
    GLADIATOR_DIED,
    GLADIATOR_NEEDS,
    GLADIATOR_SURVIVED,
    GLADIATOR_TRAINING,
    GLADIATORS,
    MARKET_BOXES,
    PERFORMANCES,
    POOL,
    SCOUT_COST,
    SCOUT_NEEDS,
    TEMPLE_ROW_BOXES,
    TEMPLE_WORKERS,
    UNIQUE_GOODS_RENOWN,
)
from .rewards import advance_citizen, gain, gain_all
from .scouting import CELLS, ORIENTATIONS, PLACEMENTS, mask_of, why_not
from .scouting import rewards as map_rewards
from .sheet import (
    APPARITORES,
    BATHS,
    BUILT,
    CIRCLED,
    CITIZEN,
    CIVILIAN,
    COURT,
    DEAD,
    DIPLOMATS,
    FILLED,
    FOUGHT,
    MAP,
    MARKET,
    PATRICIANS,
    PERFORMERS,
    PRIESTS,
    RESOURCE,
    SCOUTS,
    SERVED,
    SOLDIER,
    TEMPLE,
    THEATRE,
    TRADERS,
    affords,
    cost_of,
    disdain,
    lacking,
    pay,
)
from .sheet import (
    DIPLOMAT_FAVOURS as FAVOURS,
)

if TYPE_CHECKING:
    from .state import HadriansWallState

SOURCES = ("own", "left", "right", "neutral1", "neutral2")
"""Whose Prospect card a purchase or a pattern comes from: the player's own (patterns only),
a neighbour's (left = next seat, right = previous seat), or a Neutral card (1-2 players)."""
MARKET_SOURCES = ("left", "right", "deck", "neutral1", "neutral2")

CITIZEN_ACTIONS = tuple(Action("citizen", c) for c in CITIZENS)
MARKET_ACTIONS = {
    (box, source): Action("market", box, source)
    for box in range(1, len(MARKET_BOXES) + 1)
    for source in MARKET_SOURCES
}
PERFORM_ACTIONS = tuple(Action("perform", n) for n in range(1, len(PERFORMANCES) + 1))
GLADIATOR_ACTIONS = tuple(Action("gladiator", g, w) for g in GLADIATORS for w in GLADIATOR_TRAINING)
BATTLE_ACTIONS = tuple(Action("battle", g) for g in GLADIATORS)
TEMPLE_ACTIONS = tuple(Action("temple", w) for w in TEMPLE_WORKERS)
BRIBE_ACTIONS = tuple(Action("bribe", n) for n in range(1, len(BATHS_BOXES) + 1))
RULING_ACTIONS = tuple(Action("ruling", n) for n in range(1, len(COURT_BOXES) + 1))
DIPLOMAT_ACTIONS = tuple(Action("diplomat", c) for c in COHORTS)
SCOUT_ACTIONS = {
    (source, orientation, cell): Action("scout", source, orientation, cell)
    for source in SOURCES
    for orientation in range(ORIENTATIONS)
    for cell in range(1, CELLS + 1)
}

_MARKET = BUILT + BUILDING_INDEX["market"]
_THEATRE = BUILT + BUILDING_INDEX["theatre"]
_LUDUS = BUILT + BUILDING_INDEX["ludus"]
_BATHS = BUILT + BUILDING_INDEX["baths"]
_COURTHOUSE = BUILT + BUILDING_INDEX["courthouse"]
_TEMPLES = {size: BUILT + BUILDING_INDEX[f"{size}_temple"] for size in ("small", "medium", "large")}
_CIVILIAN = ((CIVILIAN, 1),)
_PURCHASE = cost_of(DATA["market"]["purchase_cost"])
_PERFORMANCE = cost_of(DATA["theatre"]["performance_cost"])
_DIPLOMAT = cost_of(DIPLOMAT_COST)
_SCOUT = cost_of(SCOUT_COST)
_TRAINING_SLOTS = tuple(POOL.index(w) for w in GLADIATOR_TRAINING)
_TEMPLE_SLOTS = tuple(POOL.index(w) for w in TEMPLE_WORKERS)
_BATHS_PER_YEAR = DATA["baths"]["per_year"]


def _not_built(name: str) -> str:
    return f"build the {name} first"


# -- citizen tracks -------------------------------------------------------------------------------


def _citizen_options(st: HadriansWallState, seat: int) -> list[Action]:
    sheet = st.sheets[seat]
    if not sheet[CIVILIAN]:
        return []
    return [a for i, a in enumerate(CITIZEN_ACTIONS) if sheet[CITIZEN + i] < 9]


def _citizen_perform(st: HadriansWallState, seat: int, action: Action) -> dict[str, Any]:
    sheet = st.sheets[seat]
    i = CITIZENS.index(action[1])
    pay(sheet, _CIVILIAN)
    advance_citizen(sheet, st.pending[seat], i)
    return {"citizen": action[1], "box": sheet[CITIZEN + i]}


def _citizen_refusal(st: HadriansWallState, seat: int, action: Action) -> str:
    citizen = word(action, 0, CITIZENS)
    if citizen is None or len(action.args) != 1:
        return f"the citizen tracks are {', '.join(CITIZENS)}"
    if st.sheets[seat][CITIZEN + CITIZENS.index(citizen)] >= 9:
        return f"the {citizen} track is full"
    return lacking(st.sheets[seat], _CIVILIAN) or "not allowed now"


# -- Market ---------------------------------------------------------------------------------------


def _goods(st: HadriansWallState, seat: int) -> list[tuple[str, int, int | None]]:
    """(source, trade-good number, who receives the resource) for each way to buy now."""
    own = st.prospect_card(seat).trade_good
    found = [
        (w, card.trade_good, target)
        for w, card, target in st.offers(seat)
        if card.trade_good != own
    ]
    found.append(("deck", 0, None))
    return found


def _market_options(st: HadriansWallState, seat: int) -> list[Action]:
    sheet = st.sheets[seat]
    if not sheet[_MARKET] or not affords(sheet, _PURCHASE):
        return []
    traders = sheet[TRADERS]
    goods = _goods(st, seat)
    return [
        MARKET_ACTIONS[box + 1, source]
        for box, (need, _) in enumerate(MARKET_BOXES)
        if not sheet[MARKET + box] and traders >= need
        for source, _, _ in goods
    ]


def _market_perform(st: HadriansWallState, seat: int, action: Action) -> dict[str, Any]:
    sheet = st.sheets[seat]
    box, source = action[1] - 1, action[2]
    pay(sheet, _PURCHASE)
    drawn = None
    if source == "deck":
        own = st.prospect_card(seat).trade_good
        card = st.draw_fate()
        while card.trade_good == own and not st.options["deck_draw_may_match_own_prospect"]:
            card = st.draw_fate()
        good, drawn = card.trade_good, card.id
    else:
        ((good, target),) = [(c.trade_good, t) for w, c, t in st.offers(seat) if w == source]
        st.hand_over(target, RESOURCE)
    goods = sheet[MARKET : MARKET + len(MARKET_BOXES)]
    unique_before = len({g for g in goods if g})
    sheet[MARKET + box] = good
    unique = len({g for g in goods if g} | {good})
    renown = 0
    if unique > unique_before:
        renown = UNIQUE_GOODS_RENOWN[unique - 1]
        for _ in range(renown):
            gain(sheet, st.pending[seat], "renown")
    gain_all(sheet, st.pending[seat], MARKET_BOXES[box][1])
    args: dict[str, Any] = {"box": box + 1, "source": source, "good": good, "renown": renown}
    if drawn:
        args["fate_card"] = drawn
    return args


def _market_refusal(st: HadriansWallState, seat: int, action: Action) -> str:
    sheet = st.sheets[seat]
    box = number(action, 0, 1, len(MARKET_BOXES))
    source = word(action, 1, MARKET_SOURCES)
    if box is None or source is None or len(action.args) != 2:
        return "a purchase names a Market box 1-8 and a source: 'market 3 deck'"
    if not sheet[_MARKET]:
        return _not_built("Market")
    if sheet[MARKET + box - 1]:
        return f"Market box {box} is already filled"
    need = MARKET_BOXES[box - 1][0]
    if sheet[TRADERS] < need:
        return f"Market box {box} needs {need} traders; you have {sheet[TRADERS]}"
    if source != "deck":
        offered = {w: c for w, c, _ in st.offers(seat)}
        if source not in offered:
            return f"there is no '{source}' Prospect card to buy from"
        if offered[source].trade_good == st.prospect_card(seat).trade_good:
            return "you may not buy the trade good shown on your own Prospect card"
    return lacking(sheet, _PURCHASE) or "not allowed now"


# -- Theatre --------------------------------------------------------------------------------------


def _performed(sheet: list[int], year: int) -> bool:
    return year in sheet[THEATRE : THEATRE + len(PERFORMANCES)]


def _perform_options(st: HadriansWallState, seat: int) -> list[Action]:
    sheet = st.sheets[seat]
    if not sheet[_THEATRE] or not affords(sheet, _PERFORMANCE) or _performed(sheet, st.year):
        return []
    return [
        action
        for i, (action, (need, _)) in enumerate(zip(PERFORM_ACTIONS, PERFORMANCES, strict=True))
        if not sheet[THEATRE + i] and sheet[PERFORMERS] >= need
    ]


def _perform_perform(st: HadriansWallState, seat: int, action: Action) -> dict[str, Any]:
    sheet = st.sheets[seat]
    i = action[1] - 1
    pay(sheet, _PERFORMANCE)
    sheet[THEATRE + i] = st.year
    gain_all(sheet, st.pending[seat], PERFORMANCES[i][1])
    return {"performance": i + 1}


def _perform_refusal(st: HadriansWallState, seat: int, action: Action) -> str:
    sheet = st.sheets[seat]
    n = number(action, 0, 1, len(PERFORMANCES))
    if n is None or len(action.args) != 1:
        return "a performance is numbered 1-6: 'perform 2'"
    if not sheet[_THEATRE]:
        return _not_built("Theatre")
    if sheet[THEATRE + n - 1]:
        return f"performance {n} has already been given"
    if _performed(sheet, st.year):
        return f"the Theatre already gave a performance in year {st.year}"
    need = PERFORMANCES[n - 1][0]
    if sheet[PERFORMERS] < need:
        return f"performance {n} needs {need} performers; you have {sheet[PERFORMERS]}"
    return lacking(sheet, _PERFORMANCE) or "not allowed now"


# -- Ludus: training and battles ------------------------------------------------------------------


def _gladiator_options(st: HadriansWallState, seat: int) -> list[Action]:
    sheet = st.sheets[seat]
    if not sheet[_LUDUS]:
        return []
    found = []
    for g in range(len(GLADIATORS)):
        circled = sheet[CIRCLED + g]
        if (
            sheet[DEAD + g]
            or circled >= GLADIATOR_BOXES
            or sheet[PERFORMERS] < GLADIATOR_NEEDS[circled]
        ):
            continue
        for k, slot in enumerate(_TRAINING_SLOTS):
            if sheet[slot]:
                found.append(GLADIATOR_ACTIONS[g * len(_TRAINING_SLOTS) + k])
    return found


def _gladiator_perform(st: HadriansWallState, seat: int, action: Action) -> dict[str, Any]:
    sheet = st.sheets[seat]
    g = GLADIATORS.index(action[1])
    sheet[POOL.index(action[2])] -= 1
    sheet[CIRCLED + g] += 1
    return {"gladiator": action[1], "strength": sheet[CIRCLED + g]}


def _gladiator_refusal(st: HadriansWallState, seat: int, action: Action) -> str:
    sheet = st.sheets[seat]
    name = word(action, 0, GLADIATORS)
    payment = word(action, 1, GLADIATOR_TRAINING)
    if name is None or payment is None or len(action.args) != 2:
        return "training names a gladiator and a servant or civilian: 'gladiator red servant'"
    if not sheet[_LUDUS]:
        return _not_built("Ludus")
    g = GLADIATORS.index(name)
    if sheet[DEAD + g]:
        return f"the {name} gladiator is dead"
    circled = sheet[CIRCLED + g]
    if circled >= GLADIATOR_BOXES:
        return f"the {name} gladiator is fully trained"
    if sheet[PERFORMERS] < GLADIATOR_NEEDS[circled]:
        return (
            f"training the {name} gladiator again needs {GLADIATOR_NEEDS[circled]} performers; "
            f"you have {sheet[PERFORMERS]}"
        )
    return lacking(sheet, ((POOL.index(payment), 1),)) or "not allowed now"


def _battle_options(st: HadriansWallState, seat: int) -> list[Action]:
    sheet = st.sheets[seat]
    if not sheet[_LUDUS]:
        return []
    return [
        action
        for g, action in enumerate(BATTLE_ACTIONS)
        if not sheet[DEAD + g]
        and sheet[CIRCLED + g] > sheet[FILLED + g]
        and sheet[FOUGHT + g] != st.year
    ]


def _battle_perform(st: HadriansWallState, seat: int, action: Action) -> dict[str, Any]:
    sheet = st.sheets[seat]
    g = GLADIATORS.index(action[1])
    card = st.draw_fate()
    circled = sheet[CIRCLED + g]
    filled = min(circled, sheet[FILLED + g] + card.damage)
    sheet[FILLED + g] = filled
    sheet[FOUGHT + g] = st.year
    survived = filled < circled
    if survived:
        reward = GLADIATOR_SURVIVED[circled - 1]
    else:
        sheet[DEAD + g] = 1
        reward = GLADIATOR_DIED[filled - 1]
    gain_all(sheet, st.pending[seat], reward)
    return {
        "gladiator": action[1],
        "fate_card": card.id,
        "damage": card.damage,
        "survived": survived,
        "reward": list(reward),
    }


def _battle_refusal(st: HadriansWallState, seat: int, action: Action) -> str:
    sheet = st.sheets[seat]
    name = word(action, 0, GLADIATORS)
    if name is None or len(action.args) != 1:
        return "a battle names a gladiator: 'battle red' or 'battle blue'"
    if not sheet[_LUDUS]:
        return _not_built("Ludus")
    g = GLADIATORS.index(name)
    if sheet[DEAD + g]:
        return f"the {name} gladiator is dead"
    if sheet[CIRCLED + g] <= sheet[FILLED + g]:
        return f"the {name} gladiator has no strength left to fight: train him first"
    return f"the {name} gladiator already fought in year {st.year}"


# -- Temples --------------------------------------------------------------------------------------


def _temple_options(st: HadriansWallState, seat: int) -> list[Action]:
    sheet = st.sheets[seat]
    box = sheet[TEMPLE]
    if box >= len(TEMPLE_ROW_BOXES):
        return []
    size, need, _ = TEMPLE_ROW_BOXES[box]
    if not sheet[_TEMPLES[size]] or sheet[PRIESTS] < need:
        return []
    return [a for a, slot in zip(TEMPLE_ACTIONS, _TEMPLE_SLOTS, strict=True) if sheet[slot]]


def _temple_perform(st: HadriansWallState, seat: int, action: Action) -> dict[str, Any]:
    sheet = st.sheets[seat]
    box = sheet[TEMPLE]
    size, _, reward = TEMPLE_ROW_BOXES[box]
    sheet[POOL.index(action[1])] -= 1
    sheet[TEMPLE] = box + 1
    gain_all(sheet, st.pending[seat], reward)
    return {"temple": size, "box": box + 1, "paid": action[1]}


def _temple_refusal(st: HadriansWallState, seat: int, action: Action) -> str:
    sheet = st.sheets[seat]
    payment = word(action, 0, TEMPLE_WORKERS)
    if payment is None or len(action.args) != 1:
        return "a temple box costs any 1 worker: 'temple servant'"
    box = sheet[TEMPLE]
    if box >= len(TEMPLE_ROW_BOXES):
        return "every temple box is filled"
    size, need, _ = TEMPLE_ROW_BOXES[box]
    if not sheet[_TEMPLES[size]]:
        return f"the next temple box is in the {size.capitalize()} Temple: build it first"
    if sheet[PRIESTS] < need:
        return f"the next temple row needs {need} priests; you have {sheet[PRIESTS]}"
    return lacking(sheet, ((POOL.index(payment), 1),)) or "not allowed now"


# -- Baths ----------------------------------------------------------------------------------------


def _bribes(sheet: list[int], year: int) -> int:
    return sheet[BATHS : BATHS + len(BATHS_BOXES)].count(year)


def _bribe_options(st: HadriansWallState, seat: int) -> list[Action]:
    sheet = st.sheets[seat]
    if not sheet[_BATHS] or disdain(sheet) < 1 or _bribes(sheet, st.year) >= _BATHS_PER_YEAR:
        return []
    return [
        action
        for i, (action, (need, cost)) in enumerate(zip(BRIBE_ACTIONS, BATHS_BOXES, strict=True))
        if not sheet[BATHS + i] and sheet[APPARITORES] >= need and sheet[RESOURCE] >= cost
    ]


def _bribe_perform(st: HadriansWallState, seat: int, action: Action) -> dict[str, Any]:
    sheet = st.sheets[seat]
    i = action[1] - 1
    sheet[RESOURCE] -= BATHS_BOXES[i][1]
    sheet[BATHS + i] = st.year
    gain(sheet, st.pending[seat], "remove_disdain")
    return {"box": i + 1, "paid": BATHS_BOXES[i][1]}


def _bribe_refusal(st: HadriansWallState, seat: int, action: Action) -> str:
    sheet = st.sheets[seat]
    n = number(action, 0, 1, len(BATHS_BOXES))
    if n is None or len(action.args) != 1:
        return "a bribe names a Baths box 1-6: 'bribe 1'"
    if not sheet[_BATHS]:
        return _not_built("Baths")
    if sheet[BATHS + n - 1]:
        return f"Baths box {n} is already filled"
    if disdain(sheet) < 1:
        return "the Baths remove disdain, and you hold none"
    if _bribes(sheet, st.year) >= _BATHS_PER_YEAR:
        return f"you already gave {_BATHS_PER_YEAR} bribes in year {st.year}"
    need, cost = BATHS_BOXES[n - 1]
    if sheet[APPARITORES] < need:
        return f"Baths box {n} needs {need} apparitores; you have {sheet[APPARITORES]}"
    return f"Baths box {n} costs {cost} resources; you have {sheet[RESOURCE]}"


# -- Courthouse -----------------------------------------------------------------------------------


def _column_used(sheet: list[int], column: int, year: int) -> bool:
    return any(sheet[COURT + i] == year for i, box in enumerate(COURT_BOXES) if box[0] == column)


def _ruling_options(st: HadriansWallState, seat: int) -> list[Action]:
    sheet = st.sheets[seat]
    if not sheet[_COURTHOUSE]:
        return []
    used = [_column_used(sheet, c, st.year) for c in range(len(COURT_COLUMNS))]
    return [
        action
        for i, (action, (column, need, cost, _)) in enumerate(
            zip(RULING_ACTIONS, COURT_BOXES, strict=True)
        )
        if not sheet[COURT + i]
        and not used[column]
        and sheet[APPARITORES] >= need
        and affords(sheet, cost)
    ]


def _ruling_perform(st: HadriansWallState, seat: int, action: Action) -> dict[str, Any]:
    sheet = st.sheets[seat]
    i = action[1] - 1
    _, _, cost, reward = COURT_BOXES[i]
    pay(sheet, cost)
    sheet[COURT + i] = st.year
    gain_all(sheet, st.pending[seat], reward)
    return {"box": i + 1, "column": COURT_COLUMNS[COURT_BOXES[i][0]]}


def _ruling_refusal(st: HadriansWallState, seat: int, action: Action) -> str:
    sheet = st.sheets[seat]
    n = number(action, 0, 1, len(COURT_BOXES))
    if n is None or len(action.args) != 1:
        return "a ruling names a Courthouse box 1-9 (left column 1-3, centre 4-6, right 7-9)"
    if not sheet[_COURTHOUSE]:
        return _not_built("Courthouse")
    column, need, cost, _ = COURT_BOXES[n - 1]
    if sheet[COURT + n - 1]:
        return f"Courthouse box {n} is already filled"
    if _column_used(sheet, column, st.year):
        return (
            f"the {COURT_COLUMNS[column]} Courthouse column already gave a ruling in year {st.year}"
        )
    if sheet[APPARITORES] < need:
        return f"Courthouse box {n} needs {need} apparitores; you have {sheet[APPARITORES]}"
    return lacking(sheet, cost) or "not allowed now"


# -- Diplomats ------------------------------------------------------------------------------------


def _diplomat_options(st: HadriansWallState, seat: int) -> list[Action]:
    sheet = st.sheets[seat]
    k = sheet[DIPLOMATS]
    if (
        k >= len(DIPLOMAT_NEEDS)
        or sheet[PATRICIANS] < DIPLOMAT_NEEDS[k]
        or not affords(sheet, _DIPLOMAT)
    ):
        return []
    return [a for c, a in enumerate(DIPLOMAT_ACTIONS) if not sheet[SERVED + c]]


def _diplomat_perform(st: HadriansWallState, seat: int, action: Action) -> dict[str, Any]:
    sheet = st.sheets[seat]
    c = COHORTS.index(action[1])
    pay(sheet, _DIPLOMAT)
    sheet[DIPLOMATS] += 1
    sheet[SERVED + c] = sheet[DIPLOMATS]
    sheet[FAVOURS + c] += DIPLOMAT_FAVOURS
    gain_all(sheet, st.pending[seat], DIPLOMAT_REWARD)
    return {"diplomat": sheet[DIPLOMATS], "cohort": action[1]}


def _diplomat_refusal(st: HadriansWallState, seat: int, action: Action) -> str:
    sheet = st.sheets[seat]
    cohort = word(action, 0, COHORTS)
    if cohort is None or len(action.args) != 1:
        return "a Diplomat serves the left, centre or right Cohort: 'diplomat left'"
    k = sheet[DIPLOMATS]
    if k >= len(DIPLOMAT_NEEDS):
        return "all three Diplomats are already sent"
    if sheet[PATRICIANS] < DIPLOMAT_NEEDS[k]:
        return (
            f"Diplomat {k + 1} needs {DIPLOMAT_NEEDS[k]} patricians; you have {sheet[PATRICIANS]}"
        )
    if sheet[SERVED + COHORTS.index(cohort)]:
        return f"a Diplomat already serves the {cohort} Cohort; each serves a different one"
    return lacking(sheet, _DIPLOMAT) or "not allowed now"


# -- Scouts ---------------------------------------------------------------------------------------


def _scout_ready(sheet: list[int]) -> bool:
    k = sheet[SCOUTS]
    return k < len(SCOUT_NEEDS) and sheet[PATRICIANS] >= SCOUT_NEEDS[k] and affords(sheet, _SCOUT)


def _scout_options(st: HadriansWallState, seat: int) -> list[Action]:
    sheet = st.sheets[seat]
    if not _scout_ready(sheet):
        return []
    filled = sheet[MAP]
    return [
        SCOUT_ACTIONS[source, orientation, cell + 1]
        for source, card, _ in st.patterns(seat)
        for orientation, cell, mask in PLACEMENTS[card.pattern]
        if not mask & filled
    ]


def _scout_perform(st: HadriansWallState, seat: int, action: Action) -> dict[str, Any]:
    sheet = st.sheets[seat]
    source, orientation, cell = action[1], action[2], action[3] - 1
    ((card, target),) = [(c, t) for w, c, t in st.patterns(seat) if w == source]
    mask = mask_of(card.pattern, orientation, cell)
    pay(sheet, _SCOUT)
    st.hand_over(target, SOLDIER)
    sheet[SCOUTS] += 1
    gained = map_rewards(sheet[MAP], mask)
    sheet[MAP] |= mask
    gain_all(sheet, st.pending[seat], tuple(gained))
    return {
        "scout": sheet[SCOUTS],
        "source": source,
        "pattern": card.pattern,
        "orientation": orientation,
        "cell": cell + 1,
        "gained": gained,
    }


def _scout_refusal(st: HadriansWallState, seat: int, action: Action) -> str:
    sheet = st.sheets[seat]
    source = word(action, 0, SOURCES)
    orientation = number(action, 1, 0, ORIENTATIONS - 1)
    cell = number(action, 2, 1, CELLS)
    if source is None or orientation is None or cell is None or len(action.args) != 3:
        return (
            "a scout names a source, an orientation 0-7 and an anchor cell 1-20: 'scout own 4 16'"
        )
    k = sheet[SCOUTS]
    if k >= len(SCOUT_NEEDS):
        return "all five Scouts are already sent"
    if sheet[PATRICIANS] < SCOUT_NEEDS[k]:
        return f"Scout {k + 1} needs {SCOUT_NEEDS[k]} patricians; you have {sheet[PATRICIANS]}"
    offered = {w: c for w, c, _ in st.patterns(seat)}
    if source not in offered:
        return f"there is no '{source}' Prospect card whose pattern you could use"
    reason = lacking(sheet, _SCOUT)
    if reason:
        return reason
    return why_not(offered[source].pattern, orientation, cell - 1, sheet[MAP]) or "not allowed now"


AREAS = {
    "citizen": Area(_citizen_options, _citizen_perform, _citizen_refusal),
    "market": Area(_market_options, _market_perform, _market_refusal),
    "perform": Area(_perform_options, _perform_perform, _perform_refusal),
    "gladiator": Area(_gladiator_options, _gladiator_perform, _gladiator_refusal),
    "battle": Area(_battle_options, _battle_perform, _battle_refusal),
    "temple": Area(_temple_options, _temple_perform, _temple_refusal),
    "bribe": Area(_bribe_options, _bribe_perform, _bribe_refusal),
    "ruling": Area(_ruling_options, _ruling_perform, _ruling_refusal),
    "diplomat": Area(_diplomat_options, _diplomat_perform, _diplomat_refusal),
    "scout": Area(_scout_options, _scout_perform, _scout_refusal),
}


def actions(market_sources: tuple[str, ...], scout_sources: tuple[str, ...]) -> tuple[Action, ...]:
    """Every right-sheet action for a table whose Prospect sources are those given."""
    return (
        *CITIZEN_ACTIONS,
        *(a for (box, s), a in MARKET_ACTIONS.items() if s in market_sources),
        *PERFORM_ACTIONS,
        *GLADIATOR_ACTIONS,
        *BATTLE_ACTIONS,
        *TEMPLE_ACTIONS,
        *BRIBE_ACTIONS,
        *RULING_ACTIONS,
        *DIPLOMAT_ACTIONS,
        *(a for (s, _, _), a in SCOUT_ACTIONS.items() if s in scout_sources),
    )
