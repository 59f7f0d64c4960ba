"""Phase VII, Famine and crisis, then the end of a round.

Each player loses the famine level less 2 per face-up Field, never gaining
(S-35). Then each Res Publica marker in the crisis zone, in the order Civic
Spirit, Health, Leisure, makes everyone show that colour's tokens: the most
gain 3 prestige, the fewest lose 3, nobody if all tie (S-36). The counts shown
become public. After rounds 1–4 a new display and building row are dealt and
every card untilts (S-37); after round 5 comes Ecclesia.
"""

from __future__ import annotations

from .setup import deal_display
from .table import Table

CRISIS_POINTS = 3


def begin(s: Table) -> None:
    comp = s.comp
    s.tell("phase", round=s.round, phase="famine_and_crisis")
    field = comp.buildings[comp.index("buildings", "field")].effect["famine_loss_reduction"]
    for seat in s.order_from(s.fc):
        fields = s.face_up_buildings(seat, "field")
        lost = s.lose(seat, max(0, s.famine - field * fields))
        s.tell("famine_loss", seat=seat, level=s.famine, fields=fields, points=lost)
    for tendency in range(len(comp.tendencies)):
        if s.ladder[tendency] in comp.crisis_positions:
            crisis(s, tendency)
    if s.round < comp.rounds:
        _end_of_round(s)
        s.phase = "end_of_round"
    else:
        s.phase = "end_of_game"
    s.step = ""


def crisis(s: Table, tendency: int) -> None:
    """Everyone shows one colour's tokens: the most gain, the fewest lose (S-36)."""
    counts = [s.tokens(p)[tendency] for p in range(s.players)]
    most, fewest = max(counts), min(counts)
    gained, lost = [], []
    if most != fewest:
        for seat in range(s.players):
            if counts[seat] == most:
                s.gain(seat, CRISIS_POINTS)
                gained.append(seat)
            elif counts[seat] == fewest:
                s.lose(seat, CRISIS_POINTS)
                lost.append(seat)
    s.tell(
        "crisis",
        tendency=s.comp.tendencies[tendency],
        tokens=s.by_seat(counts),
        gained_seats=gained,
        lost_seats=lost,
    )
    _reveal(s, tendency)


def _reveal(s: Table, tendency: int) -> None:
    """The shown colour is known from now on, and ruled out for the other hidden tokens."""
    bit = 1 << tendency
    for seat in range(s.players):
        kept = []
        for colour, possible in s.hidden[seat]:
            possible &= ~bit
            if colour == tendency:
                s.known[seat][tendency] += 1
            elif possible & (possible - 1) == 0:  # one colour left: known too
                s.known[seat][colour] += 1
            else:
                kept.append((colour, possible))
        s.hidden[seat] = kept


def _end_of_round(s: Table) -> None:
    comp = s.comp
    for seat in range(s.players):
        s.chars[seat] = [(card, False, held) for card, _, held in s.chars[seat]]
    s.round += 1
    s.tell("round", round=s.round)
    deal_display(s)
    s.row = [s.stack.pop() if s.stack else -1 for _ in comp.slot_colours]
    s.tell(
        "building_row",
        buildings=[comp.buildings[comp.tiles[t].kind].id if t >= 0 else None for t in s.row],
    )
