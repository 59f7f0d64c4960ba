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

from tabulae.core import Action, IllegalAction

from .actions import DIRECTIONS, FAMINE, PASS, act
from .refusals import english, listed, refused
from .table import Table

TEMPLE, TAVERN = "temple", "tavern"


def begin(s: Table) -> None:
    s.tell("phase", round=s.round, phase="revenue")
    s.queue = s.order_from(s.fc)
    s.moved = [False] * (len(s.comp.tendencies) + 1)
    s.step = "revenue"
    _next_player(s)


def _next_player(s: Table) -> None:
    while s.queue:
        seat = s.queue[0]
        _income(s, seat)
        if _prompt(s, seat):
            return
        s.queue.pop(0)
    s.step = ""


def _income(s: Table, seat: int) -> None:
    comp = s.comp
    merchants = s.active(seat, "merchant")
    stalls = s.face_up_buildings(seat, "market_stall")
    stall_income = comp.buildings[comp.index("buildings", "market_stall")].effect["income"]
    paid = s.earn(seat, comp.revenue_income + merchants + stall_income * stalls)
    s.tell("income", seat=seat, deniers=paid, merchants=merchants, market_stalls=stalls)
    temples = s.face_up_buildings(seat, "private_temple")
    uses = s.options["private_temple_uses_per_phase"]
    s.uses = [TEMPLE] * (temples * uses) + [TAVERN] * s.face_up_buildings(seat, "tavern")


def _prompt(s: Table, seat: int) -> bool:
    """Whether the seat has a building use to decide; uses nobody could make are dropped."""
    while s.uses and not _offers(s, seat):
        s.uses = [u for u in s.uses if u != s.uses[0]]
    if s.uses:
        s.actor = seat
        return True
    return False


def _temple_cost(s: Table) -> int:
    return s.comp.buildings[s.comp.index("buildings", "private_temple")].effect["pay"]


def _markers(s: Table) -> list[str]:
    markers = list(s.comp.tendencies)
    return [*markers, FAMINE] if s.options["tavern_may_move_famine"] else markers


def _position(s: Table, marker: int) -> tuple[int, int, int]:
    """(position, lowest, highest) of a ladder marker, or of Famine (the last index)."""
    if marker == len(s.comp.tendencies):
        return s.famine, s.comp.famine_min, s.comp.famine_max
    return s.ladder[marker], 1, len(s.comp.ladder_values)


def _offers(s: Table, seat: int) -> list[Action]:
    """The uses of the next building, without `pass`."""
    if s.uses[0] == TEMPLE:
        if s.money[seat] < _temple_cost(s):
            return []
        return [act(TEMPLE, s.comp.tendencies[t]) for t in s.available_tendencies()]
    lock = s.options["tavern_may_lock_at_end"]
    moves = []
    for m, name in enumerate(_markers(s)):
        if s.moved[m]:
            continue
        here, low, high = _position(s, m)
        if lock or here > low:
            moves.append(act(TAVERN, name, "left"))
        if lock or here < high:
            moves.append(act(TAVERN, name, "right"))
    return moves


def legal_revenue(s: Table, seat: int) -> list[Action]:
    return [PASS, *_offers(s, seat)]


def why_revenue(s: Table, seat: int, action: Action) -> IllegalAction:
    use = s.uses[0]
    building = "private_temple" if use == TEMPLE else "tavern"
    if action.kind != use:
        return refused(
            "revenue.expected",
            f"use your {english(s, building)} or pass",
            building=building,
        )
    if use == TEMPLE:
        if s.money[seat] < _temple_cost(s):
            return refused(
                "temple.cost",
                f"a Private temple token costs {_temple_cost(s)} deniers; you have {s.money[seat]}",
                cost=_temple_cost(s),
                money=s.money[seat],
            )
        left = [a[1] for a in _offers(s, seat)]
        return refused(
            "token.unavailable",
            f"no token of that tendency can be taken; left: {listed(s, left)}",
            tendencies=left,
        )
    if len(action) != 3 or action[1] not in _markers(s) or action[2] not in DIRECTIONS:
        markers = _markers(s)
        return refused(
            "tavern.expected",
            f"a Tavern moves a marker one space left or right: {listed(s, markers)}",
            markers=markers,
        )
    if s.moved[_markers(s).index(action[1])]:
        return refused(
            "tavern.moved",
            f"{english(s, action[1])} has already been moved by a Tavern this phase",
            marker=action[1],
        )
    return refused(
        "tavern.end",
        f"{english(s, action[1])} is at the end of its track and cannot be locked there",
        marker=action[1],
    )


def play_revenue(s: Table, seat: int, action: Action) -> None:
    use = s.uses[0]
    if action == PASS:
        s.uses = [u for u in s.uses if u != use]
        s.tell("pass", seat=seat, building=use)
    elif use == TEMPLE:
        s.uses.pop(0)
        s.spend(seat, _temple_cost(s))
        s.take_token(seat, s.comp.index("tendencies", action[1]), "private_temple", secret=True)
    else:
        s.uses.pop(0)
        marker = _markers(s).index(action[1])
        s.moved[marker] = True
        step = 1 if action[2] == "right" else -1
        s.tell("tavern", seat=seat, marker=action[1], direction=action[2])
        if marker == len(s.comp.tendencies):
            s.move_famine(step, "tavern")
        else:
            s.move_marker(marker, step, "tavern")
    if not _prompt(s, seat):
        s.queue.pop(0)
        _next_player(s)
