"""Phase IV, Revenue: clockwise from the First Consul, income, then Private temples, then Taverns.

Income is the Revenue tile's 3 deniers, 1 per face-up untilted Merchant and 2
per face-up Market stall (S-20). Each face-up Private temple may buy one token
of the owner's choice for 2 deniers, its colour private (S-21): `temple health`.
Each face-up Tavern may move one ladder marker a step, `tavern leisure right`;
a marker moved by any Tavern this phase cannot be chosen again, and a push
against an end locks it (S-22). `pass` declines the remaining uses of that kind
of building (the buildings are alike, so declining one declines them all).
"""

from __future__ import annotations

from typing import Final

from tabulae.core import Action, IllegalAction
from tabulae.core.flow import lap_from

from .actions import DIRECTIONS, FAMINE, PASS, act
from .refusals import english, listed, refused
from .table import BuildingUse, SyllaTable

TEMPLE: Final = "temple"
TAVERN: Final = "tavern"


def begin(table: SyllaTable) -> None:
    table.tell("phase", round=table.round, phase="revenue")
    table.queue = lap_from(table, table.first_consul)
    table.markers_moved = [False] * (len(table.components.tendencies) + 1)
    table.step = "revenue"
    _next_player(table)


def _next_player(table: SyllaTable) -> None:
    while table.queue:
        seat = table.queue[0]
        _income(table, seat)
        if _prompt(table, seat):
            return
        table.queue.pop(0)
    table.step = ""


def _income(table: SyllaTable, seat: int) -> None:
    components = table.components
    merchants = table.active(seat, "merchant")
    stalls = table.face_up_buildings(seat, "market_stall")
    stall_income = components.buildings[components.index("buildings", "market_stall")].effect[
        "income"
    ]
    paid = table.earn(seat, components.revenue_income + merchants + stall_income * stalls)
    table.tell("income", seat=seat, deniers=paid, merchants=merchants, market_stalls=stalls)
    temples = table.face_up_buildings(seat, "private_temple")
    uses = table.options["private_temple_uses_per_phase"]
    temple_uses: list[BuildingUse] = [TEMPLE] * (temples * uses)
    tavern_uses: list[BuildingUse] = [TAVERN] * table.face_up_buildings(seat, "tavern")
    table.building_uses = temple_uses + tavern_uses


def _prompt(table: SyllaTable, seat: int) -> bool:
    """Whether the seat has a building use to decide; uses nobody could make are dropped."""
    while table.building_uses and not _offers(table, seat):
        table.building_uses = [u for u in table.building_uses if u != table.building_uses[0]]
    if table.building_uses:
        table.actor = seat
        return True
    return False


def _temple_cost(table: SyllaTable) -> int:
    return table.components.buildings[table.components.index("buildings", "private_temple")].effect[
        "pay"
    ]


def _markers(table: SyllaTable) -> list[str]:
    markers = list(table.components.tendencies)
    return [*markers, FAMINE] if table.options["tavern_may_move_famine"] else markers


def _position(table: SyllaTable, marker: int) -> tuple[int, int, int]:
    """(position, lowest, highest) of a ladder marker, or of Famine (the last index)."""
    if marker == len(table.components.tendencies):
        return table.famine, table.components.famine_min, table.components.famine_max
    return table.ladder[marker], 1, len(table.components.ladder_values)


def _offers(table: SyllaTable, seat: int) -> list[Action]:
    """The uses of the next building, without `pass`."""
    if table.building_uses[0] == TEMPLE:
        if table.money[seat] < _temple_cost(table):
            return []
        return [act(TEMPLE, table.components.tendencies[t]) for t in table.available_tendencies()]
    lock = table.options["tavern_may_lock_at_end"]
    moves = []
    for m, name in enumerate(_markers(table)):
        if table.markers_moved[m]:
            continue
        here, low, high = _position(table, m)
        if lock or here > low:
            moves.append(act(TAVERN, name, "left"))
        if lock or here < high:
            moves.append(act(TAVERN, name, "right"))
    return moves


def legal_revenue(table: SyllaTable, seat: int) -> list[Action]:
    return [PASS, *_offers(table, seat)]


def why_revenue(table: SyllaTable, seat: int, action: Action) -> IllegalAction:
    use = table.building_uses[0]
    building = "private_temple" if use == TEMPLE else "tavern"
    if action.kind != use:
        return refused(
            "revenue.expected",
            f"use your {english(table, building)} or pass",
            building=building,
        )
    if use == TEMPLE:
        if table.money[seat] < _temple_cost(table):
            return refused(
                "temple.cost",
                f"a Private temple token costs {_temple_cost(table)} deniers; "
                f"you have {table.money[seat]}",
                cost=_temple_cost(table),
                money=table.money[seat],
            )
        left = [a[1] for a in _offers(table, seat)]
        return refused(
            "token.unavailable",
            f"no token of that tendency can be taken; left: {listed(table, left)}",
            tendencies=left,
        )
    if len(action) != 3 or action[1] not in _markers(table) or action[2] not in DIRECTIONS:
        markers = _markers(table)
        return refused(
            "tavern.expected",
            f"a Tavern moves a marker one space left or right: {listed(table, markers)}",
            markers=markers,
        )
    if table.markers_moved[_markers(table).index(action[1])]:
        return refused(
            "tavern.moved",
            f"{english(table, action[1])} has already been moved by a Tavern this phase",
            marker=action[1],
        )
    return refused(
        "tavern.end",
        f"{english(table, action[1])} is at the end of its track and cannot be locked there",
        marker=action[1],
    )


def play_revenue(table: SyllaTable, seat: int, action: Action) -> None:
    use = table.building_uses[0]
    if action == PASS:
        table.building_uses = [u for u in table.building_uses if u != use]
        table.tell("pass", seat=seat, building=use)
    elif use == TEMPLE:
        table.building_uses.pop(0)
        table.spend(seat, _temple_cost(table))
        tendency = table.components.index("tendencies", action.word(1))
        table.take_token(seat, tendency, "private_temple", secret=True)
    else:
        table.building_uses.pop(0)
        marker = _markers(table).index(action.word(1))
        table.markers_moved[marker] = True
        step = 1 if action[2] == "right" else -1
        table.tell("tavern", seat=seat, marker=action[1], direction=action[2])
        if marker == len(table.components.tendencies):
            table.move_famine(step, "tavern")
        else:
            table.move_marker(marker, step, "tavern")
    if not _prompt(table, seat):
        table.queue.pop(0)
        _next_player(table)
