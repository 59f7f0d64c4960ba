"""Horreum: a small test game with the turn structures bots find hardest.

Each year has a working season in which every farmer acts at his own pace, one action at a
time, until he rests (like a year of Hadrian's Wall); the village's one press serves the
first farmer to use it each year, so one farmer's action can take another's away. Then comes
a market in which each farmer in turn sells grain as often as he likes before he is done (a
long multi-action turn). The market price is drawn by chance. Each farmer holds a hidden
patron tile worth its number at the end. After the last year the most points plus patron
wins, ties broken by grain.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabulae.core import Action, Event, Game, IllegalAction, Option, Result, Rng, State

SOW = Action("sow")  # one worker: one grain
PRESS = Action("press")  # two workers: one point and one grain; once a year in all
REST = Action("rest")  # end one's working season
SELL = Action("sell")  # `price` grain: one point
DONE = Action("done")  # end one's market turn
WORKERS = 3
PRICES = (2, 3)


class Horreum(Game):
    id = "horreum"
    name = "Horreum"
    min_players = 1
    max_players = 4
    options = (Option("years", 2, "years to play", minimum=1),)

    def start(self, players: int, rng: Rng, options: Mapping[str, Any]) -> HorreumState:
        return HorreumState.setup(self, players, rng, options)

    def actions(self, players: int, options: Mapping[str, Any]) -> list[Action]:
        return [SOW, PRESS, REST, SELL, DONE]

    def evaluate(self, state: State, seat: int) -> float:
        """Points and patron, and grain at the price a farmer can expect."""
        assert isinstance(state, HorreumState)
        return state.points[seat] + state.patrons[seat] + state.grain[seat] / 2.5


class HorreumState(State):
    __slots__ = (
        "game",
        "players",
        "options",
        "events",
        "rng",
        "tiles",
        "patrons",
        "workers",
        "grain",
        "points",
        "resting",
        "pressed",
        "year",
        "phase",
        "turn",
        "price",
    )

    @classmethod
    def setup(cls, game: Game, players: int, rng: Rng, options: Mapping[str, Any]) -> HorreumState:
        self = cls.__new__(cls)
        self.game, self.players, self.options, self.rng = game, players, options, rng
        self.tiles = list(range(1, players + 3))
        rng.shuffle(self.tiles)
        self.patrons = [self.tiles.pop() for _ in range(players)]
        self.grain = [0] * players
        self.points = [0] * players
        self.events = [Event("horreum.setup", {"players": players})]
        self.events += [
            Event("horreum.patron", {"tile": t}, (s,)) for s, t in enumerate(self.patrons)
        ]
        self.year, self.price, self.turn = 0, 0, 0
        self.new_year()
        return self

    def new_year(self) -> None:
        self.year += 1
        self.phase = "work"
        self.workers = [WORKERS] * self.players
        self.resting = [False] * self.players
        self.pressed = False
        self.events.append(Event("horreum.year", {"year": self.year}))

    @property
    def to_move(self) -> tuple[int, ...]:
        if self.phase == "work":
            return tuple(s for s in range(self.players) if not self.resting[s])
        if self.phase == "market":
            return (self.turn,)
        return ()

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_move:
            return []
        if self.phase == "work":
            press = self.workers[seat] >= 2 and not self.pressed
            return [SOW, PRESS, REST] if press else [SOW, REST]
        return [SELL, DONE] if self.grain[seat] >= self.price else [DONE]

    def apply(self, seat: int, action: Action) -> None:
        if not self.to_move:
            raise IllegalAction("the game is over")
        if action not in self.legal_actions(seat):
            raise IllegalAction(f"seat {seat} may not '{action}' now")
        if action == SOW:
            self.workers[seat] -= 1
            self.grain[seat] += 1
        elif action == PRESS:
            self.workers[seat] -= 2
            self.grain[seat] += 1
            self.points[seat] += 1
            self.pressed = True
        elif action == SELL:
            self.grain[seat] -= self.price
            self.points[seat] += 1
        if action == REST or (action != DONE and self.phase == "work" and not self.workers[seat]):
            self.resting[seat] = True
        self.events.append(Event(f"horreum.{action.kind}", {"seat": seat}))
        if self.phase == "work" and all(self.resting):
            self.open_market()
        elif action == DONE:
            self.next_seller()

    def open_market(self) -> None:
        self.phase = "market"
        self.price = PRICES[self.rng.below(len(PRICES))]
        self.turn = (self.year - 1) % self.players
        self.events.append(Event("horreum.price", {"price": self.price}))

    def next_seller(self) -> None:
        self.turn = (self.turn + 1) % self.players
        if self.turn != (self.year - 1) % self.players:
            return
        if self.year < self.options["years"]:
            self.new_year()
        else:
            self.phase = "over"
            self.events.append(Event("horreum.over", {"patrons": list(self.patrons)}))

    def view(self, seat: int | None) -> dict[str, Any]:
        over = self.phase == "over"
        return {
            "year": self.year,
            "phase": self.phase,
            "turn": self.turn,
            "price": self.price,
            "workers": list(self.workers),
            "grain": list(self.grain),
            "points": list(self.points),
            "resting": list(self.resting),
            "pressed": self.pressed,
            "patrons": [p if over or s == seat else None for s, p in enumerate(self.patrons)],
        }

    def clone(self) -> HorreumState:
        twin = type(self).__new__(type(self))
        twin.game, twin.players, twin.options = self.game, self.players, self.options
        twin.events = list(self.events)
        twin.rng = self.rng.clone()
        twin.tiles = list(self.tiles)
        twin.patrons = list(self.patrons)
        twin.workers = list(self.workers)
        twin.grain = list(self.grain)
        twin.points = list(self.points)
        twin.resting = list(self.resting)
        twin.pressed = self.pressed
        twin.year, twin.phase, twin.turn, twin.price = self.year, self.phase, self.turn, self.price
        return twin

    def determinize(self, seat: int | None, rng: Rng) -> HorreumState:
        twin = self.clone()
        twin.rng = Rng(rng.next64())
        twin.events = [e for e in self.events if e.visible_to(seat)]
        if self.phase == "over":
            return twin
        others = [s for s in range(self.players) if s != seat]
        pool = sorted(twin.tiles + [twin.patrons[s] for s in others])
        rng.shuffle(pool)
        for s in others:
            twin.patrons[s] = pool.pop()
        twin.tiles = pool
        return twin

    def result(self) -> Result | None:
        if self.phase != "over":
            return None
        return Result.ranked(
            [p + t for p, t in zip(self.points, self.patrons, strict=True)],
            [(g,) for g in self.grain],
            {"patrons": list(self.patrons)},
        )


GAME = Horreum()
