"""When a person may take back a decision without having learnt something hidden since.

Hidden information counts as revealed to a seat when what it has seen since its decision (the
events it may see, and its view after each action) could have been different had the things
hidden from it been different. To find out, the position before the decision is re-sampled
from the seat's knowledge (`determinize`) and the same actions are replayed in it, comparing
what the seat sees after each one. An action that a re-sampled player cannot take (a bot
playing a card it now does not hold) is replaced by one of its actions that looks the same to
the seat, if there is one. A drawn card, a die roll or a reveal of secret choices counts; a
public move, or a secret one that stays secret, does not. Several re-samplings make a
coincidence unlikely.
"""

from __future__ import annotations

from typing import Any

from tabulae.core import Action, Event, IllegalAction, Match, Rng, State

SAMPLES = 8


def last_decision(match: Match, seat: int) -> int | None:
    """The index in the match's log of `seat`'s last action, or None."""
    for index in range(len(match.actions) - 1, -1, -1):
        if match.actions[index][0] == seat:
            return index
    return None


def revealed_since(match: Match, index: int, seat: int) -> bool:
    """Whether the actions from `index` on showed `seat` anything hidden from it before them."""
    before = match.replay(index)
    real = before.clone()
    seen = [_step(real, actor, action, seat) for actor, action in match.actions[index:]]
    rng = Rng(match.seed + index)
    for _ in range(SAMPLES):
        world = before.determinize(seat, rng)
        for (actor, action), sight in zip(match.actions[index:], seen, strict=True):
            alike = _alike(world, actor, action, seat, sight)
            if alike is None:
                return True
            world = alike
    return False


def _step(state: State, actor: int, action: Action, seat: int) -> tuple[list[Event], Any]:
    """Apply an action; return what `seat` saw of it: its new events and its view."""
    mark = len(state.events)
    state.apply(actor, action)
    return [e for e in state.events[mark:] if e.visible_to(seat)], state.view(seat)


def _alike(
    world: State, actor: int, action: Action, seat: int, sight: tuple[list[Event], Any]
) -> State | None:
    """`world` after `action`, or after an action of `actor` that `seat` cannot tell from it."""
    legal = world.legal_actions(actor)
    tries = [action] if action in legal else legal
    for choice in tries:
        after = world.clone()
        try:
            if _step(after, actor, choice, seat) == sight:
                return after
        except IllegalAction:
            continue
    return None
