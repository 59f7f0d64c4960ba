"""`tabulae`: list the games, measure them, pit bots against each other, replay matches."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console
from rich.progress import Progress, TaskID
from rich.table import Table
from rich.text import Text

from tabulae.bots.bench import ismcts_iterations_per_second
from tabulae.core import BadOptions, all_games
from tabulae.core.bench import bench_engine

from .admin import admin_app
from .arena import arena
from .backup import backup, restore
from .finding import find_game
from .groups import DefaultCommandGroup
from .learn import learn
from .play import play, replay, resume
from .research import research_app
from .review import review
from .rules import rules
from .serve import bench_server, serve

if TYPE_CHECKING:
    from tabulae.interop.bench import AdapterFigures

app = typer.Typer(
    help="Tabulae: Sylla, The Builders: Antiquity and Hadrian's Wall.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,  # plain help: flags without a made-up "<bool>" value
)
console = Console()
bench_app = typer.Typer(
    cls=DefaultCommandGroup,
    help="Measure speed: the engine (`tabulae bench [GAME]`) or the server (`bench server`).",
    rich_markup_mode=None,
)


@app.command("games")
def list_games(as_json: Annotated[bool, typer.Option("--json", help="print JSON")] = False) -> None:
    """List the games with their player counts and options (name=default [choices])."""
    described = [game.describe() for game in all_games().values()]
    if as_json:
        print(json.dumps(described, indent=1, ensure_ascii=False))
        return
    for info in described:
        low, high = info["players"]
        console.print(Text.assemble((info["id"], "bold"), f" · {info['name']} · {low}–{high}"))
        for option in info["options"]:
            line = f"  -o {option['name']}={option['default']}"
            if "choices" in option:
                line += f"  [{' / '.join(map(str, option['choices']))}]"
            console.print(Text(line), soft_wrap=True)  # whole names, whatever the width


@bench_app.command("engine")
def bench(
    game: Annotated[
        str | None, typer.Argument(help="a game id or module:attr (all if omitted)")
    ] = None,
    players: Annotated[
        int | None, typer.Option(help="player count (default: 4 where allowed)")
    ] = None,
    seconds: Annotated[
        float,
        typer.Option(
            help="seconds of random playouts per game (the call timings, the ISMCTS search and "
            "the adapters add to it)"
        ),
    ] = 2.0,
    adapters: Annotated[
        bool, typer.Option(help="also time PettingZoo, OpenSpiel and Gymnasium (research extra)")
    ] = True,
    as_json: Annotated[bool, typer.Option("--json", help="print JSON")] = False,
) -> None:
    """Measure engine speed on random playouts (games, actions and protocol calls per second)
    and search speed (ISMCTS iterations per second). `tabulae bench server --help`: the server's
    load test."""
    chosen = [find_game(game)] if game else list(all_games().values())
    if not chosen:
        raise typer.BadParameter("no games are registered")
    if players is not None:
        for each in chosen:
            try:
                each.configure(players)
            except BadOptions as error:
                raise typer.BadParameter(str(error), param_hint="--players") from None
    adapter_bench = _adapter_bench() if adapters else None
    figures, adapter_figures = [], []
    with Progress(console=Console(stderr=True), transient=True, disable=as_json) as bar:
        for each in chosen:
            task = bar.add_task(f"{each.id}", total=1.0)

            def advance(done: float, task: TaskID = task) -> None:
                bar.update(task, completed=done)

            engine = bench_engine(each, players, seconds, progress=advance).to_json()
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


def _adapter_bench() -> Callable[..., AdapterFigures] | None:
    """The adapter benchmark, or None (with a note) when the research extra is missing."""
    try:
        from tabulae.interop.bench import bench_adapters
    except ImportError as missing:
        hint = f"Adapters not timed: {missing.name} is not installed"
        Console(stderr=True).print(f"{hint} (pip install 'tabulae[research]')", markup=False)
        return None
    return bench_adapters


app.command()(play)
app.command()(replay)
app.command()(review)
app.command()(resume)
app.command()(learn)
app.command()(rules)
app.command()(serve)
app.command()(arena)
app.add_typer(bench_app, name="bench")
app.add_typer(admin_app, name="admin")
app.add_typer(research_app, name="research")
admin_app.command("backup")(backup)
admin_app.command("restore")(restore)
bench_app.command("server")(bench_server)


def main() -> None:
    app()
