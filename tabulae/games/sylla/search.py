"""How a search's simulations play Sylla without thinking long.

A simulation never passes while it may do anything else (in an election or an auction it
bids, in the revenue phase it uses its buildings), does not push tavern markers, and plays
every other decision at random. At a table with two uniformly random players, this beats
about two rivals in three. A search may judge its simulations where a round ends.
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


def round_under_way(state: SyllaState) -> int:
    """The round under way, 1 to 5: a search may judge its simulations where a round ends,
    every phase of it played, instead of in the middle of an election or auction."""
    return state.round
