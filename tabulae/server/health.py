"""Liveness and readiness for process supervisors and load balancers.

`/healthz` answers as long as the process serves requests, and touches nothing else, so a
supervisor restarts only a process that is really stuck. `/readyz` checks what serving players
needs, the database and (when configured) Redis, so a load balancer sends no one to a process
that cannot reach them; a restart would not help those.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import sqlalchemy as sa
from fastapi import APIRouter
from fastapi.responses import JSONResponse

from .depends import Config, Store, TheLobby
from .storage import Storage

log = logging.getLogger("tabulae.server")
router = APIRouter()


@router.get("/healthz", operation_id="healthz", summary="Liveness: the process answers")
async def healthz() -> dict[str, Any]:
    return {"ok": True}


def _read_schema(storage: Storage) -> None:
    """A query through a connection of the server's pool, on a table every database has."""
    with storage.engine.connect() as db:
        db.execute(sa.text("SELECT version_num FROM alembic_version")).all()


async def _check(name: str, work: Any, seconds: float) -> str:
    """`ok`, or `down` (the reason goes to the log, not to whoever asked)."""
    try:
        await asyncio.wait_for(work, seconds)
    except TimeoutError:
        log.warning("readiness: %s did not answer within %s s", name, seconds)
        return "down"
    except Exception as error:  # any failure to reach it means not ready
        log.warning("readiness: %s is down: %s", name, error)
        return "down"
    return "ok"


@router.get(
    "/readyz",
    operation_id="readyz",
    summary="Readiness: the database and Redis are reachable",
    responses={503: {"description": "Something the server needs is down"}},
)
async def readyz(lobby: TheLobby, database: Store, settings: Config) -> JSONResponse:
    seconds = settings.ready_timeout
    checks = {
        "database": await _check(
            "the database", asyncio.to_thread(_read_schema, database.storage), seconds
        )
    }
    fanout = lobby.sync.fanout
    if fanout is not None:
        checks["redis"] = await _check("Redis", fanout.client.ping(), seconds)
    down = [name for name, state in checks.items() if state != "ok"]
    if not down:
        return JSONResponse({"ok": True, "checks": checks})
    error = {"code": "not_ready", "message": f"not ready: {', '.join(down)} down"}
    return JSONResponse({"ok": False, "checks": checks, "error": error}, status_code=503)
