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

from .admin import admin_app
from .arena import arena
from .groups import DefaultCommandGroup
from .play import play, resume
from .serve import bench_server, serve

app = typer.Typer(
    help="Tabulae: Sylla, The Builders: Antiquity and Hadrian's Wall.",
    no_args_is_help=True,
    add_completion=False,
)
console = Console()
bench_app = typer.Typer(
    cls=DefaultCommandGroup,
    help="Measure speed: the engine (`tabulae bench [GAME]`) or the server (`bench server`).",
)


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
            + (f"  \\[{' / '.join(map(str, o['choices']))}]" if "choices" in o else "")
            for o in info["options"]
        )
        low, high = info["players"]
        table.add_row(info["id"], info["name"], f"{low}–{high}", options or "—")
    console.print(table)


@bench_app.command("engine")
def bench(
    game: Annotated[
        str | None, typer.Argument(help="a game id or module:attr (all if omitted)")
    ] = None,
    players: Annotated[
        int | None, typer.Option(help="player count (default: 4 where allowed)")
    ] = None,
    seconds: Annotated[float, typer.Option(help="playout time per game")] = 2.0,
    adapters: Annotated[
        bool, typer.Option(help="also time PettingZoo, OpenSpiel and Gymnasium (research extra)")
    ] = True,
    as_json: Annotated[bool, typer.Option("--json", help="print JSON")] = False,
) -> None:
    """Measure engine speed on random playouts (games, actions and protocol calls per second)
    and search speed (ISMCTS iterations per second)."""
    chosen = [_game(game)] if game else list(games().values())
    if not chosen:
        raise typer.BadParameter("no games are registered")
    adapter_bench = _adapter_bench() if adapters else None
    figures, adapter_figures = [], []
    with Progress(console=Console(stderr=True), transient=True, disable=as_json) as bar:
        for each in chosen:
            task = bar.add_task(f"{each.id}", total=1.0)
            engine = bench_engine(
                each, players, seconds, progress=lambda f, t=task: bar.update(t, completed=f)
            ).to_json()
            search = ismcts_iterations_per_second(each, engine["players"], seconds / 2)
            figures.append({**engine, "ismcts_iterations_per_s": search})
            if adapter_bench:
                adapter_figures.append(adapter_bench(each, players, seconds))
    if as_json:
        for row, extra in zip(figures, adapter_figures, strict=False):
            row["adapters"] = extra.to_json()
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
    adapter_rows = [
        ("PettingZoo steps/s", "pettingzoo_steps_per_s"),
        ("OpenSpiel steps/s", "openspiel_steps_per_s"),
        ("Gymnasium steps/s", "gymnasium_steps_per_s"),
    ]
    for label, field in adapter_rows if adapter_figures else ():
        values = (getattr(a, field) for a in adapter_figures)
        table.add_row(label, *("—" if v is None else f"{v:,.0f}" for v in values))
    console.print(table)


def _adapter_bench():
    """The adapter benchmark, or None (with a note) when the research extra is missing."""
    try:
        from tabulae.interop.bench import bench_adapters
    except ImportError as missing:
        Console(stderr=True).print(
            f"Adapters not timed: {missing.name} is not installed (pip install 'tabulae[research]')"
        )
        return None
    return bench_adapters


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


app.command()(play)
app.command()(resume)
app.command()(serve)
app.command()(arena)
app.add_typer(bench_app, name="bench")
app.add_typer(admin_app, name="admin")
bench_app.command("server")(bench_server)


def main() -> None:
    app()
