"""The Sylla position as the core protocol sees it: its steps run by the core `Flow`."""

from __future__ import annotations

from typing import Any

from tabulae.core import BadPosition, Result
from tabulae.core.flow import Flow

from .flow import STEPS, advance
from .invariants import invariants
from .table import SyllaTable
from .view import build_view


class SyllaState(Flow, SyllaTable):
    __slots__ = ()
    STEPS = STEPS

    def check_position(self) -> None:
        """Refuse a position that breaks a rule's invariant, saying which."""
        problems = invariants(self)
        if problems:
            raise BadPosition(problems[0])

    def advance(self) -> None:
        advance(self)

    def view(self, seat: int | None) -> dict[str, Any]:
        return {**build_view(self, seat), "prompt": self.prompt(seat)}

    def prompt(self, seat: int | None) -> dict[str, Any] | None:
        """The step's prompt; the starting choice says how many characters are left to keep."""
        prompt = super().prompt(seat)
        if prompt is not None and self.step == "choose":
            picked = len(self.starting_picks[seat]) if seat is not None else 0
            prompt["args"] = {"count": self.player_count.starting_characters - picked}
        return prompt

    def result(self) -> Result | None:
        if self.step != "over":
            return None
        return Result.ranked(list(self.prestige), details=dict(self.final))
