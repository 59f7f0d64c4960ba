"""Final results: scores, ranks with ties, and how ties were broken."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Result:
    """Scores per seat and competition ranks (1 is best; tied seats share a rank).

    `tiebreaks` holds, per seat, the values compared after the score;
    `details` holds the game's own breakdown (JSON-ready).

    >>> result = Result.ranked([12, 15, 12])
    >>> result.ranks, result.winners
    ((2, 1, 2), (1,))
    >>> Result.ranked([12, 15, 12], tiebreaks=[[3], [0], [1]]).ranks
    (2, 1, 3)
    """

    scores: tuple[float, ...]
    ranks: tuple[int, ...]
    tiebreaks: tuple[tuple[float, ...], ...] = ()
    details: dict[str, Any] = field(default_factory=dict, compare=False)

    @classmethod
    def ranked(
        cls,
        scores: Sequence[float],
        tiebreaks: Sequence[Sequence[float]] | None = None,
        details: dict[str, Any] | None = None,
    ) -> Result:
        """Rank seats by score, then by their tie-break values (higher is better)."""
        breaks = tuple(tuple(t) for t in tiebreaks) if tiebreaks else tuple(() for _ in scores)
        keys = [(s, *b) for s, b in zip(scores, breaks, strict=True)]
        ranks = tuple(1 + sum(other > mine for other in keys) for mine in keys)
        return cls(tuple(scores), ranks, breaks if tiebreaks else (), details or {})

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(seat for seat, rank in enumerate(self.ranks) if rank == 1)

    def to_json(self) -> dict[str, Any]:
        return {
            "scores": list(self.scores),
            "ranks": list(self.ranks),
            "winners": list(self.winners),
            "tiebreaks": [list(t) for t in self.tiebreaks],
            "details": self.details,
        }
