"""`tabulae arena`: bots play many games in rotated seats; their results, measured."""

from __future__ import annotations

import csv
import json
import sys
import time
from collections.abc import Callable
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from tabulae.arena import BACKENDS, ArenaSetup, GameRecord, Summary, parse_entrants, run_arena
from tabulae.core import BadOptions, UnknownGame, load


def arena(
    game: Annotated[str, typer.Argument(help="a game id or module:attr")],
    bots: Annotated[
        str,
        typer.Option(
            help="comma-separated levels (easy, medium, hard, ismcts) or bots, one per seat, "
            "with parameters after colons and *N for N alike (hard,ismcts:seconds=1,random*2)"
        ),
    ],
    players: Annotated[int | None, typer.Option(help="player count (default: one per bot)")] = None,
    games: Annotated[int, typer.Option(help="games to play")] = 100,
    seed: Annotated[int, typer.Option(help="the arena's seed: same seed, same games")] = 0,
    workers: Annotated[int, typer.Option(help="games played at once")] = 1,
    backend: Annotated[
        str, typer.Option(help=f"where games run: {' or '.join(BACKENDS)}")
    ] = "processes",
    address: Annotated[
        str | None, typer.Option(help="a Ray cluster to join (default: start a local one)")
    ] = None,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="a game option, name=value")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print JSON")] = False,
    as_csv: Annotated[bool, typer.Option("--csv", help="print CSV, one row per bot")] = False,
) -> None:
    """Play bots against each other in rotated seats and measure their win rates."""
    if ":" in game and "" not in sys.path:
        sys.path.insert(0, "")  # module:attr references resolve from the working directory
    try:
        entrants = parse_entrants(bots)
        options = tuple(_options(option or []))
        count = len(entrants) if players is None else players
        load(game).configure(count, dict(options))  # the game's own player count comes first
        setup = ArenaSetup(
            game=game,
            players=count,
            entrants=entrants,
            games=games,
            seed=seed,
            options=options,
        )
    except (ValueError, UnknownGame, BadOptions) as error:
        raise typer.BadParameter(str(error)) from None
    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
    )
    errors = Console(stderr=True)
    with Progress(*columns, console=errors, transient=True, disable=not errors.is_terminal) as bar:
        task = bar.add_task(f"{game} arena", total=games)

        def advance(_: GameRecord) -> None:
            bar.advance(task)

        played = advance if errors.is_terminal else _lines(game, games)
        try:
            summary = run_arena(setup, workers, backend, address, progress=played)
        except (ValueError, RuntimeError) as error:
            raise typer.BadParameter(str(error)) from None
    if as_json:
        print(json.dumps(summary.to_json(), indent=1))
    elif as_csv:
        rows = summary.rows()
        writer = csv.DictWriter(sys.stdout, fieldnames=list(rows[0]), lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
    else:
        console = Console()
        if not console.is_terminal:
            console = Console(width=120)  # a file or pipe: no terminal width to fit
        console.print(_table(summary))


def _lines(game: str, games: int) -> Callable[[GameRecord], None]:
    """Progress for a log rather than a terminal: a line on standard error for each game
    played, with the time since the arena began, so a long arena is seen to move on."""
    start, done = time.monotonic(), 0

    def played(_: GameRecord) -> None:
        nonlocal done
        done += 1
        elapsed = round(time.monotonic() - start)
        print(f"{game} arena: {done} of {games} games played, {elapsed} s", file=sys.stderr)

    return played


def _options(pairs: list[str]) -> list[tuple[str, str]]:
    options = []
    for pair in pairs:
        name, equals, value = pair.partition("=")
        if not equals:
            raise ValueError(f"game option {pair!r} is not written name=value")
        options.append((name, value))
    return options


def _table(summary: Summary) -> Table:
    setup = summary.setup
    table = Table(
        "bot",
        "wins (95% CI)",
        "score",
        "rank",
        "OpenSkill",
        *(f"seat {seat}" for seat in range(1, setup.players + 1)),
        "s/move",
        "CPU s/move",
        title=f"{setup.game}: {setup.players} players, {setup.games} games, seed {setup.seed}",
        caption=f"Fair share {summary.fair_share:.0%}. Wins by seat, whoever sits there: "
        + ", ".join(f"{rate.value:.0%}" for rate in summary.seats)
        + ". Seat 1 starts.",
    )
    for s in summary.standings:
        table.add_row(
            s.label,
            f"{s.win_rate.value:.1%} ({s.win_rate.low:.0%}–{s.win_rate.high:.0%})",
            f"{s.mean_score:.2f}",
            f"{s.mean_rank:.2f}",
            f"{s.mu:.1f}±{s.sigma:.1f}",
            *(f"{rate.value:.0%}" for rate in s.by_seat),
            f"{s.seconds_per_decision:.3f}",
            f"{s.cpu_seconds_per_decision:.3f}",
        )
    return table
