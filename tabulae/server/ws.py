"""The live WebSocket: one per seat or spectator, pushing updates and taking actions.

The client opens /api/tables/{id}/live and first sends
``{"type": "hello", "token": …, "since": …, "lang": …}`` (no token: a spectator; `since`: the
last version it has seen, to resume after a reconnect; `lang`: the language of its refusals,
English if omitted). The token travels in a message, never in
the URL, so it stays out of access logs.

One client cannot slow the others: each connection may send `socket_frames_per_second`
frames (more close it with 4429), and a client that does not read what it is sent is dropped
with 4413 once `socket_queue` messages wait for it.
"""

from __future__ import annotations

import asyncio
from typing import Any, TypeVar

import orjson
from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from pydantic import BaseModel, ValidationError

from .accounts import signed_in
from .api import Act, TakeBack, parse_action
from .connections import Close, Connection
from .database import Database
from .depends import Client, Store, TheLobby
from .errors import ApiError, invalid, language
from .limits import PerSecond
from .live import LiveTable, hash_token
from .lobby import Lobby
from .metrics import refused

router = APIRouter()
Model = TypeVar("Model", bound=BaseModel)

CLOSE_CODES = {401: 4401, 403: 4403, 404: 4404, 408: 4408, 422: 4422, 429: 4429}
NOT_READING = 4413  # the messages waiting for the client passed `socket_queue`


class Unreadable(ApiError):
    """A frame that is not a JSON object: the connection is closed after saying so."""

    def __init__(self, message: str) -> None:
        super().__init__(422, "invalid_request", message)


@router.websocket("/api/tables/{table_id}/live")
async def live(
    websocket: WebSocket, lobby: TheLobby, database: Store, client: Client, table_id: str
) -> None:
    await websocket.accept()
    try:
        lobby.limits.open_socket(client)
    except ApiError as error:
        await _refuse(websocket, error)
        return
    try:
        await _serve(websocket, lobby, database, table_id)
    finally:
        lobby.limits.close_socket(client)


async def _serve(websocket: WebSocket, lobby: Lobby, database: Database, table_id: str) -> None:
    try:
        connection = await _greet(websocket, lobby, database, table_id)
    except ApiError as error:
        await _refuse(websocket, error)
        return
    except (WebSocketDisconnect, TimeoutError):
        return
    table = connection.table
    table.connections.add(connection)
    try:
        connection.send({"type": "welcome", "seat": connection.seat, "table": table.summary()})
        connection.changed()
        await lobby.chat.backlog(connection)
        await _converse(websocket, lobby, connection)
    finally:
        table.connections.discard(connection)
        lobby.tables.forget_if_idle(table)
    if connection.full.is_set():
        await _drop(websocket, connection.queue_limit)


async def _converse(websocket: WebSocket, lobby: Lobby, connection: Connection) -> None:
    """Send and receive until the client goes, is closed, or lets its queue fill up."""
    sender = asyncio.create_task(_send(websocket, connection))
    receiver = asyncio.create_task(_receive(websocket, lobby, connection))
    full = asyncio.create_task(connection.full.wait())
    for task in (sender, receiver, full):
        task.add_done_callback(_ended)
    try:
        await asyncio.wait((receiver, full), return_when=asyncio.FIRST_COMPLETED)
        if connection.full.is_set():
            return
        receiver.result()
        # say why, then close; a client that reads nothing is not waited for long
        await asyncio.wait_for(sender, lobby.settings.hello_timeout)
    except (WebSocketDisconnect, TimeoutError):
        pass
    finally:
        for task in (sender, receiver, full):
            task.cancel()


def _ended(task: asyncio.Task[Any]) -> None:
    """Take a finished task's exception: a client that went is no error of the server's."""
    if not task.cancelled():
        task.exception()


async def _drop(websocket: WebSocket, limit: int) -> None:
    """Close a connection that does not read, with nothing more read from it or queued for it.
    The close goes once the client reads again; until it reads or goes, the connection still
    counts against its client's `sockets_per_client`, so no client holds more such sockets."""
    error = ApiError(
        429, "not_reading", f"more than {limit} messages waited for this connection to read them"
    )
    try:
        await websocket.send_text(_text({"type": "error", **error.to_json()}))
        await websocket.close(NOT_READING)
    except (WebSocketDisconnect, RuntimeError):
        pass


async def _refuse(websocket: WebSocket, error: ApiError) -> None:
    refused(error)
    await websocket.send_text(_text({"type": "error", **error.to_json()}))
    await websocket.close(CLOSE_CODES.get(error.status, 4400))


async def _greet(
    websocket: WebSocket, lobby: Lobby, database: Database, table_id: str
) -> Connection:
    hello = await asyncio.wait_for(_message(websocket), lobby.settings.hello_timeout)
    if hello.get("type") != "hello":
        raise invalid('the first message is {"type": "hello", "token": …, "since": …}')
    token, since = hello.get("token"), hello.get("since", -1)
    lang = language(hello.get("lang")) if isinstance(hello.get("lang"), str) else "en"
    if token is not None and not isinstance(token, str):
        raise invalid("token is a string")
    if type(since) is not int or since < -1:
        raise invalid("since is the last version seen (-1 for none)")
    table = await lobby.tables.table(table_id)
    seat = await lobby.seating.seat_of(table, token)
    reader = None
    if token is None:  # a spectator, unless the account signed in holds a seat here
        account = await signed_in(websocket, database)
        if account is not None:
            owned = lobby.seating.account_token(table, account)
            reader = await lobby.seating.seat_of(table, owned, missing_ok=True)
    digest = hash_token(token) if token else None
    return Connection(table, seat, digest, since, reader, lang, lobby.settings.socket_queue)


async def _message(websocket: WebSocket, frames: PerSecond | None = None) -> dict[str, Any]:
    """The next message: a JSON object in a text frame (orjson reads standard JSON only,
    nested at most 1024 deep); anything else is Unreadable. A frame past the allowance of
    `frames` is refused before it is read."""
    frame = await websocket.receive()
    if frame["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(frame.get("code", 1000))
    if frames is not None and not frames.take():
        raise ApiError(
            429,
            "too_many_frames",
            f"at most {frames.rate:g} messages a second on one connection",
        )
    text = frame.get("text")
    if text is None:
        raise Unreadable("messages are JSON objects in text frames, not binary frames")
    try:
        message = orjson.loads(text)
    except orjson.JSONDecodeError as error:
        raise Unreadable(f"messages are JSON objects ({error})") from None
    if not isinstance(message, dict):
        raise Unreadable("messages are JSON objects")
    return message


async def _receive(websocket: WebSocket, lobby: Lobby, connection: Connection) -> None:
    """Answer the client's messages until it goes, sends what cannot be read, or says nothing
    (not even a ping) for the idle timeout, or sends more frames a second than it may; then
    queue the error and the close."""
    frames = PerSecond(lobby.settings.socket_frames_per_second)
    while not connection.full.is_set():
        client_action_id = None
        try:
            try:
                message = await asyncio.wait_for(
                    _message(websocket, frames), lobby.settings.socket_idle_timeout
                )
            except TimeoutError:
                raise ApiError(
                    408, "idle", "the connection sent nothing for too long (send pings)"
                ) from None
            client_action_id = message.get("client_action_id")
            kind = message.pop("type", None)
            if kind == "ping":
                connection.send({"type": "pong"})
            elif kind == "act":  # shielded: dropping a client never cuts a commit short
                ack = await asyncio.shield(_act(lobby, connection, message))
                connection.send({"type": "ack", **ack})
            elif kind == "take_back":
                ack = await asyncio.shield(_take_back(lobby, connection, message))
                connection.send({"type": "ack", **ack})
            else:
                raise invalid('a message type is "act", "take_back" or "ping"')
        except ApiError as error:
            refused(error)
            connection.send(
                {
                    "type": "error",
                    "client_action_id": client_action_id,
                    **error.to_json(connection.lang),
                }
            )
            if isinstance(error, Unreadable) or error.code in ("idle", "too_many_frames"):
                connection.close(CLOSE_CODES[error.status])
                return


async def _act(lobby: Lobby, connection: Connection, message: dict[str, Any]) -> dict[str, Any]:
    seat, body = _read(Act, connection, message)
    table: LiveTable = connection.table
    return await lobby.play.act(
        table,
        seat,
        connection.token_hash,
        parse_action(body.action),
        body.version,
        body.client_action_id,
    )


async def _take_back(
    lobby: Lobby, connection: Connection, message: dict[str, Any]
) -> dict[str, Any]:
    seat, body = _read(TakeBack, connection, message)
    return await lobby.play.take_back(
        connection.table,
        seat,
        connection.token_hash,
        body.count,
        body.version,
        body.client_action_id,
    )


def _read(model: type[Model], connection: Connection, message: dict[str, Any]) -> tuple[int, Model]:
    """The seat and its message as `model`; a spectator's is refused."""
    if connection.seat is None:
        raise ApiError(403, "spectator", "spectators cannot act; join a seat first")
    try:
        return connection.seat, model.model_validate(message)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(map(str, first["loc"]))
        raise invalid(f"{where}: {first['msg']}") from None


async def _send(websocket: WebSocket, connection: Connection) -> None:
    while True:
        message = await connection.next()
        if isinstance(message, Close):
            await websocket.close(message.code)
            return
        await websocket.send_text(_text(message))


def _text(message: dict[str, Any]) -> str:
    """A message as JSON. Views and legal actions are most of what the server sends, and the
    standard library's encoder took a quarter of the event loop's time under load."""
    return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()
