"""When a person may take back a decision without having learnt something hidden since.

Hidden information counts as revealed to a seat when replaying the same actions, from a
position where everything that seat could not see is re-sampled (`determinize`), can show it a
different log or a different view, or cannot be replayed at all. A drawn card, a die roll, a
reveal of secret choices or a bot's move that depended on its hidden cards all count; a public
move that any hidden situation allows does not. Several re-samplings make a coincidence unlikely.
"""

from __future__ import annotations

from tabulae.core import IllegalAction, Match, Rng, State

SAMPLES = 8


def last_decision(match: Match, seat: int) -> int | None:
    """The index in the match's log of `seat`'s last action, or None."""
    for index in range(len(match.actions) - 1, -1, -1):
        if match.actions[index][0] == seat:
            return index
    return None


def revealed_since(match: Match, index: int, seat: int, now: State) -> bool:
    """Whether the actions from `index` on showed `seat` anything hidden from it before them."""
    before = match.replay(index)
    mark = len(before.events)
    seen = [event for event in now.events[mark:] if event.visible_to(seat)]
    view = now.view(seat)
    rng = Rng(match.seed + index)
    for _ in range(SAMPLES):
        world = before.determinize(seat, rng)
        try:
            for actor, action in match.actions[index:]:
                world.apply(actor, action)
        except IllegalAction:
            return True
        if world.view(seat) != view:
            return True
        if [event for event in world.events[mark:] if event.visible_to(seat)] != seen:
            return True
    return False
