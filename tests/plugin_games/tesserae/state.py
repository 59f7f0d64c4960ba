"""The Tesserae position as the core protocol sees it: its steps run by the core `Flow`, and
what each seat may see of it."""

from __future__ import annotations

from typing import Any

from tabulae.core import BadPosition, Result, Rng
from tabulae.core.flow import Flow

from .flow import STEPS, advance
from .invariants import invariants
from .table import TesseraeTable


class TesseraeState(Flow, TesseraeTable):
    __slots__ = ()
    STEPS = STEPS

    def advance(self) -> None:
        advance(self)

    def check_position(self) -> None:
        """Refuse a position that breaks an invariant, saying which."""
        problems = invariants(self)
        if problems:
            raise BadPosition(problems[0])

    def view(self, seat: int | None) -> dict[str, Any]:
        open_ = self.options["open_hands"] or self.step == "over"
        return {
            "round": self.round,
            "phase": self.step,
            "turn": self.turn,
            "points": list(self.points),
            "stack": len(self.stack),
            "hands": [list(h) if open_ or s == seat else len(h) for s, h in enumerate(self.hands)],
            "chosen": [s in self.secret for s in range(self.players)],
            "my_choice": self.secret.get(seat) if seat is not None else None,
        }

    def determinize(self, seat: int | None, rng: Rng) -> TesseraeState:
        """What `seat` cannot see dealt anew: the stack, and the other hands and face-down
        tiles unless hands are open. Each pool is sorted first, so the copy depends only on
        what `seat` knows."""
        twin = self.clone()
        twin.rng = Rng(rng.next64())
        twin.events = [e for e in self.events if e.visible_to(seat)]
        if self.options["open_hands"] or self.step == "over":
            twin.stack.sort()
            rng.shuffle(twin.stack)
            return twin
        others = [s for s in range(self.players) if s != seat]
        pool = list(twin.stack)
        for s in others:
            pool += twin.hands[s]
            if s in twin.secret:
                pool.append(twin.secret[s])
        pool.sort()
        rng.shuffle(pool)
        for s in others:
            size = len(twin.hands[s])
            twin.hands[s] = sorted(pool.pop() for _ in range(size))
            if s in twin.secret:
                twin.secret[s] = pool.pop()
        twin.stack = pool
        return twin

    def result(self) -> Result | None:
        if self.step != "over":
            return None
        return Result.ranked(
            self.points,
            [(sum(h),) for h in self.hands],
            {"hands": [list(h) for h in self.hands]},
        )
