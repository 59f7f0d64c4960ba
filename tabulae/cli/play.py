"""`tabulae play`, `resume` and `replay`: a game at the terminal against bots or friends, and a
match record told as the table heard it."""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.text import Text

from tabulae.core import BadOptions, Game, Match, MatchFormatError, UnknownGame
from tabulae.i18n import LANGUAGES, Translator, default_language, translator
from tabulae.tui import saving
from tabulae.tui.replay import replay as tell
from tabulae.tui.seats import HUMAN, Seat, SeatError, default_seats, parse_seats
from tabulae.tui.session import Leave, Session

from .finding import find_game

DEFAULT_PLAYERS = 3

Lang = Annotated[
    str | None,
    typer.Option(help=f"language: {', '.join(LANGUAGES)} (default: from the locale)"),
]
Seats = Annotated[
    str | None,
    typer.Option(
        help="who sits where, comma-separated: 'human', a level (easy, medium, hard, ismcts) or "
        "a bot with parameters after colons (human,hard,ismcts:iterations=200,random); "
        "default: you in seat 1, bots in the others"
    ),
]


def play(
    game: Annotated[str, typer.Argument(help="a game id (see `tabulae games`) or module:attr")],
    seats: Seats = None,
    players: Annotated[
        int | None,
        typer.Option(help=f"players when --seats is not given (default {DEFAULT_PLAYERS})"),
    ] = None,
    seed: Annotated[
        int | None, typer.Option(help="the game's seed (default: random, shown)")
    ] = None,
    names: Annotated[str | None, typer.Option(help="players' names, comma-separated")] = None,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="a game option: name=value")
    ] = None,
    save: Annotated[
        Path | None, typer.Option(help="save the game to this file after every move")
    ] = None,
    lang: Lang = None,
) -> None:
    """Play a game at the terminal against bots or friends."""
    tr = _translator(lang)
    rules = _game(game)
    try:
        table = parse_seats(seats) if seats else None
    except SeatError as error:
        raise typer.BadParameter(
            tr._(error.message, **error.values), param_hint="--seats"
        ) from None
    count = len(table) if table else _players(rules) if players is None else players
    options = _options(option or [], tr)
    try:
        rules.configure(count, options)
    except BadOptions as error:
        raise typer.BadParameter(str(error)) from None
    if table and players is not None and players != len(table):
        message = tr._(
            "--players {players} does not match {seats:# seat|# seats}.",
            players=players,
            seats=len(table),
        )
        raise typer.BadParameter(message)
    table = table or default_seats(count)
    match = Match(
        game,
        count,
        secrets.randbelow(1_000_000) if seed is None else seed,
        options,
        _names(table, names.split(",") if names else [], tr),
    )
    _run(Session(match, table, tr, _console(), save_path=save))


def resume(
    path: Annotated[Path, typer.Argument(help="a saved game", exists=True, dir_okay=False)],
    seats: Seats = None,
    save: Annotated[
        Path | None, typer.Option(help="save to this file instead of the one resumed")
    ] = None,
    lang: Lang = None,
) -> None:
    """Resume a saved game (people and bots take their seats again)."""
    tr = _translator(lang)
    try:
        match, table, bot_rng = saving.load(path)
        _game(match.game)
        if seats:
            table = parse_seats(seats)
        table = table or [Seat(HUMAN)] * match.players
        if len(table) != match.players:
            message = tr._(
                "{seats:# seat|# seats} for {players:# player|# players}.",
                seats=len(table),
                players=match.players,
            )
            raise typer.BadParameter(message, param_hint="--seats")
        session = Session(match, table, tr, _console(), save_path=save or path, bot_rng=bot_rng)
    except (MatchFormatError, OSError) as error:
        raise typer.BadParameter(
            tr._("Cannot resume {path}: {error}", path=str(path), error=str(error))
        ) from None
    except SeatError as error:
        raise typer.BadParameter(tr._(error.message, **error.values)) from None
    _run(session)


def replay(
    path: Annotated[
        Path, typer.Argument(help="a match record (JSON)", exists=True, dir_okay=False)
    ],
    lang: Lang = None,
) -> None:
    """Replay a match record: tell its public events as play does, then the result."""
    tr = _translator(lang)
    try:
        match = Match.open(path)
        _game(match.game)
        tell(match, tr, _console())
    except (MatchFormatError, UnknownGame, typer.BadParameter) as error:
        message = tr._("Cannot replay {path}: {error}", path=str(path), error=str(error))
        Console(stderr=True).print(Text(message, style="red"), soft_wrap=True)
        raise typer.Exit(1) from None


def _run(session: Session) -> None:
    tr = session.tr
    if session.save_path:  # a file that cannot be written is refused before the first move
        try:
            session.save(session.save_path)
        except OSError as error:
            raise typer.BadParameter(
                tr._(
                    "Cannot save to {path}: {reason}.",
                    path=str(session.save_path),
                    reason=error.strerror,
                ),
                param_hint="--save",
            ) from None
    try:
        session.run()
    except Leave as left:
        session.console.print(_resume_hint(tr, left.path), soft_wrap=True)
    except (EOFError, KeyboardInterrupt) as stop:
        ended = tr._("The input ended.") if isinstance(stop, EOFError) else tr._("Interrupted.")
        session.console.print()
        session.console.print(Text(ended, style="yellow"))
        path = session.default_path()
        if session.save_quietly(path):
            session.console.print(_resume_hint(tr, path), soft_wrap=True)
        raise typer.Exit(1) from None


def _resume_hint(tr: Translator, path: Path) -> Text:
    return Text(tr._("Saved to {path}. Go on with: tabulae resume {path}", path=str(path)))


def _translator(lang: str | None) -> Translator:
    try:
        return translator(lang or default_language())
    except ValueError:
        raise typer.BadParameter(f"{lang!r}: {', '.join(LANGUAGES)}", param_hint="--lang") from None


def _game(ref: str) -> Game:
    try:
        return find_game(ref)
    except (typer.BadParameter, UnknownGame) as error:
        raise typer.BadParameter(str(error)) from None


def _players(game: Game) -> int:
    return min(max(DEFAULT_PLAYERS, game.min_players), game.max_players)


def _names(seats: list[Seat], given: list[str], tr: Translator) -> list[str]:
    """Every seat's name: `given` names them all, or only the people (bots keep "Bot N");
    unnamed people are "Player N"."""
    given = [name.strip() for name in given]
    people = [number for number, seat in enumerate(seats) if seat.human]
    if given and len(given) not in (len(seats), len(people)):
        message = tr._(
            "{names:# name|# names} for {players:# player|# players}: "
            "name them all, or only the people ({people}).",
            names=len(given),
            players=len(seats),
            people=len(people),
        )
        raise typer.BadParameter(message, param_hint="--names")
    named = dict(
        zip(range(len(seats)) if len(given) == len(seats) else people, given, strict=False)
    )
    return [
        named.get(seat)
        or (tr._("Player {n}", n=seat + 1) if spec.human else tr._("Bot {n}", n=seat + 1))
        for seat, spec in enumerate(seats)
    ]


def _options(settings: list[str], tr: Translator) -> dict[str, str]:
    options = {}
    for setting in settings:
        name, equals, value = setting.partition("=")
        if not equals:
            message = tr._("Options are written name=value, not {text}.", text=setting)
            raise typer.BadParameter(message, param_hint="--option")
        options[name.strip()] = value.strip()
    return options


def _console() -> Console:
    return Console(highlight=False)
