"""How a search plays The Builders: Antiquity without thinking long, and what it weighs.

A loan brings 10 sesterces now for 15 to repay (or 2 VP lost) at the end, and freeing a slave
costs an action and wages for a worker already at hand: both are choices that pay only when
planned, so a simulation leaves them to the search's tree and plays every other action at
random. Against uniformly random play, this wins about nine games in ten of two players.

With three or four players, `hard` does not keep its tree from one decision to the next: at
four players, its search won 16% of 100 games against today's at equal think time with the
tree kept, and 30% on the same deals without it (docs/bots.md).
"""

from __future__ import annotations

from typing import Any

from tabulae.core import Action, Rng

from .actions import NUMBER
from .components import RULES
from .site import brings_lacking
from .table import BuildersTable

UNPLANNED = frozenset(("loan", "free"))
"""Actions a simulation does not take on a whim."""


def rollout_action(table: BuildersTable, seat: int, legal: list[Action], rng: Rng) -> Action:
    """Any legal action at random but a loan or a slave's freedom, unless nothing else is."""
    kept = [action for action in legal if action[0] not in UNPLANNED] or legal
    return kept[rng.below(len(kept))]


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


def level_params(level: str, players: int) -> dict[str, Any]:
    """The levels' search as The Builders tunes it: `hard` at a table of three or four keeps
    no tree between decisions."""
    return {"reuse": 0} if level == "hard" and players >= 3 else {}
