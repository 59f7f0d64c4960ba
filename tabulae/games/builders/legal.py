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
    from .state import BuildersState

EXTRA_ACTION = RULES.extra_action_cost
TAKES = tuple((TAKE[gain], spent) for gain, spent in RULES.take_sesterces.items())


def legal_actions(state: BuildersState, seat: int) -> list[Action]:
    if state.over or seat != state.seat:
        return []
    money = state.money[seat]
    free = state.free_actions_left()
    actions: list[Action] = [END]
    for take, spent in TAKES:
        if spent <= free or money >= (spent - free) * EXTRA_ACTION:
            actions.append(take)
    left = money if free else money - EXTRA_ACTION  # after paying for one more action
    idle = state.idle[seat]
    if left >= 0:
        actions += [START[b] for b in state.building_row]  # type: ignore[misc]
        actions += [HIRE[w] for w in state.worker_row]  # type: ignore[misc]
        if not state.invested:
            actions += investments(state, seat, left)
        freed = state.freed
        actions += [FREE[c] for c in idle if c in SLAVE_CARDS and c not in freed]  # type: ignore[misc]
    if idle and state.sites[seat]:
        actions += sends(state, seat, money, free)
    return actions


def investments(state: BuildersState, seat: int, money: int) -> list[Action]:
    actions: list[Action] = []
    if money >= RULES.slave_price:
        actions += [BUY_SLAVE[s] for s in state.slave_stack]  # type: ignore[misc]
    if money >= RULES.tool_price:
        actions += [BUY_TOOL[t] for t in state.tool_stack]
    if state.loan_stack:
        actions.append(LOAN)
    if money >= RULES.university_price and state.university_stack:
        trained, freed = state.trained, state.freed
        for c in state.idle[seat]:
            if c not in trained and state.skilled(c):
                row = CITIZEN_TRAIN[c] if c in freed else TRAIN[c]
                actions += [row[u] for u in state.university_stack]  # type: ignore[index]
    return actions


def sends(state: BuildersState, seat: int, money: int, free: int) -> list[Action]:
    """Every card to every site, with each tool a worker or citizen may carry."""
    idle, sent, freed = state.idle[seat], state.sent, state.freed
    if freed:
        citizen = state.options["citizen_wage"]
        wages = [citizen if c in freed else WAGES[c] for c in idle]
    else:
        wages = [WAGES[c] for c in idle]
    tools = [t + 1 for t in state.tools[seat]]
    skilled = [bool(tools) and state.skilled(c) for c in idle]
    actions: list[Action] = []
    for b in state.sites[seat]:
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
