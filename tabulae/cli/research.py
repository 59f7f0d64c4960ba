"""`tabulae research`: the reference figures a learner is measured against."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

research_app = typer.Typer(
    help="Research: reference baselines for learners (docs/research.md).",
    no_args_is_help=True,
    rich_markup_mode=None,
)


@research_app.command("baselines")
def baselines(
    games: Annotated[
        int, typer.Option(min=1, help="games per seed for each reference and configuration")
    ] = 10,
    seeds: Annotated[int, typer.Option(min=1, help="seeds (0 … N-1), each its own deals")] = 3,
    seconds: Annotated[
        float,
        typer.Option(
            min=0.001, max=30, help="medium's think time a decision, in seconds; hard gets twice"
        ),
    ] = 0.1,
    out: Annotated[
        Path, typer.Option(help="a folder; the results go to a new timestamped folder in it")
    ] = Path("results"),
    game: Annotated[
        list[str] | None,
        typer.Option(help="measure only this game (an id); repeat for several (default: all)"),
    ] = None,
    only: Annotated[
        list[str] | None,
        typer.Option(
            help="measure only this reference (random, first, last, greedy, medium, "
            "hard); repeat for several (default: all)"
        ),
    ] = None,
) -> None:
    """Play random, the constant policies, greedy, medium and hard against random bots in
    each game at the player counts it names for baselines (Sylla at 3 players, The Builders
    at 2, Hadrian's Wall solo and at 2), and write the mean scores and win rates with
    standard errors and CPU time per decision as JSON, Markdown and (with matplotlib) a PNG."""
    from tabulae.core import UnknownGame
    from tabulae.interop.baselines import configurations, references, run, write_results

    try:
        measured = configurations(game or ())
    except UnknownGame as error:
        raise typer.BadParameter(str(error), param_hint="--game") from None

    known = {reference.name for reference in references(seconds)}
    for name in only or ():
        if name not in known:
            raise typer.BadParameter(f"no reference {name!r} ({', '.join(sorted(known))})")
    errors = Console(stderr=True)
    report = run(
        games,
        seeds,
        seconds,
        measured,
        chosen=only,
        progress=lambda line: errors.print(line, markup=False, highlight=False),
    )
    folder = write_results(report, out, ["tabulae", "research", *sys.argv[2:]])
    print(folder)


@research_app.command("train")
def train(
    game: Annotated[str, typer.Argument(help="a game id (tabulae games lists them)")],
    players: Annotated[int, typer.Option(min=1, help="the player count to train for")] = 2,
    generations: Annotated[
        int, typer.Option(min=1, max=1_000, help="rounds of self-play, each refitting the value")
    ] = 4,
    games_per_generation: Annotated[
        int, typer.Option(min=1, max=1_000_000, help="self-play games in each generation")
    ] = 200,
    seed: Annotated[int, typer.Option(help="the seed of the self-play deals and choices")] = 0,
    exploring: Annotated[
        float, typer.Option(min=0, max=1, help="the share of decisions played at random")
    ] = 0.05,
    ridge: Annotated[
        float, typer.Option(min=0, max=1e6, help="the pull toward greedy's weights, per afterstate")
    ] = 0.05,
    out: Annotated[
        Path, typer.Option(help="a folder; the weights go to a new timestamped folder in it")
    ] = Path("results"),
) -> None:
    """Train the learned bot by self-play: one value for every seat, starting from greedy's
    play, refitted each generation on every seat's afterstates labelled with its own final
    margin. Writes learned-<N>p.npz (play it with learned:weights=PATH) and train.json."""
    from tabulae.core import BadOptions, UnknownGame, load

    try:
        load(game).configure(players, {})
    except (UnknownGame, BadOptions) as error:
        raise typer.BadParameter(str(error)) from None
    from tabulae.interop.selfplay import train as run_training
    from tabulae.interop.selfplay import write_results

    errors = Console(stderr=True)
    try:
        weights, history = run_training(
            game,
            players,
            generations,
            games_per_generation,
            seed,
            exploring=exploring,
            ridge=ridge,
            progress=lambda line: errors.print(line, markup=False, highlight=False),
        )
    except ValueError as error:
        raise typer.BadParameter(str(error)) from None
    folder = write_results(weights, history, out, ["tabulae", "research", *sys.argv[2:]])
    print(folder)
