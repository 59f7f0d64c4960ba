"""Why an action is refused, as a message the catalogs translate.

`refused("market_filled", "Market box 3 is already filled", box=3)` is the refusal with the
key ``hadrians_wall.refused.market_filled``: the English reason is its fallback, and the
arguments fill the message in each player's language as an event's do (a word that is a
term is shown by its rulebook name).
"""

from __future__ import annotations

from typing import Any

from tabulae.core import Action, IllegalAction

KEY = "hadrians_wall.refused."


def refused(what: str, reason: str, **args: Any) -> IllegalAction:
    """The refusal keyed as the core `Flow.refused` keys the turn's own, for the rules, which
    are given the plain table below the `Flow`."""
    return IllegalAction(reason, key=KEY + what, args=args)


def not_now() -> IllegalAction:
    """The last word of a refusal, when no rule above it explains."""
    return refused("not_now", "not allowed now")


def no_arguments(action: Any) -> IllegalAction:
    return refused("no_arguments", f"'{action}' takes no arguments")


def not_an_action(action: Any) -> IllegalAction | None:
    """The refusal of something that is not an action at all, else None."""
    if isinstance(action, Action) and action:
        return None
    return refused("not_an_action", f"not an action: {action!r}")
