"""Tesserae: a tiny game that lives only in the tests and uses every part of the protocol.

Each player holds hidden numbered tiles. A round has a turn-based phase (each
player in turn may draw a tile from the hidden stack or pass) and a simultaneous
secret phase (everyone with tiles plays one face down, then all reveal). The
highest tile scores a point; tied highest tiles all score. After the last round
the most points wins, ties broken by the tiles left in hand; full ties share.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabulae.core import Action, Event, Game, IllegalAction, Option, Result, Rng, State

DRAW = Action("draw")
PASS = Action("pass")


def tiles(players: int) -> range:
    return range(1, 4 * players + 5)


class Tesserae(Game):
    id = "tesserae"
    name = "Tesserae"
    min_players = 2
    max_players = 4
    options = (
        Option("rounds", 3, "rounds to play", minimum=1),
        Option("open_hands", False, "everyone sees every hand"),
    )

    def start(self, players: int, rng: Rng, options: Mapping[str, Any]) -> TesseraeState:
        return TesseraeState.setup(self, players, rng, options)

    def actions(self, players: int, options: Mapping[str, Any]) -> list[Action]:
        return [DRAW, PASS, *(Action("play", n) for n in tiles(players))]

    def invariants(self, state: State) -> list[str]:
        """No tile is in two places; no seat has more points than rounds played."""
        assert isinstance(state, TesseraeState)
        problems = []
        places = state.stack + [t for h in state.hands for t in h] + list(state.secret.values())
        if len(set(places)) != len(places) or not set(places) <= set(tiles(state.players)):
            problems.append(f"the tiles in play are not each tile at most once: {sorted(places)}")
        if any(not 0 <= p <= state.round for p in state.points):
            problems.append(f"points {state.points} outside 0..{state.round}")
        return problems

    def recount(self, state: State) -> Result | None:
        """Points counted again from the revealed tiles in the log."""
        assert isinstance(state, TesseraeState)
        points = [0] * state.players
        for event in state.events:
            if event.key == "tesserae.revealed" and event.args["tiles"]:
                best = max(event.args["tiles"].values())
                for seat, tile in event.args["tiles"].items():
                    points[int(seat)] += tile == best
        return Result.ranked(points, [(sum(h),) for h in state.hands])

    def evaluate(self, state: State, seat: int) -> float:
        """Points, plus a little for the tiles in hand: they win later rounds and break ties."""
        assert isinstance(state, TesseraeState)
        top = tiles(state.players)[-1]
        return state.points[seat] + 0.1 * sum(state.hands[seat]) / top


class TesseraeState(State):
    __slots__ = (
        "game",
        "players",
        "options",
        "events",
        "rng",
        "stack",
        "hands",
        "points",
        "round",
        "phase",
        "turn",
        "secret",
    )

    @classmethod
    def setup(cls, game: Game, players: int, rng: Rng, options: Mapping[str, Any]) -> TesseraeState:
        self = cls.__new__(cls)
        self.game, self.players, self.options, self.rng = game, players, options, rng
        self.stack = list(tiles(players))
        rng.shuffle(self.stack)
        self.hands = [sorted(self.stack.pop() for _ in range(2)) for _ in range(players)]
        self.points = [0] * players
        self.round, self.phase, self.turn = 1, "draw", 0
        self.secret: dict[int, int] = {}
        self.events = [Event("tesserae.setup", {"players": players})]
        self.events += [
            Event("tesserae.hand", {"tiles": list(h)}, (s,)) for s, h in enumerate(self.hands)
        ]
        return self

    @property
    def to_move(self) -> tuple[int, ...]:
        if self.phase == "draw":
            return (self.turn,)
        if self.phase == "play":
            return tuple(s for s in range(self.players) if self.hands[s] and s not in self.secret)
        return ()

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_move:
            return []
        if self.phase == "draw":
            return [DRAW, PASS] if self.stack else [PASS]
        return [Action("play", n) for n in self.hands[seat]]

    def apply(self, seat: int, action: Action) -> None:
        self.check(seat, action)
        if action == DRAW:
            tile = self.stack.pop()
            self.hands[seat].append(tile)
            self.hands[seat].sort()
            self.events.append(Event("tesserae.drew", {"seat": seat}))
            self.events.append(Event("tesserae.drew_tile", {"tile": tile}, (seat,)))
        elif action == PASS:
            self.events.append(Event("tesserae.passed", {"seat": seat}))
        else:
            self.hands[seat].remove(action[1])
            self.secret[seat] = action[1]
            self.events.append(Event("tesserae.chose", {"seat": seat}))
        self.advance()

    def check(self, seat: int, action: Action) -> None:
        if not self.to_move:
            raise IllegalAction("the game is over")
        if seat not in self.to_move:
            raise IllegalAction(f"seat {seat} may not act now")
        if action not in self.legal_actions(seat):
            raise IllegalAction(
                f"'{action}' is not allowed now",
                key="tesserae.refused.not_now",
                args={"action": str(action)},
            )

    def advance(self) -> None:
        if self.phase == "draw":
            self.turn = (self.turn + 1) % self.players
            if self.turn == (self.round - 1) % self.players:
                self.phase = "play"
        if self.phase == "play" and not self.to_move:
            self.reveal()

    def reveal(self) -> None:
        played = dict(sorted(self.secret.items()))
        self.events.append(
            Event("tesserae.revealed", {"tiles": {str(s): t for s, t in played.items()}})
        )
        if played:
            best = max(played.values())
            for seat, tile in played.items():
                if tile == best:
                    self.points[seat] += 1
                    self.events.append(Event("tesserae.scored", {"seat": seat}))
        self.secret = {}
        if self.round == self.options["rounds"]:
            self.phase = "over"
            hands = {str(seat): list(hand) for seat, hand in enumerate(self.hands)}
            self.events.append(Event("tesserae.over", {"hands": hands}))
        else:
            self.round += 1
            self.phase, self.turn = "draw", (self.round - 1) % self.players

    def view(self, seat: int | None) -> dict[str, Any]:
        open_ = self.options["open_hands"] or self.phase == "over"
        return {
            "round": self.round,
            "phase": self.phase,
            "turn": self.turn,
            "points": list(self.points),
            "stack": len(self.stack),
            "hands": [list(h) if open_ or s == seat else len(h) for s, h in enumerate(self.hands)],
            "chosen": [s in self.secret for s in range(self.players)],
            "my_choice": self.secret.get(seat) if seat is not None else None,
        }

    def clone(self) -> TesseraeState:
        twin = type(self).__new__(type(self))
        twin.game, twin.players, twin.options = self.game, self.players, self.options
        twin.events = list(self.events)
        twin.rng = self.rng.clone()
        twin.stack = list(self.stack)
        twin.hands = [list(h) for h in self.hands]
        twin.points = list(self.points)
        twin.round, twin.phase, twin.turn = self.round, self.phase, self.turn
        twin.secret = dict(self.secret)
        return twin

    def determinize(self, seat: int | None, rng: Rng) -> TesseraeState:
        twin = self.clone()
        twin.rng = Rng(rng.next64())
        twin.events = [e for e in self.events if e.visible_to(seat)]
        if self.options["open_hands"] or self.phase == "over":
            twin.stack.sort()  # sorted first, so the copy depends only on what seat knows
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
        if self.phase != "over":
            return None
        return Result.ranked(
            self.points,
            [(sum(h),) for h in self.hands],
            {"hands": [list(h) for h in self.hands]},
        )


GAME = Tesserae()
