"""Phase VI, Great Work: one simultaneous secret commitment of a thumb and deniers.

The current card moves off the stack, showing next round's (S-04). Everyone
commits at once, `thumb up 3` or `thumb down 0` (S-31); votes are face-up
untilted Senators plus the deniers, which all go to the bank. Thumbs down give
the People 1 prestige per full 2 votes (S-32). Thumbs up with at least one vote
are ranked with shared places, score the card's awards and together move its
ladder marker (S-33); with 2 players the Pantheon pays 6/2 and the steps double.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabulae.core import Action, IllegalAction

from .actions import CAP, THUMB
from .refusals import refused
from .table import Table


def begin(s: Table) -> None:
    s.tell("phase", round=s.round, phase="great_work")
    if not s.gw_stack:
        s.step = ""
        return
    s.gw_current = s.gw_stack.pop()
    comp = s.comp
    upcoming = comp.great_works[s.gw_stack[-1]].id if s.gw_stack else None
    s.tell("great_work", work=comp.great_works[s.gw_current].id, next=upcoming)
    s.commits = [None] * s.players
    s.step = "commit"


def legal_commit(s: Table, seat: int) -> list[Action]:
    most = min(s.money[seat], CAP) + 1
    return [*THUMB[True][:most], *THUMB[False][:most]]


def why_commit(s: Table, seat: int, action: Action) -> IllegalAction:
    if (
        action.kind != "thumb"
        or len(action) != 3
        or action[1] not in ("up", "down")
        or type(action[2]) is not int
        or action[2] < 0
    ):
        return refused(
            "commit.expected",
            "decide on the Great Work: thumb up or thumb down, with the deniers you take in hand",
        )
    return refused(
        "commit.money",
        f"you cannot commit {action[2]} deniers: you have {s.money[seat]}",
        deniers=action[2],
        money=s.money[seat],
    )


def play_commit(s: Table, seat: int, action: Action) -> None:
    s.commits[seat] = (action[1] == "up", action[2])
    s.tell("committed", seat=seat)
    s.tell("commitment", (seat,), seat=seat, thumb=action[1], deniers=action[2])
    if all(c is not None for c in s.commits):
        _resolve(s)


def votes(s: Table, seat: int, deniers: int) -> int:
    return s.active(seat, "senator") + deniers


def _resolve(s: Table) -> None:
    comp = s.comp
    work = comp.great_works[s.gw_current]
    counted = [votes(s, p, c[1]) for p, c in enumerate(s.commits)]
    s.tell(
        "thumbs",
        thumbs=s.by_seat("up" if up else "down" for up, _ in s.commits),
        deniers=s.by_seat(d for _, d in s.commits),
        votes=s.by_seat(counted),
    )
    for seat, (_, deniers) in enumerate(s.commits):
        s.spend(seat, deniers)
    for seat, (up, _) in enumerate(s.commits):
        if not up:
            gift = counted[seat] // comp.plebeians_per_votes * comp.plebeians_prestige
            s.gain(seat, gift)
            s.tell("plebeians", seat=seat, votes=counted[seat], points=gift)
    builders = {p: counted[p] for p, (up, _) in enumerate(s.commits) if up}
    for seat, points in awards(s, work.scoring, builders).items():
        s.gain(seat, points)
        s.tell("prestige", seat=seat, points=points, source=work.id)
    effect = work.ladder_effect
    if effect:
        total = sum(builders.values())
        steps = total // effect["per_votes"] * effect["steps"]
        steps *= s.count.great_work_ladder_steps_multiplier
        s.tell("work_votes", work=work.id, votes=total)
        if steps and effect["marker"] == "famine":
            s.move_famine(steps, work.id)
        elif steps:
            s.move_marker(comp.index("tendencies", effect["marker"]), steps, work.id)
    s.gw_built.append(s.gw_current)
    s.gw_current = -1
    s.commits = [None] * s.players
    s.step = ""


def awards(s: Table, scoring: Mapping[str, Any], builders: dict[int, int]) -> dict[int, int]:
    """Prestige per thumb-up seat: by rank with shared places, or by vote thresholds."""
    result: dict[int, int] = {}
    if scoring["type"] == "threshold":
        for seat, v in builders.items():
            for level in sorted(scoring["awards"], key=lambda a: -a["min_votes"]):
                if v >= level["min_votes"]:
                    result[seat] = level["prestige"]
                    break
        return result
    prizes = scoring["awards"]
    if s.comp.great_works[s.gw_current].id == "pantheon":
        prizes = s.count.pantheon_awards
    for seat, v in builders.items():
        place = sum(1 for other in builders.values() if other > v)
        if v >= 1 and place < len(prizes):
            result[seat] = prizes[place]
    return result
