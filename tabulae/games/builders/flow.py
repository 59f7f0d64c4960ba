"""The turn (rulebook "Przebieg gry", rulings B-09 to B-20), run by the core `Flow`.

A game is one decision repeated: the turn of the active seat, who takes actions until he ends
it. Each kind of action is a rule of its own module, its legal actions, refusals and play
together (a core `Move`): ending the turn and what actions cost (`turn`), taking sesterces,
starting construction, hiring a worker, the investments (buying a slave or a tool, a loan,
training at a University), freeing a slave and sending a card to work, which finishes a
building as soon as its materials are covered (`finishing`). The legal actions are listed in
the order of `TURN`.
"""

from __future__ import annotations

from tabulae.core.flow import by_kind

from . import (
    hire,
    investments,
    loans,
    send_to_work,
    sesterces,
    slaves,
    start_building,
    turn,
    university,
)
from .refusals import unknown
from .table import BuildersTable


def _active(table: BuildersTable) -> tuple[int, ...]:
    return (table.active_seat,)


TURN = by_kind(
    _active,
    {
        "end": turn.MOVE,
        "take": sesterces.MOVE,
        "start": start_building.MOVE,
        "hire": hire.MOVE,
        "buy": investments.MOVE,
        "loan": loans.MOVE,
        "train": university.MOVE,
        "free": slaves.MOVE,
        "send": send_to_work.MOVE,
    },
    unknown,
)
"""The one decision of The Builders: what the active seat does next in his turn."""

STEPS = {"turn": TURN}
