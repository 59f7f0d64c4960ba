"""`tabulae review`: a finished match, one seat's decisions judged by the strongest bot from
what that seat knew, with marks and the game's turning points."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.text import Text

from tabulae.bots.review import review as judge_match
from tabulae.core import MatchFormatError, UnknownGame
from tabulae.i18n import GameText
from tabulae.tui import review as screens
from tabulae.tui import saving

from .play import Lang, _game, _translator

MOST_SECONDS = 60.0
"""The longest think per decision a review may ask for, as a bot's own limit."""
MOST_ITERATIONS = 100_000


def review(
    path: Annotated[
        Path,
        typer.Argument(help="a match record (JSON) or a saved game", exists=True, dir_okay=False),
    ],
    seat: Annotated[
        int | None,
        typer.Option(
            help="the seat to review, from 1 (default: the first person's seat in a saved game, "
            "else 1)"
        ),
    ] = None,
    seconds: Annotated[
        float,
        typer.Option(min=0.001, max=MOST_SECONDS, help="the search's time per decision, at most"),
    ] = 1.0,
    iterations: Annotated[
        int | None,
        typer.Option(
            min=1,
            max=MOST_ITERATIONS,
            help="the futures searched per decision, at most (with a fixed --seed, the same "
            "review on every machine when --seconds is not reached first)",
        ),
    ] = None,
    seed: Annotated[int, typer.Option(help="the search's seed: same seed, same review")] = 0,
    as_json: Annotated[bool, typer.Option("--json", help="print JSON")] = False,
    lang: Lang = None,
) -> None:
    """Review a match: each decision of one seat judged by the strongest bot from what that seat
    knew, marked good, inaccuracy, mistake or blunder, and the game's turning points."""
    tr = _translator(lang)
    try:
        match, seats, _ = saving.load(path)
        game = _game(match.game)
    except (MatchFormatError, UnknownGame, typer.BadParameter, OSError) as error:
        message = tr._("Cannot review {path}: {error}", path=str(path), error=str(error))
        Console(stderr=True).print(Text(message, style="red"), soft_wrap=True)
        raise typer.Exit(1) from None
    if seat is None:
        people = [number for number, each in enumerate(seats or []) if each.human]
        seat = people[0] + 1 if people else 1
    if not 1 <= seat <= match.players:
        raise typer.BadParameter(
            tr._("The seats are numbered 1 to {players}.", players=match.players),
            param_hint="--seat",
        )
    text = GameText(tr, game, match.seats)
    errors = Console(stderr=True)
    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=errors, transient=True, disable=not errors.is_terminal) as bar:
        task = bar.add_task(tr._("Reviewing {name}…", name=text.seat(seat - 1)), total=None)

        def advance(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        try:
            found = judge_match(match, seat - 1, seconds, iterations, seed, progress=advance)
        except MatchFormatError as error:
            message = tr._("Cannot review {path}: {error}", path=str(path), error=str(error))
            errors.print(Text(message, style="red"), soft_wrap=True)
            raise typer.Exit(1) from None
    if as_json:
        print(json.dumps({**found.to_json(), "names": list(match.seats)}, ensure_ascii=False))
        return
    console = Console(highlight=False)
    if not console.is_terminal:
        console = Console(highlight=False, width=120)  # a file or pipe: no terminal width to fit
    console.print(screens.header(text, found, match.seed))
    if not found.decisions:
        console.print(screens.nothing_to_review(text, found.seat))
        return
    console.print(screens.decisions(text, found))
    console.print(screens.summary(text, found))
    console.print(screens.turning_points(text, found))
