"""The coach: after a seat's move, whether the strongest search would have played otherwise.

The judgement is a hint for the position before the move (the same search, on the copy
`decide` would hand a bot), compared with the move played: it sees only what the seat knew,
so every world that looks the same to that seat gets the same judgement for the same random
stream. The search ranks every action it tried; the played one is compared with the best by
their expected payoffs, and a move within `CLOSE` of the best counts as the best, since a
bounded search cannot tell such moves apart.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tabulae.core import Action, Rng, State

from .base import Bot
from .hints import Hint, Suggestion, hint

CLOSE = {"wins": 0.02, "score": 0.5}
"""How far below the best move's expected payoff a move still counts as strong, by measure:
two hundredths of the share of rivals beaten, or half a point of a solitaire score."""


@dataclass(frozen=True)
class Judgement:
    """What the coach makes of `played`: ``"strong"`` (the best move, or as good as the
    search can tell), ``"other"`` (the coach would have played `best`), or ``"unsearched"``
    (the search never tried `played`, so it has no payoff for it). `yours` is the played
    move's ranking, if the search tried it."""

    seat: int
    measure: str
    iterations: int
    verdict: str
    played: Action
    best: Suggestion
    yours: Suggestion | None

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "measure": self.measure,
            "iterations": self.iterations,
            "verdict": self.verdict,
            "played": self.played.to_json(),
            "played_notation": str(self.played),
            "best": self.best.to_json(),
            "yours": None if self.yours is None else self.yours.to_json(),
        }


def judge(found: Hint, played: Action) -> Judgement:
    """The coach's judgement of `played`, from `found`: a hint for the position before it
    that ranks every action the search tried (``hint(..., moves=None)``)."""
    if not found.moves:
        raise ValueError("a judgement needs a hint with at least one move")
    best = found.moves[0]
    yours = next((move for move in found.moves if move.action == played), None)
    if yours is None:
        verdict = "unsearched"
    elif yours.action == best.action or yours.value >= best.value - CLOSE[found.measure]:
        verdict = "strong"
    else:
        verdict = "other"
    return Judgement(found.seat, found.measure, found.iterations, verdict, played, best, yours)


def coach(state: State, seat: int, played: Action, rng: Rng, bot: Bot | None = None) -> Judgement:
    """The judgement of `seat` playing `played` in `state` (before the move), searched as a
    hint is; `state` is left untouched.

    >>> import tabulae
    >>> from tabulae.bots import make_bot
    >>> state = tabulae.load("sylla").new(3, seed=1)
    >>> move = state.legal_actions(0)[0]
    >>> coach(state, 0, move, Rng(7), make_bot("ismcts", iterations=60)).verdict in (
    ...     "strong", "other", "unsearched")
    True
    """
    return judge(hint(state, seat, rng, bot, moves=None), played)
