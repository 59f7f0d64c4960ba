"""Ratings: OpenSkill (Plackett–Luce) per game, over finished rated tables.

Who is rated is who held the seat: an account, or a bot at its level (a bot's name with its
parameters, so "greedy" and "mcts at 200 playouts" are rated apart). A guest seat has no
rating; the others are rated among themselves.

A player counts once however many seats it holds. Every seat is rated as a competitor of its
own, starting from its player's rating, so the others are rated against each seat's result;
the player's new rating is then the mean of its seats' new ratings. Seats of one player
beating each other move it neither up nor down, and a table where only one player holds
seats (two `easy` bots and nothing else) is not rated at all.

An account that leaves a game under way is rated for its seat, in the last place, whatever
the stand-in bot that played on made of it; the stand-in is not rated for that seat.

Players read a rating on the scale they know from chess (`display`): the ordinal μ − 3σ,
which starts at 0 and goes below it after a first loss, scaled so that a newcomer stands at
1500; and until a player has finished `PROVISIONAL_GAMES` rated games its rating is marked
provisional, as it says little yet.
"""

from __future__ import annotations

import json
from statistics import fmean
from typing import TYPE_CHECKING, Any

from openskill.models import PlackettLuce

from tabulae.core import load

if TYPE_CHECKING:
    from .live import LiveTable
    from .storage import SeatRow, Storage

MODEL = PlackettLuce()

Rating = tuple[float | None, float | None]  # (mu, sigma), or (None, None) for a newcomer

DISPLAY_START = 1500  # a newcomer's displayed rating (ordinal 0)
DISPLAY_SCALE = 20  # displayed points per point of ordinal: one σ of a newcomer is ~167
PROVISIONAL_GAMES = 5  # rated games before a rating is no longer provisional


def display(ordinal: float) -> int:
    """A rating as players read it: the ordinal μ − 3σ on a scale where a newcomer is 1500."""
    return round(DISPLAY_START + DISPLAY_SCALE * ordinal)


def shown(ordinal: float, games: int) -> dict[str, Any]:
    """The displayed rating beside the ordinal, and whether it is still provisional."""
    return {"display": display(ordinal), "provisional": games < PROVISIONAL_GAMES}


def player_key(seat: SeatRow) -> str | None:
    """The rated player at a seat, or None for a guest. A seat an account left keeps the
    account: the bot standing in for it is not the one rated."""
    if seat.account_id is not None:
        return f"account:{seat.account_id}"
    if seat.bot is not None:
        params = json.dumps(seat.bot_params, sort_keys=True) if seat.bot_params else ""
        return f"bot:{seat.bot}{params}"
    return None


def left(seat: SeatRow) -> bool:
    """Whether an account gave the seat up to a stand-in bot before the game ended."""
    return seat.account_id is not None and seat.bot is not None


def player_name(seat: SeatRow) -> str:
    if seat.account_id is None and seat.bot is not None:
        params = ", ".join(f"{k}={v}" for k, v in sorted(seat.bot_params.items()))
        return f"{seat.bot} bot" + (f" ({params})" if params else "")
    return seat.name or f"seat {seat.seat + 1}"


def rated_ranks(seats: list[SeatRow], ranks: tuple[int, ...] | list[int]) -> dict[int, int]:
    """The place each rated seat is rated with: its place in the game, or below every seat
    played to the end for a seat its account left."""
    last = len(seats) + 1
    return {
        seat.seat: last if left(seat) else ranks[seat.seat]
        for seat in seats
        if player_key(seat) is not None
    }


def new_ratings(
    keys: dict[int, str], ranks: dict[int, int], before: dict[str, Rating]
) -> dict[str, tuple[float, float]]:
    """Each player's (mu, sigma) after a table where `keys` names the player at each rated
    seat: every seat rated as its own competitor, a player's result the mean of its seats'."""
    order = sorted(keys)
    teams = [
        [MODEL.rating() if before[keys[s]][0] is None else MODEL.rating(*before[keys[s]])]
        for s in order
    ]
    rated = MODEL.rate(teams, ranks=[ranks[s] for s in order])
    by_player: dict[str, list[tuple[float, float]]] = {}
    for seat, team in zip(order, rated, strict=True):
        by_player.setdefault(keys[seat], []).append((team[0].mu, team[0].sigma))
    return {
        key: (fmean(mu for mu, _ in after), fmean(sigma for _, sigma in after))
        for key, after in by_player.items()
    }


def rate_table(storage: Storage, live: LiveTable) -> None:
    """Update the ratings of a finished rated table's players, once however often called."""
    result = live.state.result()
    assert result is not None
    seats = live.row.seats
    ranks = rated_ranks(seats, result.ranks)
    players = {seat.seat: (key, player_name(seat)) for seat in seats if (key := player_key(seat))}
    if len({key for key, _ in players.values()}) < 2:
        return
    keys = {seat: key for seat, (key, _) in players.items()}

    def rate(before: dict[str, Rating]) -> dict[str, tuple[float, float]]:
        return new_ratings(keys, ranks, before)

    storage.rate(live.id, load(live.row.game).id, players, rate)


def changes_json(changes: dict[int, tuple[float, float]]) -> list[dict[str, Any]]:
    return [
        {
            "seat": seat,
            "before": round(before, 2),
            "after": round(after, 2),
            "before_display": display(before),
            "after_display": display(after),
        }
        for seat, (before, after) in sorted(changes.items())
    ]
