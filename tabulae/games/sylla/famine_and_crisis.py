"""Phase VII, Famine and crisis, then the end of a round.

Each player loses the famine level less 2 per face-up Field, never gaining
(S-35). Then each Res Publica marker in the crisis zone, in the order Civic
Spirit, Health, Leisure, makes everyone show that colour's tokens: the most
gain 3 prestige, the fewest lose 3, nobody if all tie (S-36). The counts shown
become public. After rounds 1–4 a new display and building row are dealt and
every card untilts (S-37); after round 5 comes Ecclesia.
"""

from __future__ import annotations

from tabulae.core.flow import lap_from

from .setup import deal_display
from .table import SyllaTable

CRISIS_POINTS = 3


def begin(table: SyllaTable) -> None:
    components = table.components
    table.tell("phase", round=table.round, phase="famine_and_crisis")
    field = components.buildings[components.index("buildings", "field")].effect[
        "famine_loss_reduction"
    ]
    for seat in lap_from(table, table.first_consul):
        fields = table.face_up_buildings(seat, "field")
        lost = table.lose(seat, max(0, table.famine - field * fields))
        table.tell("famine_loss", seat=seat, level=table.famine, fields=fields, points=lost)
    for tendency in range(len(components.tendencies)):
        if table.ladder[tendency] in components.crisis_positions:
            crisis(table, tendency)
    if table.round < components.rounds:
        _end_of_round(table)
        table.phase = "end_of_round"
    else:
        table.phase = "end_of_game"
    table.step = ""


def crisis(table: SyllaTable, tendency: int) -> None:
    """Everyone shows one colour's tokens: the most gain, the fewest lose (S-36)."""
    counts = [table.tokens(p)[tendency] for p in range(table.players)]
    most, fewest = max(counts), min(counts)
    gained, lost = [], []
    if most != fewest:
        for seat in range(table.players):
            if counts[seat] == most:
                table.gain(seat, CRISIS_POINTS)
                gained.append(seat)
            elif counts[seat] == fewest:
                table.lose(seat, CRISIS_POINTS)
                lost.append(seat)
    table.tell(
        "crisis",
        tendency=table.components.tendencies[tendency],
        tokens=table.by_seat(counts),
        gained_seats=gained,
        lost_seats=lost,
    )
    _reveal(table, tendency)


def _reveal(table: SyllaTable, tendency: int) -> None:
    """The shown colour is known from now on, and ruled out for the other hidden tokens."""
    bit = 1 << tendency
    for seat in range(table.players):
        kept = []
        for colour, possible in table.private_tokens[seat]:
            possible &= ~bit
            if colour == tendency:
                table.known_tokens[seat][tendency] += 1
            elif possible & (possible - 1) == 0:  # one colour left: known too
                table.known_tokens[seat][colour] += 1
            else:
                kept.append((colour, possible))
        table.private_tokens[seat] = kept


def _end_of_round(table: SyllaTable) -> None:
    components = table.components
    for seat in range(table.players):
        table.characters[seat] = [(card, False, held) for card, _, held in table.characters[seat]]
    table.round += 1
    table.tell("round", round=table.round)
    deal_display(table)
    table.building_row = [
        table.building_stack.pop() if table.building_stack else -1 for _ in components.slot_colours
    ]
    table.tell(
        "building_row",
        buildings=[
            components.buildings[components.tiles[t].kind].id if t >= 0 else None
            for t in table.building_row
        ],
    )
