"""Ecclesia, after round 5: Christians, freeing Slaves, then tokens at ladder values (S-38).

Each face-up Christian character scores 2 prestige, tilted or not. Clockwise
from the First Consul each player may free face-up Slaves, `free 2`, paying 2
deniers and scoring 3 prestige each. Then all tokens are shown and each scores
the value of its marker's position. The most prestige wins; ties share (S-39).
"""

from __future__ import annotations

from tabulae.core import Action, IllegalAction
from tabulae.core.flow import lap_from

from .actions import FREE
from .refusals import refused
from .table import UP, SyllaTable


def begin(table: SyllaTable) -> None:
    components = table.components
    table.tell("phase", round=table.round, phase="ecclesia")
    for seat in range(table.players):
        christians = sum(
            1
            for card, _, held in table.characters[seat]
            if held == UP and not table.is_crane(card) and components.design_of(card).christian
        )
        points = christians * components.ecclesia_christian
        table.gain(seat, points)
        table.tell("christians", seat=seat, christians=christians, points=points)
    table.queue = [p for p in lap_from(table, table.first_consul) if len(_choices(table, p)) > 1]
    table.step = "free"
    _prompt(table)


def slaves(table: SyllaTable, seat: int) -> int:
    """Face-up Slaves, tilted or not."""
    components = table.components
    return sum(
        1
        for card, _, held in table.characters[seat]
        if held == UP and not table.is_crane(card) and components.design_of(card).type == "slave"
    )


def _choices(table: SyllaTable, seat: int) -> range:
    return range(
        min(slaves(table, seat), table.money[seat] // table.components.ecclesia_slave_cost) + 1
    )


def _prompt(table: SyllaTable) -> None:
    if table.queue:
        table.actor = table.queue[0]
        return
    _politics(table)


def legal_free(table: SyllaTable, seat: int) -> list[Action]:
    return [FREE[n] for n in _choices(table, seat)]


def why_free(table: SyllaTable, seat: int, action: Action) -> IllegalAction:
    if action.kind != "free" or len(action) != 2 or type(action[1]) is not int:
        return refused("free.expected", "Ecclesia: free some of your Slaves, or none")
    cost = table.components.ecclesia_slave_cost
    return refused(
        "free.cannot",
        f"you cannot free {action[1]} Slaves: you have {slaves(table, seat)} face up "
        f"and {table.money[seat]} deniers ({cost} per Slave)",
        slaves=action[1],
        face_up=slaves(table, seat),
        money=table.money[seat],
        cost=cost,
    )


def play_free(table: SyllaTable, seat: int, action: Action) -> None:
    components, freed = table.components, action.number(1)
    table.spend(seat, freed * components.ecclesia_slave_cost)
    table.gain(seat, freed * components.ecclesia_slave_prestige)
    table.tell("freed", seat=seat, slaves=freed, points=freed * components.ecclesia_slave_prestige)
    table.queue.pop(0)
    _prompt(table)


def _politics(table: SyllaTable) -> None:
    components = table.components
    values = [components.ladder_values[pos - 1] for pos in table.ladder]
    tokens, politics = [], []
    for seat in range(table.players):
        counts = table.tokens(seat)
        tokens.append(counts)
        points = sum(n * v for n, v in zip(counts, values, strict=True))
        table.gain(seat, points)
        table.tell("politics", seat=seat, tokens=counts, values=values, points=points)
        politics.append(points)
    table.final = {
        "prestige": list(table.prestige),
        **_ecclesia(table),
        "politics": politics,
        "tokens": {t: [row[i] for row in tokens] for i, t in enumerate(components.tendencies)},
        "ladder_values": dict(zip(components.tendencies, values, strict=True)),
        "money": list(table.money),
    }
    winners = [p for p in range(table.players) if table.prestige[p] == max(table.prestige)]
    table.tell("end", prestige=table.by_seat(table.prestige), winner_seats=winners)
    table.step = "over"
    table.phase = "over"


def _ecclesia(table: SyllaTable) -> dict[str, list[int]]:
    """Each player's prestige from his Christians and his freed Slaves, for the score sheet."""
    scored = {"christians": [0] * table.players, "freed": [0] * table.players}
    for event in table.events:
        kind = event.key.removeprefix("sylla.")
        if kind in scored:
            scored[kind][event.args["seat"]] += event.args["points"]
    return scored
