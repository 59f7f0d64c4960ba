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
from .table import SyllaTable


def begin(table: SyllaTable) -> None:
    table.tell("phase", round=table.round, phase="great_work")
    if not table.great_work_stack:
        table.step = ""
        return
    table.great_work_current = table.great_work_stack.pop()
    components = table.components
    upcoming = (
        components.great_works[table.great_work_stack[-1]].id if table.great_work_stack else None
    )
    table.tell(
        "great_work", work=components.great_works[table.great_work_current].id, next=upcoming
    )
    table.commitments = [None] * table.players
    table.step = "commit"


def legal_commit(table: SyllaTable, seat: int) -> list[Action]:
    most = min(table.money[seat], CAP) + 1
    return [*THUMB[True][:most], *THUMB[False][:most]]


def why_commit(table: SyllaTable, seat: int, action: Action) -> IllegalAction:
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
        f"you cannot commit {action[2]} deniers: you have {table.money[seat]}",
        deniers=action[2],
        money=table.money[seat],
    )


def play_commit(table: SyllaTable, seat: int, action: Action) -> None:
    table.commitments[seat] = (action[1] == "up", action.number(2))
    table.tell("committed", seat=seat)
    table.tell("commitment", (seat,), seat=seat, thumb=action[1], deniers=action[2])
    if all(c is not None for c in table.commitments):
        _resolve(table)


def votes(table: SyllaTable, seat: int, deniers: int) -> int:
    return table.active(seat, "senator") + deniers


def _resolve(table: SyllaTable) -> None:
    components = table.components
    work = components.great_works[table.great_work_current]
    commitments = [c for c in table.commitments if c is not None]
    assert len(commitments) == table.players  # resolved once everyone has committed
    counted = [votes(table, p, c[1]) for p, c in enumerate(commitments)]
    table.tell(
        "thumbs",
        thumbs=table.by_seat("up" if up else "down" for up, _ in commitments),
        deniers=table.by_seat(d for _, d in commitments),
        votes=table.by_seat(counted),
    )
    for seat, (_, deniers) in enumerate(commitments):
        table.spend(seat, deniers)
    for seat, (up, _) in enumerate(commitments):
        if not up:
            gift = counted[seat] // components.plebeians_per_votes * components.plebeians_prestige
            table.gain(seat, gift)
            table.tell("plebeians", seat=seat, votes=counted[seat], points=gift)
    builders = {p: counted[p] for p, (up, _) in enumerate(commitments) if up}
    for seat, points in awards(table, work.scoring, builders).items():
        table.gain(seat, points)
        table.tell("prestige", seat=seat, points=points, source=work.id)
    effect = work.ladder_effect
    if effect:
        total = sum(builders.values())
        steps = total // effect["per_votes"] * effect["steps"]
        steps *= table.player_count.great_work_ladder_steps_multiplier
        table.tell("work_votes", work=work.id, votes=total)
        if steps and effect["marker"] == "famine":
            table.move_famine(steps, work.id)
        elif steps:
            table.move_marker(components.index("tendencies", effect["marker"]), steps, work.id)
    table.great_works_built.append(table.great_work_current)
    table.great_work_current = -1
    table.commitments = [None] * table.players
    table.step = ""


def awards(
    table: SyllaTable, scoring: Mapping[str, Any], builders: dict[int, int]
) -> dict[int, int]:
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
    if table.components.great_works[table.great_work_current].id == "pantheon":
        prizes = table.player_count.pantheon_awards
    for seat, v in builders.items():
        place = sum(1 for other in builders.values() if other > v)
        if v >= 1 and place < len(prizes):
            result[seat] = prizes[place]
    return result
