"""`tabulae learn`: a game's course of lessons at the terminal."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from tabulae.i18n import GameText
from tabulae.tui import progress
from tabulae.tui.lesson import Stop, Tutor

from .play import Lang, _game, _translator


def learn(
    game: Annotated[str, typer.Argument(help="a game id (see `tabulae games`) or module:attr")],
    lesson: Annotated[
        str | None, typer.Option(help="a lesson's id (default: the first not done yet)")
    ] = None,
    lang: Lang = None,
) -> None:
    """Learn a game one lesson at a time: read each step, take the action it asks for."""
    tr = _translator(lang)
    rules = _game(game)
    lessons = rules.lessons()
    console = Console(highlight=False)
    title = GameText(tr, rules, []).title
    if not lessons:
        console.print(Text(tr._("{game} has no lessons yet.", game=title)))
        raise typer.Exit(1)
    ids = [found.id for found in lessons]
    done = progress.done(rules.id)
    if lesson is not None and lesson not in ids:
        message = tr._("No lesson {id}; the lessons are: {ids}.", id=lesson, ids=", ".join(ids))
        raise typer.BadParameter(message, param_hint="--lesson")
    tutor = Tutor(rules, tr, console)
    console.print(Rule(Text(tr._("Lessons of {game}", game=title))))
    console.print(tutor.course(lessons, done))
    if lesson is not None:
        start = ids.index(lesson)
    else:
        start = next((n for n, found in enumerate(lessons) if found.id not in done), len(ids))
        if start == len(ids):
            console.print(
                Text(tr._("You have done every lesson; take one again with --lesson ID.")),
                soft_wrap=True,
            )
            return
    try:
        for number in range(start, len(lessons)):
            if number > start:
                title = lessons[number].title.in_(tr.lang)
                answer = tutor.read(tr._("Next: {title}. ⏎ to go on, q to stop › ", title=title))
                if answer.strip().lower() in ("q", "quit"):
                    return
            tutor.teach(lessons[number])
            progress.mark_done(rules.id, lessons[number].id)
            if lesson is not None:
                return
    except Stop:
        return
    except (EOFError, KeyboardInterrupt) as stop:
        ended = tr._("The input ended.") if isinstance(stop, EOFError) else tr._("Interrupted.")
        console.print()
        console.print(Text(ended, style="yellow"))
        raise typer.Exit(1) from None
