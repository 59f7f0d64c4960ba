"""Hiring a worker (rulebook "Najęcie Robotnika", rulings B-07, B-10): for 1 action the seat
takes a worker from the worker row, which the deck refills at once while it lasts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabulae.core import Action, IllegalAction
from tabulae.core.flow import Move

from .actions import HIRE, NUMBER
from .refusals import card_named, malformed, no_card, refused
from .rows import card_word, take_from_row
from .turn import EXTRA_ACTION, FREE_ACTIONS, price, spend

if TYPE_CHECKING:
    from .table import BuildersTable

USAGE = "hire laborer_1"


def legal_hire(table: BuildersTable, seat: int) -> list[Action]:
    if table.actions_used >= FREE_ACTIONS and table.sesterces[seat] < EXTRA_ACTION:
        return []  # no free action is left, and one more cannot be paid for
    return list(map(HIRE.__getitem__, table.worker_row))


def why_hire(table: BuildersTable, seat: int, action: Action) -> IllegalAction:
    if len(action) != 2:
        return malformed("hire", USAGE)
    word = action[1]
    worker = card_named(word)
    if worker is None:
        return no_card(word)
    if worker not in table.worker_row:
        return refused("not_in_worker_row", f"{word} is not in the worker row", worker=word)
    return price(table, seat, 1, 0, "hire")


def play_hire(table: BuildersTable, seat: int, action: Action) -> None:
    word = action.word(1)
    worker = NUMBER[word]
    extra = table.extra_cost(1)
    spend(table, seat, 1, extra)
    revealed = take_from_row(table.worker_row, table.worker_deck, worker)
    table.idle[seat].append(worker)
    table.tell(
        "hired",
        seat=seat,
        worker=table.told(word),
        extra=extra,
        revealed=table.told(card_word(revealed)),
    )


MOVE = Move(legal_hire, why_hire, play_hire)
