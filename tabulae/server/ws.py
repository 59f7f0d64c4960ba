"""The live WebSocket: one per seat or spectator, pushing updates and taking actions.

The client opens /api/tables/{id}/live and first sends
``{"type": "hello", "token": …, "since": …}`` (no token: a spectator; `since`: the last
version it has seen, to resume after a reconnect). The token travels in a message, never in
the URL, so it stays out of access logs.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import orjson
from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from pydantic import ValidationError

from .api import Act, parse_action
from .connections import CLOSE, Connection
from .errors import ApiError, invalid
from .live import LiveTable, hash_token
from .lobby import Lobby

router = APIRouter()

CLOSE_CODES = {401: 4401, 403: 4403, 404: 4404, 422: 4422}


@router.websocket("/api/tables/{table_id}/live")
async def live(websocket: WebSocket, table_id: str) -> None:
    lobby: Lobby = websocket.app.state.lobby
    await websocket.accept()
    try:
        connection = await _greet(websocket, lobby, table_id)
    except ApiError as error:
        await websocket.send_text(_text({"type": "error", **error.to_json()}))
        await websocket.close(CLOSE_CODES.get(error.status, 4400))
        return
    except (WebSocketDisconnect, TimeoutError):
        return
    table = connection.table
    table.connections.add(connection)
    connection.send({"type": "welcome", "seat": connection.seat, "table": table.summary()})
    connection.changed()
    sender = asyncio.create_task(_send(websocket, connection))
    try:
        await _receive(websocket, lobby, connection)
    except WebSocketDisconnect:
        pass
    finally:
        table.connections.discard(connection)
        sender.cancel()
        lobby.forget_if_idle(table)


async def _greet(websocket: WebSocket, lobby: Lobby, table_id: str) -> Connection:
    hello = await asyncio.wait_for(_message(websocket), lobby.settings.hello_timeout)
    if hello.get("type") != "hello":
        raise invalid('the first message is {"type": "hello", "token": …, "since": …}')
    token, since = hello.get("token"), hello.get("since", -1)
    if token is not None and not isinstance(token, str):
        raise invalid("token is a string")
    if type(since) is not int or since < -1:
        raise invalid("since is the last version seen (-1 for none)")
    table = await lobby.table(table_id)
    seat = table.seat_of(token)
    return Connection(table, seat, hash_token(token) if token else None, since)


async def _message(websocket: WebSocket) -> dict[str, Any]:
    text = await websocket.receive_text()
    try:
        message = json.loads(text)
    except ValueError:
        raise invalid("messages are JSON objects") from None
    if not isinstance(message, dict):
        raise invalid("messages are JSON objects")
    return message


async def _receive(websocket: WebSocket, lobby: Lobby, connection: Connection) -> None:
    while True:
        client_action_id = None
        try:
            message = await _message(websocket)
            client_action_id = message.get("client_action_id")
            kind = message.pop("type", None)
            if kind == "ping":
                connection.send({"type": "pong"})
            elif kind == "act":
                ack = await _act(lobby, connection, message)
                connection.send({"type": "ack", **ack})
            else:
                raise invalid('a message type is "act" or "ping"')
        except ApiError as error:
            connection.send(
                {"type": "error", "client_action_id": client_action_id, **error.to_json()}
            )


async def _act(lobby: Lobby, connection: Connection, message: dict[str, Any]) -> dict[str, Any]:
    if connection.seat is None:
        raise ApiError(403, "spectator", "spectators cannot act; join a seat first")
    try:
        body = Act.model_validate(message)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(map(str, first["loc"]))
        raise invalid(f"{where}: {first['msg']}") from None
    table: LiveTable = connection.table
    return await lobby.act(
        table,
        connection.seat,
        connection.token_hash,
        parse_action(body.action),
        body.version,
        body.client_action_id,
    )


async def _send(websocket: WebSocket, connection: Connection) -> None:
    while True:
        message = await connection.next()
        if message is CLOSE:
            await websocket.close(4403)
            return
        await websocket.send_text(_text(message))


def _text(message: dict[str, Any]) -> str:
    """A message as JSON. Views and legal actions are most of what the server sends, and the
    standard library's encoder took a quarter of the event loop's time under load."""
    return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()
