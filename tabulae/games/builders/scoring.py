"""Final settlement and scores (rulings B-21 to B-23), kept in integer tenths of a VP."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .cards import RULES, SESTERCES_PER_VP
from .notation import WORD

if TYPE_CHECKING:
    from .state import BuildersState


@dataclass(frozen=True, slots=True)
class Settlement:
    """How one player settled at the end, and the final score it gave."""

    vp: int
    held: int
    freed: tuple[int, ...]
    repaid: int
    paid: int
    unfreed_slaves: int
    unpaid_loans: int
    tenths: int

    def to_json(self) -> dict[str, Any]:
        """The settlement, with what each part of the score is worth in VP: the buildings'
        VP, the sesterces left at 1 VP per 10 (in tenths, as scored), and the penalties."""
        left = self.held - self.paid
        return {
            "vp": self.vp,
            "held": self.held,
            "paid": self.paid,
            "left": left,
            "freed": [WORD[c] for c in self.freed],
            "repaid": self.repaid,
            "unfreed_slaves": self.unfreed_slaves,
            "unpaid_loans": self.unpaid_loans,
            "sesterces_vp": left * 10 // SESTERCES_PER_VP / 10,
            "slaves_vp": RULES.unfreed_slave_vp * self.unfreed_slaves,
            "loans_vp": RULES.unpaid_loan_vp * self.unpaid_loans,
            "score": self.tenths / 10,
        }


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


def settle(state: BuildersState, seat: int) -> Settlement:
    """Free slaves and repay loans as the player's sesterces allow, in the best combination.

    Only an idle slave can be freed (rulebook: "Tylko Więzień niepracujący przy
    wznoszeniu Budynku może zostać uwolniony"); one still on a site costs its VP.
    Among combinations with the same score the one paying less is chosen (B-21).
    """
    slaves = state.slaves_of(seat)
    idle = [c for c in slaves if c in state.idle[seat]]
    money, loans, vp = state.money[seat], state.loans[seat], state.vp[seat]
    score, paid, freed, repaid = best_settlement(vp, money, len(idle), len(slaves), loans)
    return Settlement(
        vp=vp,
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
