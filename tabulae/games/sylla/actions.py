"""Sylla's action vocabulary: every action is a small `Action` with readable notation.

Multi-step decisions are sequences of these (one card tilted, one cube placed,
one starting character chosen at a time), so the action space is fixed and
finite. An action names what a player sees, never where it lies: `recruit legionary_a`
takes that design from the display, `offer market_stall red` the Market stall on a red slot
(two cards of one design, or two tiles of one kind on slots of one colour, are alike).
Amounts of deniers are bounded by `CAP`, far above any real holding.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from tabulae.core import Action

from .components import Components

CAP = 99  # the largest bid or commitment of deniers the action space offers
CUBE_TYPES = ("legionary", "vestal")
DIRECTIONS = ("left", "right")
TILTED = "tilted"
CRANE = "crane"  # the Crane card, as a name in `tilt` and `flip`
FAMINE = "famine"  # the Famine marker, for the tavern_may_move_famine option

PASS = Action("pass")
BID = tuple(Action("bid", n) for n in range(CAP + 1))
THUMB = {
    True: tuple(Action("thumb", "up", n) for n in range(CAP + 1)),
    False: tuple(Action("thumb", "down", n) for n in range(CAP + 1)),
}
FREE = tuple(Action("free", n) for n in range(0, 41))


@lru_cache(maxsize=4096)
def act(kind: str, *args: int | str) -> Action:
    """A shared Action instance (actions are values; sharing saves allocations)."""
    return Action(kind, *args)


def flip_names(components: Components) -> list[str]:
    """Names a `flip` can take: character designs, the Crane card and kept buildings."""
    return (
        [d.id for d in components.designs]
        + [CRANE]
        + [b.id for b in components.buildings if b.kept]
    )


def all_actions(components: Components, players: int, options: Mapping[str, Any]) -> list[Action]:
    """Every action a configuration can ever offer, in a fixed order."""
    tendencies = components.tendencies
    events = [e.id for e in components.events]
    markers = [*tendencies, FAMINE] if options["tavern_may_move_famine"] else list(tendencies)
    slaves = sum(1 for _, d in components.cards if components.designs[d].type == "slave")
    character_names = [d.id for d in components.designs] + [CRANE]
    actions = [PASS]
    actions += [act("choose", d.id) for d in components.designs]
    actions += BID
    actions += [act("token", t) for t in tendencies]
    actions += [act("recruit", d.id) for d in components.designs]
    sale_colours = dict.fromkeys(components.slot_colours)
    actions += [act("offer", b.id, c) for b in components.buildings for c in sale_colours]
    actions += [act("tilt", name) for name in character_names]
    actions += [act("temple", t) for t in tendencies]
    actions += [act("tavern", m, d) for m in markers for d in DIRECTIONS]
    actions += [act("cube", c, e) for c in CUBE_TYPES for e in events]
    actions += [act("prevent", e) for e in events]
    actions += [act("remove", e) for e in events]
    for name in flip_names(components):
        actions.append(act("flip", name))
        if name in character_names:
            actions.append(act("flip", name, TILTED))
    actions += THUMB[True] + THUMB[False]
    actions += FREE[: slaves + 1]
    return actions
