"""Refusals in the player's words: the English reason, and the catalog key and arguments that
give it in each player's language (`builders.refused.<what>` in `locale/<lang>/builders.po`).

Each rule's `why_*` returns the first refusal an action meets, in the order a player reads it
(its words, the cards it names, then the turn's one investment, then the price); here are the
refusals several rules share. A check returns its refusal, or None when the action passes it,
so a rule asks several in order with `or`: the first refusal found is the answer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabulae.core import Action, IllegalAction
from tabulae.core.actions import Arg

from .actions import NUMBER

if TYPE_CHECKING:
    from .table import BuildersTable


def refused(what: str, reason: str, /, **args: object) -> IllegalAction:
    """A refusal: the catalog message `builders.refused.<what>`, and the English `reason`."""
    return IllegalAction(reason, key=f"builders.refused.{what}", args=args)


def unknown(table: BuildersTable, seat: int, action: Action) -> IllegalAction:
    """The refusal of an action whose word names no action of the game."""
    return refused(
        "unknown", f"'{action}' is not an action of The Builders: Antiquity", action=str(action)
    )


def malformed(kind: str, usage: str) -> IllegalAction:
    """The refusal of an action of `kind` written with too few or too many words; `usage` is
    how it is written, as an example."""
    return refused("written", f"write it as '{usage}'", action=kind, usage=usage)


def card_named(word: Arg) -> int | None:
    """The card a word of the notation names, if any."""
    return NUMBER.get(word) if isinstance(word, str) else None


def no_card(word: Arg) -> IllegalAction:
    return refused("no_card", f"there is no card '{word}'", word=str(word))


def other_side(table: BuildersTable, card: int, word: Arg) -> IllegalAction | None:
    """A slave card is written by the side it lies on: `slave_1`, or `citizen_1` once freed."""
    if word != table.side(card):
        return refused("other_side", f"{word} lies on its other side now", card=table.side(card))
    return None


def not_idle(table: BuildersTable, seat: int, card: int, word: Arg) -> IllegalAction | None:
    """The refusal of a card that is not one of the seat's idle cards."""
    if card in table.idle[seat]:
        return None
    if any(card == worker for site in table.sites[seat].values() for worker, _ in site.crew):
        return refused(
            "working",
            f"{word} is working on a building site; only an idle card can do that",
            card=table.side(card),
        )
    return refused("not_idle", f"{word} is not one of your idle cards", card=table.side(card))
