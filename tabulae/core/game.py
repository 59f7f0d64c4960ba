"""The contract every game meets: a stateless `Game` and a mutable `State`."""

from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType
from typing import Any, Protocol

from .actions import Action, ActionSpace
from .errors import BadOptions
from .events import Event
from .lessons import Lesson, load_lessons
from .result import Result
from .rng import Rng
from .rules import Rules, load_rules

OptionValue = bool | int | str


@dataclass(frozen=True)
class Option:
    """A named game option with its default (the ruling) and the values it admits."""

    name: str
    default: OptionValue
    help: str = ""
    choices: tuple[OptionValue, ...] | None = None
    minimum: int | None = None
    # Only a player on this machine may change it (e.g. it names a file): a server refuses
    # any other value from its clients.
    local_only: bool = False

    def check(self, value: Any) -> OptionValue:
        """Return the value as this option's type, or raise BadOptions saying why."""
        kind = type(self.default)
        if isinstance(value, str) and kind is not str:
            value = _from_text(value, kind, self.name)
        if type(value) is not kind:
            raise BadOptions(f"option {self.name} takes a {kind.__name__}, not {value!r}")
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(map(str, self.choices))
            raise BadOptions(f"option {self.name} must be one of {allowed}, not {value!r}")
        if self.minimum is not None and isinstance(value, int) and value < self.minimum:
            raise BadOptions(f"option {self.name} must be at least {self.minimum}, not {value!r}")
        return value

    def describe(self) -> dict[str, Any]:
        data: dict[str, Any] = {"name": self.name, "default": self.default, "help": self.help}
        if self.choices is not None:
            data["choices"] = list(self.choices)
        elif isinstance(self.default, bool):
            data["choices"] = [False, True]
        if self.minimum is not None:
            data["minimum"] = self.minimum
        if self.local_only:
            data["local_only"] = True
        return data


def _from_text(text: str, kind: type, name: str) -> OptionValue:
    if kind is bool:
        lowered = text.strip().lower()
        if lowered in ("true", "yes", "on", "1"):
            return True
        if lowered in ("false", "no", "off", "0"):
            return False
        raise BadOptions(f"option {name} is true or false, not {text!r}")
    try:
        return int(text)
    except ValueError:
        raise BadOptions(f"option {name} takes a whole number, not {text!r}") from None


class PositionReader(Protocol):
    """A state class that reads the position format back: a `tabulae.core.Table`, which
    builds on this module, so the game names it only by what it does."""

    @classmethod
    def read_position(cls, game: Game, data: Any) -> State: ...


class Game(ABC):
    """A rule set: stateless, shared, and the factory of states.

    >>> import tabulae
    >>> game = tabulae.load("builders")
    >>> game.min_players, game.max_players
    (2, 4)
    >>> game.configure(2)["citizen_wage"]  # every option, the defaults filled in
    4
    >>> state = game.new(players=2, seed=1)
    >>> game.from_position(state.position()).view(0) == state.view(0)
    True
    """

    id: str
    name: str
    min_players: int
    max_players: int
    options: tuple[Option, ...] = ()
    # The player counts research baselines measure the game at (`tabulae research
    # baselines`); empty: its fewest.
    baseline_players: tuple[int, ...] = ()

    def configure(
        self, players: int, options: Mapping[str, Any] | None = None, *, remote: bool = False
    ) -> Mapping[str, Any]:
        """Check a player count and options; return every option with defaults filled in.

        `remote` is for options that come from a server's clients: a `local_only` option
        must then keep its default.
        """
        if not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            raise BadOptions(
                f"{self.name} is for {self.min_players}–{self.max_players} players, not {players!r}"
            )
        given = dict(options or {})
        known = {o.name: o for o in self.options}
        unknown = sorted(set(given) - set(known))
        if unknown:
            names = ", ".join(known) or "none"
            raise BadOptions(f"{self.name} has no option {', '.join(unknown)} (options: {names})")
        if remote:
            for name in sorted(given):
                option = known[name]
                if option.local_only and given[name] != option.default:
                    raise BadOptions(
                        f"option {name} can only be set by a player on the machine running the "
                        f"game, not through a server (it stays {option.default!r})"
                    )
        return MappingProxyType({n: o.check(given.get(n, o.default)) for n, o in known.items()})

    def new(self, players: int, seed: int = 0, **options: Any) -> State:
        """A new game at its first decision."""
        return self.start(players, Rng(seed), self.configure(players, options))

    @abstractmethod
    def start(self, players: int, rng: Rng, options: Mapping[str, Any]) -> State:
        """Set up a game from checked options; all chance comes from `rng`."""

    @abstractmethod
    def actions(self, players: int, options: Mapping[str, Any]) -> Sequence[Action]:
        """Every action this configuration can ever offer, in a fixed order."""

    # The game's position class: a `tabulae.core.Table`, whose fields give the position format.
    position_class: type[PositionReader] | None = None

    def from_position(self, data: Any) -> State:
        """A state rebuilt from `state.position()` data, which plays on exactly as the state
        that wrote it. Raises BadPosition with the reason when the data is not a position of
        this game that its rules allow."""
        if self.position_class is None:
            raise NotImplementedError(f"{self.name} has no position format yet")
        return self.position_class.read_position(self, data)

    def evaluate(self, state: State, seat: int) -> float:
        """How well `seat` stands, in the game's score units, as a strong player would judge it.

        Bots use it to compare positions; the default knows only final scores. A game
        overrides it with its own judgement (prestige and tokens, VP and income, …).
        """
        result = state.result()
        return float(result.scores[seat]) if result else 0.0

    def action_key(self, state: State, seat: int, action: Action) -> Hashable:
        """What a search may take `action` for: legal actions of `seat` with equal keys are
        near-identical (a payment that differs only in which worker pays), so a search weighs
        only the first of them listed. The default keeps every action apart.
        """
        return action

    def sensible_actions(self, state: State, seat: int, legal: list[Action]) -> list[Action]:
        """The actions of `legal` a player who knows the game would weigh at all, in their
        order; a search told to (`prune`) weighs only these. Never empty while `legal` is not.
        The default weighs every legal action.
        """
        return legal

    def rollout_action(
        self, state: State, seat: int, legal: list[Action], rng: Rng
    ) -> Action | None:
        """A quick, sensible choice among `legal` for `seat` in a search's simulation, as a
        player who knows the game would play without thinking long; None for one at random
        (the default). It must cost little more than a random choice.
        """
        return None

    def round(self, state: State) -> int | None:
        """The round under way, a number that grows as the game goes on (a year, an age); a
        search may end its simulations where a round ends, a clean point to judge a position
        at. None (the default) for a game that names no rounds.
        """
        return None

    def level_params(self, level: str, players: int) -> Mapping[str, Any]:
        """What this game changes in the bot parameters of the level named `level` (``hard``)
        at a table of `players`, where its own measured figures show that level's search
        plays better another way here; parameters given with the level still override
        these. By default the levels are played as `tabulae.bots.levels` writes them."""
        return {}

    def review_thresholds(self, measure: str) -> tuple[float, float, float] | None:
        """The least loss that marks a reviewed decision an inaccuracy, a mistake and a
        blunder in this game, judged in `measure` (``"wins"``, the share of rivals beaten;
        ``"score"``, points in a game alone), where the game's own payoffs call for other
        marks than a game review's defaults (`tabulae.bots.review`); None keeps those."""
        return None

    def invariants(self, state: State) -> list[str]:
        """What must always hold and does not in `state`, each in words; empty when sound.

        A game states here, as a strong player would, what no action may ever break
        (cards and money conserved, per-phase limits kept, each event resolved once).
        The conformance suite calls it after every action of every checked game, so a
        fault that no scenario test reaches still shows. The default knows none.
        """
        return []

    def recount(self, state: State) -> Result | None:
        """The final result worked out afresh from a finished position; None if not offered.

        Written apart from the engine's running bookkeeping (its score tracks, its
        tallies), so the conformance suite can check `state.result()` against it.
        """
        return None

    def take_back(self, before: State, seat: int, action: Action, after: State) -> bool:
        """Whether `seat` may take back `action`, which turned `before` into `after`, while
        no one else has acted since: false when it revealed something hidden (a card dealt
        from a deck, a secret choice shown) or drew on chance, so nothing learnt can be
        unlearnt. `tabulae.core.takeback` counts the run of such actions a seat may take back.

        By default it is the `take_back` function of the game package's `takeback` module,
        when the package has one; a game without one lets no action be taken back.
        """
        module = _companion(self, "takeback")
        return module is not None and bool(module.take_back(before, seat, action, after))

    def lessons(self) -> tuple[Lesson, ...]:
        """The game's lessons, from the `lessons` folder of its package (see docs/learn.md);
        none for a game without one."""
        return load_lessons(package(self))

    def rules(self) -> Rules:
        """The game's rules reference, from the `rules` folder of its package (see
        docs/learn.md): sections a player looks up, each naming the refusals it explains."""
        return load_rules(package(self))

    def observation(self, players: int, options: Mapping[str, Any]) -> Observation | None:
        """This game's designed numeric observation of one configuration, or None.

        By default it is the `Observation` class of the game package's `observation`
        module, when the package has one (numpy is then needed); research adapters
        fall back on encoding the JSON views of a game without one.
        """
        module = _companion(self, "observation")
        if module is None:
            return None
        observation: Observation = module.Observation(players, options)
        return observation

    def action_space(self, players: int, **options: Any) -> ActionSpace:
        """The integer coding of actions for one configuration."""
        config = self.configure(players, options)
        return _space(self, players, tuple(sorted(config.items())))

    def describe(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "players": [self.min_players, self.max_players],
            "options": [o.describe() for o in self.options],
        }

    def __repr__(self) -> str:
        return f"<Game {self.id}>"


class Observation(ABC):
    """A seat's position as a fixed layout of numbers, designed from the rules' maxima.

    `fields` names the parts in order with their shapes (as OpenSpiel's observers name
    a tensor's parts); `encode` writes one seat's observation into a zeroed float32
    vector of `size` numbers, reading only what `State.view(seat)` shows.
    """

    fields: tuple[tuple[str, tuple[int, ...]], ...]
    # Decisions a game of this configuration is not expected to exceed (OpenSpiel's
    # max_game_length), where the game states one.
    longest_game: int | None = None
    # The bounds of each field, from the rules' maxima: a number for the whole field or a
    # nested list of its shape. A field not in `greatest` holds flags and one-hot entries
    # (at most 1); one not in `least` is never below 0. A count the rules do not limit
    # (money, where the bank is unlimited) is given a cap, and research encoders read a
    # value past its bound as the bound.
    greatest: Mapping[str, Any] = MappingProxyType({})
    least: Mapping[str, Any] = MappingProxyType({})

    def __init__(self, fields: Sequence[tuple[str, tuple[int, ...]]]) -> None:
        self.fields = tuple(fields)
        self.at: dict[str, int] = {}
        size = 0
        for name, shape in self.fields:
            self.at[name] = size
            count = 1
            for length in shape:
                count *= length
            size += count
        self.size = size

    @abstractmethod
    def encode(self, state: State, seat: int, out: Any) -> None:
        """Write `seat`'s observation of `state` into `out`, a zeroed vector of `size`."""


def package(game: Game) -> str:
    """The package that holds a game: the one that defines its class, or holds that module."""
    module = importlib.import_module(type(game).__module__)
    if hasattr(module, "__path__"):
        return module.__name__
    return module.__name__.rpartition(".")[0] or module.__name__


def _companion(game: Game, name: str) -> Any:
    """The module `name` of the game's package, or None when the package has none."""
    return _module(f"{type(game).__module__.rpartition('.')[0]}.{name}")


@lru_cache(maxsize=256)
def _module(path: str) -> Any:
    """A module, or None when there is none by that name (remembered either way)."""
    try:
        return importlib.import_module(path)
    except ModuleNotFoundError as missing:
        if missing.name != path:
            raise
        return None


@lru_cache(maxsize=64)
def _space(game: Game, players: int, options: tuple[tuple[str, Any], ...]) -> ActionSpace:
    return ActionSpace(game.actions(players, dict(options)))


class State(ABC):
    """One position of one game. Mutable, and cheap to copy with `clone`.

    Subclasses set `game`, `players`, `options` and `events` and implement the
    members below; DESIGN.md states the contract and `conformance` checks it.

    >>> import tabulae
    >>> from tabulae import Action
    >>> state = tabulae.load("builders").new(players=2, seed=1)
    >>> state.to_move
    (0,)
    >>> state.legal_actions(0)[:2]
    [Action('end'), Action('take', 1)]
    >>> before = state.clone()
    >>> state.apply(0, Action("take", 1))
    >>> state.view(0) == before.view(0)
    False
    >>> state.apply(1, Action("take", 1))
    Traceback (most recent call last):
    ...
    tabulae.core.errors.IllegalAction: it is not seat 1's turn: waiting for seat 0
    >>> state.result() is None  # the game goes on
    True
    """

    __slots__ = ()

    game: Game
    players: int
    options: Mapping[str, Any]
    events: list[Event]

    @property
    @abstractmethod
    def to_move(self) -> tuple[int, ...]:
        """Seats that may act now; several for a simultaneous decision; empty at the end."""

    @abstractmethod
    def legal_actions(self, seat: int) -> list[Action]:
        """Every legal action for `seat`, in a stable order (empty if it may not act)."""

    @abstractmethod
    def apply(self, seat: int, action: Action) -> None:
        """Validate, then play. Raises IllegalAction and changes nothing when refused."""

    @abstractmethod
    def view(self, seat: int | None) -> dict[str, Any]:
        """What `seat` may see (None: a spectator), JSON-ready."""

    @abstractmethod
    def clone(self) -> State:
        """An independent copy."""

    @abstractmethod
    def determinize(self, seat: int | None, rng: Rng) -> State:
        """A copy with everything hidden from `seat` re-sampled consistently with what it knows."""

    @abstractmethod
    def result(self) -> Result | None:
        """The final result, or None while the game runs."""
