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
        actions += [START[b] for b in table.building_row]  # type: ignore[misc]
        actions += [HIRE[w] for w in table.worker_row]  # type: ignore[misc]
        if not table.investment_taken:
            actions += investments(table, seat, left)
        freed = table.freed
        actions += [FREE[c] for c in idle if c in SLAVE_CARDS and c not in freed]  # type: ignore[misc]
    if idle and table.sites[seat]:
        actions += sends(table, seat, money, free)
    return actions


def investments(table: BuildersTable, seat: int, money: int) -> list[Action]:
    actions: list[Action] = []
    if money >= RULES.slave_price:
        actions += [BUY_SLAVE[s] for s in table.slave_stack]  # type: ignore[misc]
    if money >= RULES.tool_price:
        actions += [BUY_TOOL[t] for t in table.tool_stack]
    if table.loan_stack:
        actions.append(LOAN)
    if money >= RULES.university_price and table.university_stack:
        trained, freed = table.trained, table.freed
        for c in table.idle[seat]:
            if c not in trained and table.skilled(c):
                row = CITIZEN_TRAIN[c] if c in freed else TRAIN[c]
                actions += [row[u] for u in table.university_stack]  # type: ignore[index]
    return actions


def sends(table: BuildersTable, seat: int, money: int, free: int) -> list[Action]:
    """Every card to every site, with each tool a worker or citizen may carry."""
    idle, sent, freed = table.idle[seat], table.sent_this_turn, table.freed
    if freed:
        citizen = table.options["citizen_wage"]
        wages = [citizen if c in freed else WAGES[c] for c in idle]
    else:
        wages = [WAGES[c] for c in idle]
    tools = [t + 1 for t in table.tools[seat]]
    skilled = [bool(tools) and table.skilled(c) for c in idle]
    actions: list[Action] = []
    for b in table.sites[seat]:
        k = sent.get(b, 0) + 1 if sent else 1
        budget = money - (k - free) * EXTRA_ACTION if k > free else money
        if budget < 0:
            continue
        for c, wage, equip in zip(idle, wages, skilled, strict=True):
            if wage <= budget:
                row = CITIZEN_SEND[c][b] if c in freed else SEND[c][b]
                actions.append(row[0])  # type: ignore[index]
                if equip:
                    actions += [row[t] for t in tools]  # type: ignore[index]
    return actions
