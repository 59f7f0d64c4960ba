"""Refusals in the player's words: the English reason, and the catalog key and arguments that
give it in each player's language (`sylla.refused.<what>` in `locale/<lang>/sylla.po`).

Arguments follow the events' conventions: terms by their ids (shown by their rulebook names),
seats as `*_seat(table)`, counts as numbers. A refusal never repeats what was typed: hostile input
is answered with what may be played instead.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from tabulae.core import IllegalAction
from tabulae.core.actions import Arg

from .table import SyllaTable


def refused(what: str, reason: str, **args: Any) -> IllegalAction:
    return IllegalAction(reason, key=f"sylla.refused.{what}", args=args)


def english(table: SyllaTable, ident: Arg) -> str:
    """A term's English rulebook name, for the English reason."""
    from tabulae.i18n import terms  # the catalogs, read only once something is refused

    return terms(table.game, "en").get(str(ident), str(ident))


def listed(table: SyllaTable, idents: Iterable[Arg]) -> str:
    return ", ".join(english(table, ident) for ident in idents)
