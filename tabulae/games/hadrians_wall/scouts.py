"""Scouts: a soldier for a pattern placed on the Scouting Map (H-11).

The pattern comes from the player's own Prospect card (the soldier goes to the
supply), a neighbour's (the soldier goes to him) or a Neutral card (the soldier
goes on it). The geometry of placements lives in `scouting`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabulae.core import Action, IllegalAction
from tabulae.core.flow import Move

from .areas import box_needs, number, word
from .components import (
    SCOUT_COST,
    SCOUT_NEEDS,
)
from .refusals import not_now, refused
from .rewards import gain_all
from .scouting import CELLS, ORIENTATIONS, PLACEMENTS, mask_of, why_not
from .scouting import rewards as map_rewards
from .sheet import (
    MAP,
    PATRICIANS,
    SCOUTS,
    SOLDIER,
    affords,
    cost_of,
    lacking,
    pay,
)

if TYPE_CHECKING:
    from .table import HadriansWallTable


SOURCES = ("own", "left", "right", "neutral1", "neutral2")
"""Whose Prospect card's pattern a scout uses: the player's own, a neighbour's (left = next
seat, right = previous seat), or a Neutral card's (1-2 players)."""
SCOUT_ACTIONS = {
    (source, orientation, cell): Action("scout", source, orientation, cell)
    for source in SOURCES
    for orientation in range(ORIENTATIONS)
    for cell in range(1, CELLS + 1)
}

_SCOUT = cost_of(SCOUT_COST)


def _scout_ready(sheet: list[int]) -> bool:
    k = sheet[SCOUTS]
    return k < len(SCOUT_NEEDS) and sheet[PATRICIANS] >= SCOUT_NEEDS[k] and affords(sheet, _SCOUT)


def legal_scout(table: HadriansWallTable, seat: int) -> list[Action]:
    sheet = table.sheets[seat]
    if not _scout_ready(sheet):
        return []
    filled = sheet[MAP]
    return [
        SCOUT_ACTIONS[source, orientation, cell + 1]
        for source, card, _ in table.patterns(seat)
        for orientation, cell, mask in PLACEMENTS[card.pattern]
        if not mask & filled
    ]


def play_scout(table: HadriansWallTable, seat: int, action: Action) -> None:
    sheet = table.sheets[seat]
    source, orientation, cell = action.word(1), action.number(2), action.number(3) - 1
    ((card, target),) = [(c, t) for w, c, t in table.patterns(seat) if w == source]
    mask = mask_of(card.pattern, orientation, cell)
    assert mask is not None, "a legal placement"
    pay(sheet, _SCOUT)
    table.hand_over(target, SOLDIER)
    sheet[SCOUTS] += 1
    gained = map_rewards(sheet[MAP], mask)
    sheet[MAP] |= mask
    gain_all(sheet, table.pending[seat], tuple(gained))
    table.tell(
        "scout",
        seat=seat,
        scout=sheet[SCOUTS],
        source=source,
        pattern=card.pattern,
        orientation=orientation,
        cell=cell + 1,
        gained=gained,
    )


def why_scout(table: HadriansWallTable, seat: int, action: Action) -> IllegalAction:
    sheet = table.sheets[seat]
    source = word(action, 0, SOURCES)
    orientation = number(action, 1, 0, ORIENTATIONS - 1)
    cell = number(action, 2, 1, CELLS)
    if source is None or orientation is None or cell is None or len(action.args) != 3:
        return refused(
            "scout_placement",
            "a scout names a source, an orientation 0-7 and an anchor cell 1-20: 'scout own 4 16'",
        )
    k = sheet[SCOUTS]
    if k >= len(SCOUT_NEEDS):
        return refused("area_full", "all five Scouts are already sent", area="scouts")
    if sheet[PATRICIANS] < SCOUT_NEEDS[k]:
        return box_needs(
            f"Scout {k + 1} needs {SCOUT_NEEDS[k]} patricians; you have {sheet[PATRICIANS]}",
            "scouts",
            k + 1,
            "patricians",
            SCOUT_NEEDS[k],
            sheet[PATRICIANS],
        )
    offered = {w: c for w, c, _ in table.patterns(seat)}
    if source not in offered:
        return refused(
            "no_pattern",
            f"there is no '{source}' Prospect card whose pattern you could use",
            source=source,
        )
    reason = lacking(sheet, _SCOUT)
    if reason:
        return reason
    return why_not(offered[source].pattern, orientation, cell - 1, sheet[MAP]) or not_now()


MOVES = {"scout": Move(legal_scout, why_scout, play_scout)}


def actions(sources: tuple[str, ...]) -> tuple[Action, ...]:
    """Every scout at a table whose pattern sources are those given."""
    return tuple(a for (s, _, _), a in SCOUT_ACTIONS.items() if s in sources)
