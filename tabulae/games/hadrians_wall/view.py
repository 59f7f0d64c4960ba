"""What one seat sees: every sheet (all public), the table, and its own secrets.

Hidden per the rulings: the two cards each player drew and his choice between
them until the reveal, every deck's order, and each player's favour choice at
the attack until all have decided. A seat sees its own drawn cards and choices.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .components import (
    ATTRIBUTES,
    BATHS_BOXES,
    BUILDINGS,
    CITIZENS,
    COHORTS,
    COURT_BOXES,
    DIFFICULTIES,
    FATE_CARDS,
    FORUM_BOXES,
    GLADIATORS,
    GREY_FLAGS,
    LANDMARKS,
    MARKET_BOXES,
    PERFORMANCES,
    PLAYER_CARDS,
    POOL,
    TRAINING_BOXES,
    YEARS,
)
from .scoring import score
from .scouting import CELLS
from .sheet import (
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
    POOL_AT,
    PRODUCTION,
    SCOUTS,
    SERVED,
    TEMPLE,
    TEMPLE_FAVOURS,
    THEATRE,
    TRAINING,
    WALL,
    disdain,
    infrastructure,
    open_boxes,
)

if TYPE_CHECKING:
    from .table import HadriansWallTable

_LEFT_BUILDINGS = frozenset(
    b.id for b in BUILDINGS if b.id.split("_")[-1] in ("granary", "hotel", "workshop", "road")
)
"""Buildings printed on the left sheet; the others are on the right sheet."""


def _boxes(sheet: list[int], start: int, count: int) -> list[int]:
    return list(sheet[start : start + count])


def _card(index: int) -> str:
    return PLAYER_CARDS[index].id


def left_sheet(sheet: list[int]) -> dict[str, Any]:
    return {
        "cohorts": {c: sheet[COHORT + i] for i, c in enumerate(COHORTS)},
        "mining_foresting": sheet[MINING],
        "wall_guard": sheet[GUARD],
        "cippi": sheet[CIPPI],
        "wall": sheet[WALL],
        "fort": sheet[FORT],
        "infrastructure": infrastructure(sheet),
        "open_boxes": {
            "mining_foresting": open_boxes(sheet, MINING),
            "wall_guard": open_boxes(sheet, GUARD),
            "cippi": open_boxes(sheet, CIPPI),
            "wall": open_boxes(sheet, WALL),
            "fort": open_boxes(sheet, FORT),
        },
        "resource_production": sheet[PRODUCTION],
        "training_grounds": _boxes(sheet, TRAINING, TRAINING_BOXES),
        "buildings": {"small_granary": True, **_buildings(sheet, left=True)},  # printed built
        "forum": _boxes(sheet, FORUM, FORUM_BOXES),
        "landmarks": {lm[0]: bool(sheet[LANDMARK + i]) for i, lm in enumerate(LANDMARKS)},
        "attributes": {a: sheet[ATTRIBUTE + i] for i, a in enumerate(ATTRIBUTES)},
        "disdain": {
            "circled": sheet[DISDAIN],
            "removed": sheet[DISDAIN_REMOVED],
            "held": disdain(sheet),
        },
    }


def right_sheet(sheet: list[int]) -> dict[str, Any]:
    return {
        "citizens": {c: sheet[CITIZEN + i] for i, c in enumerate(CITIZENS)},
        "buildings": _buildings(sheet, left=False),
        "market": _boxes(sheet, MARKET, len(MARKET_BOXES)),
        "theatre": _boxes(sheet, THEATRE, len(PERFORMANCES)),
        "gladiators": {
            g: {
                "strength": sheet[CIRCLED + i],
                "damage": sheet[FILLED + i],
                "dead": bool(sheet[DEAD + i]),
                "last_battle": sheet[FOUGHT + i],
            }
            for i, g in enumerate(GLADIATORS)
        },
        "temple_boxes": sheet[TEMPLE],
        "temple_favours": sheet[TEMPLE_FAVOURS],
        "baths": _boxes(sheet, BATHS, len(BATHS_BOXES)),
        "courthouse": _boxes(sheet, COURT, len(COURT_BOXES)),
        "diplomats": sheet[DIPLOMATS],
        "diplomat_serving": {c: sheet[SERVED + i] for i, c in enumerate(COHORTS)},
        "diplomat_favours": {c: sheet[DIPLOMAT_FAVOURS + i] for i, c in enumerate(COHORTS)},
        "scouts": sheet[SCOUTS],
        "scouting_map": [sheet[MAP] >> i & 1 for i in range(CELLS)],
    }


def _buildings(sheet: list[int], left: bool) -> dict[str, bool]:
    return {
        b.id: bool(sheet[BUILT + i])
        for i, b in enumerate(BUILDINGS)
        if (b.id in _LEFT_BUILDINGS) == left
    }


def _unseen(table: HadriansWallTable, seat: int, viewer: int | None) -> list[str]:
    """Cards of a player's deck not yet shown to the viewer (decks all hold the same 12)."""
    shown = set(table.paths[seat]) | set(table.prospects[seat])
    if seat == viewer:
        shown |= set(table.drawn[seat])
    return [c.id for i, c in enumerate(PLAYER_CARDS) if i not in shown]


def _player(table: HadriansWallTable, seat: int, viewer: int | None) -> dict[str, Any]:
    sheet = table.sheets[seat]
    return {
        "seat": seat,
        "pool": {p: sheet[POOL_AT + i] for i, p in enumerate(POOL)},
        "left_sheet": left_sheet(sheet),
        "right_sheet": right_sheet(sheet),
        "paths": [_card(c) for c in table.paths[seat]],
        "prospect": _card(table.prospects[seat][-1]) if table.prospects[seat] else None,
        "earlier_prospects": [_card(c) for c in table.prospects[seat][:-1]],
        "cards_unseen": _unseen(table, seat, viewer),
        "neighbours": {side: other for side, other in table.neighbours[seat]},
        "pending": list(table.pending[seat]),
        "chosen": table.phase == "choose" and table.chosen[seat] is not None,
        "passed": table.phase == "actions" and table.ended_year[seat],
        "deciding": table.phase == "attack" and table.choosing_favours[seat],
        "score": score(sheet, table.paths[seat]),
    }


def view(table: HadriansWallTable, seat: int | None) -> dict[str, Any]:
    data: dict[str, Any] = {
        "game": "hadrians_wall",
        "year": table.year,
        "years": YEARS,
        "phase": table.phase,
        "difficulty": table.options["difficulty"],
        "difficulties": list(DIFFICULTIES),
        "grey_flag": GREY_FLAGS[table.year - 1],
        "fate_card": _fate(table.fate_card),
        "fate_deck": len(table.fate_deck),
        "fate_discard": [FATE_CARDS[c].id for c in table.fate_discard],
        "attack": None,
        "neutral": [
            {
                "card": _card(c),
                "trade_good": PLAYER_CARDS[c].trade_good,
                "pattern": PLAYER_CARDS[c].pattern,
                "pieces": table.neutral_pieces[k],
            }
            for k, c in enumerate(table.neutral_cards)
        ],
        "neutral_deck": len(table.neutral_deck),
        "players": [_player(table, s, seat) for s in range(table.players)],
        "seat": seat,
    }
    if table.phase == "attack":
        data["attack"] = {
            "cards": [_fate(c) for c in table.attack_cards],
            "attacks": table.attacks(),
        }
    if seat is not None:
        data["drawn"] = [_card(c) for c in sorted(table.drawn[seat])]
        choice = table.chosen[seat]
        data["choice"] = _card(choice) if table.phase == "choose" and choice is not None else None
        used = table.favours_used[seat]
        data["favours"] = {
            "temple": {c: used[i] for i, c in enumerate(COHORTS)},
            "diplomat": {c: used[3 + i] for i, c in enumerate(COHORTS)},
        }
    return data


def _fate(index: int) -> dict[str, Any]:
    card = FATE_CARDS[index]
    return {
        "id": card.id,
        "attack": COHORTS[card.attack],
        "gladiator_damage": card.damage,
        "trade_good": card.trade_good,
        "items": {p: n for p, n in zip(POOL, card.items, strict=True)},
    }
