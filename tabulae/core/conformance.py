"""The conformance suite: the checks every game must pass, for any player count and options.

`check_game` plays one seeded random game to its end and checks the protocol at
every step, with deeper checks (clone, refusals, views, determinize) at a sample
of steps. Every failure raises `ConformanceError` naming the seed and step, so a
failing case can be replayed. The tests of each game call it over many seeds.
"""

from __future__ import annotations

import dataclasses
import enum
import json
import types
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, NoReturn

from .actions import Action
from .errors import IllegalAction
from .events import Event, visible
from .game import Game, State
from .match import Match
from .result import Result
from .rng import Rng
from .table import Table


class ConformanceError(AssertionError):
    """A game broke the protocol."""


@dataclass
class Report:
    """What one checked game did."""

    actions: int = 0
    deep_checks: int = 0
    positions: int = 0
    invariant_checks: int = 0
    refusals: int = 0
    determinizations: int = 0
    result: Result | None = None


# Chooses the action of `seat`, one of `legal`, in `state`; it may use `rng` and must not
# change `state`. The default picks uniformly at random.
Policy = Callable[[State, int, list[Action], Rng], Action]


def random_policy(state: State, seat: int, legal: list[Action], rng: Rng) -> Action:
    return legal[rng.below(len(legal))]


def check_game(
    game: Game,
    players: int,
    seed: int,
    options: Mapping[str, Any] | None = None,
    *,
    deep_every: int | None = 16,
    max_steps: int = 200_000,
    policy: Policy = random_policy,
) -> Report:
    """Play one seeded game from `seed` and check every rule of the protocol on the way.

    The game's own `invariants` are checked after every action and its `recount` against
    the result at the end. Deep checks run at the first step and then at one step in
    `deep_every` on average, chosen by the seed; raise it for long games to bound the
    cost. With `deep_every=None` there are none (the invariants, the end and the replay are
    still checked): for the many games of a suite that takes its deep checks in others.
    `policy` chooses each action (random by default; a bot's choice for games that look like
    real play).
    """
    checker = _Checker(game, players, seed, dict(options or {}), deep_every, max_steps, policy)
    return checker.run()


# -- structural comparison -----------------------------------------------------------------

_ATOMS = (int, float, str, bytes, bool, type(None), enum.Enum)
_OPAQUE = (
    Game,
    types.FunctionType,
    types.BuiltinFunctionType,
    type,
    types.ModuleType,
    types.MethodType,
)
_STATIC = types.MappingProxyType


def snapshot(obj: Any) -> Any:
    """A plain, comparable picture of everything reachable from `obj`.

    Two states with equal snapshots are the same position. The game object is
    compared by identity.
    """
    return _snap(obj, {})


def _snap(obj: Any, seen: dict[int, int]) -> Any:
    kind = _KINDS.get(type(obj)) or _kind(type(obj))
    if kind is _ATOM:
        return obj
    if kind is _OPAQUE_KIND:
        return ("opaque", id(obj))
    key = id(obj)
    if key in seen:
        return ("ref", seen[key])
    seen[key] = len(seen)
    if kind is _SEQUENCE:
        return (
            type(obj).__name__,
            tuple(x if type(x) in _PLAIN else _snap(x, seen) for x in obj),
        )
    if kind is _MAPPING:
        return (
            "dict",
            tuple(
                (
                    k if type(k) in _PLAIN else _snap(k, seen),
                    v if type(v) in _PLAIN else _snap(v, seen),
                )
                for k, v in obj.items()
            ),
        )
    if kind is _SET:
        return ("set", tuple(sorted((_snap(x, seen) for x in obj), key=repr)))
    if _is_frozen_dataclass(obj):
        picture = _still(obj)
        if picture is not _THAWED:
            return picture
    return (type(obj).__name__, tuple((name, _snap(v, seen)) for name, v in _fields(obj)))


_PLAIN = frozenset({int, float, str, bytes, bool, type(None)})
"""The atoms' own types, pictured as themselves without a call."""

# What `_snap` does with an object, by its type (worked out once per type).
_ATOM, _OPAQUE_KIND, _SEQUENCE, _MAPPING, _SET, _OBJECT = (
    "atom",
    "opaque",
    "sequence",
    "mapping",
    "set",
    "object",
)
_KINDS: dict[type, str] = {}


def _kind(cls: type) -> str:
    if issubclass(cls, _ATOMS):
        kind = _ATOM
    elif issubclass(cls, _OPAQUE):
        kind = _OPAQUE_KIND
    elif issubclass(cls, list | tuple):
        kind = _SEQUENCE
    elif issubclass(cls, dict | _STATIC):
        kind = _MAPPING
    elif issubclass(cls, set | frozenset):
        kind = _SET
    else:
        kind = _OBJECT
    _KINDS[cls] = kind
    return kind


_THAWED = object()
"""What `_still` answers for an object that can change."""

_STILL: dict[int, tuple[Any, Any]] = {}
"""By id, each frozen dataclass instance met (kept here, so its id is not reused) with its
picture, or `_THAWED` where something it reaches can change."""

_STILL_MOST = 50_000
"""Objects `_STILL` remembers before it starts afresh, so that long runs stay small."""


_FROZEN_TYPES: dict[type, bool] = {}


def _is_frozen_dataclass(obj: Any) -> bool:
    cls = type(obj)
    frozen = _FROZEN_TYPES.get(cls)
    if frozen is None:
        params = getattr(cls, "__dataclass_params__", None)
        frozen = _FROZEN_TYPES[cls] = params is not None and bool(params.frozen)
    return frozen


def _still(obj: Any) -> Any:
    """The picture of an object nothing can change, worked out once; `_THAWED` otherwise.

    A frozen dataclass whose fields hold only atoms, tuples, frozensets, read-only mappings
    and other such dataclasses never changes, and neither does whether it does: so both are
    remembered. A game's static components (Sylla's cards, say) are pictured once rather
    than at every comparison of two positions.
    """
    key = id(obj)
    known = _STILL.get(key)
    if known is not None and known[0] is obj:
        return known[1]
    _STILL[key] = (obj, _THAWED)  # until proven still; also ends a cycle
    fields = [(name, _still_picture(v)) for name, v in _fields(obj)]
    if any(part is _THAWED for _, part in fields):
        picture = _THAWED
    else:
        picture = (type(obj).__name__, tuple(fields))
    if len(_STILL) > _STILL_MOST:
        _STILL.clear()
    _STILL[key] = (obj, picture)
    return picture


def _still_picture(obj: Any) -> Any:
    if isinstance(obj, _ATOMS):
        return obj
    if isinstance(obj, _OPAQUE):
        return ("opaque", id(obj))
    if isinstance(obj, _STATIC):
        return ("dict", tuple((_snap(k, {}), _snap(v, {})) for k, v in obj.items()))
    if isinstance(obj, tuple | frozenset):
        parts = [_still_picture(x) for x in obj]
        if any(part is _THAWED for part in parts):
            return _THAWED
        if isinstance(obj, tuple):
            return (type(obj).__name__, tuple(parts))
        return ("set", tuple(sorted(parts, key=repr)))
    if _is_frozen_dataclass(obj):
        return _still(obj)
    return _THAWED


def _fields(obj: Any) -> list[tuple[str, Any]]:
    fields = list(vars(obj).items()) if hasattr(obj, "__dict__") else []
    for cls in type(obj).__mro__:
        for name in getattr(cls, "__slots__", ()):
            if name != "__dict__" and hasattr(obj, name):
                fields.append((name, getattr(obj, name)))
    return fields


def _is_mutable(obj: Any) -> bool:
    if isinstance(obj, (*_ATOMS, *_OPAQUE, _STATIC, Action, Event, tuple, frozenset)):
        return False
    if _is_frozen_dataclass(obj):
        return False
    return (
        isinstance(obj, list | dict | set | bytearray)
        or bool(_fields(obj))
        or hasattr(obj, "__dict__")
    )


def _mutables(obj: Any, path: str, found: dict[int, str]) -> None:
    kind = _KINDS.get(type(obj)) or _kind(type(obj))
    # Read-only mappings hold static data (options, component tables) that copies may share.
    if kind is _ATOM or kind is _OPAQUE_KIND or isinstance(obj, _STATIC | Event):
        return
    if _is_frozen_dataclass(obj) and _still(obj) is not _THAWED:
        return
    key = id(obj)
    if key in found:
        return
    if _is_mutable(obj):
        found[key] = path
    elif kind is _OBJECT and not dataclasses.is_dataclass(obj):
        return
    if kind is _SEQUENCE:
        for i, x in enumerate(obj):
            if type(x) not in _PLAIN:
                _mutables(x, f"{path}[{i}]", found)
    elif kind is _MAPPING:
        for k, v in obj.items():
            if type(v) not in _PLAIN:
                _mutables(v, f"{path}[{k!r}]", found)
    elif kind is _SET:
        for x in obj:
            if type(x) not in _PLAIN:
                _mutables(x, f"{path}{{…}}", found)
    else:
        for name, v in _fields(obj):
            _mutables(v, f"{path}.{name}", found)


def shared_mutables(a: Any, b: Any) -> list[str]:
    """Paths (from `a`) of mutable objects both reach: what a copy must not share."""
    in_a: dict[int, str] = {}
    in_b: dict[int, str] = {}
    _mutables(a, "state", in_a)
    _mutables(b, "state", in_b)
    return sorted(path for key, path in in_a.items() if key in in_b)


def _json_equal(value: Any) -> bool:
    try:
        same: bool = json.loads(json.dumps(value)) == value
        return same
    except (TypeError, ValueError):
        return False


# -- the checker ---------------------------------------------------------------------------


class _Checker:
    def __init__(
        self,
        game: Game,
        players: int,
        seed: int,
        options: dict[str, Any],
        deep_every: int | None,
        max_steps: int,
        policy: Policy = random_policy,
    ) -> None:
        self.game = game
        self.policy = policy
        self.players = players
        self.seed = seed
        self.options = options
        self.deep_every = None if deep_every is None else max(1, deep_every)
        self.max_steps = max_steps
        self.space = game.action_space(players, **options)
        self.report = Report()
        self.where = "setup"

    def fail(self, message: str) -> NoReturn:
        raise ConformanceError(
            f"{self.game.id} players={self.players} seed={self.seed} "
            f"options={self.options} at {self.where}: {message}"
        )

    def expect(self, condition: bool, message: str) -> None:
        if not condition:
            self.fail(message)

    def run(self) -> Report:
        state = self.game.new(self.players, self.seed, **self.options)
        self.expect(state.players == self.players, "state.players is not the player count")
        self.expect(state.game is self.game, "state.game is not the game that made it")
        twin = self.game.new(self.players, self.seed, **self.options)
        self.expect(snapshot(twin) == snapshot(state), "the same seed gave two different games")
        self.check_invariants(state)

        chooser = Rng(self.seed ^ 0x5EED)
        deep = Rng(self.seed ^ 0xDEE9)
        log: list[tuple[int, Action]] = []
        playout_from = None
        step = 0
        while True:
            self.where = f"step {step}"
            movers = self.check_to_move(state)
            if not movers:
                break
            self.expect(
                step < self.max_steps, f"the game did not end within {self.max_steps} actions"
            )
            legal = {seat: self.check_legal_actions(state, seat) for seat in movers}
            seat = movers[chooser.below(len(movers))]
            action = self.policy(state, seat, legal[seat], chooser)
            self.expect(action in legal[seat], f"the policy chose an unlisted action '{action}'")
            if self.deep_every is not None and (step == 0 or deep.below(self.deep_every) == 0):
                self.deep_check(state, legal, seat, action, deep)
                if playout_from is None and step > 0:
                    playout_from = step
                    self.check_determinized_playout(state, seat, deep)
            before = list(state.events)
            try:
                state.apply(seat, action)
            except IllegalAction as error:
                self.fail(f"seat {seat}'s listed action '{action}' was refused: {error.reason}")
            self.check_events(before, state.events)
            self.check_invariants(state)
            log.append((seat, action))
            step += 1
        self.where = "end"
        picture = self.check_end(state)
        self.check_replay(picture, log)
        self.report.actions = step
        return self.report

    # -- each step --

    def check_to_move(self, state: State) -> tuple[int, ...]:
        movers = state.to_move
        self.expect(isinstance(movers, tuple), f"to_move is a {type(movers).__name__}, not a tuple")
        self.expect(len(set(movers)) == len(movers), f"to_move repeats a seat: {movers}")
        self.expect(
            all(type(s) is int and 0 <= s < self.players for s in movers),
            f"to_move holds a seat that does not exist: {movers}",
        )
        finished = state.result() is not None
        self.expect(
            bool(movers) != finished,
            "to_move is empty while the game runs"
            if not movers
            else "the game has a result but still has seats to move",
        )
        return movers

    def check_legal_actions(self, state: State, seat: int) -> list[Action]:
        actions = state.legal_actions(seat)
        self.expect(isinstance(actions, list), "legal_actions does not return a list")
        self.expect(bool(actions), f"seat {seat} is to move but has no legal action")
        self.expect(all(isinstance(a, Action) for a in actions), "legal_actions holds a non-Action")
        self.expect(len(set(actions)) == len(actions), f"seat {seat} is offered an action twice")
        missing = [str(a) for a in actions if a not in self.space]
        self.expect(not missing, f"legal actions outside the action space: {missing[:5]}")
        return actions

    def check_invariants(self, state: State) -> None:
        problems = self.game.invariants(state)
        self.expect(isinstance(problems, list), "invariants() does not return a list")
        if problems:
            self.fail("broke its invariants: " + "; ".join(map(str, problems[:5])))
        self.report.invariant_checks += 1

    def check_events(self, before: list[Event], after: list[Event]) -> None:
        self.expect(after[: len(before)] == before, "apply rewrote events already in the log")
        for event in after[len(before) :]:
            self.expect(isinstance(event, Event), f"an event is a {type(event).__name__}")
            self.expect(isinstance(event.key, str) and bool(event.key), "an event without a key")
            self.expect(_json_equal(event.args), f"event {event.key} has args that are not JSON")
            self.expect(
                event.audience is None
                or (
                    isinstance(event.audience, tuple)
                    and all(type(s) is int and 0 <= s < self.players for s in event.audience)
                ),
                f"event {event.key} has a malformed audience {event.audience!r}",
            )

    # -- a sample of steps --

    def deep_check(
        self, state: State, legal: dict[int, list[Action]], seat: int, action: Action, rng: Rng
    ) -> None:
        self.report.deep_checks += 1
        picture = snapshot(state)
        for seat_to_move, actions in legal.items():
            self.expect(
                state.legal_actions(seat_to_move) == actions,
                "legal_actions changed between two calls",
            )
            for a in actions:
                self.expect(
                    Action.parse(str(a)) == a, f"'{a}' does not read back from its notation"
                )
                self.expect(
                    Action.from_json(json.loads(json.dumps(a.to_json()))) == a,
                    f"'{a}' does not survive its JSON form",
                )
                self.expect(
                    self.space.decode(self.space.encode(a)) == a, f"'{a}' has no stable code"
                )
        for other in range(self.players):
            if other not in legal:
                self.expect(
                    state.legal_actions(other) == [],
                    f"seat {other} is not to move but is offered actions",
                )
        self.check_clone(state, picture, seat, action)
        self.check_position(state, picture, seat, action)
        self.check_refusals(state, picture, legal, rng)
        self.check_views(state, picture, rng)

    def check_clone(self, state: State, picture: Any, seat: int, action: Action) -> None:
        copy = state.clone()
        self.expect(type(copy) is type(state), "clone() returned another type")
        self.expect(snapshot(copy) == picture, "clone() is not equal to the original")
        shared = shared_mutables(state, copy)
        self.expect(not shared, f"clone() shares mutable parts with the original: {shared[:5]}")
        other = state.clone()
        copy.apply(seat, action)
        self.expect(snapshot(state) == picture, "playing on a clone changed the original")
        other.apply(seat, action)
        self.expect(snapshot(other) == snapshot(copy), "the same action on two clones diverged")

    def check_position(self, state: State, picture: Any, seat: int, action: Action) -> None:
        """A game with a position format reads back what it writes, through JSON, as a state
        equal to the original that plays on identically."""
        if self.game.position_class is None:
            return
        self.report.positions += 1
        if not isinstance(state, Table):
            self.fail("a game with a position format plays on a Table")
        data = json.loads(json.dumps(state.position()))
        copy = self.game.from_position(data)
        self.expect(type(copy) is type(state), "from_position() returned another type")
        self.expect(snapshot(copy) == picture, "from_position(position()) differs from the state")
        other = state.clone()
        copy.apply(seat, action)
        other.apply(seat, action)
        self.expect(
            snapshot(copy) == snapshot(other),
            "a state read from its position played on differently",
        )

    def check_refusals(
        self, state: State, picture: Any, legal: dict[int, list[Action]], rng: Rng
    ) -> None:
        attempts: list[tuple[int, Action]] = [(seat, Action("no-such-action", 1)) for seat in legal]
        idle = [s for s in range(self.players) if s not in legal]
        for seat in idle[:2]:
            attempts.append((seat, self.space.decode(rng.below(len(self.space)))))
        for seat, actions in legal.items():
            allowed = set(actions)
            for _ in range(3):
                candidate = self.space.decode(rng.below(len(self.space)))
                if candidate not in allowed:
                    attempts.append((seat, candidate))
            attempts.append((seat + self.players, actions[0]))
        for seat, attempt in attempts:
            try:
                state.apply(seat, attempt)
            except IllegalAction as error:
                self.expect(
                    bool(str(error.reason).strip()), f"'{attempt}' was refused with no reason"
                )
            else:
                self.fail(f"seat {seat} was allowed the illegal action '{attempt}'")
            self.expect(
                snapshot(state) == picture,
                f"refusing '{attempt}' for seat {seat} changed the state",
            )
            self.report.refusals += 1

    def check_views(self, state: State, picture: Any, rng: Rng) -> None:
        seats: list[int | None] = [None, *range(self.players)]
        views = {}
        for seat in seats:
            view = state.view(seat)
            self.expect(isinstance(view, dict), f"view({seat}) is not a dict")
            self.expect(
                _json_equal(view),
                f"view({seat}) is not JSON-ready (use dicts with str keys, lists, numbers)",
            )
            self.expect(state.view(seat) == view, f"view({seat}) changed between two calls")
            views[seat] = view
        self.expect(snapshot(state) == picture, "view() changed the state")
        for seat in seats:
            for k in range(2):
                copy = state.determinize(seat, Rng(rng.next64()))
                self.report.determinizations += 1
                self.expect(type(copy) is type(state), "determinize() returned another type")
                self.expect(snapshot(state) == picture, f"determinize({seat}) changed the original")
                shared = shared_mutables(state, copy)
                self.expect(not shared, f"determinize({seat}) shares mutable parts: {shared[:5]}")
                self.expect(copy.to_move == state.to_move, f"determinize({seat}) changed to_move")
                seen = copy.view(seat)
                if seen != views[seat]:
                    self.fail(
                        f"view({seat}) depends on what it should hide: it changed under "
                        f"determinize({seat}) (copy {k}); {_difference(views[seat], seen)}"
                    )
                self.expect(
                    list(visible(copy.events, seat)) == list(visible(state.events, seat)),
                    f"determinize({seat}) changed events that seat has seen",
                )
                if seat is not None and seat in state.to_move:
                    self.expect(
                        copy.legal_actions(seat) == state.legal_actions(seat),
                        f"determinize({seat}) changed that seat's legal actions",
                    )
                self.expect(
                    all(e.visible_to(seat) for e in copy.events),
                    f"determinize({seat}) kept events that seat may not see",
                )
            key = rng.next64()
            again = copy.determinize(seat, Rng(key))
            self.expect(
                snapshot(again) == snapshot(state.determinize(seat, Rng(key))),
                f"determinize({seat}) depends on more than what that seat knows: re-determinizing "
                "a determinized copy gave another world than the original with the same generator",
            )

    def check_determinized_playout(self, state: State, seat: int, rng: Rng) -> None:
        copy = state.determinize(seat, Rng(rng.next64()))
        chooser = Rng(rng.next64())
        for _ in range(self.max_steps):
            movers = copy.to_move
            if not movers:
                break
            mover = movers[chooser.below(len(movers))]
            actions = copy.legal_actions(mover)
            self.expect(bool(actions), "a determinized copy reached a position with no action")
            try:
                copy.apply(mover, actions[chooser.below(len(actions))])
            except IllegalAction as error:
                self.fail(f"a determinized copy refused its own legal action: {error.reason}")
        self.expect(copy.result() is not None, "a determinized copy did not reach an end")

    # -- the end --

    def check_end(self, state: State) -> Any:
        """Checks the finished game; returns its picture, for the replay to compare."""
        result = state.result()
        self.expect(isinstance(result, Result), "the game ended without a Result")
        assert result is not None
        self.expect(len(result.scores) == self.players, "the result does not score every seat")
        expected = Result.ranked(result.scores, result.tiebreaks or None).ranks
        self.expect(
            result.ranks == expected,
            f"ranks {result.ranks} do not follow scores and tie-breaks (expected {expected})",
        )
        self.expect(_json_equal(result.to_json()), "the result is not JSON-ready")
        recounted = self.game.recount(state)
        if recounted is not None:
            self.expect(
                recounted == result,
                f"the result {result.to_json()} differs from its recount {recounted.to_json()}",
            )
        for seat in range(self.players):
            self.expect(state.legal_actions(seat) == [], "a seat has actions after the end")
            self.expect(_json_equal(state.view(seat)), "a final view is not JSON-ready")
        picture = snapshot(state)
        attempt = self.space.decode(0)
        try:
            state.apply(0, attempt)
        except IllegalAction:
            pass
        else:
            self.fail(f"'{attempt}' was accepted after the end")
        self.expect(snapshot(state) == picture, "an action after the end changed the state")
        self.report.result = result
        return picture

    def check_replay(self, picture: Any, log: list[tuple[int, Action]]) -> None:
        """Replays the match record of the game that ended as `picture`."""
        match = Match(self.game.id, self.players, self.seed, dict(self.options), actions=log)
        copy = Match.from_json(json.loads(json.dumps(match.to_json())))
        self.expect(
            copy.actions == log and copy.options == self.options,
            "the match record did not survive its JSON form",
        )
        replayed = self.game.new(self.players, self.seed, **self.options)
        for seat, action in copy.actions:
            replayed.apply(seat, action)
        self.expect(snapshot(replayed) == picture, "replaying the match log gave another state")


def _difference(a: Any, b: Any, path: str = "view") -> str:
    """Where two JSON values first differ, for a readable failure."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b), key=str):
            if a.get(key) != b.get(key):
                return _difference(a.get(key), b.get(key), f"{path}[{key!r}]")
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            if x != y:
                return _difference(x, y, f"{path}[{i}]")
    return f"{path} was {a!r}, then {b!r}"
