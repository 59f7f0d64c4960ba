"""The actions a player may take now: complete, in a stable order, and affordable."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabulae.core import Action

from .cards import RULES, WAGES
from .notation import (
    BUY_SLAVE,
    BUY_TOOL,
    CITIZEN_SEND,
    CITIZEN_TRAIN,
    END,
    FREE,
    HIRE,
    LOAN,
    SEND,
    START,
    TAKE,
    TRAIN,
)
from .turn import SLAVE_CARDS

if TYPE_CHECKING:
    from .table import BuildersTable

EXTRA_ACTION = RULES.extra_action_cost
# The notation's tables (START, HIRE, SEND, …) are indexed by card number and hold None at
# the numbers of cards an action cannot name: the `type: ignore`s below index them only with
# cards that the action can name (a building in the row, a worker, an idle card).
TAKES = tuple((TAKE[gain], spent) for gain, spent in RULES.take_sesterces.items())


def legal_actions(table: BuildersTable, seat: int) -> list[Action]:
    if table.game_over or seat != table.active_seat:
        return []
    money = table.sesterces[seat]
    free = table.free_actions_left()
    actions: list[Action] = [END]
    for take, spent in TAKES:
        if spent <= free or money >= (spent - free) * EXTRA_ACTION:
            actions.append(take)
    left = money if free else money - EXTRA_ACTION  # after paying for one more action
    idle = table.idle[seat]
    if left >= 0:
        actions += [START[building] for building in table.building_row]  # type: ignore[misc]
        actions += [HIRE[worker] for worker in table.worker_row]  # type: ignore[misc]
        if not table.investment_taken:
            actions += investments(table, seat, left)
        freed = table.freed
        actions += [FREE[card] for card in idle if card in SLAVE_CARDS and card not in freed]  # type: ignore[misc]
    if idle and table.sites[seat]:
        actions += sends(table, seat, money, free)
    return actions


def investments(table: BuildersTable, seat: int, money: int) -> list[Action]:
    actions: list[Action] = []
    if money >= RULES.slave_price:
        actions += [BUY_SLAVE[slave] for slave in table.slave_stack]  # type: ignore[misc]
    if money >= RULES.tool_price:
        actions += [BUY_TOOL[tool] for tool in table.tool_stack]
    if table.loan_stack:
        actions.append(LOAN)
    if money >= RULES.university_price and table.university_stack:
        trained, freed = table.trained, table.freed
        for card in table.idle[seat]:
            if card not in trained and table.skilled(card):
                row = CITIZEN_TRAIN[card] if card in freed else TRAIN[card]
                actions += [row[university] for university in table.university_stack]  # type: ignore[index]
    return actions


def sends(table: BuildersTable, seat: int, money: int, free: int) -> list[Action]:
    """Every card to every site, with each tool a worker or citizen may carry."""
    idle, sent, freed = table.idle[seat], table.sent_this_turn, table.freed
    if freed:
        citizen = table.options["citizen_wage"]
        wages = [citizen if card in freed else WAGES[card] for card in idle]
    else:
        wages = [WAGES[card] for card in idle]
    tools = [tool + 1 for tool in table.tools[seat]]
    skilled = [bool(tools) and table.skilled(card) for card in idle]
    actions: list[Action] = []
    for building in table.sites[seat]:
        actions_needed = sent.get(building, 0) + 1 if sent else 1
        budget = money - (actions_needed - free) * EXTRA_ACTION if actions_needed > free else money
        if budget < 0:
            continue
        for card, wage, equip in zip(idle, wages, skilled, strict=True):
            if wage <= budget:
                row = CITIZEN_SEND[card][building] if card in freed else SEND[card][building]
                actions.append(row[0])  # type: ignore[index]
                if equip:
                    actions += [row[tool] for tool in tools]  # type: ignore[index]
    return actions
