"""Phase II, Recruitment: clockwise from the First Consul, each takes a card from the display.

With 2 players the First Consul takes 2, then his opponent 2 (S-11). A recruited
card arrives face up and untilted. The cards left go to the bottom of the deck,
where everyone knows them.
"""

from __future__ import annotations

from tabulae.core import Action

from .actions import RECRUIT
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
    return list(RECRUIT[1 : len(s.display) + 1])


def why_recruit(s: Table, seat: int, action: Action) -> str:
    if action.kind != "recruit":
        return f"recruit a character: 'recruit K' with K a display slot from 1 to {len(s.display)}"
    return f"there is no card in display slot {action[1] if len(action) > 1 else '?'}"


def play_recruit(s: Table, seat: int, action: Action) -> None:
    card = s.display.pop(action[1] - 1)
    s.chars[seat].append((card, False, UP))
    s.queue.pop(0)
    s.tell("recruit", seat=seat, card=s.comp.design_of(card).id, slot=action[1])
    _prompt(s)
