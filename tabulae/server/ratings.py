"""Ratings: OpenSkill (Plackett–Luce) per game, over finished rated tables.

Who is rated is who held the seat at the end: an account, or a bot at its level (a bot's
name with its parameters, so "greedy" and "mcts at 200 playouts" are rated apart). A guest
seat has no rating; the others are rated among themselves.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from openskill.models import PlackettLuce

from tabulae.core import load

if TYPE_CHECKING:
    from .live import LiveTable
    from .storage import SeatRow, Storage

MODEL = PlackettLuce()


def player_key(seat: SeatRow) -> str | None:
    """The rated player at a seat, or None for a guest."""
    if seat.bot is not None:
        params = json.dumps(seat.bot_params, sort_keys=True) if seat.bot_params else ""
        return f"bot:{seat.bot}{params}"
    if seat.account_id is not None:
        return f"account:{seat.account_id}"
    return None


def player_name(seat: SeatRow) -> str:
    if seat.bot is not None:
        params = ", ".join(f"{k}={v}" for k, v in sorted(seat.bot_params.items()))
        return f"{seat.bot} bot" + (f" ({params})" if params else "")
    return seat.name or f"seat {seat.seat + 1}"


def rate_table(storage: Storage, live: LiveTable) -> None:
    """Update the ratings of a finished rated table's players, once however often called."""
    result = live.state.result()
    assert result is not None
    players = {
        seat.seat: (key, player_name(seat))
        for seat in live.row.seats
        if (key := player_key(seat)) is not None
    }
    if len(players) < 2:
        return

    Before = dict[int, tuple[float | None, float | None]]

    def rate(before: Before) -> dict[int, tuple[float, float]]:
        order = sorted(players)
        teams = [
            [MODEL.rating() if before[s][0] is None else MODEL.rating(*before[s])] for s in order
        ]
        rated = MODEL.rate(teams, ranks=[result.ranks[s] for s in order])
        return {s: (team[0].mu, team[0].sigma) for s, team in zip(order, rated, strict=True)}

    storage.rate(live.id, load(live.row.game).id, players, rate)


def changes_json(changes: dict[int, tuple[float, float]]) -> list[dict[str, Any]]:
    return [
        {"seat": seat, "before": round(before, 2), "after": round(after, 2)}
        for seat, (before, after) in sorted(changes.items())
    ]
