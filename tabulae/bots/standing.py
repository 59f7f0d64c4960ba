"""How bots judge a position: the game's own evaluation, turned into what a bot maximises.

A game's `evaluate(state, seat)` says how well one seat stands in score units. Greedy play
wants the lead over the strongest rival (`margin`); search wants a payoff per seat on one
scale, which is the share of rivals beaten (`payoffs`), so that winning is what counts.
"""

from __future__ import annotations

import math

from tabulae.core import State


def values(state: State) -> list[float]:
    """Every seat's standing: the final scores at the end, the game's evaluation before."""
    result = state.result()
    if result is not None:
        return [float(score) for score in result.scores]
    return [float(state.game.evaluate(state, seat)) for seat in range(state.players)]


def margin(state: State, seat: int) -> float:
    """`seat`'s standing less the best rival's (its own standing when playing alone)."""
    standing = values(state)
    mine = standing[seat]
    if state.players == 1:
        return mine
    return mine - max(v for other, v in enumerate(standing) if other != seat)


LEAD = 0.1
"""Before the end, the part of a payoff that follows the lead rather than the ranking."""
LEAD_SCALE = 10.0
"""The lead, in the game's score units, that earns most of that part (tanh(1) of it)."""


def payoffs(state: State) -> list[float]:
    """Per seat, the share of rivals it beats (ties count half), from 0 to 1.

    At the end this follows the final ranks, tie-breaks included. Before, it follows the
    evaluation, and a tenth of it follows the lead over the best rival instead, so that a
    seat far ahead still wants to widen its lead and end the game rather than wait: an
    unfinished game never pays a winner as much as a finished one.
    A solitaire game has no rivals: its payoff is the standing itself.
    """
    players = state.players
    result = state.result()
    if result is not None:
        keys = [-float(rank) for rank in result.ranks]
        if players == 1:
            return [float(result.scores[0])]
    else:
        keys = values(state)
        if players == 1:
            return keys
    share = 1.0 / (players - 1)
    beaten = [
        share
        * sum(
            1.0 if keys[seat] > keys[other] else 0.5 if keys[seat] == keys[other] else 0.0
            for other in range(players)
            if other != seat
        )
        for seat in range(players)
    ]
    if result is not None:
        return beaten
    leads = [
        keys[seat] - max(keys[other] for other in range(players) if other != seat)
        for seat in range(players)
    ]
    return [
        (1 - LEAD) * won + LEAD * (0.5 + 0.5 * math.tanh(lead / LEAD_SCALE))
        for won, lead in zip(beaten, leads, strict=True)
    ]
