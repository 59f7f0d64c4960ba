"""Starting construction (rulebook "Rozpoczęcie budowy", rulings B-07, B-10): for 1 action the
seat takes a building or a machine from the building row, which the deck refills at once while
it lasts. A player may have any number of buildings under construction.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabulae.core import Action, IllegalAction
from tabulae.core.flow import Move

from .actions import NUMBER, START
from .refusals import card_named, malformed, no_card, refused
from .rows import card_word, take_from_row
from .site import Site
from .turn import EXTRA_ACTION, FREE_ACTIONS, price, spend

if TYPE_CHECKING:
    from .table import BuildersTable

USAGE = "start temple"


def legal_start(table: BuildersTable, seat: int) -> list[Action]:
    if table.actions_used >= FREE_ACTIONS and table.sesterces[seat] < EXTRA_ACTION:
        return []  # no free action is left, and one more cannot be paid for
    return list(map(START.__getitem__, table.building_row))


def why_start(table: BuildersTable, seat: int, action: Action) -> IllegalAction:
    if len(action) != 2:
        return malformed("start", USAGE)
    word = action[1]
    building = card_named(word)
    if building is None:
        return no_card(word)
    if building not in table.building_row:
        return refused("not_in_building_row", f"{word} is not in the building row", building=word)
    return price(table, seat, 1, 0, "start")


def play_start(table: BuildersTable, seat: int, action: Action) -> None:
    word = action.word(1)
    building = NUMBER[word]
    extra = table.extra_cost(1)
    spend(table, seat, 1, extra)
    revealed = take_from_row(table.building_row, table.building_deck, building)
    table.sites[seat][building] = Site(building)
    table.tell("started", seat=seat, building=word, extra=extra, revealed=card_word(revealed))


MOVE = Move(legal_start, why_start, play_start)
