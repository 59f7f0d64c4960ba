"""Lessons: a game taught from a position, one step at a time.

A game's lessons are YAML files in the ``lessons`` folder of its package (a plugin game brings
its own the same way), read in the order of their file names; docs/learn.md describes every
field. A lesson starts from a position (written in the position format, or reached by playing
listed moves from a seeded new game) and walks the learner through steps. A step says something,
points at parts of the board, and may wait for one action: any other is refused with the step's
own explanation. Once the learner has acted, the other seats play the step's replies
(`tabulae.core.lesson_run` plays a lesson; this module only reads them).

Every text is a mapping from a language to its words (``en`` required, and ``pl``, ``nl`` and
``ru`` for a lesson the suite accepts).

>>> from tabulae.core.lessons import Lesson
>>> lesson = Lesson.from_data({
...     "id": "first", "title": {"en": "A first bid"}, "summary": {"en": "You bid."},
...     "start": {"players": 2, "seed": 1},
...     "steps": [{"say": {"en": "Bid 4."}, "expect": "bid 4", "otherwise": {"en": "Bid 4."}}],
... })
>>> lesson.steps[0].expect
Action('bid', 4)
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from .actions import Action
from .errors import IllegalAction
from .package_data import yaml_files

LANGUAGES = ("en", "pl", "nl", "ru")


class BadLesson(ValueError):
    """A lesson file that does not follow the lesson format, or whose moves its game refuses."""


class Text(dict[str, str]):
    """Words in several languages; `in_(lang)` falls back on English."""

    def in_(self, lang: str) -> str:
        return self.get(lang) or self["en"]

    @classmethod
    def from_data(cls, data: Any, where: str) -> Text:
        if isinstance(data, str):
            data = {"en": data}
        if not isinstance(data, Mapping) or not isinstance(data.get("en"), str):
            raise BadLesson(f"{where}: expected words by language, English first ({{en: …}})")
        unknown = sorted(set(data) - set(LANGUAGES))
        if unknown or not all(isinstance(words, str) and words.strip() for words in data.values()):
            raise BadLesson(f"{where}: each language ({', '.join(LANGUAGES)}) needs words")
        return cls(data)


@dataclass(frozen=True)
class Start:
    """Where a lesson begins: a seeded new game (`players`, `seed`, `options`) or a position
    file beside the lesson (`position`), then `moves` played from it, each `(seat, action)`."""

    players: int | None = None
    seed: int = 0
    options: Mapping[str, Any] | None = None
    position: Any = None
    moves: tuple[tuple[int, Action], ...] = ()


@dataclass(frozen=True)
class Step:
    """One step: `say` to the learner, `point` at board parts (selectors within the board the
    browser draws), and, when `expect` is an action, wait for it and refuse any other with
    `otherwise`; then the other seats play `reply`, each `(seat, action)`, in order."""

    say: Text
    point: tuple[str, ...] = ()
    expect: Action | None = None
    otherwise: Text | None = None
    reply: tuple[tuple[int, Action], ...] = ()


@dataclass(frozen=True)
class Lesson:
    """A lesson: `id` (unique within its game), `title`, the learner's `seat`, the rulebook
    passage it rebuilds (`source`, translated, or None), its `start`, `steps` and `summary`."""

    id: str
    title: Text
    start: Start
    steps: tuple[Step, ...]
    summary: Text
    seat: int = 0
    source: Text | None = None

    @classmethod
    def from_data(cls, data: Any, where: str = "lesson", folder: Any = None) -> Lesson:
        """A lesson from its YAML data; `folder` holds the position files it names."""
        if not isinstance(data, Mapping):
            raise BadLesson(f"{where}: a lesson is a mapping of fields")
        known = {"id", "title", "seat", "source", "start", "steps", "summary"}
        unknown = sorted(set(data) - known)
        if unknown:
            raise BadLesson(f"{where}: unknown fields {', '.join(unknown)}")
        lesson_id = data.get("id")
        if not isinstance(lesson_id, str) or not lesson_id.replace("-", "").isalnum():
            raise BadLesson(f"{where}: `id` must be a word of letters, digits and hyphens")
        where = f"{where} ({lesson_id})"
        steps = data.get("steps")
        if not isinstance(steps, list) or not steps:
            raise BadLesson(f"{where}: `steps` must list at least one step")
        seat = data.get("seat", 0)
        if type(seat) is not int or seat < 0:
            raise BadLesson(f"{where}: `seat` must be a seat number, 0 for the first")
        source = data.get("source")
        return cls(
            id=lesson_id,
            title=Text.from_data(data.get("title"), f"{where}: title"),
            start=_start(data.get("start"), f"{where}: start", folder),
            steps=tuple(_step(step, f"{where}: step {n + 1}") for n, step in enumerate(steps)),
            summary=Text.from_data(data.get("summary"), f"{where}: summary"),
            seat=seat,
            source=None if source is None else Text.from_data(source, f"{where}: source"),
        )


def _start(data: Any, where: str, folder: Any) -> Start:
    if not isinstance(data, Mapping) or set(data) - {
        "players",
        "seed",
        "options",
        "position",
        "moves",
    }:
        raise BadLesson(f"{where}: expected players, seed, options, position and moves")
    position = data.get("position")
    if position is not None:
        if not isinstance(position, str) or folder is None:
            raise BadLesson(f"{where}: `position` names a JSON file beside the lesson")
        try:
            position = json.loads(folder.joinpath(position).read_text(encoding="utf-8"))
        except (OSError, ValueError) as error:
            raise BadLesson(
                f"{where}: cannot read the position {data['position']}: {error}"
            ) from None
    elif type(data.get("players")) is not int:
        raise BadLesson(f"{where}: give `players` (and a `seed`) or a `position`")
    seed = data.get("seed", 0)
    options = data.get("options") or {}
    if type(seed) is not int or not isinstance(options, Mapping):
        raise BadLesson(f"{where}: `seed` is a number and `options` a mapping")
    return Start(
        players=data.get("players"),
        seed=seed,
        options=dict(options),
        position=position,
        moves=_moves(data.get("moves", []), f"{where}: moves"),
    )


def _step(data: Any, where: str) -> Step:
    if isinstance(data, str):
        data = {"say": data}
    fields = {"say", "point", "expect", "otherwise", "reply"}
    if not isinstance(data, Mapping) or set(data) - fields:
        raise BadLesson(f"{where}: expected say, point, expect, otherwise and reply")
    point = data.get("point", [])
    if isinstance(point, str):
        point = [point]
    if not isinstance(point, list) or not all(isinstance(p, str) for p in point):
        raise BadLesson(f"{where}: `point` lists board parts")
    expect = data.get("expect")
    otherwise = data.get("otherwise")
    if expect is not None and otherwise is None:
        raise BadLesson(f"{where}: a step that expects an action says `otherwise` why not another")
    return Step(
        say=Text.from_data(data.get("say"), f"{where}: say"),
        point=tuple(point),
        expect=None if expect is None else _action(expect, f"{where}: expect"),
        otherwise=None if otherwise is None else Text.from_data(otherwise, f"{where}: otherwise"),
        reply=_moves(data.get("reply", []), f"{where}: reply"),
    )


def _moves(data: Any, where: str) -> tuple[tuple[int, Action], ...]:
    if not isinstance(data, list):
        raise BadLesson(f"{where}: a list of [seat, action] pairs")
    moves = []
    for n, move in enumerate(data):
        if not isinstance(move, list | tuple) or len(move) != 2 or type(move[0]) is not int:
            raise BadLesson(f"{where}, move {n + 1}: expected [seat, action]")
        moves.append((move[0], _action(move[1], f"{where}, move {n + 1}")))
    return tuple(moves)


def _action(data: Any, where: str) -> Action:
    try:
        return Action.parse(data) if isinstance(data, str) else Action.from_json(data)
    except IllegalAction as error:
        raise BadLesson(f"{where}: {error}") from None


@lru_cache(maxsize=64)
def load_lessons(package: str) -> tuple[Lesson, ...]:
    """The lessons in the `lessons` folder of `package`, in the order of their file names."""
    lessons = tuple(
        Lesson.from_data(data, where, folder)
        for where, data, folder in yaml_files(package, "lessons", BadLesson)
    )
    ids = [lesson.id for lesson in lessons]
    if len(set(ids)) != len(ids):
        raise BadLesson(f"{package} lessons: two lessons share an id")
    return lessons


class Refused(ValueError):
    """An action the lesson does not want now; `text` says why, in the lesson's words."""

    def __init__(self, text: Text) -> None:
        super().__init__(text["en"])
        self.text = text


def texts(lesson: Lesson) -> list[Text]:
    """Every text of a lesson, for checks that each is in every language."""
    found: list[Text] = [lesson.title, lesson.summary]
    if lesson.source is not None:
        found.append(lesson.source)
    for step in lesson.steps:
        found.append(step.say)
        if step.otherwise is not None:
            found.append(step.otherwise)
    return found


__all__: Sequence[str] = (
    "LANGUAGES",
    "BadLesson",
    "Lesson",
    "Refused",
    "Start",
    "Step",
    "Text",
    "load_lessons",
    "texts",
)
