"""Phase II, Recruitment: clockwise from the First Consul, each takes a card from the display.

With 2 players the First Consul takes 2, then his opponent 2 (S-11). A recruited
card arrives face up and untilted. The cards left go to the bottom of the deck,
where everyone knows them.
"""

from __future__ import annotations

from tabulae.core import Action, IllegalAction

from .actions import act
from .refusals import listed, refused
from .table import UP, Table


def begin(s: Table) -> None:
    s.tell("phase", round=s.round, phase="recruitment")
    times = s.count.recruits_per_player
    s.queue = [p for p in s.order_from(s.fc) for _ in range(times)]
    s.step = "recruit"
    _prompt(s)


def _prompt(s: Table) -> None:
    if s.queue and s.display:
        s.actor = s.queue[0]
        return
    if s.display:
        s.deck[:0] = s.display[::-1]  # the first card left ends at the very bottom
        s.deck_known += len(s.display)
        s.tell("to_deck_bottom", cards=[s.comp.design_of(c).id for c in s.display])
        s.display = []
    s.queue = []
    s.step = ""


def legal_recruit(s: Table, seat: int) -> list[Action]:
    """One action per design on display: two cards of one design look alike face up."""
    return [act("recruit", name) for name in dict.fromkeys(s.comp.card_names[c] for c in s.display)]


def why_recruit(s: Table, seat: int, action: Action) -> IllegalAction:
    shown = [a[1] for a in legal_recruit(s, seat)]
    if action.kind != "recruit":
        return refused(
            "recruit.expected", f"recruit a character on display: {listed(s, shown)}", cards=shown
        )
    return refused(
        "recruit.not_on_display",
        f"no such card is on display; there are: {listed(s, shown)}",
        cards=shown,
    )


def play_recruit(s: Table, seat: int, action: Action) -> None:
    slot = next(i for i, c in enumerate(s.display) if s.comp.card_names[c] == action[1])
    card = s.display.pop(slot)
    s.chars[seat].append((card, False, UP))
    s.queue.pop(0)
    s.tell("recruit", seat=seat, card=action[1], slot=slot + 1)
    _prompt(s)
