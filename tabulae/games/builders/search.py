"""How a search plays The Builders: Antiquity without thinking long, and what it weighs.

A simulation plays as a player who knows the game would, at a glance: work goes where it is
lacking, a building is started when there is no work to do, a worker is recruited when there
is no one to do it, and sesterces are taken when the wages cannot be paid. A loan brings 10
sesterces now for 15 to repay (or 2 VP lost) at the end, and freeing a slave costs an action
and wages for a worker already at hand: both are choices that pay only when planned, so a
simulation leaves them to the search's tree.

Simulations this sure finish a building next turn as surely as now, so a search that only
wants to win sees no reason to end a game it has won: the levels' searches prefer the sooner
of two wins (`discount`), and weigh only the actions a player would consider
(`sensible_actions`), among which the few that finish a building stand out. `hard` with three
or four players keeps no tree from one decision to the next (docs/bots.md).
"""

from __future__ import annotations

from typing import Any

from tabulae.core import Action, Rng

from .actions import END, NUMBER
from .components import RULES
from .site import brings_lacking
from .table import BuildersTable

SITES_AT_ONCE = 2
"""Buildings under construction beyond which a simulation starts no other while work remains."""
CREW_AT_HAND = 2
"""Idle cards below which a simulation recruits a worker even while work remains."""
INVESTING = 12
"""Sesterces in hand from which a simulation buys a tool, a slave or a University's training:
enough to pay for it and still pay a worker's wages."""
SHORT = 6
"""Sesterces in hand below which taking sesterces is among a simulation's choices: less than
a master's wages and one action bought."""


def rollout_action(table: BuildersTable, seat: int, legal: list[Action], rng: Rng) -> Action:
    """A sensible action at random, as a player who knows the game would take it at a glance.

    With no free action left, the turn ends (a further one costs 5 sesterces). Otherwise the
    choice is one of: sending an idle card to a site that lacks a material it brings;
    starting a building while fewer than two are under construction or no idle card helps
    any; recruiting a worker while fewer than two cards are idle or none helps; an
    investment (a tool, a slave, a University) with 12 sesterces or more in hand; and taking
    sesterces with all the free actions left, with fewer than 6 in hand. With none of them,
    sesterces are taken all the same. A loan and a slave's freedom are never chosen.
    """
    free = table.free_actions_left()
    if not free:
        return END
    helping = _helping(table, seat)
    starting = len(table.sites[seat]) < SITES_AT_ONCE or not helping
    recruiting = len(table.idle[seat]) < CREW_AT_HAND or not helping
    investing = table.sesterces[seat] >= INVESTING
    choices: list[Action] = []
    takes: list[Action] = []
    for action in legal:
        kind = action[0]
        if kind == "send":
            if (NUMBER[str(action[1])], NUMBER[str(action[2])]) in helping:
                choices.append(action)
        elif kind == "take":
            takes.append(action)
        elif (
            (kind == "start" and starting)
            or (kind == "hire" and recruiting)
            or (kind in ("buy", "train") and investing)
        ):
            choices.append(action)
    # Taking sesterces is listed by the actions it spends, 1 to 3: spend all the free ones.
    take = takes[min(free, len(takes)) - 1] if takes else END
    if table.sesterces[seat] < SHORT:
        choices.append(take)
    return choices[rng.below(len(choices))] if choices else take


def sensible_actions(table: BuildersTable, seat: int, legal: list[Action]) -> list[Action]:
    """What a search weighs: every legal action but ending the turn while free actions are
    left, sending a card to a site that lacks nothing it brings, and taking sesterces with
    actions bought; with no free action left, only ending the turn and the sends that help."""
    free = table.free_actions_left()
    helping = _helping(table, seat)
    kept = []
    for action in legal:
        kind = action[0]
        if kind == "send":
            sensible = (NUMBER[str(action[1])], NUMBER[str(action[2])]) in helping
        elif kind == "end":
            sensible = not free
        elif kind == "take":
            sensible = RULES.take_sesterces[int(action[1])] <= free
        else:
            sensible = free > 0
        if sensible:
            kept.append(action)
    return kept or legal


def _helping(table: BuildersTable, seat: int) -> set[tuple[int, int]]:
    """The idle cards of `seat` and the sites that lack a material each brings, as pairs."""
    helping = set()
    for building, site in table.sites[seat].items():
        need = site.missing()
        for card in table.idle[seat]:
            if brings_lacking(need, table.provides(card)):
                helping.add((card, building))
    return helping


DISCOUNT = 0.995
"""How much a payoff counts one action later, in the levels' searches: a won game ends
(a simulation that plays sensibly finishes a building next turn as surely as now)."""


REVIEW_WINS = (0.04, 0.08, 0.12)
"""A game review's marks in share of wins: the levels' searches draw every payoff towards a
half by the actions taken to reach it (`DISCOUNT` over the 20 to 40 actions of a search's
look ahead keeps 0.9 to 0.82 of its margin), so a loss shows about a sixth smaller than the
review's defaults (5, 10 and 15 points) expect."""


def review_thresholds(measure: str) -> tuple[float, float, float] | None:
    """A game review's marks as The Builders reads its searches' payoffs: `REVIEW_WINS`."""
    return REVIEW_WINS if measure == "wins" else None


def level_params(level: str, players: int) -> dict[str, Any]:
    """The levels' search as The Builders tunes it: `medium` and `hard` weigh only sensible
    actions (`prune`) and prefer the sooner of two wins (`discount`); `hard` at a table of
    three or four keeps no tree between decisions."""
    params: dict[str, Any] = {}
    if level in ("medium", "hard"):
        params["prune"] = 1
        params["discount"] = DISCOUNT
    if level == "hard" and players >= 3:
        params["reuse"] = 0
    return params
