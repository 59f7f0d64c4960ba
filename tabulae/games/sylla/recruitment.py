"""Phase II, Recruitment: clockwise from the First Consul, each takes a card from the display.

With 2 players the First Consul takes 2, then his opponent 2 (S-11). A recruited
card arrives face up and untilted. The cards left go to the bottom of the deck,
where everyone knows them.
"""

from __future__ import annotations

from tabulae.core import Action, IllegalAction
from tabulae.core.flow import lap_from

from .actions import act
from .refusals import listed, refused
from .table import UP, SyllaTable


def begin(table: SyllaTable) -> None:
    table.tell("phase", round=table.round, phase="recruitment")
    times = table.player_count.recruits_per_player
    table.queue = [p for p in lap_from(table, table.first_consul) for _ in range(times)]
    table.step = "recruit"
    _prompt(table)


def _prompt(table: SyllaTable) -> None:
    if table.queue and table.display:
        table.actor = table.queue[0]
        return
    if table.display:
        table.deck[:0] = table.display[::-1]  # the first card left ends at the very bottom
        table.deck_known += len(table.display)
        table.tell(
            "to_deck_bottom", cards=[table.components.design_of(c).id for c in table.display]
        )
        table.display = []
    table.queue = []
    table.step = ""


def legal_recruit(table: SyllaTable, seat: int) -> list[Action]:
    """One action per design on display: two cards of one design look alike face up."""
    return [
        act("recruit", name)
        for name in dict.fromkeys(table.components.card_names[c] for c in table.display)
    ]


def why_recruit(table: SyllaTable, seat: int, action: Action) -> IllegalAction:
    shown = [a[1] for a in legal_recruit(table, seat)]
    if action.kind != "recruit":
        return refused(
            "recruit.expected",
            f"recruit a character on display: {listed(table, shown)}",
            cards=shown,
        )
    return refused(
        "recruit.not_on_display",
        f"no such card is on display; there are: {listed(table, shown)}",
        cards=shown,
    )


def play_recruit(table: SyllaTable, seat: int, action: Action) -> None:
    slot = next(
        i for i, c in enumerate(table.display) if table.components.card_names[c] == action[1]
    )
    card = table.display.pop(slot)
    table.characters[seat].append((card, False, UP))
    table.queue.pop(0)
    table.tell("recruit", seat=seat, card=action[1], slot=slot + 1)
    _prompt(table)
