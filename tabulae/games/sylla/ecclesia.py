"""Ecclesia, after round 5: Christians, freeing Slaves, then tokens at ladder values (S-38).

Each face-up Christian character scores 2 prestige, tilted or not. Clockwise
from the First Consul each player may free face-up Slaves, `free 2`, paying 2
deniers and scoring 3 prestige each. Then all tokens are shown and each scores
the value of its marker's position. The most prestige wins; ties share (S-39).
"""

from __future__ import annotations

from tabulae.core import Action, IllegalAction

from .actions import FREE
from .refusals import refused
from .table import UP, Table


def begin(s: Table) -> None:
    comp = s.comp
    s.tell("phase", round=s.round, phase="ecclesia")
    for seat in range(s.players):
        christians = sum(
            1
            for card, _, held in s.chars[seat]
            if held == UP and not s.is_crane(card) and comp.design_of(card).christian
        )
        points = christians * comp.ecclesia_christian
        s.gain(seat, points)
        s.tell("christians", seat=seat, christians=christians, points=points)
    s.queue = [p for p in s.order_from(s.fc) if len(_choices(s, p)) > 1]
    s.step = "free"
    _prompt(s)


def slaves(s: Table, seat: int) -> int:
    """Face-up Slaves, tilted or not."""
    comp = s.comp
    return sum(
        1
        for card, _, held in s.chars[seat]
        if held == UP and not s.is_crane(card) and comp.design_of(card).type == "slave"
    )


def _choices(s: Table, seat: int) -> range:
    return range(min(slaves(s, seat), s.money[seat] // s.comp.ecclesia_slave_cost) + 1)


def _prompt(s: Table) -> None:
    if s.queue:
        s.actor = s.queue[0]
        return
    _politics(s)


def legal_free(s: Table, seat: int) -> list[Action]:
    return [FREE[n] for n in _choices(s, seat)]


def why_free(s: Table, seat: int, action: Action) -> IllegalAction:
    if action.kind != "free" or len(action) != 2 or type(action[1]) is not int:
        return refused("free.expected", "Ecclesia: free some of your Slaves, or none")
    cost = s.comp.ecclesia_slave_cost
    return refused(
        "free.cannot",
        f"you cannot free {action[1]} Slaves: you have {slaves(s, seat)} face up "
        f"and {s.money[seat]} deniers ({cost} per Slave)",
        slaves=action[1],
        face_up=slaves(s, seat),
        money=s.money[seat],
        cost=cost,
    )


def play_free(s: Table, seat: int, action: Action) -> None:
    comp, freed = s.comp, action[1]
    s.spend(seat, freed * comp.ecclesia_slave_cost)
    s.gain(seat, freed * comp.ecclesia_slave_prestige)
    s.tell("freed", seat=seat, slaves=freed, points=freed * comp.ecclesia_slave_prestige)
    s.queue.pop(0)
    _prompt(s)


def _politics(s: Table) -> None:
    comp = s.comp
    values = [comp.ladder_values[pos - 1] for pos in s.ladder]
    tokens, politics = [], []
    for seat in range(s.players):
        counts = s.tokens(seat)
        tokens.append(counts)
        points = sum(n * v for n, v in zip(counts, values, strict=True))
        s.gain(seat, points)
        s.tell("politics", seat=seat, tokens=counts, values=values, points=points)
        politics.append(points)
    s.final = {
        "prestige": list(s.prestige),
        **_ecclesia(s),
        "politics": politics,
        "tokens": {t: [row[i] for row in tokens] for i, t in enumerate(comp.tendencies)},
        "ladder_values": dict(zip(comp.tendencies, values, strict=True)),
        "money": list(s.money),
    }
    winners = [p for p in range(s.players) if s.prestige[p] == max(s.prestige)]
    s.tell("end", prestige=s.by_seat(s.prestige), winner_seats=winners)
    s.step = "over"
    s.phase = "over"


def _ecclesia(s: Table) -> dict[str, list[int]]:
    """Each player's prestige from his Christians and his freed Slaves, for the score sheet."""
    scored = {"christians": [0] * s.players, "freed": [0] * s.players}
    for event in s.events:
        kind = event.key.removeprefix("sylla.")
        if kind in scored:
            scored[kind][event.args["seat"]] += event.args["points"]
    return scored
