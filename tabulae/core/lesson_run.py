"""A lesson played: its position from its start, the step the learner is at, the learner's
actions checked against the step's, and the other seats' replies (the lessons themselves, as
data, are `tabulae.core.lessons`)."""

from __future__ import annotations

from .actions import Action
from .errors import BadOptions, BadPosition, IllegalAction
from .game import Game, State
from .lessons import Lesson, Refused, Start, Step, Text


def start_state(game: Game, start: Start) -> State:
    """The position a lesson begins at: its position file read, or a seeded new game, with
    its start's moves played."""
    if start.position is not None:
        state = game.from_position(start.position)
    else:
        assert start.players is not None
        state = game.new(start.players, start.seed, **dict(start.options or {}))
    for seat, action in start.moves:
        state.apply(seat, action)
    return state


_READ_ON = Text(
    en="Read this step, then go on.",
    pl="Przeczytaj ten krok, a potem przejdź dalej.",
    nl="Lees deze stap en ga dan verder.",
    ru="Прочитайте этот шаг и переходите дальше.",
)


class LessonRun:
    """A lesson being played: its position, and the step the learner is at."""

    def __init__(self, game: Game, lesson: Lesson) -> None:
        self.game = game
        self.lesson = lesson
        self.state = start_state(game, lesson.start)
        self.at = 0

    @classmethod
    def at_step(cls, game: Game, lesson: Lesson, at: int) -> LessonRun:
        """The lesson replayed up to step `at` (0 is the first), as if the learner had taken
        each expected action: how a server answers without keeping a lesson in memory."""
        run = cls(game, lesson)
        if not 0 <= at <= len(lesson.steps):
            raise ValueError(f"the lesson has {len(lesson.steps)} steps, not {at}")
        while run.at < at:
            step = run.step
            assert step is not None
            if step.expect is None:
                run.go_on()
            else:
                run.play(step.expect)
        return run

    @property
    def step(self) -> Step | None:
        """The step the learner is at; None once the lesson is over."""
        return self.lesson.steps[self.at] if self.at < len(self.lesson.steps) else None

    @property
    def finished(self) -> bool:
        return self.at >= len(self.lesson.steps)

    def go_on(self) -> None:
        """Past a step that waits for no action."""
        step = self.step
        if step is None or step.expect is not None:
            raise Refused(step.otherwise if step and step.otherwise else _READ_ON)
        self._reply(step)

    def play(self, action: Action) -> None:
        """The learner's action: the one the step expects, or refused with the step's words."""
        step = self.step
        if step is None or step.expect is None:
            raise Refused(_READ_ON)
        if action != step.expect:
            assert step.otherwise is not None
            raise Refused(step.otherwise)
        self.state.apply(self.lesson.seat, action)
        self._reply(step)

    def _reply(self, step: Step) -> None:
        for seat, move in step.reply:
            self.state.apply(seat, move)
        self.at += 1


def lesson_problems(game: Game, lesson: Lesson) -> list[str]:
    """What is wrong with a lesson when played: a start, an expected action or a reply its
    game refuses, an expected action that is not the learner's to take; empty when none."""
    problems: list[str] = []
    try:
        run = LessonRun(game, lesson)
    except (BadOptions, BadPosition, IllegalAction) as error:
        return [f"{lesson.id}: the start is refused: {error}"]
    for n, step in enumerate(lesson.steps, start=1):
        if step.expect is not None and step.expect not in run.state.legal_actions(lesson.seat):
            problems.append(f"{lesson.id}, step {n}: {step.expect} is not legal for the learner")
            break
        try:
            if step.expect is None:
                run.go_on()
            else:
                run.play(step.expect)
        except (IllegalAction, Refused) as error:
            problems.append(f"{lesson.id}, step {n}: {error}")
            break
    return problems
