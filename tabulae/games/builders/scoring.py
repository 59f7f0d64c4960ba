"""Final settlement and scores (rulings B-21 to B-23), kept in integer tenths of a VP."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .components import RULES, SESTERCES_PER_VP
from .settlement import Settlement

if TYPE_CHECKING:
    from .table import BuildersTable


def prices() -> dict[str, int]:
    """What the end's settlement and score count by, for a score sheet to explain them."""
    return {
        "free": RULES.freeing_at_scoring,
        "repay": RULES.loan_repay,
        "unfreed_slave_vp": RULES.unfreed_slave_vp,
        "unpaid_loan_vp": RULES.unpaid_loan_vp,
        "sesterces_per_vp": SESTERCES_PER_VP,
    }


def tenths(vp: int, sesterces: int, slaves: int, loans: int) -> int:
    """Final score in tenths: VP, penalties for slaves and loans, 0.1 VP per sesterce (B-22)."""
    points = vp + RULES.unfreed_slave_vp * slaves + RULES.unpaid_loan_vp * loans
    return 10 * points + sesterces * 10 // SESTERCES_PER_VP


def settle(table: BuildersTable, seat: int) -> Settlement:
    """Free slaves and repay loans as the player's sesterces allow, in the best combination.

    Only an idle slave can be freed (rulebook: "Tylko Więzień niepracujący przy
    wznoszeniu Budynku może zostać uwolniony"); one still on a site costs its VP.
    Among combinations with the same score the one paying less is chosen (B-21).
    """
    slaves = table.slaves_of(seat)
    idle = [card for card in slaves if card in table.idle[seat]]
    money, loans, vp = table.sesterces[seat], table.loans[seat], table.victory_points[seat]
    score, paid, freed, repaid = best_settlement(vp, money, len(idle), len(slaves), loans)
    return Settlement(
        victory_points=vp,
        held=money,
        freed=tuple(idle[:freed]),
        repaid=repaid,
        paid=paid,
        unfreed_slaves=len(slaves) - freed,
        unpaid_loans=loans - repaid,
        tenths=score,
    )


def best_settlement(
    vp: int, money: int, idle_slaves: int, slaves: int, loans: int
) -> tuple[int, int, int, int]:
    """The best settlement of these holdings: score in tenths, sesterces paid, slaves freed
    (of the idle ones) and loans repaid; on equal scores, the one paying less (B-21)."""
    free_price, repay_price = RULES.freeing_at_scoring, RULES.loan_repay
    best: tuple[int, int, int, int] | None = None
    for freed in range(idle_slaves + 1):
        for repaid in range(loans + 1):
            paid = freed * free_price + repaid * repay_price
            if paid > money:
                break
            score = tenths(vp, money - paid, slaves - freed, loans - repaid)
            if best is None or (score, -paid) > (best[0], -best[1]):
                best = (score, paid, freed, repaid)
    assert best is not None
    return best


def end_game(table: BuildersTable) -> None:
    """Settle and score everyone (B-21 to B-23): the game is over."""
    table.game_over = True
    table.settlements = tuple(settle(table, seat) for seat in range(table.players))
    for seat, settled in enumerate(table.settlements):
        table.sesterces[seat] -= settled.paid
        table.loans[seat] = settled.unpaid_loans
        table.freed = table.freed | frozenset(settled.freed)
        table.tell("settled", seat=seat, **settled.to_json())
    if table.bank is not None:
        table.bank += sum(settled.paid for settled in table.settlements)
    scores = {str(seat): settled.tenths / 10 for seat, settled in enumerate(table.settlements)}
    table.tell("game_over", scores=scores)
