"""Why an action is refused, in words a player reads (``tesserae.refused.<what>``)."""

from __future__ import annotations

from tabulae.core import Action, IllegalAction

from .table import TesseraeTable


def not_now(table: TesseraeTable, seat: int, action: Action) -> IllegalAction:
    """Any action the step under way does not offer this seat."""
    return table.refused("not_now", f"'{action}' is not allowed now", action=str(action))
