"""A match record: game, options, seed, seats and every action, in a versioned JSON form.

A state is always rebuildable from its match, which makes the match the unit of
persistence, replay, export and import.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .actions import Action
from .errors import IllegalAction, MatchFormatError
from .game import State
from .registry import load

FORMAT = "tabulae.match"
VERSION = 1


@dataclass
class Match:
    """A game's record: rebuild, replay and store a game from it.

    >>> from tabulae import Action, Match
    >>> match = Match("builders", players=2, seed=1)
    >>> state = match.start()
    >>> match.play(state, 0, Action("take", 1))
    >>> match.replay().view(None) == state.view(None)
    True
    >>> Match.from_json(match.to_json()) == match
    True
    """

    game: str
    players: int
    seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    seats: list[str] = field(default_factory=list)
    actions: list[tuple[int, Action]] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.seats:
            self.seats = [f"seat {n + 1}" for n in range(self.players)]

    def start(self) -> State:
        """The state before any action."""
        return load(self.game).new(self.players, self.seed, **self.options)

    def replay(self, upto: int | None = None) -> State:
        """The state after the first `upto` actions (all by default)."""
        state = self.start()
        for number, (seat, action) in enumerate(self.actions[:upto], start=1):
            try:
                state.apply(seat, action)
            except IllegalAction as error:
                raise MatchFormatError(
                    f"action {number} ({action}) by seat {seat} is illegal: {error.reason}"
                ) from None
        return state

    def play(self, state: State, seat: int, action: Action) -> None:
        """Apply an action to the match's current state and record it if accepted."""
        state.apply(seat, action)
        self.actions.append((seat, action))

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game,
            "players": self.players,
            "seed": self.seed,
            "options": dict(self.options),
            "seats": list(self.seats),
            "actions": [[seat, action.to_json()] for seat, action in self.actions],
        }

    @classmethod
    def from_json(cls, data: Any) -> Match:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise MatchFormatError('not a Tabulae match record (no "format": "tabulae.match")')
        if data.get("version") != VERSION:
            raise MatchFormatError(f"match format version {data.get('version')!r} is not {VERSION}")
        try:
            actions = [(int(seat), Action.from_json(a)) for seat, a in data["actions"]]
            return cls(
                game=str(data["game"]),
                players=int(data["players"]),
                seed=int(data["seed"]),
                options=dict(data.get("options", {})),
                seats=[str(s) for s in data.get("seats", [])],
                actions=actions,
            )
        except (KeyError, TypeError, ValueError) as error:
            raise MatchFormatError(f"malformed match record: {error}") from None

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False)

    @classmethod
    def loads(cls, text: str) -> Match:
        try:
            return cls.from_json(json.loads(text))
        except json.JSONDecodeError as error:
            raise MatchFormatError(f"not JSON: {error}") from None

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_json(), ensure_ascii=False, indent=1) + "\n")

    @classmethod
    def open(cls, path: str | Path) -> Match:
        return cls.loads(Path(path).read_text())
