"""The Sylla position as the core protocol sees it: whose move, what is legal, playing it."""

from __future__ import annotations

from typing import Any

from tabulae.core import Action, BadPosition, Result

from .invariants import violations
from .refusals import refused
from .rules import STEPS, advance
from .table import Table
from .view import build_view


class SyllaState(Table):
    __slots__ = ()

    def check_position(self) -> None:
        """Refuse a position that breaks a rule's invariant, saying which."""
        problems = violations(self)
        if problems:
            raise BadPosition(problems[0])

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_move:
            return []
        return STEPS[self.step].legal(self, seat)

    def apply(self, seat: int, action: Action) -> None:
        if self.step == "over":
            raise refused("over", "the game is over")
        if not isinstance(seat, int) or not 0 <= seat < self.players:
            raise refused(
                "no_seat",
                f"there is no such seat in a {self.players}-player game",
                players=self.players,
            )
        if seat not in self.to_move:
            waiting = " and ".join(self.name(p) for p in self.to_move)
            raise refused(
                "not_your_turn",
                f"it is not {self.name(seat)}'s turn: waiting for {waiting}",
                waiting_seats=list(self.to_move),
            )
        step = STEPS[self.step]
        if action not in step.legal(self, seat):
            raise step.why(self, seat, action)
        step.play(self, seat, action)
        advance(self)

    def view(self, seat: int | None) -> dict[str, Any]:
        return build_view(self, seat)

    def result(self) -> Result | None:
        if self.step != "over":
            return None
        return Result.ranked(list(self.prestige), details=dict(self.final))
