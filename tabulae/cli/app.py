"""`tabulae`: list the games, measure them, pit bots against each other, replay matches."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import Progress
from rich.table import Table

from tabulae.bots.bench import ismcts_iterations_per_second
from tabulae.core import Game, MatchFormatError, UnknownGame, games, load, visible
from tabulae.core.bench import bench_engine
from tabulae.core.match import Match

from .arena import arena

app = typer.Typer(
    help="Tabulae: Sylla, The Builders: Antiquity and Hadrian's Wall.",
    no_args_is_help=True,
    add_completion=False,
)
console = Console()
app.command()(arena)


def _game(ref: str) -> Game:
    if ":" in ref and "" not in sys.path:
        sys.path.insert(0, "")  # module:attr references resolve from the working directory
    try:
        return load(ref)
    except UnknownGame as error:
        raise typer.BadParameter(str(error)) from None


@app.command("games")
def list_games(as_json: Annotated[bool, typer.Option("--json", help="print JSON")] = False) -> None:
    """List the games with their player counts and options."""
    described = [game.describe() for game in games().values()]
    if as_json:
        print(json.dumps(described, indent=1, ensure_ascii=False))
        return
    table = Table("id", "name", "players", "options (default)")
    for info in described:
        options = "\n".join(
            f"{o['name']}={o['default']}"
            + (f"  [{' / '.join(map(str, o['choices']))}]" if "choices" in o else "")
            for o in info["options"]
        )
        low, high = info["players"]
        table.add_row(info["id"], info["name"], f"{low}–{high}", options or "—")
    console.print(table)


@app.command()
def bench(
    game: Annotated[
        str | None, typer.Argument(help="a game id or module:attr (all if omitted)")
    ] = None,
    players: Annotated[
        int | None, typer.Option(help="player count (default: 4 where allowed)")
    ] = None,
    seconds: Annotated[float, typer.Option(help="playout time per game")] = 2.0,
    as_json: Annotated[bool, typer.Option("--json", help="print JSON")] = False,
) -> None:
    """Measure engine speed on random playouts (games, actions and protocol calls per second)
    and search speed (ISMCTS iterations per second)."""
    chosen = [_game(game)] if game else list(games().values())
    if not chosen:
        raise typer.BadParameter("no games are registered")
    figures = []
    with Progress(console=Console(stderr=True), transient=True, disable=as_json) as bar:
        for each in chosen:
            task = bar.add_task(f"{each.id}", total=1.0)
            engine = bench_engine(
                each, players, seconds, progress=lambda f, t=task: bar.update(t, completed=f)
            ).to_json()
            search = ismcts_iterations_per_second(each, engine["players"], seconds / 2)
            figures.append({**engine, "ismcts_iterations_per_s": search})
    if as_json:
        print(json.dumps(figures, indent=1))
        return
    table = Table("engine, one core", *(f"{f['game']} ({f['players']}p)" for f in figures))
    rows = [
        ("random games played", "games", "{:,.0f}"),
        ("actions per game", "actions_per_game", "{:,.0f}"),
        ("ms per game", "ms_per_game", "{:,.2f}"),
        ("games/s", "games_per_s", "{:,.0f}"),
        ("applied actions/s", "actions_per_s", "{:,.0f}"),
        ("legal_actions calls/s", "legal_actions_per_s", "{:,.0f}"),
        ("clone/s", "clones_per_s", "{:,.0f}"),
        ("determinize/s", "determinizations_per_s", "{:,.0f}"),
        ("ISMCTS iterations/s", "ismcts_iterations_per_s", "{:,.0f}"),
    ]
    for label, field, style in rows:
        table.add_row(label, *(style.format(f[field]) for f in figures))
    console.print(table)


@app.command()
def replay(
    path: Annotated[
        Path, typer.Argument(help="a match record (JSON)", exists=True, dir_okay=False)
    ],
) -> None:
    """Replay a match record: print its public event log and the result."""
    try:
        match = Match.open(path)
        state = match.replay()
    except (MatchFormatError, UnknownGame) as error:
        console.print(f"[red]Cannot replay {path}:[/red] {error}")
        raise typer.Exit(1) from None
    console.print(f"[bold]{match.game}[/bold] · {match.players} players · seed {match.seed}")
    for event in visible(state.events, None):
        args = ", ".join(f"{k}={v}" for k, v in event.args.items())
        console.print(f"  {event.key}" + (f"  {args}" if args else ""), highlight=False)
    result = state.result()
    if result is None:
        console.print(f"The match stops after {len(match.actions)} actions; the game is not over.")
        return
    for seat in sorted(range(match.players), key=lambda s: result.ranks[s]):
        console.print(f"  {result.ranks[seat]}. {match.seats[seat]}: {result.scores[seat]}")


def main() -> None:
    app()
