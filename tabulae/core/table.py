"""A position's fields, declared once: copies and the position format follow from them.

A game's position class is a `Table` and annotates each of its fields with a type, once::

    class BuildersTable(Table):
        position_version = 1
        money: list[int]                # sesterces in hand, by seat
        sites: list[dict[int, Site]]    # buildings under construction, by seat
        bank: int | None                # None: an unlimited bank

From these annotations Tabulae derives the class's ``__slots__``, a fast `clone` that copies
each field exactly as deep as its type is mutable, and the position format: `position()`
writes the complete table (hidden parts and the event record included) as versioned JSON, and
`Table.read_position` (behind `Game.from_position`) checks every value against its declared
type, saying where and why it is wrong, and rebuilds a table that plays on identically.

Types a field may have, nested freely: ``int``, ``float``, ``str``, ``bool``, ``None``,
``Literal[...]``, ``X | None`` and other unions, ``tuple[...]``, ``list[X]``, ``dict[K, V]``
(``str`` or ``int`` keys), ``frozenset[X]``, `Event`, `Rng`, ``Mapping[str, Any]`` and
``Any`` (shared, never copied: values nobody mutates), and any class with
``clone()``, ``to_position()`` and ``from_position(data)`` of its own (a building site, …),
or a frozen dataclass with ``to_position()`` and ``from_position(data)``, shared like the
other immutable values.
A field annotated ``Annotated[X, DERIVED]`` is copied but not written: the class's
`restore` recomputes it when a position is read. A field annotated
``Annotated[X, Written(write, read)]`` is copied as its type says but written and read by its
own pair of functions: a compact list kept for speed in play can so be written as the
named parts a reader recognises. A field annotated ``Annotated[list[X], FACE_DOWN]`` is a
pile whose order nobody at the table knows (a face-down deck): the default `determinize`
re-deals it, and a game's own `determinize` calls `shuffle_face_down` for it.
``ClassVar`` annotations are not fields.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from abc import ABCMeta
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from .errors import BadPosition
from .events import Event
from .game import Game, State
from .rng import Rng

FORMAT = "tabulae.position"
DERIVED = "derived"
"""Marks a field computed from the others: ``Annotated[X, DERIVED]``."""
FACE_DOWN = "face down"
"""Marks a pile whose order is hidden from everyone: ``Annotated[list[X], FACE_DOWN]``."""

_CORE = ("game", "players", "options")

_tuple_new = tuple.__new__

Reader = Callable[[Any, str], Any]
"""Reads a field's data at its place (``"sheets[0]"``), or raises BadPosition."""


@dataclasses.dataclass(frozen=True)
class Written:
    """Marks a field written and read by its own functions: ``Annotated[X, Written(w, r)]``.

    `write` turns the field's value into JSON-ready data; `read` takes that data and the
    field's place (``"sheets"``) and returns the value, or raises BadPosition saying where
    in it (``"sheets[0].wall: …"``) and why."""

    write: Callable[[Any], Any]
    read: Reader


class TableMeta(ABCMeta):
    """Gives each table class the ``__slots__`` its annotations declare."""

    def __new__(
        mcls, name: str, bases: tuple[type, ...], namespace: dict[str, Any], **kw: Any
    ) -> TableMeta:
        if "__slots__" not in namespace:
            declared = namespace.get("__annotations__", {})
            namespace["__slots__"] = tuple(
                field
                for field, annotation in declared.items()
                if field not in namespace and not _is_class_var(annotation)
            )
        return super().__new__(mcls, name, bases, namespace, **kw)


def _is_class_var(annotation: Any) -> bool:
    if isinstance(annotation, str):
        return annotation.replace("typing.", "").startswith("ClassVar")
    return typing.get_origin(annotation) is ClassVar


class Table(State, metaclass=TableMeta):
    """A position whose fields are declared once, by annotation."""

    position_version: ClassVar[int] = 1

    game: Game  # the rules; shared, and written as the game's id
    players: int  # the player count
    options: Mapping[str, Any]  # the game's options, checked, defaults filled in
    events: list[Event]  # everything that happened, in order, with its audience

    @classmethod
    def blank(cls, game: Game, players: int, options: Mapping[str, Any]) -> typing.Self:
        """A table of `game` for `players` with its checked `options` and no event yet, every
        other field still to be set by the game's setup, which begins with it."""
        table = cls.__new__(cls)
        table.game, table.players, table.options, table.events = game, players, options, []
        return table

    def name(self, seat: int) -> str:
        """How an English refusal names a seat; a game with seat colours says them too."""
        return f"seat {seat}"

    # -- what happened ----------------------------------------------------------------------

    def tell(self, key: str, audience: tuple[int, ...] | None = None, **args: Any) -> None:
        """Record that something happened: the event ``<game>.<key>`` with its arguments, for
        everyone or only for the seats in `audience`. Every game tells its events this way."""
        # Made as the tuple it is: an Event's own constructor only packs its fields, and
        # skipping it takes a third off the cost of telling, which every action pays.
        self.events.append(_tuple_new(Event, (f"{self.game.id}.{key}", args, audience)))

    # -- copies -----------------------------------------------------------------------------

    def clone(self) -> typing.Self:
        twin: typing.Self = _fields(type(self)).clone(self)
        return twin

    # -- the position format ----------------------------------------------------------------

    def position(self) -> dict[str, Any]:
        """The complete table as JSON-ready data: what `Game.from_position` reads back."""
        fields = _fields(type(self))
        return {
            "format": FORMAT,
            "game": self.game.id,
            "version": self.position_version,
            "players": self.players,
            "options": dict(self.options),
            "table": {name: write(getattr(self, name)) for name, write, _ in fields.written},
        }

    @classmethod
    def read_position(cls, game: Game, data: Any) -> typing.Self:
        """Rebuild a table from `position()` data, or raise BadPosition saying what is wrong."""
        if not isinstance(data, Mapping):
            raise BadPosition(f"a position is a JSON object, not {_kind(data)}")
        if data.get("format") != FORMAT:
            raise BadPosition(f"not a position: 'format' must be {FORMAT!r}")
        if data.get("game") != game.id:
            raise BadPosition(f"a position of {data.get('game')!r}, not of {game.id!r}")
        if data.get("version") != cls.position_version:
            raise BadPosition(
                f"position version {data.get('version')!r} is not the one this version of "
                f"Tabulae reads ({cls.position_version})"
            )
        players = data.get("players")
        options = data.get("options")
        if not isinstance(options, Mapping):
            raise BadPosition(f"options: a JSON object, not {_kind(options)}")
        try:
            # configure refuses a player count that is not an int
            checked = game.configure(players, options)  # type: ignore[arg-type]
        except ValueError as error:
            raise BadPosition(str(error)) from None
        fields = _fields(cls)
        table = data.get("table")
        if not isinstance(table, Mapping):
            raise BadPosition(f"table: a JSON object, not {_kind(table)}")
        expected = {name for name, _, _ in fields.written}
        missing = sorted(expected - set(table))
        unknown = sorted(set(table) - expected)
        if missing or unknown:
            said = [f"missing {', '.join(missing)}"] if missing else []
            said += [f"unknown {', '.join(unknown)}"] if unknown else []
            raise BadPosition(f"table: {'; '.join(said)}")
        self = cls.__new__(cls)
        self.game, self.players, self.options = game, typing.cast(int, players), checked
        for name, _, read in fields.written:
            setattr(self, name, read(table[name], name))
        self.restore()
        self.check_position()
        return self

    # -- what a seat does not know -------------------------------------------------------------

    def determinize(self, seat: int | None, rng: Rng) -> typing.Self:
        """A copy with its face-down piles re-dealt (`shuffle_face_down`); a game with other
        secrets overrides it."""
        twin = self.clone()
        twin.shuffle_face_down(rng)
        return twin

    def shuffle_face_down(self, rng: Rng) -> None:
        """Shuffle every field marked FACE_DOWN, in declaration order. Each pile is sorted
        first, so the result depends only on which cards it holds, which every seat knows."""
        for name in _fields(type(self)).face_down:
            pile = getattr(self, name)
            pile.sort()
            rng.shuffle(pile)

    def restore(self) -> None:
        """Recompute the fields marked DERIVED after a position is read. Override if any."""

    def check_position(self) -> None:
        """Refuse, with BadPosition, a table whose values each have the right type but that
        break the rules together (a card in two places, a count off its track, …). Games
        override it, usually by running their invariants."""

    @classmethod
    def declared(cls) -> dict[str, Any]:
        """Every field and its type, in declaration order (for documentation and checks)."""
        return dict(_fields(cls).hints)


# -- deriving copies and the format from types --------------------------------------------------


class _Fields:
    """The clone function and the field codecs of one table class."""

    def __init__(self, cls: type[Table]) -> None:
        hints: dict[str, Any] = {}
        for klass in reversed(cls.__mro__):
            if not (isinstance(klass, TableMeta) and "__annotations__" in vars(klass)):
                continue
            resolved = typing.get_type_hints(klass, include_extras=True)
            for name in vars(klass)["__annotations__"]:
                if name in getattr(klass, "__slots__", ()):
                    hints[name] = resolved[name]
        self.hints = hints
        self.clone = _compile_clone(cls, hints)
        self.face_down = tuple(name for name, hint in hints.items() if _marked(hint, FACE_DOWN))
        self.written: list[tuple[str, Callable[[Any], Any], Reader]] = []
        for name, hint in hints.items():
            if name in _CORE or _marked(hint, DERIVED):
                continue
            own = _written(hint)
            if own is None:
                self.written.append((name, _writer(hint), _reader(hint)))
            else:
                self.written.append((name, own.write, _guarded(own.read)))


_CACHE: dict[type, _Fields] = {}


def _fields(cls: type[Table]) -> _Fields:
    fields = _CACHE.get(cls)
    if fields is None:
        fields = _CACHE[cls] = _Fields(cls)
    return fields


def _marked(hint: Any, marker: str) -> bool:
    return typing.get_origin(hint) is typing.Annotated and marker in hint.__metadata__


def _written(hint: Any) -> Written | None:
    if typing.get_origin(hint) is not typing.Annotated:
        return None
    return next((m for m in hint.__metadata__ if isinstance(m, Written)), None)


def _guarded(read: Reader) -> Reader:
    """`read`, its slips on malformed data (a KeyError, …) reported as BadPosition."""

    def read_guarded(data: Any, where: str) -> Any:
        try:
            return read(data, where)
        except BadPosition:
            raise
        except (TypeError, ValueError, KeyError, IndexError, AttributeError) as error:
            raise BadPosition(f"{where}: {error}") from None

    return read_guarded


def _strip(hint: Any) -> Any:
    return hint.__origin__ if typing.get_origin(hint) is typing.Annotated else hint


_SHARED = (int, float, str, bool, type(None), Event, Game)


def _immutable(hint: Any) -> bool:
    hint = _strip(hint)
    origin = typing.get_origin(hint)
    if hint is Any or hint in _SHARED or origin is typing.Literal:
        return True
    if isinstance(hint, type) and issubclass(hint, _SHARED):
        return True
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        params = getattr(hint, "__dataclass_params__", None)
        return bool(params and params.frozen)
    if origin in (tuple, frozenset):
        return all(_immutable(a) for a in typing.get_args(hint) if a is not Ellipsis)
    if origin in (typing.Union, types.UnionType):
        return all(_immutable(a) for a in typing.get_args(hint))
    return origin is Mapping


def _copy(hint: Any, value: str, depth: int) -> str | None:
    """Source of an expression copying `value` of type `hint`; None when it can be shared."""
    hint = _strip(hint)
    if _immutable(hint):
        return None
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    item = f"_{depth}"
    if origin is list:
        inner = _copy(args[0], item, depth + 1)
        return f"list({value})" if inner is None else f"[{inner} for {item} in {value}]"
    if origin is dict:
        inner = _copy(args[1], item, depth + 1)
        if inner is None:
            return f"dict({value})"
        return f"{{_k{depth}: {inner} for _k{depth}, {item} in {value}.items()}}"
    if origin in (typing.Union, types.UnionType):
        kinds = [a for a in args if a is not type(None)]
        if len(kinds) == 1 and len(args) == 2:
            inner = _copy(kinds[0], value, depth)
            return f"(None if {value} is None else {inner})"
    if isinstance(hint, type) and callable(getattr(hint, "clone", None)):
        return f"{value}.clone()"
    raise TypeError(f"a table field cannot have the type {hint!r}")


def _compile_clone(cls: type[Table], hints: dict[str, Any]) -> Callable[[Any], Any]:
    lines = ["def clone(self):", "    twin = new(cls)"]
    for name, hint in hints.items():
        copied = _copy(hint, f"self.{name}", 0)
        lines.append(f"    twin.{name} = {copied or f'self.{name}'}")
    lines.append("    return twin")
    namespace: dict[str, Any] = {"new": object.__new__, "cls": cls}
    exec("\n".join(lines), namespace)  # source built from the declared types only
    clone: Callable[[Any], Any] = namespace["clone"]
    return clone


def _writer(hint: Any) -> Callable[[Any], Any]:
    hint = _strip(hint)
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is Any or hint in (int, float, str, bool, type(None)) or origin is typing.Literal:
        return _same
    if hint is Event:
        return Event.to_json
    if hint is Rng:
        return lambda rng: rng.state
    if origin is Mapping:
        return dict
    if origin is list or (origin is tuple and args[-1:] == (Ellipsis,)):
        each = _writer(args[0])
        return lambda values: [each(v) for v in values]
    if origin is tuple:
        writers = [_writer(a) for a in args]
        return lambda values: [w(v) for w, v in zip(writers, values, strict=True)]
    if origin is frozenset:
        each = _writer(args[0])
        return lambda values: sorted(each(v) for v in values)
    if origin is dict:
        each = _writer(args[1])
        return lambda values: {str(k): each(v) for k, v in values.items()}
    if origin in (typing.Union, types.UnionType):
        choices = [(_runtime(a), _writer(a)) for a in args]
        return lambda value: next(w(value) for kind, w in choices if isinstance(value, kind))
    if isinstance(hint, type) and hasattr(hint, "to_position"):
        write: Callable[[Any], Any] = hint.to_position
        return write
    raise TypeError(f"a table field cannot have the type {hint!r}")


def _same(value: Any) -> Any:
    return value


def _runtime(hint: Any) -> type | tuple[type, ...]:
    hint = _strip(hint)
    origin = typing.get_origin(hint)
    if origin is typing.Literal:
        return tuple({type(a) for a in typing.get_args(hint)})
    if origin in (typing.Union, types.UnionType):
        kinds: list[type] = []
        for a in typing.get_args(hint):
            found = _runtime(a)
            kinds.extend(found if isinstance(found, tuple) else (found,))
        return tuple(kinds)
    if origin is Mapping:
        return Mapping
    if hint is Any:
        return object
    kind: type | tuple[type, ...] = origin or hint
    return kind


def _reader(hint: Any) -> Reader:
    hint = _strip(hint)
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is Any:
        return lambda data, where: _json(data, where)
    if hint is bool:
        return _exact(bool, "true or false")
    if hint is int:
        return _exact(int, "a whole number")
    if hint is str:
        return _exact(str, "a string")
    if hint is type(None):
        return _exact(type(None), "null")
    if hint is float:

        def read_float(data: Any, where: str) -> float:
            if type(data) not in (int, float):
                raise BadPosition(f"{where}: a number, not {_kind(data)}")
            return float(data)

        return read_float
    if origin is typing.Literal:

        def read_literal(data: Any, where: str) -> Any:
            for allowed in args:
                if type(data) is type(allowed) and data == allowed:
                    return data
            said = ", ".join(repr(a) for a in args)
            raise BadPosition(f"{where}: one of {said}, not {data!r}")

        return read_literal
    if hint is Event:
        return _read_event
    if hint is Rng:
        whole = _exact(int, "a whole number")

        def read_rng(data: Any, where: str) -> Rng:
            state = whole(data, where)
            if not 0 <= state < 1 << 64:
                raise BadPosition(f"{where}: a generator state from 0 to 2**64 - 1")
            rng = Rng()
            rng.state = state
            return rng

        return read_rng
    if origin is Mapping:

        def read_mapping(data: Any, where: str) -> Any:
            if not isinstance(data, Mapping):
                raise BadPosition(f"{where}: a JSON object, not {_kind(data)}")
            return _json(dict(data), where)

        return read_mapping
    if origin is list or (origin is tuple and args[-1:] == (Ellipsis,)):
        each = _reader(args[0])
        build = list if origin is list else tuple

        def read_sequence(data: Any, where: str) -> Any:
            if not isinstance(data, list):
                raise BadPosition(f"{where}: a list, not {_kind(data)}")
            return build(each(v, f"{where}[{i}]") for i, v in enumerate(data))

        return read_sequence
    if origin is tuple:
        readers = [_reader(a) for a in args]

        def read_tuple(data: Any, where: str) -> tuple[Any, ...]:
            if not isinstance(data, list) or len(data) != len(readers):
                raise BadPosition(f"{where}: a list of {len(readers)}, not {_kind(data)}")
            pairs = enumerate(zip(readers, data, strict=True))
            return tuple(read(v, f"{where}[{i}]") for i, (read, v) in pairs)

        return read_tuple
    if origin is frozenset:
        each = _reader(args[0])

        def read_set(data: Any, where: str) -> frozenset[Any]:
            if not isinstance(data, list):
                raise BadPosition(f"{where}: a list, not {_kind(data)}")
            values = [each(v, f"{where}[{i}]") for i, v in enumerate(data)]
            if len(set(values)) != len(values):
                raise BadPosition(f"{where}: a value is listed twice")
            return frozenset(values)

        return read_set
    if origin is dict:
        key = _key_reader(args[0])
        value = _reader(args[1])

        def read_dict(data: Any, where: str) -> dict[Any, Any]:
            if not isinstance(data, Mapping):
                raise BadPosition(f"{where}: a JSON object, not {_kind(data)}")
            return {key(k, where): value(v, f"{where}[{k}]") for k, v in data.items()}

        return read_dict
    if origin in (typing.Union, types.UnionType):
        readers = [_reader(a) for a in args]

        def read_union(data: Any, where: str) -> Any:
            wanted = []
            for read in readers:
                try:
                    return read(data, where)
                except BadPosition as error:
                    wanted.append(str(error).removeprefix(f"{where}: ").split(", not ")[0])
            raise BadPosition(f"{where}: {' or '.join(wanted)}, not {_kind(data)}")

        return read_union
    if isinstance(hint, type) and hasattr(hint, "from_position"):
        read = hint.from_position

        def read_object(data: Any, where: str) -> Any:
            try:
                return read(data)
            except BadPosition as error:
                raise BadPosition(f"{where}: {error}") from None
            except (TypeError, ValueError, KeyError, IndexError) as error:
                raise BadPosition(f"{where}: {error}") from None

        return read_object
    raise TypeError(f"a table field cannot have the type {hint!r}")


def _exact(kind: type, said: str) -> Reader:
    def read(data: Any, where: str) -> Any:
        if type(data) is not kind:
            raise BadPosition(f"{where}: {said}, not {_kind(data)}")
        return data

    return read


def _key_reader(hint: Any) -> Callable[[Any, str], Any]:
    if hint is int:

        def read_int_key(key: Any, where: str) -> int:
            try:
                return int(key)
            except (TypeError, ValueError):
                raise BadPosition(f"{where}: the key {key!r} is not a whole number") from None

        return read_int_key
    if hint is str:
        return lambda key, where: key
    raise TypeError(f"a table field's dict keys are str or int, not {hint!r}")


def _read_event(data: Any, where: str) -> Event:
    if not isinstance(data, Mapping) or not isinstance(data.get("key"), str):
        raise BadPosition(f"{where}: an event with a 'key', not {_kind(data)}")
    args = data.get("args", {})
    if not isinstance(args, Mapping):
        raise BadPosition(f"{where}.args: a JSON object, not {_kind(args)}")
    audience = data.get("audience")
    if audience is not None and not (
        isinstance(audience, list) and all(type(s) is int for s in audience)
    ):
        raise BadPosition(f"{where}.audience: a list of seats, not {_kind(audience)}")
    return Event.from_json(_json(dict(data), where))


def _json(data: Any, where: str) -> Any:
    """`data` if it is plain JSON (objects with string keys, lists, numbers, strings, …)."""
    if data is None or type(data) in (bool, int, float, str):
        return data
    if isinstance(data, list):
        return [_json(v, f"{where}[{i}]") for i, v in enumerate(data)]
    if isinstance(data, dict):
        if not all(isinstance(k, str) for k in data):
            raise BadPosition(f"{where}: object keys are strings")
        return {k: _json(v, f"{where}[{k}]") for k, v in data.items()}
    raise BadPosition(f"{where}: plain JSON, not {_kind(data)}")


def _kind(data: Any) -> str:
    names = {
        type(None): "null",
        bool: "true or false",
        int: "a number",
        float: "a number",
        str: "a string",
        list: "a list",
        dict: "a JSON object",
    }
    said = names.get(type(data), type(data).__name__)
    return f"{said} ({data!r:.40})" if type(data) in (int, float, str) else said
