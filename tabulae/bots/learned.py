"""Learned: greedy's one ply, judged by a value trained by self-play instead of the evaluation.

The value of the position after the seat's action (its afterstate) is a linear model over
two things the seat may know: the game's own evaluation margin (`standing.margin`, as
greedy reads it) and a summary of the game's designed observation of that position from
the seat (`Game.observation`, read only from what `State.view(seat)` shows; `Summary`).
It predicts the seat's final margin over the best rival, in the game's score units.
Weights that put 1 on the margin and 0 on the rest play exactly like greedy; self-play
training (`tabulae research train`, `tabulae.interop.selfplay`) moves them from there.

A game ships its trained weights in its own package as ``learned-<N>p.npz`` (N players);
``weights=PATH`` plays weights a researcher trained. numpy is needed (the research extra).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any, ClassVar

from tabulae.core import Action, Game, Rng, State
from tabulae.core.game import Observation, package

from .base import Bot, Parameter, register
from .greedy import afterstates
from .standing import margin

FORMAT = 1
"""The version of the weights file's layout; a file of another version is refused."""


def shipped_name(players: int) -> str:
    """The file name a game's package ships its weights for `players` under."""
    return f"learned-{players}p.npz"


def _numpy() -> Any:
    try:
        import numpy
    except ImportError:
        raise ValueError("the learned bot needs numpy: pip install 'tabulae[research]'") from None
    return numpy


SMALL = 6
"""A part of the observation of at most this many numbers is read number by number; a
larger one (a row of cards, a player's sites) is read as its sum."""


class Summary:
    """A few dozen numbers read from a game's observation, the same for every game.

    A field whose first axis is the player count is a field per player: the seat's own part
    (player 0) and the rivals' parts, added together, are read apart. Each part, or a field
    with no player axis, is read number by number when it is small (a player's money, tools
    per material) and as its sum when it is large (cards on offer, a player's buildings), so
    that self-play data of a few hundred games can weigh each number.
    """

    def __init__(self, observation: Observation, players: int) -> None:
        np = _numpy()
        rows: list[tuple[str, list[int]]] = []
        for name, shape in observation.fields:
            at = observation.at[name]
            per_player = len(shape) > 0 and shape[0] == players and players > 1
            owners = [(name, [0]), (f"{name} of rivals", list(range(1, players)))]
            if not per_player:
                owners = [(name, [0])]
            part = 1
            for length in shape[1:] if per_player else shape:
                part *= length
            for label, seats in owners:
                starts = [at + seat * part for seat in seats]
                if part <= SMALL:
                    for offset in range(part):
                        suffix = f"[{offset}]" if part > 1 else ""
                        rows.append((label + suffix, [start + offset for start in starts]))
                else:
                    found = [start + offset for start in starts for offset in range(part)]
                    rows.append((f"{label} (sum)", found))
        self.labels = tuple(label for label, _ in rows)
        self.matrix = np.zeros((len(rows), observation.size))
        for row, (_, columns) in enumerate(rows):
            self.matrix[row, columns] = 1.0

    def read(self, observed: Any) -> Any:
        return self.matrix @ observed


@dataclass
class Weights:
    """A trained value for one game and player count.

    value = bias + on_margin * margin + weights · ((summary - mean) / scale)

    `labels` names the summary's numbers, so weights read only the numbers they were
    trained on.
    """

    game: str
    players: int
    labels: tuple[str, ...]
    mean: Any  # numpy arrays of the observation's size
    scale: Any
    weights: Any
    on_margin: float = 1.0
    bias: float = 0.0
    about: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def greedy(cls, game: Game, players: int, options: Mapping[str, Any]) -> Weights:
        """Weights that play as greedy does: the margin alone."""
        np = _numpy()
        labels = Summary(observation_of(game, players, options), players).labels
        size = len(labels)
        return cls(game.id, players, labels, np.zeros(size), np.ones(size), np.zeros(size))

    def save(self, path: Path) -> None:
        np = _numpy()
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as out:
            np.savez_compressed(
                out,
                format=np.array(FORMAT),
                game=np.array(self.game),
                players=np.array(self.players),
                labels=np.array(self.labels),
                mean=np.asarray(self.mean, dtype=np.float32),
                scale=np.asarray(self.scale, dtype=np.float32),
                weights=np.asarray(self.weights, dtype=np.float32),
                on_margin=np.array(self.on_margin),
                bias=np.array(self.bias),
                about=np.array(json.dumps(self.about)),
            )

    @classmethod
    def load(cls, source: Any, where: str) -> Weights:
        """Read a weights file (a path or an open binary file); `where` names it in errors."""
        np = _numpy()
        try:
            with np.load(source, allow_pickle=False) as found:
                if int(found["format"]) != FORMAT:
                    raise ValueError(f"{where} is a weights file of another version")
                weights = cls(
                    game=str(found["game"]),
                    players=int(found["players"]),
                    labels=tuple(str(label) for label in found["labels"]),
                    mean=found["mean"].astype(np.float64),
                    scale=found["scale"].astype(np.float64),
                    weights=found["weights"].astype(np.float64),
                    on_margin=float(found["on_margin"]),
                    bias=float(found["bias"]),
                    about=json.loads(str(found["about"])),
                )
        except (OSError, KeyError, EOFError, ValueError, TypeError) as error:
            if isinstance(error, ValueError) and str(error).startswith(where):
                raise
            raise ValueError(f"{where} is not a learned bot's weights file ({error})") from None
        sizes = {weights.mean.shape, weights.scale.shape, weights.weights.shape}
        if sizes != {(len(weights.labels),)}:
            raise ValueError(f"{where} holds weights of mismatched sizes")
        return weights

    def fit(self, game: Game, players: int, labels: tuple[str, ...], where: str) -> None:
        """Refuse weights trained for another game, player count or observation."""
        if self.game != game.id:
            raise ValueError(f"{where} was trained for the game {self.game!r}, not {game.id!r}")
        if self.players != players:
            raise ValueError(f"{where} was trained for {self.players} players, not {players}")
        if self.labels != labels:
            raise ValueError(
                f"{where} reads other numbers than {game.name}'s observation now gives: "
                "train it again"
            )

    def value(self, features: Any, lead: float) -> float:
        """The predicted final margin of a position with this summary and margin."""
        return float(
            self.bias + self.on_margin * lead + self.weights @ ((features - self.mean) / self.scale)
        )


def observation_of(game: Game, players: int, options: Mapping[str, Any]) -> Observation:
    found = game.observation(players, options)
    if found is None:
        raise ValueError(f"{game.name} designs no observation, which the learned bot reads")
    return found


def shipped(game: Game, players: int) -> Weights:
    """The weights a game's package ships for this player count."""
    name = shipped_name(players)
    place = resources.files(package(game)) / name
    if not place.is_file():
        raise ValueError(
            f"{game.name} ships no learned weights for {players} players: train some "
            f"with `tabulae research train {game.id} --players {players}` and play "
            "them with learned:weights=PATH"
        )
    with place.open("rb") as source:
        return Weights.load(source, f"{game.name}'s {name}")


@register
class LearnedBot(Bot):
    """Plays the action after which a value learned by self-play rates its position highest.

    Like greedy, each action is tried on `samples` determinizations drawn from the seat's
    point of view (the same ones for every action), and a simultaneous decision is judged
    once the rivals still owing a choice have made one at random. Each afterstate is rated
    by the trained value of its margin and of the seat's observation of it; a finished
    game by its final margin. Equal values are broken at random.
    """

    name = "learned"
    parameters: ClassVar[dict[str, Parameter]] = {
        "samples": Parameter(int, 1, 64),
        "weights": Parameter(str, optional=True, path=True),
    }

    def __init__(self, samples: int = 4, weights: str | None = None) -> None:
        if samples < 1:
            raise ValueError("learned needs at least one sample")
        self.samples = samples
        self.path = weights
        self.trained: Weights | None = None
        if weights is not None:
            self.trained = Weights.load(Path(weights), weights)
        # Set by the self-play trainer: the share of decisions played at random, and where
        # each chosen afterstate is kept with its seat (its margin and summary).
        self.exploring = 0.0
        self.record: list[tuple[int, Any]] | None = None
        self._observation: Observation | None = None
        self._summary: Summary | None = None

    def describe(self) -> dict[str, Any]:
        found: dict[str, Any] = {"bot": self.name, "samples": self.samples}
        if self.path is not None:
            found["weights"] = self.path
        return found

    def use(self, weights: Weights) -> None:
        """Play these weights from now on (the trainer's next generation)."""
        self.trained = weights

    def choose(self, state: State, seat: int, rng: Rng) -> Action:
        worlds = [state.determinize(seat, rng) for _ in range(self.samples)]
        return self._best(worlds, seat, rng)

    def act(self, world: State, seat: int, rng: Rng) -> Action:
        return self._best([world], seat, rng)

    def check(self, game: Game, players: int, options: Mapping[str, Any]) -> None:
        _numpy()
        observation = observation_of(game, players, options)
        summary = Summary(observation, players)
        trained = self.trained if self.trained is not None else shipped(game, players)
        where = self.path or f"{game.name}'s {shipped_name(players)}"
        trained.fit(game, players, summary.labels, where)
        self.trained, self._observation, self._summary = trained, observation, summary

    def _ready(self, state: State) -> tuple[Weights, Observation, Summary]:
        if self._observation is None or self._summary is None or self.trained is None:
            self.check(state.game, state.players, state.options)
        assert self.trained and self._observation is not None and self._summary is not None
        return self.trained, self._observation, self._summary

    def _best(self, worlds: list[State], seat: int, rng: Rng) -> Action:
        np = _numpy()
        trained, observation, summary = self._ready(worlds[0])
        actions = worlds[0].legal_actions(seat)
        if len(actions) == 1:
            return actions[0]
        totals = np.zeros(len(actions))
        features = np.zeros((len(actions), len(summary.labels) + 1))
        finished = [False] * len(actions)
        for index, child in afterstates(worlds, seat, actions, rng):
            lead = margin(child, seat)
            if child.result() is not None:
                totals[index] += lead
                finished[index] = True
                continue
            seen = np.zeros(observation.size, dtype=np.float32)
            observation.encode(child, seat, seen)
            read = summary.read(seen)
            features[index, 0] += lead
            features[index, 1:] += read
            totals[index] += trained.value(read, lead)
        if self.exploring and rng.below(1_000_000) < self.exploring * 1_000_000:
            chosen = rng.below(len(actions))
        else:
            best = totals.max()
            leaders = np.flatnonzero(totals == best)
            chosen = int(leaders[rng.below(len(leaders))])
        if self.record is not None and not finished[chosen]:
            self.record.append((seat, features[chosen] / len(worlds)))
        return actions[chosen]
