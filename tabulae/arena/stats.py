"""What an arena measured: win rates with 95% intervals, scores, seat order, OpenSkill."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce

from .play import ArenaSetup, GameRecord

Z95 = 1.959963984540054


@dataclass(frozen=True)
class Rate:
    """A share of games won, with its Wilson 95% interval."""

    value: float
    low: float
    high: float

    @classmethod
    def of(cls, wins: float, games: int) -> Rate:
        if not games:
            return cls(math.nan, 0.0, 1.0)
        p = wins / games
        z2 = Z95 * Z95
        centre = (p + z2 / (2 * games)) / (1 + z2 / games)
        half = Z95 * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games)) / (1 + z2 / games)
        return cls(p, max(0.0, centre - half), min(1.0, centre + half))

    def to_json(self) -> dict[str, float | None]:
        value = None if math.isnan(self.value) else self.value
        return {"rate": value, "low": self.low, "high": self.high}


@dataclass(frozen=True)
class Standing:
    """One entrant's figures over the whole arena."""

    label: str
    bot: str
    params: dict[str, Any]
    games: int
    wins: float
    win_rate: Rate
    mean_score: float
    mean_rank: float
    by_seat: tuple[Rate, ...]
    mu: float
    sigma: float
    ordinal: float
    seconds_per_decision: float
    cpu_seconds_per_decision: float = 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "label": self.label,
            "bot": self.bot,
            "params": self.params,
            "games": self.games,
            "wins": self.wins,
            "win_rate": self.win_rate.to_json(),
            "mean_score": self.mean_score,
            "mean_rank": self.mean_rank,
            "win_rate_by_seat": [rate.to_json() for rate in self.by_seat],
            "openskill": {"mu": self.mu, "sigma": self.sigma, "ordinal": self.ordinal},
            "seconds_per_decision": self.seconds_per_decision,
            "cpu_seconds_per_decision": self.cpu_seconds_per_decision,
        }


@dataclass(frozen=True)
class Summary:
    """An arena's results: per entrant, and the win rate of each seat whoever sits there."""

    setup: ArenaSetup
    records: tuple[GameRecord, ...]
    standings: tuple[Standing, ...]
    seats: tuple[Rate, ...]

    @property
    def fair_share(self) -> float:
        """The win rate of an entrant no better than the others."""
        return 1.0 / self.setup.players

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.setup.game,
            "players": self.setup.players,
            "options": dict(self.setup.options),
            "games": self.setup.games,
            "seed": self.setup.seed,
            "fair_share": self.fair_share,
            "mean_actions": sum(r.actions for r in self.records) / len(self.records),
            "entrants": [standing.to_json() for standing in self.standings],
            "win_rate_by_seat": [rate.to_json() for rate in self.seats],
        }

    def rows(self) -> list[dict[str, Any]]:
        """One flat row per entrant, for CSV."""
        rows = []
        for s in self.standings:
            row: dict[str, Any] = {
                "label": s.label,
                "bot": s.bot,
                "games": s.games,
                "wins": s.wins,
                "win_rate": s.win_rate.value,
                "win_rate_low": s.win_rate.low,
                "win_rate_high": s.win_rate.high,
                "fair_share": self.fair_share,
                "mean_score": s.mean_score,
                "mean_rank": s.mean_rank,
                "openskill_mu": s.mu,
                "openskill_sigma": s.sigma,
                "openskill_ordinal": s.ordinal,
                "seconds_per_decision": s.seconds_per_decision,
                "cpu_seconds_per_decision": s.cpu_seconds_per_decision,
            }
            for seat, rate in enumerate(s.by_seat, start=1):
                row[f"win_rate_seat_{seat}"] = rate.value
            rows.append(row)
        return rows


def wins(record: GameRecord) -> list[float]:
    """Per seat, its share of the win: 1 alone at the top, 1/k when k seats share it."""
    first = record.ranks.count(1)
    return [1.0 / first if rank == 1 else 0.0 for rank in record.ranks]


def summarize(setup: ArenaSetup, records: Sequence[GameRecord]) -> Summary:
    """The arena's figures from its game records (in any order)."""
    records = tuple(sorted(records, key=lambda r: r.index))
    players = setup.players
    games = len(records)
    won = [0.0] * players
    score = [0.0] * players
    rank = [0.0] * players
    seat_won = [[0.0] * players for _ in range(players)]
    seat_games = [[0] * players for _ in range(players)]
    seconds = [0.0] * players
    decisions = [0] * players
    cpu = [0.0] * players
    for record in records:
        shares = wins(record)
        for seat, entrant in enumerate(record.seating):
            won[entrant] += shares[seat]
            score[entrant] += record.scores[seat]
            rank[entrant] += record.ranks[seat]
            seat_won[entrant][seat] += shares[seat]
            seat_games[entrant][seat] += 1
        for entrant in range(players):
            seconds[entrant] += record.seconds[entrant] if record.seconds else 0.0
            decisions[entrant] += record.decisions[entrant] if record.decisions else 0
            cpu[entrant] += record.cpu[entrant] if record.cpu else 0.0
    ratings = _openskill(setup, records)
    standings = tuple(
        Standing(
            label=entrant.label,
            bot=entrant.bot,
            params=dict(entrant.params),
            games=games,
            wins=won[e],
            win_rate=Rate.of(won[e], games),
            mean_score=score[e] / games,
            mean_rank=rank[e] / games,
            by_seat=tuple(Rate.of(seat_won[e][s], seat_games[e][s]) for s in range(players)),
            mu=ratings[e][0],
            sigma=ratings[e][1],
            ordinal=ratings[e][0] - 3 * ratings[e][1],
            seconds_per_decision=seconds[e] / decisions[e] if decisions[e] else 0.0,
            cpu_seconds_per_decision=cpu[e] / decisions[e] if decisions[e] else 0.0,
        )
        for e, entrant in enumerate(setup.entrants)
    )
    seats = tuple(
        Rate.of(sum(seat_won[e][s] for e in range(players)), games) for s in range(players)
    )
    return Summary(setup, records, standings, seats)


def _openskill(setup: ArenaSetup, records: Sequence[GameRecord]) -> list[tuple[float, float]]:
    """Plackett–Luce ratings, updated game by game in the arena's order."""
    model = PlackettLuce()
    ratings = [model.rating(name=entrant.label) for entrant in setup.entrants]
    if setup.players < 2:
        return [(r.mu, r.sigma) for r in ratings]
    for record in records:
        teams = [[ratings[entrant]] for entrant in record.seating]
        rated = model.rate(teams, ranks=list(record.ranks))
        for seat, entrant in enumerate(record.seating):
            ratings[entrant] = rated[seat][0]
    return [(r.mu, r.sigma) for r in ratings]
