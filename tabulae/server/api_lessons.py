"""The HTTP API of lessons: a game's course, and each step of a lesson (docs/server.md).

Stateless: a step is answered by replaying the lesson from its start to the step asked for
(`LessonRun.at_step`), so the server keeps no lesson in memory; a lesson's length bounds the
work. A signed-in account's lessons done are stored; a guest's browser keeps its own."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Query, Request
from pydantic import Field, StrictInt, StrictStr

from tabulae.core import Game, UnknownGame, load
from tabulae.core.lesson_run import LessonRun
from tabulae.core.lessons import Lesson, Refused, Text
from tabulae.i18n import N_

from .accounts import signed_in
from .api import Strict, StrictJsonRoute, parse_action
from .config import Settings
from .depends import Client, Config, Store, TheLobby
from .errors import ApiError, invalid, language
from .workers import ROUTINE

router = APIRouter(prefix="/api", route_class=StrictJsonRoute)

Lang = Annotated[
    str | None,
    Query(max_length=20, description="the language of the words (default: from Accept-Language)"),
]


class LessonRefused(ApiError):
    """An action the step does not teach: the lesson's `otherwise` words, in the client's
    language."""

    def __init__(self, words: Text, at: int) -> None:
        super().__init__(409, "lesson_refused", words["en"], at=at)
        self.lesson_words = words

    def text(self, lang: str) -> str:
        return self.lesson_words.in_(lang)


class LessonMove(Strict):
    at: int = Field(ge=0, le=10_000, description="the step the learner is at (0: the first)")
    action: list[StrictStr | StrictInt] | Annotated[str, Field(max_length=100)] | None = Field(
        None,
        max_length=20,
        description="the action taken (JSON or notation); none to go on past a step that is "
        "only read",
    )


def _game(settings: Settings, game: str) -> Game:
    catalogue = settings.catalogue
    if game not in catalogue:
        raise ApiError(404, "unknown_game", f"no game {game!r} on this server")
    try:
        return load(catalogue[game])
    except UnknownGame as error:
        raise ApiError(404, "unknown_game", str(error)) from None


def _lesson(rules: Game, lesson_id: str) -> Lesson:
    for lesson in rules.lessons():
        if lesson.id == lesson_id:
            return lesson
    raise ApiError(404, "unknown_lesson", f"{rules.id} has no lesson {lesson_id!r}")


def _lang(request: Request, lang: str | None) -> str:
    return language(lang or request.headers.get("accept-language"))


def _step_json(run: LessonRun, lang: str) -> dict[str, Any]:
    """What the learner sees at the step `run` is at: the view from the learner's seat, the
    step's words and the parts they point at, and the action it waits for."""
    lesson, step, state = run.lesson, run.step, run.state
    legal = state.legal_actions(lesson.seat) if step is not None and step.expect else []
    return {
        "lesson": lesson.id,
        "title": lesson.title.in_(lang),
        "source": None if lesson.source is None else lesson.source.in_(lang),
        "at": run.at,
        "steps": len(lesson.steps),
        "seat": lesson.seat,
        "players": state.players,
        "to_move": list(state.to_move),
        "view": state.view(lesson.seat),
        "say": None if step is None else step.say.in_(lang),
        "point": [] if step is None else list(step.point),
        "expects_action": step is not None and step.expect is not None,
        "expect": step.expect.to_json() if step is not None and step.expect else None,
        "otherwise": step.otherwise.in_(lang) if step is not None and step.otherwise else None,
        "legal": [action.to_json() for action in legal],
        "finished": step is None,
        "summary": lesson.summary.in_(lang) if step is None else None,
    }


def no_step(at: int, last: int) -> ApiError:
    return invalid(
        N_("This lesson's steps are 0 to {last}; there is no step {at}."), last=last, at=at
    )


@router.get("/games/{game}/lessons", operation_id="lessons", summary="A game's course of lessons")
async def lessons(
    request: Request, database: Store, settings: Config, game: str, lang: Lang = None
) -> dict[str, Any]:
    """Each lesson's id, title and number of steps, in the course's order; `done` for the
    lessons a signed-in account has done (a guest's are never done here: its browser keeps
    them)."""
    rules = _game(settings, game)
    words = _lang(request, lang)
    account = await signed_in(request, database)
    done: set[str] = set()
    if account is not None:
        done = await database.run(database.storage.lessons_done, account.id, rules.id)
    return {
        "game": rules.id,
        "signed_in": account is not None,
        "lessons": [
            {
                "id": lesson.id,
                "title": lesson.title.in_(words),
                "steps": len(lesson.steps),
                "done": lesson.id in done,
            }
            for lesson in rules.lessons()
        ],
    }


@router.get(
    "/games/{game}/lessons/{lesson_id}",
    operation_id="lesson_step",
    summary="A lesson at one of its steps",
)
async def lesson_step(
    request: Request,
    lobby: TheLobby,
    database: Store,
    settings: Config,
    client: Client,
    game: str,
    lesson_id: Annotated[str, Path(max_length=100)],
    at: Annotated[int, Query(ge=0, le=10_000, description="the step (0: the first)")] = 0,
    lang: Lang = None,
) -> dict[str, Any]:
    """The view from the learner's seat at step `at` (as if each step before had been taken
    as the lesson teaches), the step's words (`say`), the board parts it points at (`point`,
    CSS selectors within the game's board), whether it waits for an action and which (and
    `otherwise`, the words that refuse any other), and the learner's legal actions; at `at` =
    `steps`, the lesson is over and `summary` says what it taught."""
    rules = _game(settings, game)
    lesson = _lesson(rules, lesson_id)
    lobby.reads.spend(client)
    if at > len(lesson.steps):
        raise no_step(at, len(lesson.steps))
    run = await database.replay(ROUTINE, LessonRun.at_step, rules, lesson, at)
    return _step_json(run, _lang(request, lang))


@router.post(
    "/games/{game}/lessons/{lesson_id}/steps",
    operation_id="lesson_move",
    summary="Take a lesson's step: the action it waits for, or go on past a step to read",
)
async def lesson_move(
    request: Request,
    lobby: TheLobby,
    database: Store,
    settings: Config,
    client: Client,
    game: str,
    lesson_id: Annotated[str, Path(max_length=100)],
    body: LessonMove,
    lang: Lang = None,
) -> dict[str, Any]:
    """Answers the next step as `GET …/lessons/{lesson_id}?at=` does. Any action other than
    the one the step waits for (or an action at a step that is only read, or none at a step
    that waits for one) is refused, 409 `lesson_refused`, in the lesson's own words. Signed
    in, reaching the end stores the lesson as done for the account."""
    rules = _game(settings, game)
    lesson = _lesson(rules, lesson_id)
    action = None if body.action is None else parse_action(body.action)
    if body.at >= len(lesson.steps):
        raise no_step(body.at, len(lesson.steps) - 1)
    lobby.reads.spend(client)

    def take() -> LessonRun:
        run = LessonRun.at_step(rules, lesson, body.at)
        try:
            if action is None:
                run.go_on()
            else:
                run.play(action)
        except Refused as refused:
            raise LessonRefused(refused.text, body.at) from None
        return run

    run = await database.replay(ROUTINE, take)
    if run.finished:
        account = await signed_in(request, database)
        if account is not None:
            await database.run(database.storage.lesson_done, account.id, rules.id, lesson.id)
    return _step_json(run, _lang(request, lang))
