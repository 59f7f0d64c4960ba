"""The Hadrian's Wall position as the core protocol sees it: its year run by the core `Flow`."""

from __future__ import annotations

from collections.abc import Mapping
from operator import attrgetter
from typing import Any, Self

from tabulae.core import BadPosition, Game, Result, Rng, visible
from tabulae.core.flow import Flow

from .attack import guess_favours
from .flow import STEPS
from .flow import advance as advance_the_year
from .invariants import invariants
from .scoring import final_result
from .start_of_year import begin_year
from .table import HadriansWallTable
from .view import view


class HadriansWallState(Flow, HadriansWallTable):
    __slots__ = ()
    STEPS = STEPS

    @classmethod
    def setup(cls, game: Game, players: int, rng: Rng, options: Mapping[str, Any]) -> Self:
        """The table set up, and the first year begun."""
        self = super().setup(game, players, rng, options)
        begin_year(self)
        return self

    step = property(attrgetter("phase"), doc="The decision under way: the year's phase.")

    advance = advance_the_year

    def check_position(self) -> None:
        try:
            problems = invariants(self)
        except (KeyError, IndexError, TypeError, ValueError) as error:
            problems = [f"the record of events does not fit the table ({error!r})"]
        if problems:
            raise BadPosition("; ".join(problems[:3]))

    def result(self) -> Result | None:
        if self.phase != "over":
            return None
        return final_result(self.sheets, self.paths)

    def view(self, seat: int | None) -> dict[str, Any]:
        return {**view(self, seat), "prompt": self.prompt(seat)}

    def prompt(self, seat: int | None) -> dict[str, Any] | None:
        """The step's prompt; a seat whose reward waits for his choice is asked where it goes
        (``hadrians_wall.prompt.reward``) before anything else."""
        prompt = super().prompt(seat)
        pending = self.pending[seat] if seat is not None and self.phase == "actions" else []
        if prompt is not None and pending:
            prompt["key"] = "hadrians_wall.prompt.reward"
            prompt["args"] = {"reward": pending[0]}
        return prompt

    def determinize(self, seat: int | None, rng: Rng) -> Self:
        """Re-sample deck orders, others' undisclosed cards and others' secret choices.

        Unseen cards are pooled in sorted order before shuffling, so the copy depends only
        on what `seat` knows and on `rng`.
        """
        twin = self.clone()
        twin.rng = Rng(rng.next64())
        twin.shuffle_face_down(rng)  # the Fate deck and the Neutral Prospect deck
        for other in range(self.players):
            if other == seat:
                twin.decks[other].sort()
                rng.shuffle(twin.decks[other])
                continue
            if twin.drawn[other]:
                pool = sorted(twin.drawn[other] + twin.decks[other])
                rng.shuffle(pool)
                twin.drawn[other], twin.decks[other] = pool[:2], pool[2:]
                if twin.chosen[other] is not None:
                    twin.chosen[other] = twin.drawn[other][rng.below(2)]
            else:
                twin.decks[other].sort()
                rng.shuffle(twin.decks[other])
            if self.phase == "attack":
                guess_favours(twin, other, rng)
        twin.events = list(visible(self.events, seat))
        return twin
