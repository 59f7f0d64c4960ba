"""Numbers a learner reads: each game's designed observation, or its encoded JSON view.

`encoder(game, players, **options)` gives the encoder of one configuration. A game that
designs its observation (`Game.observation`: a fixed layout of named fields sized by the
rules' maxima, written straight from the position) is encoded by it; that is every game
of `tabulae.all_games()`. Any other game falls back on `ViewEncoder`, which encodes the JSON
view through a layout learned from the views of a few seeded random games:

- a number or flag: one slot holding its value (true = 1, false = 0);
- a word: a one-hot over the words seen there, plus one slot for any other word;
- a list: one slot with its length, then its items position by position; lists that
  always had the same length (one entry per seat, …) keep exactly that many positions,
  lists that varied keep half as many again as the longest seen, and items past that
  are dropped with a warning (the length slot still counts them);
- a list of words that was always sorted (a hand, a set of tokens): one count per word;
- a dict: its keys in sorted order, each with a presence flag if it was sometimes absent;
- a place that held several kinds of value (a count for others, a list for oneself):
  one flag per kind, then a part for each kind.

Either way the same configuration always gives the same layout, and `labels` names
every slot. Every slot has finite bounds (`low`, `high`): a designed observation's come
from the rules' maxima; a learned layout's stretch twice as far as the explored games
went (a number, a count, a list's length). A value past its bound is read as the bound.
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Iterable, Iterator, Mapping, Sequence
from functools import lru_cache
from typing import Any

import numpy as np

from tabulae.core import Game, Rng, State, random_steps
from tabulae.core.bench import default_players
from tabulae.core.game import Observation

EXPLORED_GAMES = 8  # seeded random games whose views shape the layout
SAMPLED_STEPS = 96  # steps of each game, evenly spaced, whose views are read

KINDS = ("null", "number", "word", "list", "dict")
INF = math.inf


_KIND_OF_TYPE = {
    type(None): "null",
    bool: "number",
    int: "number",
    float: "number",
    str: "word",
    list: "list",
    dict: "dict",
}


def kind(value: Any) -> str:
    found = _KIND_OF_TYPE.get(type(value))
    if found is not None:
        return found
    if value is None:
        return "null"
    if isinstance(value, bool | int | float):
        return "number"
    if isinstance(value, str):
        return "word"
    if isinstance(value, list):
        return "list"
    if isinstance(value, dict):
        return "dict"
    raise TypeError(f"a view holds {value!r}, which is not JSON-ready")


class Shape:
    """Everything one place in the views has held."""

    __slots__ = (
        "count",
        "fields",
        "item",
        "kinds",
        "largest",
        "longest",
        "numbers",
        "smallest",
        "shortest",
        "unsorted",
        "words",
    )

    def __init__(self) -> None:
        self.count = 0
        self.kinds: set[str] = set()
        self.numbers: set[type] = set()
        self.words: set[str] = set()
        self.item: Shape | None = None
        self.shortest, self.longest = INF, 0
        self.smallest, self.largest = 0.0, 1.0  # the numbers seen here, with 0 and 1
        self.unsorted = False  # some list here had its items out of order
        self.fields: dict[str, Shape] = {}

    def add(self, value: Any) -> None:
        self.count += 1
        found = kind(value)
        self.kinds.add(found)
        if found == "number":
            self.numbers.add(type(value))
            self.smallest = min(self.smallest, float(value))
            self.largest = max(self.largest, float(value))
        elif found == "word":
            self.words.add(value)
        elif found == "list":
            self.shortest = min(self.shortest, len(value))
            self.longest = max(self.longest, len(value))
            self.item = self.item or Shape()
            for item in value:
                self.item.add(item)
            if all(isinstance(v, str) for v in value) and value != sorted(value):
                self.unsorted = True
        elif found == "dict":
            for key, item in value.items():
                self.fields.setdefault(key, Shape()).add(item)


class Part:
    """The slots of one place: how many, what each means, and how to fill them."""

    width: int

    def write(self, value: Any, out: list[float]) -> None:
        raise NotImplementedError

    def labels(self, path: str) -> Iterator[str]:
        raise NotImplementedError

    def bounds(self) -> Iterator[tuple[float, float]]:
        raise NotImplementedError


class Number(Part):
    width = 1

    def __init__(self, flag: bool, smallest: float = 0.0, largest: float = 1.0) -> None:
        self.flag = flag  # only true/false was ever seen here
        self.low, self.high = (0.0, 1.0) if flag else (2 * smallest, 2 * largest)

    def write(self, value: Any, out: list[float]) -> None:
        out.append(float(value))

    def labels(self, path: str) -> Iterator[str]:
        yield path

    def bounds(self) -> Iterator[tuple[float, float]]:
        yield (self.low, self.high)


class Word(Part):
    def __init__(self, words: set[str]) -> None:
        self.words = sorted(words)
        self.index = {w: i for i, w in enumerate(self.words)}
        self.width = len(self.words) + 1

    def write(self, value: Any, out: list[float]) -> None:
        slots = [0.0] * self.width
        slots[self.index.get(value, self.width - 1)] = 1.0
        out.extend(slots)

    def labels(self, path: str) -> Iterator[str]:
        for word in self.words:
            yield f"{path} = {word}"
        yield f"{path} = (another word)"

    def bounds(self) -> Iterator[tuple[float, float]]:
        return iter([(0.0, 1.0)] * self.width)


class Bag(Word):
    """A sorted list of words, as a count of each word."""

    def __init__(self, words: set[str], longest: int) -> None:
        super().__init__(words)
        self.most = float(max(1, 2 * longest))  # twice the longest list seen

    def write(self, value: Any, out: list[float]) -> None:
        slots = [0.0] * self.width
        for word in value:
            slots[self.index.get(word, self.width - 1)] += 1.0
        out.extend(slots)

    def labels(self, path: str) -> Iterator[str]:
        for word in self.words:
            yield f"{path} count of {word}"
        yield f"{path} count of other words"

    def bounds(self) -> Iterator[tuple[float, float]]:
        return iter([(0.0, self.most)] * self.width)


class Items(Part):
    def __init__(self, item: Part, positions: int, longest: int) -> None:
        self.item, self.positions = item, positions
        self.width = 1 + positions * item.width
        self.most = float(max(1, 2 * longest))  # twice the longest list seen

    def write(self, value: Any, out: list[float]) -> None:
        out.append(float(len(value)))
        if len(value) > self.positions:
            warnings.warn(
                f"a view list of {len(value)} items has room for {self.positions}: "
                "the rest are left out of the encoding",
                stacklevel=2,
            )
        for item in value[: self.positions]:
            self.item.write(item, out)
        out.extend([0.0] * (self.item.width * max(0, self.positions - len(value))))

    def labels(self, path: str) -> Iterator[str]:
        yield f"{path} length"
        for position in range(self.positions):
            yield from self.item.labels(f"{path}[{position}]")

    def bounds(self) -> Iterator[tuple[float, float]]:
        yield (0.0, self.most)
        for _ in range(self.positions):
            yield from self.item.bounds()


class Record(Part):
    def __init__(self, fields: Iterable[tuple[str, Part, bool]]) -> None:
        self.fields = tuple(fields)  # (key, part, sometimes absent)
        self.width = sum(part.width + optional for _, part, optional in self.fields)

    def write(self, value: Any, out: list[float]) -> None:
        for key, part, optional in self.fields:
            present = key in value
            if optional:
                out.append(float(present))
            if present:
                part.write(value[key], out)
            else:
                out.extend([0.0] * part.width)

    def labels(self, path: str) -> Iterator[str]:
        for key, part, optional in self.fields:
            inner = f"{path}.{key}" if path else key
            if optional:
                yield f"{inner} present"
            yield from part.labels(inner)

    def bounds(self) -> Iterator[tuple[float, float]]:
        for _, part, optional in self.fields:
            if optional:
                yield (0.0, 1.0)
            yield from part.bounds()


class Place(Part):
    """One place in the view: a flag per kind of value it held (if several), then the parts."""

    def __init__(self, parts: Sequence[tuple[str, Part | None]]) -> None:
        self.parts = tuple(parts)
        self.flagged = len(self.parts) > 1
        self.width = self.flagged * len(self.parts) + sum(p.width for _, p in self.parts if p)

    def write(self, value: Any, out: list[float]) -> None:
        found = kind(value)
        if self.flagged:
            out.extend([1.0 if found == k else 0.0 for k, _ in self.parts])
        for k, part in self.parts:
            if part is None:
                continue
            if k == found:
                part.write(value, out)
            else:
                out.extend([0.0] * part.width)

    def labels(self, path: str) -> Iterator[str]:
        if self.flagged:
            for k, _ in self.parts:
                yield f"{path or 'view'} is {'none' if k == 'null' else 'a ' + k}"
        for _, part in self.parts:
            if part:
                yield from part.labels(path)

    def bounds(self) -> Iterator[tuple[float, float]]:
        if self.flagged:
            yield from [(0.0, 1.0)] * len(self.parts)
        for _, part in self.parts:
            if part:
                yield from part.bounds()


def compile_shape(shape: Shape) -> Place:
    """The parts that encode whatever this shape has held."""
    parts: list[tuple[str, Part | None]] = []
    for k in KINDS:
        if k not in shape.kinds:
            continue
        if k == "null":
            parts.append((k, None))
        elif k == "number":
            flag = shape.numbers == {bool}
            parts.append((k, Number(flag, shape.smallest, shape.largest)))
        elif k == "word":
            parts.append((k, Word(shape.words)))
        elif k == "list":
            parts.append((k, _list_part(shape)))
        else:
            parts.append((k, _record(shape)))
    return Place(parts)


def _list_part(shape: Shape) -> Part:
    item = shape.item
    assert item is not None
    if item.kinds == {"word"} and not shape.unsorted and shape.longest > 1:
        return Bag(item.words, shape.longest)
    if shape.shortest == shape.longest:
        positions = shape.longest
    else:
        positions = shape.longest + math.ceil(shape.longest / 2)
    return Items(compile_shape(item), positions, shape.longest)


def _record(shape: Shape) -> Record:
    return Record(
        (key, compile_shape(field), field.count < shape.count)
        for key, field in sorted(shape.fields.items())
    )


class ViewEncoder:
    """Turns a seat's JSON view into a float32 vector of a fixed size for one configuration."""

    longest_game: int | None = None  # a game without a designed observation states none

    def __init__(self, shape: Shape) -> None:
        self.root = compile_shape(shape)
        self.size = self.root.width
        self.labels: tuple[str, ...] = tuple(self.root.labels(""))
        low, high = zip(*self.root.bounds(), strict=True) if self.size else ((), ())
        self.low = np.array(low, dtype=np.float32)
        self.high = np.array(high, dtype=np.float32)

    def encode(self, view: Mapping[str, Any]) -> np.ndarray:
        out: list[float] = []
        self.root.write(view, out)
        encoded = np.array(out, dtype=np.float32)
        return np.clip(encoded, self.low, self.high, out=encoded)

    def observe(self, state: State, seat: int) -> np.ndarray:
        return self.encode(state.view(seat))


class DesignedEncoder:
    """A game's designed observation (`Game.observation`) as a float32 vector.

    `fields` gives each named part's offset and shape, as OpenSpiel observers do; `low`
    and `high` are each number's bounds, from the design's `least` and `greatest`, and a
    value past them (a count the rules do not limit, past its cap) is read as the bound.
    """

    def __init__(self, design: Observation) -> None:
        self.design = design
        self.longest_game = design.longest_game
        self.size = design.size
        self.fields: dict[str, tuple[int, tuple[int, ...]]] = {
            name: (design.at[name], shape) for name, shape in design.fields
        }
        self.labels: tuple[str, ...] = tuple(
            label for name, shape in design.fields for label in _labels(name, shape)
        )
        self.low = self._bounds(design.least, 0.0)
        self.high = self._bounds(design.greatest, 1.0)
        if (self.low > self.high).any():
            raise ValueError(f"{type(design).__qualname__} bounds a field below its least value")

    def _bounds(self, given: Mapping[str, Any], default: float) -> np.ndarray:
        bounds = np.full(self.size, default, dtype=np.float32)
        for name, (at, shape) in self.fields.items():
            if name in given:
                count = math.prod(shape)
                bounds[at : at + count] = np.broadcast_to(given[name], shape).reshape(count)
        return bounds

    def observe(self, state: State, seat: int) -> np.ndarray:
        out = np.zeros(self.size, dtype=np.float32)
        self.design.encode(state, seat, out)
        return np.clip(out, self.low, self.high, out=out)

    def parts(self, vector: np.ndarray) -> dict[str, np.ndarray]:
        """The named fields of an encoded vector, each a view in its own shape."""
        return {
            name: vector[at : at + math.prod(shape)].reshape(shape)
            for name, (at, shape) in self.fields.items()
        }


Encoder = DesignedEncoder | ViewEncoder


def _labels(name: str, shape: tuple[int, ...]) -> Iterator[str]:
    if shape == (1,):
        yield name
        return
    for index in np.ndindex(*shape):
        yield f"{name}[{','.join(map(str, index))}]"


def encoder(game: Game, players: int | None = None, **options: Any) -> Encoder:
    """The observation encoder of `game` for this player count and options."""
    players = players or default_players(game)
    config = game.configure(players, options)
    return _designed(game, players, tuple(sorted(config.items())))


@lru_cache(maxsize=32)
def _designed(game: Game, players: int, options: tuple[tuple[str, Any], ...]) -> Encoder:
    design = game.observation(players, dict(options))
    if design is None:
        return _encoder(game, players, options)
    return DesignedEncoder(design)


def view_encoder(game: Game, players: int | None = None, **options: Any) -> ViewEncoder:
    """The encoder of `game`'s JSON views for this player count and options."""
    players = players or default_players(game)
    config = game.configure(players, options)
    return _encoder(game, players, tuple(sorted(config.items())))


@lru_cache(maxsize=32)
def _encoder(game: Game, players: int, options: tuple[tuple[str, Any], ...]) -> ViewEncoder:
    return ViewEncoder(explore(game, players, dict(options)))


def explore(
    game: Game, players: int, options: Mapping[str, Any], games: int = EXPLORED_GAMES
) -> Shape:
    """The shape of the seats' views over seeded random games of one configuration.

    At each sampled step every seat's view is read, and the mover's again after its
    action (what a secret choice shows its chooser before everyone reveals).
    """
    shape = Shape()
    for seed in range(games):
        length = sum(1 for _ in random_steps(game.new(players, seed, **options), Rng(seed)))
        every = max(1, length // SAMPLED_STEPS)
        state = game.new(players, seed, **options)
        rng = Rng(seed)
        for step in range(length):
            movers = state.to_move
            seat = movers[rng.below(len(movers))] if len(movers) > 1 else movers[0]
            actions = state.legal_actions(seat)
            action = actions[rng.below(len(actions))]
            if step % every == 0:
                for each in range(players):
                    shape.add(state.view(each))
            state.apply(seat, action)
            if step % every == 0:
                shape.add(state.view(seat))
        for each in range(players):
            shape.add(state.view(each))
    return shape
