"""`tabulae serve` and `tabulae bench server`: the game server and its load test."""

from __future__ import annotations

import json
import socket
import sys
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

console = Console()


def _need_server_extra() -> None:
    try:
        import fastapi  # noqa: F401
        import prometheus_client  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError:
        console.print("The server needs its extra: pip install 'tabulae[server]'", markup=False)
        raise typer.Exit(1) from None


def _need_free_port(host: str, port: int) -> None:
    """Refuse a port already taken before anything is created (the database among them)."""
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as error:
            raise typer.BadParameter(
                f"cannot listen on {host}:{port} ({error.strerror}); another server may be "
                "running there: stop it, or choose another port",
                param_hint="--port",
            ) from None


def serve(
    host: Annotated[str, typer.Option(help="address to listen on (loopback by default)")] = (
        "127.0.0.1"
    ),
    port: Annotated[int, typer.Option(help="port to listen on")] = 8000,
    db: Annotated[
        str, typer.Option(help="an SQLite file, or postgresql://user:password@host/database")
    ] = "tabulae.sqlite",
    redis: Annotated[
        str | None,
        typer.Option(help="redis://host:port: fan out updates to other server processes"),
    ] = None,
    game: Annotated[
        list[str] | None, typer.Option(help="offer one more game by module:attr (repeatable)")
    ] = None,
    bot_workers: Annotated[
        int, typer.Option(help="processes deciding for server-side bots, at a lower priority")
    ] = 2,
    bot_seconds: Annotated[
        float, typer.Option(help="wall-clock cap on one bot decision, in seconds")
    ] = 2.0,
    hint_workers: Annotated[
        int,
        typer.Option(
            min=1, help="bot workers that may search hints at once; the rest keep to moves"
        ),
    ] = 1,
    hints_per_table: Annotated[
        int, typer.Option(min=1, help="hints waiting at one table; more are refused as busy")
    ] = 2,
    hint_queue: Annotated[
        int, typer.Option(min=1, help="hints waiting in the process; more are refused as busy")
    ] = 32,
    review_workers: Annotated[
        int,
        typer.Option(
            min=1, help="bot workers that may judge game reviews at once, after all other bot work"
        ),
    ] = 1,
    review_seconds: Annotated[
        float,
        typer.Option(min=0.001, max=60.0, help="the search's time on one decision of a review"),
    ] = 1.0,
    reviews_running: Annotated[
        int, typer.Option(min=1, help="game reviews under way at once; more are refused as busy")
    ] = 4,
    review_cache: Annotated[
        int, typer.Option(min=1, help="finished game reviews kept in memory")
    ] = 64,
    reviews_per_client: Annotated[
        int,
        typer.Option(min=1, help="game reviews under way that one client may have started"),
    ] = 1,
    review_decisions: Annotated[
        int, typer.Option(min=1, help="decisions of one seat a game review may judge")
    ] = 500,
    tables_per_minute: Annotated[
        int, typer.Option(help="new tables one client may create per minute")
    ] = 20,
    open_table_minutes: Annotated[
        float, typer.Option(help="minutes an open table waits for players before it expires")
    ] = 60.0,
    sockets_per_client: Annotated[
        int, typer.Option(help="live WebSockets one client may hold open")
    ] = 32,
    socket_idle_timeout: Annotated[
        float, typer.Option(help="seconds a WebSocket may send nothing (not even a ping)")
    ] = 300.0,
    socket_queue: Annotated[
        int,
        typer.Option(help="messages waiting for a WebSocket that does not read; more drop it"),
    ] = 256,
    socket_frames_per_second: Annotated[
        int, typer.Option(help="frames one WebSocket may send a second; more close it")
    ] = 100,
    header_timeout: Annotated[
        float, typer.Option(help="seconds an HTTP request has to send its headers")
    ] = 10.0,
    keep_alive_timeout: Annotated[
        float, typer.Option(help="seconds an idle HTTP connection is kept open")
    ] = 5.0,
    imports_per_minute: Annotated[
        int, typer.Option(help="match records one client may import per minute", min=1)
    ] = 10,
    import_bytes: Annotated[
        int, typer.Option(help="the largest match record an import may send, in bytes", min=1)
    ] = 1_000_000,
    import_actions: Annotated[
        int, typer.Option(help="the most actions an imported match may have", min=1)
    ] = 10_000,
    replay_cache: Annotated[
        int, typer.Option(help="games over, watched by no one, kept in memory for replay", min=0)
    ] = 100,
    reads_per_minute: Annotated[
        int,
        typer.Option(
            help="costly reads (past versions, exports) a client may make a minute", min=1
        ),
    ] = 180,
    read_burst: Annotated[
        int, typer.Option(help="costly reads one client may make at once", min=1)
    ] = 60,
    take_backs_per_game: Annotated[
        int, typer.Option(help="take-backs one seat may make in one game", min=0)
    ] = 50,
    log_level: Annotated[str, typer.Option(help="uvicorn's log level")] = "info",
    log_format: Annotated[
        str, typer.Option(help="text, or json: one JSON object a line, requests included")
    ] = "text",
    metrics: Annotated[
        str, typer.Option(help="who may read /metrics: loopback, any, or off")
    ] = "loopback",
    metrics_token: Annotated[
        str | None,
        typer.Option(
            envvar="TABULAE_METRICS_TOKEN",
            help="a bearer token /metrics also requires (better given in the environment)",
        ),
    ] = None,
    setting: Annotated[
        list[str] | None,
        typer.Option("--set", help="one more setting as name=value (docs/deploy.md; repeatable)"),
    ] = None,
) -> None:
    """Serve tables, seats and live play over HTTP and WebSockets (docs/server.md)."""
    _need_server_extra()
    if log_format not in ("text", "json"):
        raise typer.BadParameter("text or json", param_hint="--log-format")
    if metrics not in ("loopback", "any", "off"):
        raise typer.BadParameter("loopback, any or off", param_hint="--metrics")
    _need_free_port(host, port)
    import uvicorn

    from tabulae.core import UnknownGame, load
    from tabulae.server import Settings, create_app
    from tabulae.server.http import http_protocol
    from tabulae.server.logs import log_config

    if game and "" not in sys.path:
        sys.path.insert(0, "")  # module:attr references resolve from the working directory
    try:
        for ref in game or ():
            load(ref)
    except UnknownGame as error:
        raise typer.BadParameter(str(error)) from None
    settings = Settings(
        db=db,
        redis=redis,
        extra_games=tuple(game or ()),
        bot_workers=bot_workers,
        bot_seconds=bot_seconds,
        hint_workers=hint_workers,
        hints_per_table=hints_per_table,
        hint_queue=hint_queue,
        review_workers=review_workers,
        review_seconds=review_seconds,
        reviews_running=reviews_running,
        review_cache=review_cache,
        reviews_per_client=reviews_per_client,
        review_decisions=review_decisions,
        tables_per_minute=tables_per_minute,
        open_table_minutes=open_table_minutes,
        sockets_per_client=sockets_per_client,
        socket_idle_timeout=socket_idle_timeout,
        socket_queue=socket_queue,
        socket_frames_per_second=socket_frames_per_second,
        header_timeout=header_timeout,
        keep_alive_timeout=keep_alive_timeout,
        imports_per_minute=imports_per_minute,
        import_bytes=import_bytes,
        import_actions=import_actions,
        replay_cache=replay_cache,
        reads_per_minute=reads_per_minute,
        read_burst=read_burst,
        take_backs_per_game=take_backs_per_game,
        log_format=log_format,
        metrics=metrics,
        metrics_token=metrics_token or None,
    )
    try:
        settings = settings.with_settings(setting or [])
    except ValueError as error:
        raise typer.BadParameter(str(error)) from None
    uvicorn.run(
        create_app(settings),
        host=host,
        port=port,
        log_level=log_level,
        log_config=log_config(log_format, log_level),
        access_log=log_format == "text",  # in JSON, the server logs each request itself
        http=http_protocol(settings.header_timeout),
        # uvicorn declares whole seconds but hands them to loop.call_later, which takes a float
        timeout_keep_alive=settings.keep_alive_timeout,  # type: ignore[arg-type]
        ws_ping_interval=20,
        ws_per_message_deflate=False,  # small messages: compressing costs more than it saves
        timeout_graceful_shutdown=5,
    )


def bench_server(
    tables: Annotated[
        int | None, typer.Option(help="concurrent tables (default 200; with --hostile, 10)")
    ] = None,
    players: Annotated[int, typer.Option(help="seats per table, each a WebSocket client")] = 3,
    game: Annotated[
        str | None, typer.Option(help="a game id or module:attr (default: the first game)")
    ] = None,
    option: Annotated[
        list[str] | None, typer.Option(help="a game option as name=value (repeatable)")
    ] = None,
    seconds: Annotated[
        float | None,
        typer.Option(help="how long to measure (default 20; with --hostile, 10 each phase)"),
    ] = None,
    warmup: Annotated[
        float | None,
        typer.Option(
            help="seconds over which the tables start, before measuring (default 10; "
            "with --hostile, 5)"
        ),
    ] = None,
    think: Annotated[float, typer.Option(help="each client's pause before it acts, in seconds")] = (
        0.5
    ),
    url: Annotated[
        str | None, typer.Option(help="a running server's http://host:port (default: start one)")
    ] = None,
    db: Annotated[
        str | None, typer.Option(help="database for the started server (default: a temp file)")
    ] = None,
    hostile: Annotated[
        list[str] | None,
        typer.Option(
            metavar="KIND",
            help="measure the players alone, then beside a hostile client of this kind: "
            "lobby, hints, imports, replays, pings, take-backs, or all (repeatable)",
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print JSON")] = False,
) -> None:
    """Load-test the server: bot-like clients over WebSockets on loopback; actions/s, latency."""
    _need_server_extra()
    from tabulae.core import BadOptions, UnknownGame, all_games, load
    from tabulae.server.bench import BenchFailed
    from tabulae.server.bench import bench_server as run

    if "" not in sys.path:
        sys.path.insert(0, "")  # module:attr references resolve from the working directory
    game = game or next(iter(all_games()), None)
    if game is None:
        raise typer.BadParameter("no games are registered; name one with --game module:attr")
    options = dict(text.partition("=")[::2] for text in option or ())
    try:
        load(game).configure(players, options)
    except (UnknownGame, BadOptions) as error:
        raise typer.BadParameter(str(error)) from None
    progress = None if as_json else lambda text: console.print(text, style="dim")
    if hostile:
        _bench_hostile(
            _hostile_kinds(hostile),
            game=game,
            options=options,
            tables=10 if tables is None else tables,
            players=players,
            seconds=10.0 if seconds is None else seconds,
            warmup=5.0 if warmup is None else warmup,
            think=think,
            url=url,
            db=db,
            progress=progress,
            as_json=as_json,
        )
        return
    try:
        figures = run(
            tables=200 if tables is None else tables,
            players=players,
            game=game,
            options=options,
            seconds=20.0 if seconds is None else seconds,
            warmup=10.0 if warmup is None else warmup,
            think=think,
            url=url,
            db=db,
            progress=progress,
        )
    except BenchFailed as failure:
        Console(stderr=True).print(f"bench server: {failure}", style="red", soft_wrap=True)
        raise typer.Exit(1) from None
    if as_json:
        print(json.dumps(figures.to_json(), indent=1))
        return
    table = Table("server, loopback", "figure")
    table.add_row("game", f"{figures.game} ({figures.players}p)")
    for name, value in options.items():
        table.add_row(f"option {name}", value)
    table.add_row("concurrent tables", f"{figures.tables}")
    table.add_row("WebSocket clients", f"{figures.clients}")
    table.add_row("think time per action", f"{figures.think * 1000:.0f} ms")
    table.add_row("measured for", f"{figures.seconds:.1f} s")
    table.add_row("actions acknowledged", f"{figures.actions:,}")
    table.add_row("actions/s", f"{figures.actions_per_s:,.0f}")
    table.add_row("latency p50", f"{figures.p50_ms:.1f} ms")
    table.add_row("latency p99", f"{figures.p99_ms:.1f} ms")
    table.add_row("latency max", f"{figures.max_ms:.1f} ms")
    table.add_row("games finished", f"{figures.games:,}")
    table.add_row("refused (stale, retried)", f"{figures.refused:,}")
    for who, cpu in (
        ("server", figures.server_cpu_ms_per_action),
        ("clients'", figures.client_cpu_ms_per_action),
    ):
        if cpu is not None:
            table.add_row(f"{who} CPU per action", f"{cpu:.2f} ms")
    console.print(table)


def _hostile_kinds(named: list[str]) -> list[str]:
    from tabulae.server.bench_hostile import KINDS

    kinds: list[str] = []
    for kind in named:
        if kind != "all" and kind not in KINDS:
            raise typer.BadParameter(
                f"{kind!r} is not one of {', '.join(KINDS)}, all", param_hint="--hostile"
            )
        kinds += [each for each in (KINDS if kind == "all" else (kind,)) if each not in kinds]
    return kinds


def _bench_hostile(kinds: list[str], as_json: bool, **settings: Any) -> None:
    """Each kind's run, then whether the players and the bot table held within the limit."""
    from tabulae.server.bench import BenchFailed
    from tabulae.server.bench_hostile import LIMIT, bench_hostile

    try:
        compared = bench_hostile(kinds, **settings)
    except BenchFailed as failure:
        Console(stderr=True).print(f"bench server: {failure}", style="red", soft_wrap=True)
        raise typer.Exit(1) from None
    if as_json:
        print(json.dumps([each.to_json() for each in compared], indent=1))
        return
    first = compared[0]
    console.print(
        f"{first.game} ({first.players}p), {first.tables} tables of players and one of a "
        f"player and bots, think {first.think * 1000:.0f} ms; each kind measured "
        f"{first.without.seconds:.1f} s alone, then as long beside the hostile client"
    )
    for each in compared:
        alone, beside = each.without, each.beside
        table = Table(f"hostile: {each.kind}", "alone", "beside", "×", f"within {LIMIT:g}×")
        table.add_row(
            "players' actions / reads", *(f"{p.actions:,} / {p.reads:,}" for p in (alone, beside))
        )
        table.add_row("players p50", *(f"{p.p50_ms:.1f} ms" for p in (alone, beside)))
        table.add_row(
            "players p99",
            *(f"{p.p99_ms:.1f} ms" for p in (alone, beside)),
            _times(each.p99_ratio),
            "yes" if each.p99_holds else "NO",
        )
        table.add_row("bot moves", *(f"{p.bot_moves:,}" for p in (alone, beside)))
        table.add_row(
            "bot move time (median)",
            *(f"{p.bot_move_ms:.1f} ms" for p in (alone, beside)),
            _times(each.bot_ratio),
            "yes" if each.bot_holds else "NO",
        )
        table.add_row(
            "bot move time p99", *(f"{p.bot_move_p99_ms:.1f} ms" for p in (alone, beside))
        )
        console.print(table)
        done = ", ".join(f"{name} {count:,}" for name, count in each.hostile.items())
        console.print(f"the hostile client got done: {done or 'nothing'}")
    held = [each.kind for each in compared if each.p99_holds and each.bot_holds]
    console.print(f"within {LIMIT:g}× on both counts: {', '.join(held) or 'none'}")


def _times(ratio: float | None) -> str:
    return "not measured" if ratio is None else f"{ratio:.2f}"
