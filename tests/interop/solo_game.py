"""Fortuna: a one-player push-your-luck game that lives only in the tests.

A hidden, shuffled stack holds the tiles 1 to 12. Each round the player draws tiles
one at a time onto the pot, or banks the pot; a pot worth more than the limit is lost.
After the last round the score is everything banked.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabulae.core import Action, Event, Game, IllegalAction, Option, Result, Rng, State

DRAW = Action("draw")
BANK = Action("bank")


class Fortuna(Game):
    id = "fortuna"
    name = "Fortuna"
    min_players = 1
    max_players = 1
    options = (
        Option("rounds", 3, "rounds to play", minimum=1),
        Option("limit", 15, "the most a pot may hold", minimum=1),
    )

    def start(self, players: int, rng: Rng, options: Mapping[str, Any]) -> FortunaState:
        return FortunaState.setup(self, rng, options)

    def actions(self, players: int, options: Mapping[str, Any]) -> list[Action]:
        return [DRAW, BANK]


class FortunaState(State):
    __slots__ = ("banked", "events", "game", "options", "players", "pot", "rng", "round", "stack")

    @classmethod
    def setup(cls, game: Game, rng: Rng, options: Mapping[str, Any]) -> FortunaState:
        self = cls.__new__(cls)
        self.game, self.players, self.options, self.rng = game, 1, options, rng
        self.stack = list(range(1, 13))
        rng.shuffle(self.stack)
        self.pot: list[int] = []
        self.banked, self.round = 0, 1
        self.events = [Event("fortuna.setup", {"rounds": options["rounds"]})]
        return self

    @property
    def to_move(self) -> tuple[int, ...]:
        return (0,) if self.round <= self.options["rounds"] else ()

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_move:
            return []
        return [DRAW, BANK] if self.stack else [BANK]

    def apply(self, seat: int, action: Action) -> None:
        if seat not in self.to_move:
            raise IllegalAction("the game is over" if not self.to_move else f"no seat {seat}")
        if action not in self.legal_actions(seat):
            raise IllegalAction(f"'{action}' is not allowed now")
        if action == DRAW:
            tile = self.stack.pop()
            self.pot.append(tile)
            self.events.append(Event("fortuna.drew", {"tile": tile}))
            if sum(self.pot) > self.options["limit"]:
                self.events.append(Event("fortuna.lost", {"pot": list(self.pot)}))
                self.end_round()
        else:
            self.banked += sum(self.pot)
            self.events.append(Event("fortuna.banked", {"pot": list(self.pot)}))
            self.end_round()

    def end_round(self) -> None:
        self.pot = []
        self.round += 1
        if self.round > self.options["rounds"]:
            self.events.append(Event("fortuna.over", {"score": self.banked}))

    def view(self, seat: int | None) -> dict[str, Any]:
        return {
            "round": self.round,
            "pot": list(self.pot),
            "banked": self.banked,
            "stack": len(self.stack),
        }

    def clone(self) -> FortunaState:
        twin = type(self).__new__(type(self))
        twin.game, twin.players, twin.options = self.game, self.players, self.options
        twin.events, twin.rng = list(self.events), self.rng.clone()
        twin.stack, twin.pot = list(self.stack), list(self.pot)
        twin.banked, twin.round = self.banked, self.round
        return twin

    def determinize(self, seat: int | None, rng: Rng) -> FortunaState:
        twin = self.clone()
        twin.rng = Rng(rng.next64())
        rng.shuffle(twin.stack)
        return twin

    def result(self) -> Result | None:
        if self.to_move:
            return None
        return Result.ranked([self.banked], details={"banked": self.banked})


GAME = Fortuna()
