"""Freeing a slave (rulebook "…i jego uwolnienie", rulings B-04, B-18): for 1 action the seat
turns one of its idle slaves to its citizen side, a worker from then on, paid a citizen's wage,
who may carry a tool and be trained. Slaves are bought as an investment (`investments`); each
one left unfreed at the end costs 1 VP (`scoring`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabulae.core import Action, IllegalAction
from tabulae.core.flow import Move

from .actions import FREE, NUMBER
from .components import SLAVE_CARDS
from .refusals import card_named, malformed, no_card, not_idle, other_side, refused
from .turn import EXTRA_ACTION, FREE_ACTIONS, price, spend

if TYPE_CHECKING:
    from .table import BuildersTable

USAGE = "free slave_1"


def legal_free(table: BuildersTable, seat: int) -> list[Action]:
    if table.actions_used >= FREE_ACTIONS and table.sesterces[seat] < EXTRA_ACTION:
        return []  # no free action is left, and one more cannot be paid for
    idle = table.idle[seat]
    if SLAVE_CARDS.isdisjoint(idle):
        return []
    freed = table.freed
    return [FREE[card] for card in idle if card in SLAVE_CARDS and card not in freed]


def why_free(table: BuildersTable, seat: int, action: Action) -> IllegalAction:
    if len(action) != 2:
        return malformed("free", USAGE)
    word = action[1]
    card = card_named(word)
    if card is None:
        return no_card(word)
    refusal = other_side(table, card, word)
    if refusal is not None:
        return refusal
    if card not in SLAVE_CARDS or card in table.freed:
        return refused("not_a_slave", f"{word} is not a slave", card=table.side(card))
    return not_idle(table, seat, card, word) or price(table, seat, 1, 0, "free")


def play_free(table: BuildersTable, seat: int, action: Action) -> None:
    word = action.word(1)
    extra = table.extra_cost(1)
    spend(table, seat, 1, extra)
    table.freed = table.freed | {NUMBER[word]}
    table.tell("freed", seat=seat, card=word, extra=extra)


MOVE = Move(legal_free, why_free, play_free)
