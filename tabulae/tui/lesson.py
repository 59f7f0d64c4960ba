"""A lesson at the terminal: the step's words, the table as the game draws it, and the one
action the step waits for, refused in the lesson's own words when another is taken."""

from __future__ import annotations

import sys

from rich.console import Console
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from tabulae.core import Action, Game
from tabulae.core.lesson_run import LessonRun
from tabulae.core.lessons import Lesson, Refused
from tabulae.i18n import GameText, Translator

from . import screens
from .choice import Command, Unclear, choose
from .renderer import renderer


class Stop(Exception):
    """The learner asked to stop."""


class Tutor:
    """One game's course at one terminal, in the learner's language."""

    def __init__(self, game: Game, tr: Translator, console: Console) -> None:
        self.game, self.tr, self.console = game, tr, console
        self.renderer = renderer(game)

    def course(self, lessons: tuple[Lesson, ...], done: set[str]) -> Table:
        """The course: each lesson's number and title, the ones done ticked."""
        table = Table.grid(padding=(0, 2))
        for number, lesson in enumerate(lessons, start=1):
            mark = "✓" if lesson.id in done else " "
            table.add_row(f"{number}.", mark, Text(lesson.title.in_(self.tr.lang)))
        return table

    def teach(self, lesson: Lesson) -> None:
        """Play the lesson to its end; raises Stop when the learner quits."""
        lang = self.tr.lang
        run = LessonRun(self.game, lesson)
        players = run.state.players
        names = [self.tr._("Player {n}", n=seat + 1) for seat in range(players)]
        text = GameText(self.tr, self.game, names)
        seen = len(run.state.events)
        self.console.print(Rule(Text(lesson.title.in_(lang))))
        if lesson.source is not None:
            self.console.print(Text(f"“{lesson.source.in_(lang)}”", style="italic"), soft_wrap=True)
        count = len(lesson.steps)
        while (step := run.step) is not None:
            heading = self.tr._("Step {n} of {count}", n=run.at + 1, count=count)
            self.console.print(Rule(Text(heading), style="dim"))
            self.console.print(self.renderer.table(run.state.view(lesson.seat), text, lesson.seat))
            self.console.print(Text(step.say.in_(lang), style="bold"), soft_wrap=True)
            if step.expect is None:
                if self.read(self.tr._("⏎ to go on › ")).strip().lower() in ("q", "quit"):
                    raise Stop
                run.go_on()
            else:
                self.act(run, text)
            events = run.state.events[seen:]
            shown = (event for event in events if event.visible_to(lesson.seat))
            screens.tell(self.console, self.renderer, text, shown)
            seen = len(run.state.events)
        self.console.print(Rule(Text(self.tr._("Lesson done"))))
        self.console.print(Text(lesson.summary.in_(lang), style="bold green"), soft_wrap=True)

    def act(self, run: LessonRun, text: GameText) -> None:
        """Read actions until the learner takes the one the step waits for."""
        legal = run.state.legal_actions(run.lesson.seat)
        self.console.print(screens.choices(text, legal))
        self.console.print(Text(self.tr._("Type a number or an action; q to stop."), style="dim"))
        prompt = f"[1–{len(legal)}] › "
        while True:
            reply = choose(self.read(prompt), legal, [text.action(a) for a in legal])
            if isinstance(reply, Action):
                try:
                    run.play(reply)
                except Refused as refused:
                    self.say(refused.text.in_(self.tr.lang))
                    continue
                return
            if isinstance(reply, Command) and reply.name == "quit":
                raise Stop
            if isinstance(reply, Unclear | Command):
                typed = reply.text if isinstance(reply, Unclear) else reply.name
                self.say(self.tr._("“{text}” is not an action you can take now.", text=typed))

    def say(self, message: str) -> None:
        self.console.print(Text(message, style="yellow"), soft_wrap=True)

    def read(self, prompt: str) -> str:
        """A line from the learner; echoed when it comes from a script, so the log reads well."""
        reply = self.console.input(Text(prompt))
        if not sys.stdin.isatty():
            self.console.print(Text(reply), highlight=False)
        return reply
