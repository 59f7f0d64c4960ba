"""The final result of The Builders worked out afresh, to check the engine's own.

Nothing here reads the engine's running tallies (its VP, sesterces, loans or settlement).
VP come from the finished pile, sesterces from the event log (10 each at the start, then
every wage, price, extra action, take, loan and completion), loans from the loans taken,
slaves from where the slave cards lie; then each player settles in the best way (free idle
slaves at 5, repay loans at 15; B-21), is scored in tenths
(B-22) and ranked, ties sharing a rank (B-23).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabulae.core import Result

from .actions import NUMBER
from .components import BUILDINGS, RULES, SESTERCES_PER_VP, SLAVES

if TYPE_CHECKING:
    from .table import BuildersTable

SPENT = ("price", "wage", "extra")
EARNED = {"builders.took", "builders.loan", "builders.completed"}


def recount(table: BuildersTable) -> Result | None:
    """The final scores and ranks from the finished position; None while the game runs."""
    if not table.game_over:
        return None
    sesterces = [RULES.starting_sesterces] * table.players
    loans = [0] * table.players
    freed_in_play: set[int] = set()
    for event in table.events:
        args, key = event.args, event.key
        if key == "builders.settled" or "seat" not in args:
            continue
        seat = args["seat"]
        sesterces[seat] -= sum(args.get(part, 0) for part in SPENT)
        if key in EARNED:
            sesterces[seat] += args["sesterces"]
        if key == "builders.loan":
            loans[seat] += 1
        if key == "builders.freed":
            freed_in_play.add(NUMBER[args["card"]])
    tenths = []
    for seat in range(table.players):
        vp = sum(BUILDINGS[building - 1].vp for building in table.finished[seat])
        working = [card for site in table.sites[seat].values() for card, _ in site.crew]
        idle = [card for card in table.idle[seat] if card in SLAVES and card not in freed_in_play]
        slaves = len(idle) + sum(card in SLAVES and card not in freed_in_play for card in working)
        tenths.append(_best_score(vp, sesterces[seat], len(idle), slaves, loans[seat]))
    scores = tuple(score / 10 for score in tenths)
    ranks = tuple(1 + sum(other > mine for other in tenths) for mine in tenths)
    return Result(scores, ranks)


def _best_score(vp: int, sesterces: int, idle_slaves: int, slaves: int, loans: int) -> int:
    """The best final score in tenths over every way of freeing idle slaves and repaying
    that the sesterces allow (settling nothing is always allowed)."""
    best = None
    for freed in range(idle_slaves + 1):
        for repaid in range(loans + 1):
            left = sesterces - freed * RULES.freeing_at_scoring - repaid * RULES.loan_repay
            if left < 0 and (freed or repaid):
                continue
            points = (
                vp
                + (slaves - freed) * RULES.unfreed_slave_vp
                + (loans - repaid) * RULES.unpaid_loan_vp
            )
            score = 10 * points + 10 * left // SESTERCES_PER_VP
            best = score if best is None else max(best, score)
    assert best is not None
    return best
