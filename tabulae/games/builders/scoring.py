"""Final settlement and scores (rulings B-21 to B-23), kept in integer tenths of a VP."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tabulae.core import BadPosition

from .actions import WORD
from .components import RULES, SESTERCES_PER_VP, SLAVES

if TYPE_CHECKING:
    from .table import BuildersTable


@dataclass(frozen=True, slots=True)
class Settlement:
    """How one player settled at the end, and the final score it gave."""

    victory_points: int  # of the finished buildings
    held: int  # sesterces held before settling
    freed: tuple[int, ...]  # the idle slave cards freed, 5 sesterces each
    repaid: int  # loans repaid, 15 sesterces each
    paid: int  # sesterces paid to free and repay
    unfreed_slaves: int  # slaves left unfreed, -1 VP each
    unpaid_loans: int  # loans left unpaid, -2 VP each
    tenths: int  # the final score, in tenths of a VP

    def to_position(self) -> dict[str, Any]:
        """The settlement in a position: each field by its name, cards by number."""
        return {name: getattr(self, name) for name in SETTLEMENT_FIELDS} | {
            "freed": list(self.freed)
        }

    @classmethod
    def from_position(cls, data: Any) -> Settlement:
        """A settlement read back from `to_position`; BadPosition says what is malformed."""
        if not isinstance(data, dict) or set(data) != set(SETTLEMENT_FIELDS):
            raise BadPosition(f"a settlement is an object of {', '.join(SETTLEMENT_FIELDS)}")
        counts = [name for name in SETTLEMENT_FIELDS if name not in ("freed", "tenths")]
        wrong = [name for name in counts if type(data[name]) is not int or data[name] < 0]
        if wrong or type(data["tenths"]) is not int:
            raise BadPosition(f"{', '.join(wrong or ['tenths'])}: whole numbers (counts from 0)")
        freed = data["freed"]
        if not isinstance(freed, list) or not all(
            type(card) is int and card in SLAVES for card in freed
        ):
            raise BadPosition("freed: a list of slave cards")
        return cls(**(data | {"freed": tuple(freed)}))

    def to_json(self) -> dict[str, Any]:
        """The settlement, with what each part of the score is worth in VP: the buildings'
        VP, the sesterces left at 1 VP per 10 (in tenths, as scored), and the penalties."""
        left = self.held - self.paid
        return {
            "vp": self.victory_points,
            "held": self.held,
            "paid": self.paid,
            "left": left,
            "freed": [WORD[card] for card in self.freed],
            "repaid": self.repaid,
            "unfreed_slaves": self.unfreed_slaves,
            "unpaid_loans": self.unpaid_loans,
            "sesterces_vp": left * 10 // SESTERCES_PER_VP / 10,
            "slaves_vp": RULES.unfreed_slave_vp * self.unfreed_slaves,
            "loans_vp": RULES.unpaid_loan_vp * self.unpaid_loans,
            "score": self.tenths / 10,
        }


SETTLEMENT_FIELDS = tuple(Settlement.__dataclass_fields__)


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
