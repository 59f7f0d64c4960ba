"""The FastAPI application: the API, the live WebSocket and the browser interface's files."""

from __future__ import annotations

import gc
import logging
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException

import tabulae
from tabulae.i18n import N_

from . import api, api_lessons, api_players, api_rules, health, interface, metrics, ws
from .config import Settings
from .errors import ApiError, invalid, language
from .lobby import Lobby

log = logging.getLogger("tabulae.server")


def calm_collector() -> None:
    """Shorter and rarer garbage-collector pauses.

    What start-up built (modules, rebuilt tables) lives as long as the process, so it is frozen
    out of the collector's scans. Everything else that lives long, every table in play and every
    connection, is what a full scan walks: with hundreds of tables one takes about a hundred
    milliseconds, and by default one came every few seconds, as each action's new state
    outlived a young scan. Young scans now wait for more allocations, so most states die first,
    and a full scan waits for ten times as many middle ones.
    """
    gc.collect()
    gc.freeze()
    gc.set_threshold(2000, 10, 100)


# What is wrong with a field, by pydantic's error type, in words a player reads.
PROBLEMS = {
    "missing": N_("The request lacks {field}."),
    "extra_forbidden": N_("The request has {field}, which it does not take."),
    "string_too_long": N_("{field} is too long."),
    "string_too_short": N_("{field} is too short."),
    "too_long": N_("{field} is too long."),
    "string_pattern_mismatch": N_("{field} is not written as it should be."),
}
OUT_OF_RANGE = ("greater_than", "greater_than_equal", "less_than", "less_than_equal")


def unreadable(problems: Sequence[Any]) -> ApiError:
    """The first problem of a request pydantic refused, in a player's words: a validator's own
    refusal (a name too long) in its words, else what is wrong with which field."""
    for problem in problems:
        refusal = getattr(problem.get("ctx", {}).get("error"), "refusal", None)
        if isinstance(refusal, ApiError):
            return invalid(refusal.template, **(refusal.words or {}))
    if not problems:
        return invalid(N_("The request cannot be read."))
    problem = problems[0]
    field = ".".join(str(part) for part in problem["loc"] if part not in ("body", "query"))
    kind = problem.get("type", "")
    if kind in OUT_OF_RANGE:
        return invalid(N_("{field} is out of range."), field=field or "?")
    template = PROBLEMS.get(kind, N_("{field} is not valid."))
    return invalid(template, field=field or "?")


def create_app(settings: Settings) -> FastAPI:
    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        lobby = app.state.lobby = Lobby(settings)
        await lobby.start()
        metrics.watch(lobby)
        calm_collector()
        log.info("tabulae server: %d running tables rebuilt", len(lobby.tables.in_memory))
        yield
        metrics.watch(None)
        await lobby.stop()

    app = FastAPI(
        title="Tabulae",
        version=tabulae.__version__,
        description="Tables, seats and live play of Sylla, The Builders: Antiquity and "
        "Hadrian's Wall. See docs/server.md.",
        lifespan=lifespan,
    )
    app.state.settings = settings
    app.add_middleware(metrics.Observed, access_log=settings.log_format == "json")

    @app.exception_handler(ApiError)
    async def refused(request: Request, error: ApiError) -> JSONResponse:
        metrics.refused(error)
        lang = language(request.headers.get("accept-language"))
        return JSONResponse(error.to_json(lang), status_code=error.status)

    @app.exception_handler(RequestValidationError)
    async def malformed(request: Request, error: RequestValidationError) -> JSONResponse:
        body = unreadable(error.errors())
        metrics.refused(body)
        lang = language(request.headers.get("accept-language"))
        return JSONResponse(body.to_json(lang), status_code=422)

    @app.exception_handler(HTTPException)
    async def elsewhere(request: Request, error: HTTPException) -> JSONResponse:
        """Refusals made before the API's own code runs, in the API's shape: a body that cannot
        be read is malformed input like any other (422)."""
        if error.status_code == 400:
            body = invalid(N_("The request cannot be read."))
        else:
            code = {404: "not_found", 405: "method_not_allowed"}.get(error.status_code, "refused")
            body = ApiError(error.status_code, code, str(error.detail))
        metrics.refused(body)
        lang = language(request.headers.get("accept-language"))
        return JSONResponse(body.to_json(lang), status_code=body.status, headers=error.headers)

    app.include_router(api.router)
    app.include_router(api_players.router)
    app.include_router(api_lessons.router)
    app.include_router(api_rules.router)
    app.include_router(interface.router)
    app.include_router(interface.boards)
    app.include_router(ws.router)
    app.include_router(health.router)
    if settings.metrics != "off":
        app.include_router(metrics.router)
    if settings.static_dir is not None and settings.static_dir.is_dir():
        app.mount("/", StaticFiles(directory=settings.static_dir, html=True), name="web")
    return app
