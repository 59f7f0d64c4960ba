"""What one seat sees: every sheet (all public), the table, and its own secrets.

Hidden per the rulings: the two cards each player drew and his choice between
them until the reveal, every deck's order, and each player's favour choice at
the attack until all have decided. A seat sees its own drawn cards and choices.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .data import (
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
    from .state import HadriansWallState

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


def _unseen(st: HadriansWallState, seat: int, viewer: int | None) -> list[str]:
    """Cards of a player's deck not yet shown to the viewer (decks all hold the same 12)."""
    shown = set(st.paths[seat]) | set(st.prospects[seat])
    if seat == viewer:
        shown |= set(st.drawn[seat])
    return [c.id for i, c in enumerate(PLAYER_CARDS) if i not in shown]


def _player(st: HadriansWallState, seat: int, viewer: int | None) -> dict[str, Any]:
    sheet = st.sheets[seat]
    return {
        "seat": seat,
        "pool": {p: sheet[POOL_AT + i] for i, p in enumerate(POOL)},
        "left_sheet": left_sheet(sheet),
        "right_sheet": right_sheet(sheet),
        "paths": [_card(c) for c in st.paths[seat]],
        "prospect": _card(st.prospects[seat][-1]) if st.prospects[seat] else None,
        "earlier_prospects": [_card(c) for c in st.prospects[seat][:-1]],
        "cards_unseen": _unseen(st, seat, viewer),
        "neighbours": {side: other for side, other in st.sides[seat]},
        "pending": list(st.pending[seat]),
        "chosen": st.phase == "choose" and st.chosen[seat] >= 0,
        "passed": st.phase == "actions" and st.passed[seat],
        "deciding": st.phase == "attack" and st.deciding[seat],
        "score": score(sheet, st.paths[seat]),
    }


def view(st: HadriansWallState, seat: int | None) -> dict[str, Any]:
    data: dict[str, Any] = {
        "game": "hadrians_wall",
        "year": st.year,
        "years": YEARS,
        "phase": st.phase,
        "difficulty": st.options["difficulty"],
        "difficulties": list(DIFFICULTIES),
        "grey_flag": GREY_FLAGS[st.year - 1],
        "fate_card": _fate(st.fate_card),
        "fate_deck": len(st.fate_deck),
        "fate_discard": [FATE_CARDS[c].id for c in st.fate_discard],
        "attack": None,
        "neutral": [
            {
                "card": _card(c),
                "trade_good": PLAYER_CARDS[c].trade_good,
                "pattern": PLAYER_CARDS[c].pattern,
                "pieces": st.neutral_pieces[k],
            }
            for k, c in enumerate(st.neutral)
        ],
        "neutral_deck": len(st.neutral_deck),
        "players": [_player(st, s, seat) for s in range(st.players)],
        "seat": seat,
    }
    if st.phase == "attack":
        data["attack"] = {"cards": [_fate(c) for c in st.attack], "attacks": st.attacks()}
    if seat is not None:
        data["drawn"] = [_card(c) for c in sorted(st.drawn[seat])]
        data["choice"] = (
            _card(st.chosen[seat]) if st.phase == "choose" and st.chosen[seat] >= 0 else None
        )
        used = st.favours[seat]
        data["favours"] = {
            "temple": {c: used[i] for i, c in enumerate(COHORTS)},
            "diplomat": {c: used[3 + i] for i, c in enumerate(COHORTS)},
        }
    return data


def _fate(index: int) -> dict[str, Any] | None:
    if index < 0:
        return None
    card = FATE_CARDS[index]
    return {
        "id": card.id,
        "attack": COHORTS[card.attack],
        "gladiator_damage": card.damage,
        "trade_good": card.trade_good,
        "items": {p: n for p, n in zip(POOL, card.items, strict=True)},
    }
