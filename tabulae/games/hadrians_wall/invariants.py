"""What must hold in every position of Hadrian's Wall, as a strong player would check a table.

Read from the position after every action of every checked game: the sheets' bounds and
fill order (H-04, H-05), buildings and their levels (H-06), the per-year limits written as
years in the boxes (H-07), the pieces in hand at the year's turns (H-02, H-17), the attack
and its outcome (H-17, H-20, H-23), favours (H-13, H-16), disdain (H-14, H-18) and where
every card lies; once a year, the game's record of events against the sheets. Each rule is
written afresh from the component data, not through the engine's own helpers, so that a
fault in those shows here.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import compress
from operator import itemgetter, le
from typing import TYPE_CHECKING

from tabulae.core import Event

from .components import (
    ATTACK_CARDS,
    ATTRIBUTE_LENGTH,
    ATTRIBUTES,
    BATHS_BOXES,
    BUILDINGS,
    CIPPI_NEEDS_FORT,
    CITIZEN_LENGTH,
    CITIZENS,
    COHORT_LENGTH,
    COHORTS,
    COLUMN_ENDS,
    COURT_BOXES,
    COURT_COLUMNS,
    DATA,
    DIPLOMAT_NEEDS,
    DISDAIN_BOXES,
    FATE_CARDS,
    FORT_FLAGS,
    FORUM_BOXES,
    GLADIATOR_BOXES,
    GLADIATOR_NEEDS,
    GLADIATORS,
    GREY_FLAGS,
    LANDMARKS,
    MARKET_BOXES,
    PERFORMANCES,
    PLAYER_CARDS,
    POOL,
    SCOUT_NEEDS,
    TEMPLE_ROW_BOXES,
    TRAINING_BOXES,
    YEARS,
)
from .rewards import CHOICES
from .sheet import (
    APPARITORES,
    ATTRIBUTE,
    BATHS,
    BUILT,
    CIPPI,
    CIRCLED,
    CITIZEN,
    COHORT,
    COURT,
    DEAD,
    DIPLOMAT_FAVOURS,
    DIPLOMATS,
    DISDAIN,
    DISDAIN_REMOVED,
    FILLED,
    FORT,
    FORUM,
    FOUGHT,
    GUARD,
    LANDMARK,
    MAP,
    MARKET,
    MINING,
    PATRICIANS,
    PERFORMERS,
    POOL_AT,
    PRIESTS,
    PRODUCTION,
    SCOUTS,
    SERVED,
    SIZE,
    TEMPLE,
    TEMPLE_FAVOURS,
    THEATRE,
    TRADERS,
    TRAINING,
    WALL,
)

if TYPE_CHECKING:
    from .table import HadriansWallTable

KEY = "hadrians_wall."
"""The prefix of the game's event keys, as the record spells them."""

_BUILDING = {b.id: BUILT + i for i, b in enumerate(BUILDINGS)}
_TRACKS = (
    *((COHORT + c, f"the {c_name} Cohort", 0, COHORT_LENGTH) for c, c_name in enumerate(COHORTS)),
    *((ATTRIBUTE + a, a_name, 0, ATTRIBUTE_LENGTH) for a, a_name in enumerate(ATTRIBUTES)),
    *((CITIZEN + c, f"the {c_name} track", 0, CITIZEN_LENGTH) for c, c_name in enumerate(CITIZENS)),
    (PRODUCTION, "Resource Production", 1, DATA["resource_production"]["circles"]),
    (TEMPLE, "the temple boxes", 0, len(TEMPLE_ROW_BOXES)),
    (DIPLOMATS, "the Diplomats", 0, len(DIPLOMAT_NEEDS)),
    (SCOUTS, "the Scouts", 0, len(SCOUT_NEEDS)),
    (DISDAIN, "circled Disdain", 0, DISDAIN_BOXES),
)
"""(slot, name, least, most) of every track kept as a count of filled boxes."""
_GATED = (
    (MINING, "Mining & Foresting", COLUMN_ENDS["mining_foresting"]),
    (GUARD, "the Wall Guard", COLUMN_ENDS["wall_guard"]),
    (CIPPI, "the Cippi", COLUMN_ENDS["cippi"]),
    (WALL, "the Wall", COLUMN_ENDS["wall"]),
    (FORT, "the Fort", COLUMN_ENDS["fort"]),
)
"""Tracks whose centre and right columns the Medium and Large Granaries open (H-05)."""
_NEEDS = tuple(
    (
        BUILT + i,
        b.id,
        None if b.after is None else _BUILDING[b.after],
        None if b.needs[0] == "infrastructure" else CITIZEN + CITIZENS.index(b.needs[0]),
        b.needs[1],
    )
    for i, b in enumerate(BUILDINGS)
)
"""Per building: its slot, id, the slot of the building it needs first, the citizen track
it needs (None for Infrastructure) and the level."""
_TEMPLE_BUILDING = {size: _BUILDING[f"{size}_temple"] for size in ("small", "medium", "large")}
_FAVOUR_BOXES = tuple(
    sum(1 for _, _, reward in TEMPLE_ROW_BOXES[:k] if "favour" in reward)
    for k in range(len(TEMPLE_ROW_BOXES) + 1)
)
"""Temple favours earned once k temple boxes are filled."""
_DIPLOMAT_FAVOURS = DATA["diplomats"]["reward_each"].count("cohort_favour")
_TRADE_GOODS = frozenset(c.trade_good for c in FATE_CARDS)
_PER_YEAR = (
    (
        TRAINING,
        TRAINING + TRAINING_BOXES,
        "the Training Grounds",
        DATA["training_grounds"]["per_year"],
    ),
    (FORUM, FORUM + FORUM_BOXES, "the Forum", DATA["forum"]["per_year"]),
    (THEATRE, THEATRE + len(PERFORMANCES), "the Theatre", DATA["theatre"]["per_year"]),
    (BATHS, BATHS + len(BATHS_BOXES), "the Baths", DATA["baths"]["per_year"]),
)
"""(first box, end, name, limit) of the # areas with one yearly limit (H-07)."""
_IN_ORDER = (
    (TRAINING, TRAINING + TRAINING_BOXES, "Training Grounds"),
    (FORUM, FORUM + FORUM_BOXES, "Forum"),
)
_COURT_COLUMNS = tuple(
    (name, tuple(COURT + i for i, box in enumerate(COURT_BOXES) if box[0] == column))
    for column, name in enumerate(COURT_COLUMNS)
)
"""The Courthouse boxes of each column, one ruling a year each (H-15)."""
_THRESHOLDS = tuple(
    (first + i, _BUILDING[building], track, box[0], area, i + 1)
    for area, first, boxes, building, track in (
        ("Market", MARKET, MARKET_BOXES, "market", TRADERS),
        ("Theatre", THEATRE, PERFORMANCES, "theatre", PERFORMERS),
        ("Baths", BATHS, BATHS_BOXES, "baths", APPARITORES),
        ("Courthouse", COURT, [box[1:] for box in COURT_BOXES], "courthouse", APPARITORES),
    )
    for i, box in enumerate(boxes)
)
"""(box slot, its building's slot, the citizen track and level it needs, area, box number)
of every right-sheet box filled in any order once its threshold is met (H-04)."""
_WHICH = {
    **dict.fromkeys(("mine", "guard", "cippi", "wall", "fort", "training", "forum"), ("box",)),
    **dict.fromkeys(("temple", "market", "bribe", "ruling"), ("box",)),
    "landmark": ("landmark",),
    "build": ("building",),
    "perform": ("performance",),
    "diplomat": ("diplomat",),
    "scout": ("scout",),
    "gladiator": ("gladiator", "strength"),
}
"""Action events that fill a box, with the argument naming the box (or what it counts)."""
_MARKED = {
    "training": (TRAINING, TRAINING + TRAINING_BOXES),
    "forum": (FORUM, FORUM + FORUM_BOXES),
    "landmark": (LANDMARK, LANDMARK + len(LANDMARKS)),
    "build": (BUILT, BUILT + len(BUILDINGS)),
    "market": (MARKET, MARKET + len(MARKET_BOXES)),
    "perform": (THEATRE, THEATRE + len(PERFORMANCES)),
    "bribe": (BATHS, BATHS + len(BATHS_BOXES)),
    "ruling": (COURT, COURT + len(COURT_BOXES)),
}
"""Areas whose boxes only their own action fills, one box each: as many events as marks."""
_COUNTED = {
    "mine": MINING,
    "cippi": CIPPI,
    "wall": WALL,
    "fort": FORT,
    "temple": TEMPLE,
    "diplomat": DIPLOMATS,
    "scout": SCOUTS,
}
"""Tracks only their own action fills, one box each: as many events as boxes filled."""
_FLAGS_RESOLVED = tuple(sum(GREY_FLAGS[:k]) for k in range(YEARS + 1))
"""The most disdain k resolved attacks can circle: the sum of their grey flags."""
_FATE = list(range(len(FATE_CARDS)))
_FATE_CARD = {c.id: c for c in FATE_CARDS}
_ATTACK, _DEFENCE = KEY + "attack", KEY + "defence"
_ATTACK_EVENTS = (_ATTACK, _DEFENCE)
_DECK = list(range(len(PLAYER_CARDS)))
_MAP_CELLS = DATA["scouting_map"]["rows"] * DATA["scouting_map"]["columns"]
_PATTERN_CELLS = len(next(iter(DATA["patterns"]["values"].values())))
_TRACK_STANDING = itemgetter(*(slot for slot, _, _, _ in _TRACKS))
_TRACK_LEAST = tuple(least for _, _, least, _ in _TRACKS)
_TRACK_MOST = tuple(most for _, _, _, most in _TRACKS)
"""The tracks' slots read at once, and their bounds in the same order."""
_BUILT = slice(BUILT, BUILT + len(BUILDINGS))
"""The building boxes, in the order of `_NEEDS`."""
_MARKED_OR_NOT = frozenset((0, 1))
_COURT_RULINGS = tuple((name, itemgetter(*slots)) for name, slots in _COURT_COLUMNS)
_THRESHOLD_BOXES = itemgetter(*(slot for slot, *_ in _THRESHOLDS))
"""The boxes of `_THRESHOLDS`, read at once in the same order."""


def invariants(table: HadriansWallTable) -> list[str]:
    """Every rule the position breaks, in words; empty when it is sound."""
    problems = _shapes(table)
    if problems:
        return problems
    _cards_and_attacks(table, problems)
    for seat in range(table.players):
        _pieces(table, seat, problems)
        _sheet(table, seat, problems)
    return problems


# -- the shapes: one of each per seat, cards that exist -------------------------------------------

_PER_SEAT = (
    "sheets",
    "pending",
    "ended_year",
    "decks",
    "drawn",
    "chosen",
    "paths",
    "prospects",
    "favours_used",
    "choosing_favours",
)
_PLAYER_CARD_LISTS = ("decks", "drawn", "paths", "prospects")
_PLAYER_CARD_NUMBERS = frozenset(range(len(PLAYER_CARDS)))
_FATE_CARD_NUMBERS = frozenset(range(len(FATE_CARDS)))
_CHOSEN = frozenset((None, *_PLAYER_CARD_NUMBERS))
"""What a seat's chosen card may be: none yet, or a player card."""
_REWARDS = frozenset(CHOICES)
_FAVOURS_USED = 2 * len(COHORTS)


def _shapes(table: HadriansWallTable) -> list[str]:
    """What a position must have before its rules can be read at all: the year within the
    game, one of each per-seat part per player, sheets of their size, cards that exist."""
    problems: list[str] = []
    say = problems.append
    if not 1 <= table.year <= YEARS:
        say(f"year {table.year} is outside 1-{YEARS}")
    elif table.phase == "over" and table.year != YEARS:
        say(f"the game is over in year {table.year}, before the year-{YEARS} attack")
    for name in _PER_SEAT:
        if len(getattr(table, name)) != table.players:
            say(f"{name}: one per seat, {table.players}, not {len(getattr(table, name))}")
    if problems:
        return problems
    cards, fates = range(len(PLAYER_CARDS)), range(len(FATE_CARDS))
    for seat in range(table.players):
        if len(table.sheets[seat]) != SIZE:
            say(f"sheets[{seat}]: {SIZE} numbers, not {len(table.sheets[seat])}")
        if len(table.favours_used[seat]) != _FAVOURS_USED:
            say(f"favours_used[{seat}]: {_FAVOURS_USED} numbers")
        if not _REWARDS.issuperset(table.pending[seat]):
            say(f"pending[{seat}]: rewards are {', '.join(CHOICES)}")
        for name in _PLAYER_CARD_LISTS:
            if not _PLAYER_CARD_NUMBERS.issuperset(getattr(table, name)[seat]):
                say(f"{name}[{seat}]: player cards are numbered 0-{len(cards) - 1}")
        if table.chosen[seat] not in _CHOSEN:
            say(f"chosen[{seat}]: player cards are numbered 0-{len(cards) - 1}")
    for name in ("neutral_deck", "neutral_cards"):
        if not _PLAYER_CARD_NUMBERS.issuperset(getattr(table, name)):
            say(f"{name}: player cards are numbered 0-{len(cards) - 1}")
    for name in ("fate_deck", "fate_discard", "attack_cards"):
        if not _FATE_CARD_NUMBERS.issuperset(getattr(table, name)):
            say(f"{name}: Fate cards are numbered 0-{len(fates) - 1}")
    if table.fate_card not in fates:
        say(f"fate_card: Fate cards are numbered 0-{len(fates) - 1}")
    return problems


# -- the table: cards, the attack, favours --------------------------------------------------------


def _attacks_resolved(table: HadriansWallTable) -> int:
    return YEARS if table.phase == "over" else table.year - 1


def _cards_out(table: HadriansWallTable) -> int:
    """Path (and Prospect) cards each player has placed so far: one a year once revealed."""
    return table.year - (table.phase == "choose")


def _cards_and_attacks(table: HadriansWallTable, problems: list[str]) -> None:
    phase, year = table.phase, table.year
    if sorted(table.fate_deck + table.fate_discard + table.attack_cards) != _FATE:
        problems.append(
            "the Fate cards are not each in exactly one place (deck, discard pile, attack)"
        )
    if phase == "attack":
        due = ATTACK_CARDS[table.options["difficulty"]][year - 1] + sum(table.neutral_pieces)
        if len(table.attack_cards) != due:
            problems.append(
                f"year {year}'s attack revealed {len(table.attack_cards)} Fate cards, "
                f"and the difficulty table with the Neutral extras asks {due}"
            )
    elif table.attack_cards:
        problems.append(f"attack cards lie revealed outside the attack ({phase})")
    if phase == "over" or (phase == "choose" and year > 1):
        _last_attack(table, problems)
        if phase == "over" or table.chosen.count(None) == table.players:  # the year's start
            _record(table, problems)
    placed = _cards_out(table)
    for seat in range(table.players):
        held = table.decks[seat] + table.drawn[seat] + table.paths[seat] + table.prospects[seat]
        if sorted(held) != _DECK:
            problems.append(f"seat {seat}'s player cards are not each in exactly one place")
        if len(table.paths[seat]) != placed or len(table.prospects[seat]) != placed:
            problems.append(
                f"seat {seat} has {len(table.paths[seat])} Path and "
                f"{len(table.prospects[seat])} Prospect cards in year {year} ({phase})"
            )
        drawing = 2 if phase == "choose" else 0
        if len(table.drawn[seat]) != drawing:
            problems.append(f"seat {seat} holds {len(table.drawn[seat])} drawn cards ({phase})")
        chosen = table.chosen[seat]
        if phase == "choose":
            if chosen is not None and chosen not in table.drawn[seat]:
                problems.append(f"seat {seat}'s chosen card is not one of his drawn cards")
        elif not table.paths[seat] or chosen != table.paths[seat][-1]:
            problems.append(f"seat {seat}'s Path card this year is not the card he chose")
    _neutral(table, problems)
    _favours(table, problems)


def _last_attack(table: HadriansWallTable, problems: list[str]) -> None:
    """The attack just resolved, from its events: as many cards as the difficulty's table
    asks (plus the Neutral extras), and each player's disdain and valour as H-17 gives them
    against his Cohorts, which nothing has changed since."""
    found: dict[str, Event] = {}
    for event in table.events[: -4 * table.players - 8 : -1]:
        if event.key in _ATTACK_EVENTS:
            found.setdefault(event.key, event)
        if _ATTACK in found:
            break
    attack, defence = found.get(_ATTACK), found.get(_DEFENCE)
    if attack is None or defence is None:
        problems.append("the year ended without an attack and its defence")
        return
    year, extra = attack.args["year"], attack.args["neutral_extra"]
    due = ATTACK_CARDS[table.options["difficulty"]][year - 1] + extra
    if len(attack.args["cards"]) != due or (extra and table.players > 2):
        problems.append(
            f"year {year}'s attack revealed {len(attack.args['cards'])} Fate cards, and the "
            f"difficulty table asks {due} with {extra} Neutral extras ({table.players} players)"
        )
    attacks = [0] * len(COHORTS)
    for card in attack.args["cards"]:
        attacks[_FATE_CARD[card].attack] += 1
    flag = GREY_FLAGS[year - 1]
    for seat, outcome in enumerate(defence.args["players"]):
        cohorts = table.sheets[seat][COHORT : COHORT + len(COHORTS)]
        ignored = [
            t + d
            for t, d in zip(outcome["temple_favours"], outcome["diplomat_favours"], strict=True)
        ]
        undefended = sum(
            max(0, n - i - c) for n, i, c in zip(attacks, ignored, cohorts, strict=True)
        )
        if (outcome["disdain"], outcome["valour"]) != (
            min(undefended, flag),
            max(0, flag - undefended),
        ):
            problems.append(
                f"seat {seat} took {outcome['disdain']} disdain and {outcome['valour']} valour "
                f"from year {year}'s attack, {undefended} undefended against a grey flag of "
                f"{flag}"
            )


def _record(table: HadriansWallTable, problems: list[str]) -> None:
    """The game's record against the sheets, read once a year: every action that fills a box
    fills a new one (a box filled twice shows), battles keep to one a year per gladiator,
    Neutral pieces match the extra attack cards, and favours and disdain add up."""
    players = table.players
    filled: list[dict[str, list]] = [{} for _ in range(players)]
    battles: list[list[tuple[str, int]]] = [[] for _ in range(players)]
    spent = [[0] * (1 + len(COHORTS)) for _ in range(players)]
    circled = [0] * players
    on_neutral: dict[int, int] = {}
    year = 0
    for event in table.events:
        kind = event.key[len(KEY) :]
        args = event.args
        if kind == "year":
            year = args["year"]
        elif kind in _WHICH:
            named = (str(args[name]) for name in _WHICH[kind])
            filled[args["seat"]].setdefault(kind, []).append(" ".join(named))
            if args.get("source", "").startswith("neutral"):
                on_neutral[year] = on_neutral.get(year, 0) + 1
        elif kind == "battle":
            battles[args["seat"]].append((args["gladiator"], year))
        elif kind == "attack":
            if args["neutral_extra"] != on_neutral.get(args["year"], 0):
                problems.append(
                    f"year {args['year']}'s attack counted {args['neutral_extra']} Neutral "
                    f"extras for {on_neutral.get(args['year'], 0)} pieces put on Neutral cards"
                )
        elif kind == "defence":
            for seat, outcome in enumerate(args["players"]):
                spent[seat][0] += sum(outcome["temple_favours"])
                for c, n in enumerate(outcome["diplomat_favours"]):
                    spent[seat][1 + c] += n
                circled[seat] = min(DISDAIN_BOXES, circled[seat] + outcome["disdain"])
    for seat in range(players):
        sheet, done = table.sheets[seat], filled[seat]
        for kind, which in done.items():
            twice = sorted({w for w in which if which.count(w) > 1})
            if twice:
                problems.append(f"seat {seat}: '{kind}' filled {twice} more than once")
        for kind, (start, end) in _MARKED.items():
            marks = sum(1 for slot in range(start, end) if sheet[slot])
            if len(done.get(kind, ())) != marks:
                problems.append(
                    f"seat {seat}: {len(done.get(kind, ()))} '{kind}' actions, "
                    f"and {marks} such boxes filled"
                )
        for kind, slot in _COUNTED.items():
            if len(done.get(kind, ())) != sheet[slot]:
                problems.append(
                    f"seat {seat}: {len(done.get(kind, ()))} '{kind}' actions, "
                    f"and {sheet[slot]} such boxes filled"
                )
        if len(done.get("guard", ())) > sheet[GUARD]:
            problems.append(f"seat {seat}: more 'guard' actions than Wall Guard boxes filled")
        for g, name in enumerate(GLADIATORS):
            trained = sum(1 for w in done.get("gladiator", ()) if w.split()[0] == name)
            if trained != sheet[CIRCLED + g]:
                problems.append(
                    f"seat {seat}: the {name} gladiator trained {trained} times "
                    f"with {sheet[CIRCLED + g]} boxes circled"
                )
        if len(set(battles[seat])) != len(battles[seat]):
            problems.append(f"seat {seat}: a gladiator fought twice in one year")
        earned = _FAVOUR_BOXES[min(sheet[TEMPLE], len(TEMPLE_ROW_BOXES))]
        if sheet[TEMPLE_FAVOURS] + spent[seat][0] != earned:
            problems.append(
                f"seat {seat}: {sheet[TEMPLE_FAVOURS]} temple favours held and "
                f"{spent[seat][0]} spent, of {earned} earned"
            )
        for c, name in enumerate(COHORTS):
            given = _DIPLOMAT_FAVOURS if sheet[SERVED + c] else 0
            if sheet[DIPLOMAT_FAVOURS + c] + spent[seat][1 + c] != given:
                problems.append(
                    f"seat {seat}: diplomat favours for the {name} Cohort held and spent "
                    f"differ from the {given} given"
                )
        if sheet[DISDAIN] != circled[seat]:
            problems.append(
                f"seat {seat}: {sheet[DISDAIN]} disdain circled, and the attacks gave "
                f"{circled[seat]}"
            )


def _neutral(table: HadriansWallTable, problems: list[str]) -> None:
    count = {1: 2, 2: 1}.get(table.players, 0)
    showing = count if table.phase in ("actions", "attack") else 0
    if len(table.neutral_cards) != showing or len(table.neutral_pieces) != showing:
        problems.append(
            f"{len(table.neutral_cards)} Neutral Prospect cards lie face up in the {table.phase} "
            f"phase with {table.players} players; {showing} should"
        )
    if count:
        revealed = count * (_cards_out(table) if table.phase != "over" else YEARS)
        cards = table.neutral_deck + table.neutral_cards
        if len(set(cards)) != len(cards) or not set(cards) <= set(_DECK):
            problems.append("a Neutral card lies in two places, or is not a player card")
        if len(table.neutral_deck) != len(_DECK) - revealed:
            problems.append(
                f"the Neutral deck holds {len(table.neutral_deck)} cards after "
                f"{revealed} were revealed"
            )
    elif table.neutral_deck:
        problems.append(f"a Neutral deck in a game of {table.players} players")
    if any(n < 0 for n in table.neutral_pieces):
        problems.append("a Neutral card holds fewer than no pieces")


def _favours(table: HadriansWallTable, problems: list[str]) -> None:
    attacking = table.phase == "attack"
    if not attacking:
        if any(table.choosing_favours) or any(any(f) for f in table.favours_used):
            problems.append(f"favours are being chosen outside the attack ({table.phase})")
        return
    attacks = [0] * len(COHORTS)
    for card in table.attack_cards:
        attacks[FATE_CARDS[card].attack] += 1
    for seat in range(table.players):
        if not table.ended_year[seat]:
            problems.append(f"seat {seat} has not ended his year at the attack")
        sheet, used = table.sheets[seat], table.favours_used[seat]
        if any(n < 0 for n in used):
            problems.append(f"seat {seat} spent a negative number of favours")
        if sum(used[:3]) > sheet[TEMPLE_FAVOURS]:
            problems.append(
                f"seat {seat} spends {sum(used[:3])} temple favours and holds "
                f"{sheet[TEMPLE_FAVOURS]}"
            )
        for c, name in enumerate(COHORTS):
            if used[3 + c] > sheet[DIPLOMAT_FAVOURS + c]:
                problems.append(
                    f"seat {seat} spends diplomat favours he lacks for the {name} Cohort"
                )
            if used[c] + used[3 + c] > attacks[c]:
                problems.append(
                    f"seat {seat} ignores {used[c] + used[3 + c]} cards against the {name} "
                    f"Cohort, which {attacks[c]} attack"
                )


# -- pieces in hand -------------------------------------------------------------------------------


def _pieces(table: HadriansWallTable, seat: int, problems: list[str]) -> None:
    sheet, phase = table.sheets[seat], table.phase
    pool = sheet[POOL_AT : POOL_AT + len(POOL)]
    if min(pool) < 0:
        problems.append(f"seat {seat} holds a negative number of pieces: {pool}")
    if phase in ("attack", "over") and any(pool):
        problems.append(
            f"seat {seat} still holds {sum(pool)} pieces after the year's end "
            "(unused pieces return to the supply; after year 6 even those from the attack)"
        )
    if phase == "choose":
        items = FATE_CARDS[table.fate_card].items
        resource = POOL.index("resource")
        # before the reveal, the hand holds this year's Fate items and what the attack's
        # valour gave (workers only, and none in year 1)
        if pool[resource] != items[resource] or any(
            n < i for n, i in zip(pool, items, strict=True)
        ):
            problems.append(
                f"seat {seat} holds {pool} before the reveal; the Fate card gives {list(items)}"
            )
        elif table.year == 1 and pool != list(items):
            problems.append(
                f"seat {seat} holds {pool} in year 1; the Fate card gives {list(items)}"
            )
    if table.pending[seat]:
        if phase != "actions":
            problems.append(f"seat {seat} has a pending reward choice outside the actions")
        elif table.pending[seat][0] == "cohort" and (
            sum(1 for c in range(len(COHORTS)) if sheet[COHORT + c] < COHORT_LENGTH) < 2
        ):
            problems.append(f"seat {seat} waits to choose a Cohort where there is no choice")


# -- one player's sheets --------------------------------------------------------------------------


def _sheet(table: HadriansWallTable, seat: int, problems: list[str]) -> None:
    """Everything one player's sheets must show, read from the sheets, the year and the
    attacks resolved alone; most actions leave all sheets but one as they were, and a sheet
    already read in the same year is not read again."""
    sheet = tuple(table.sheets[seat])
    problems += _sheet_problems(seat, sheet, table.year, _attacks_resolved(table))


@lru_cache(maxsize=1024)
def _sheet_problems(seat: int, boxes: tuple[int, ...], year: int, resolved: int) -> tuple[str, ...]:
    """What the sheets `boxes` of the player at `seat` break in `year`, after `resolved`
    attacks: tracks, columns, buildings, Landmarks, the yearly areas and the right sheet."""
    sheet = list(boxes)
    problems: list[str] = []
    say = problems.append
    standing = _TRACK_STANDING(sheet)
    if not all(map(le, _TRACK_LEAST, standing)) or not all(map(le, standing, _TRACK_MOST)):
        for slot, name, least, most in _TRACKS:
            if not least <= sheet[slot] <= most:
                say(f"seat {seat}: {name} stands at {sheet[slot]}, outside {least}-{most}")
    if sheet[DISDAIN] > _FLAGS_RESOLVED[resolved]:
        say(
            f"seat {seat}: {sheet[DISDAIN]} disdain circled after {resolved} attacks, "
            f"whose grey flags allow {_FLAGS_RESOLVED[resolved]}"
        )

    # columns and chains (H-05)
    built = sheet[_BUILT]
    if not _MARKED_OR_NOT.issuperset(built):
        say(f"seat {seat}: a building is marked other than built or not built")
    granaries = sheet[_BUILDING["medium_granary"]] + sheet[_BUILDING["large_granary"]]
    for slot, name, ends in _GATED:
        if sheet[slot] < 0 or sheet[slot] > ends[granaries]:
            say(
                f"seat {seat}: {name} has {sheet[slot]} boxes filled, "
                f"and {granaries} built Granaries open {ends[granaries]}"
            )
    fort = sheet[FORT]
    if sheet[WALL] > fort:
        say(f"seat {seat}: Wall box {sheet[WALL]} is filled with only {fort} Fort boxes")
    if sheet[CIPPI] and CIPPI_NEEDS_FORT[min(sheet[CIPPI], len(CIPPI_NEEDS_FORT)) - 1] > fort:
        say(f"seat {seat}: Cippi box {sheet[CIPPI]} is filled with only {fort} Fort boxes")

    # buildings (H-06) and Landmarks (H-09)
    infrastructure = sum(1 for flag in FORT_FLAGS if flag <= fort)
    for _, name, after, track, level in compress(_NEEDS, built):
        if after is not None and not sheet[after]:
            say(f"seat {seat}: the {name} stands without the building it needs first")
        have = infrastructure if track is None else sheet[track]
        if have < level:
            say(f"seat {seat}: the {name} is built with {have} where it needs {level}")
    for i, (name, attribute, level, _) in enumerate(LANDMARKS):
        if sheet[LANDMARK + i] not in (0, 1) or (
            sheet[LANDMARK + i] and sheet[ATTRIBUTE + attribute] < level
        ):
            say(f"seat {seat}: the {name} is built below {ATTRIBUTES[attribute]} {level}")

    _yearly(year, seat, sheet, problems)
    _civic(seat, sheet, problems)
    _ludus(year, seat, sheet, problems)
    return tuple(problems)


def _yearly(year: int, seat: int, sheet: list[int], problems: list[str]) -> None:
    """Boxes holding the year they were filled: never a later year, never over a limit."""
    for start, end, name, limit in _PER_YEAR:
        years = list(filter(None, sheet[start:end]))
        if not years:
            continue
        if min(years) < 1 or max(years) > year:
            problems.append(f"seat {seat}: {name} hold a year outside 1-{year}: {years}")
        if len(years) > limit and any(years.count(y) > limit for y in set(years)):
            problems.append(f"seat {seat}: {name} were used more than {limit} a year: {years}")
    for start, end, name in _IN_ORDER:
        years = sheet[start:end]
        filled = list(filter(None, years))
        if years[: len(filled)] != filled or filled != sorted(filled):
            problems.append(f"seat {seat}: the {name} boxes are not filled in order: {years}")
    for name, rulings in _COURT_RULINGS:
        years = list(filter(None, rulings(sheet)))
        if years and (min(years) < 1 or max(years) > year or len(set(years)) != len(years)):
            problems.append(
                f"seat {seat}: the {name} Courthouse column gave more than one ruling "
                f"a year, or in a year to come: {years}"
            )


def _civic(seat: int, sheet: list[int], problems: list[str]) -> None:
    """Right-sheet boxes: thresholds, the buildings they belong to, and what they hold."""
    say = problems.append
    for _, building, track, need, area, box in compress(_THRESHOLDS, _THRESHOLD_BOXES(sheet)):
        if not sheet[building] or sheet[track] < need:
            say(f"seat {seat}: {area} box {box} is filled below its threshold or unbuilt")
    goods = list(filter(None, sheet[MARKET : MARKET + len(MARKET_BOXES)]))
    if not set(goods) <= _TRADE_GOODS:
        say(f"seat {seat}: the Market holds a number no card shows: {goods}")

    baths = sum(map(bool, sheet[BATHS : BATHS + len(BATHS_BOXES)]))
    if not 0 <= sheet[DISDAIN_REMOVED] <= sheet[DISDAIN]:
        say(f"seat {seat}: {sheet[DISDAIN_REMOVED]} disdain removed of {sheet[DISDAIN]} circled")
    if sheet[DISDAIN_REMOVED] != baths:
        say(
            f"seat {seat}: {sheet[DISDAIN_REMOVED]} disdain removed, "
            f"and {baths} bribes given in the Baths"
        )

    temple = sheet[TEMPLE]
    if 0 < temple <= len(TEMPLE_ROW_BOXES):
        size, need, _ = TEMPLE_ROW_BOXES[temple - 1]
        if not sheet[_TEMPLE_BUILDING[size]] or sheet[PRIESTS] < need:
            say(f"seat {seat}: temple box {temple} is filled below its priests or unbuilt")
        if not 0 <= sheet[TEMPLE_FAVOURS] <= _FAVOUR_BOXES[temple]:
            say(
                f"seat {seat}: {sheet[TEMPLE_FAVOURS]} temple favours held, "
                f"{_FAVOUR_BOXES[temple]} earned"
            )
    elif sheet[TEMPLE_FAVOURS]:
        say(f"seat {seat}: temple favours held without a temple box filled")

    sent = sheet[DIPLOMATS]
    served = sheet[SERVED : SERVED + len(COHORTS)]
    if sorted(n for n in served if n) != list(range(1, sent + 1)):
        say(f"seat {seat}: {sent} Diplomats sent, serving {served}: one each, each another Cohort")
    if sent and sheet[PATRICIANS] < DIPLOMAT_NEEDS[min(sent, len(DIPLOMAT_NEEDS)) - 1]:
        say(f"seat {seat}: Diplomat {sent} is sent below his patricians")
    for c, name in enumerate(COHORTS):
        held = sheet[DIPLOMAT_FAVOURS + c]
        if not 0 <= held <= (_DIPLOMAT_FAVOURS if served[c] else 0):
            say(f"seat {seat}: {held} diplomat favours for the {name} Cohort")

    scouts, cells = sheet[SCOUTS], sheet[MAP]
    if cells >> _MAP_CELLS or cells.bit_count() != _PATTERN_CELLS * scouts:
        say(f"seat {seat}: {scouts} Scouts sent, and {cells.bit_count()} map cells filled")
    if scouts and sheet[PATRICIANS] < SCOUT_NEEDS[min(scouts, len(SCOUT_NEEDS)) - 1]:
        say(f"seat {seat}: Scout {scouts} is sent below his patricians")


def _ludus(year: int, seat: int, sheet: list[int], problems: list[str]) -> None:
    for g, name in enumerate(GLADIATORS):
        circled, filled, dead = sheet[CIRCLED + g], sheet[FILLED + g], sheet[DEAD + g]
        fought = sheet[FOUGHT + g]
        sound = 0 <= filled <= circled <= GLADIATOR_BOXES and dead in (0, 1)
        # a battle fills at least one box; the gladiator dies when it fills every circled one
        sound = sound and (filled > 0) == (fought > 0) and fought <= year
        sound = sound and bool(dead) == (0 < circled == filled)
        if circled:
            sound = sound and sheet[_BUILDING["ludus"]] == 1
            sound = (
                sound and sheet[PERFORMERS] >= GLADIATOR_NEEDS[min(circled, GLADIATOR_BOXES) - 1]
            )
        if not sound:
            problems.append(
                f"seat {seat}: the {name} gladiator has {circled} boxes circled, {filled} "
                f"filled, dead {dead}, last battle in year {fought}"
            )
