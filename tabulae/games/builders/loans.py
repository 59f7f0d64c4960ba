"""Loans (rulebook "Zaciągnięcie pożyczki", an investment; ruling B-19): for 1 action the seat
takes a loan card and 10 sesterces from the bank; at the end each loan is repaid with 15
sesterces or costs 2 VP (`scoring`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabulae.core import Action, IllegalAction
from tabulae.core.flow import Move

from .actions import LOAN
from .components import RULES
from .investments import second_investment
from .refusals import malformed, refused
from .turn import EXTRA_ACTION, FREE_ACTIONS, payout, price, spend

if TYPE_CHECKING:
    from .table import BuildersTable

USAGE = "loan"


def legal_loan(table: BuildersTable, seat: int) -> list[Action]:
    if table.investment_taken or not table.loan_stack:
        return []
    if table.actions_used >= FREE_ACTIONS and table.sesterces[seat] < EXTRA_ACTION:
        return []  # no free action is left, and one more cannot be paid for
    return [LOAN]


def why_loan(table: BuildersTable, seat: int, action: Action) -> IllegalAction:
    if len(action) != 1:
        return malformed("loan", USAGE)
    refusal = second_investment(table)
    if refusal is not None:
        return refusal
    if not table.loan_stack:
        return refused("no_loan", "no loan is left in the investment row")
    return price(table, seat, 1, 0, "loan")


def play_loan(table: BuildersTable, seat: int, action: Action) -> None:
    extra = table.extra_cost(1)
    spend(table, seat, 1, extra)
    table.investment_taken = True
    table.loan_stack -= 1
    table.loans[seat] += 1
    paid = payout(table, seat, RULES.loan_gain)
    table.tell("loan", seat=seat, sesterces=paid, extra=extra)


MOVE = Move(legal_loan, why_loan, play_loan)
