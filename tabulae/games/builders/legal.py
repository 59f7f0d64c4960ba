"""The actions a player may take now: complete, in a stable order, and affordable.

The one place that decides what is legal in a turn: `apply` plays only what this lists.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabulae.core import Action

from .actions import (
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
from .cards import RULES, SLAVE_CARDS, WAGES

if TYPE_CHECKING:
    from .table import BuildersTable

EXTRA_ACTION = RULES.extra_action_cost
FREE_ACTIONS = RULES.free_actions
SLAVE_PRICE, TOOL_PRICE, UNIVERSITY_PRICE = (
    RULES.slave_price,
    RULES.tool_price,
    RULES.university_price,
)
# The notation's tables (START, HIRE, SEND, …) are indexed by card number and hold None at
# the numbers of cards an action cannot name: the `type: ignore`s below index them only with
# cards that the action can name (a building in the row, a worker, an idle card).
TAKES = tuple((TAKE[gain], spent) for gain, spent in RULES.take_sesterces.items())

_listed: tuple[object, tuple[object, ...], tuple[Action, ...]] = (None, (), ())
"""The legal actions last listed: the table, what they were listed from, the actions."""


def legal_actions(table: BuildersTable, seat: int) -> list[Action]:
    """The actions of the seat whose turn it is (the core `Flow` asks only for that seat).

    Listed anew only when something they depend on (`now`) has changed, by an action or by
    hand, so that `apply`, which checks an action against the list its player has just been
    given, does not list them twice. A rule that comes to read another field adds it to `now`.
    """
    global _listed
    listed, source, actions = _listed
    idle, tools, sites = table.idle[seat], table.tools[seat], table.sites[seat]
    now = (
        seat,
        table.sesterces[seat],
        table.actions_used,
        table.investment_taken,
        table.loan_stack,
        table.freed,
        table.building_row,
        table.worker_row,
        table.slave_stack,
        table.tool_stack,
        table.university_stack,
        idle,
        tools,
        sites,
        table.sent_this_turn,
        table.trained,
    )
    if listed is not table or source != now:
        actions = tuple(_listing(table, seat))
        copied = (
            *now[:6],
            [*table.building_row],
            [*table.worker_row],
            [*table.slave_stack],
            [*table.tool_stack],
            [*table.university_stack],
            [*idle],
            [*tools],
            {**sites},
            {**table.sent_this_turn},
            {**table.trained},
        )
        _listed = (table, copied, actions)
    return list(actions)


def _listing(table: BuildersTable, seat: int) -> list[Action]:
    money = table.sesterces[seat]
    free = max(0, FREE_ACTIONS - table.actions_used)
    actions: list[Action] = [END]
    for take, spent in TAKES:
        if spent <= free or money >= (spent - free) * EXTRA_ACTION:
            actions.append(take)
    left = money if free else money - EXTRA_ACTION  # after paying for one more action
    idle = table.idle[seat]
    if left >= 0:
        actions += map(START.__getitem__, table.building_row)  # type: ignore[arg-type]
        actions += map(HIRE.__getitem__, table.worker_row)  # type: ignore[arg-type]
        if not table.investment_taken:
            actions += investments(table, seat, left)
        freed = table.freed
        actions += [FREE[card] for card in idle if card in SLAVE_CARDS and card not in freed]  # type: ignore[misc]
    if idle and table.sites[seat]:
        actions += sends(table, seat, money, free)
    return actions


def investments(table: BuildersTable, seat: int, money: int) -> list[Action]:
    actions: list[Action] = []
    if money >= SLAVE_PRICE:
        actions += map(BUY_SLAVE.__getitem__, table.slave_stack)  # type: ignore[arg-type]
    if money >= TOOL_PRICE:
        actions += map(BUY_TOOL.__getitem__, table.tool_stack)
    if table.loan_stack:
        actions.append(LOAN)
    if money >= UNIVERSITY_PRICE and table.university_stack:
        trained, freed = table.trained, table.freed
        for card in table.idle[seat]:
            if card not in trained and table.skilled(card):
                row = CITIZEN_TRAIN[card] if card in freed else TRAIN[card]
                actions += map(row.__getitem__, table.university_stack)  # type: ignore[index]
    return actions


def sends(table: BuildersTable, seat: int, money: int, free: int) -> list[Action]:
    """Every card to every site, with each tool a worker or citizen may carry."""
    idle, sent, freed = table.idle[seat], table.sent_this_turn, table.freed
    if freed:
        citizen = table.options["citizen_wage"]
        wages = [citizen if card in freed else WAGES[card] for card in idle]
        rows = [CITIZEN_SEND[card] if card in freed else SEND[card] for card in idle]
    else:
        wages = [WAGES[card] for card in idle]
        rows = [SEND[card] for card in idle]
    tools = [tool + 1 for tool in table.tools[seat]]
    skilled = [table.skilled(card) for card in idle] if tools else [False] * len(idle)
    crew = list(zip(rows, wages, skilled, strict=True))
    actions: list[Action] = []
    for building in table.sites[seat]:
        actions_needed = sent.get(building, 0) + 1 if sent else 1
        budget = money - (actions_needed - free) * EXTRA_ACTION if actions_needed > free else money
        if budget < 0:
            continue
        for row, wage, equip in crew:
            if wage <= budget:
                sends = row[building]
                actions.append(sends[0])  # type: ignore[index]
                if equip:
                    actions += map(sends.__getitem__, tools)  # type: ignore[index]
    return actions
