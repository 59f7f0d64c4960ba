"""How a player settled at the end (rulings B-21 to B-23): a part of the position once the
game is over, written and read back with it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tabulae.core import BadPosition

from .actions import WORD
from .components import RULES, SESTERCES_PER_VP, SLAVES


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
