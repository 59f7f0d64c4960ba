"""The HTTP API of people: accounts and sessions, my games, player pages, leaderboards,
rating changes and table chat (documented in docs/server.md).

Hashing and checking a password (argon2id: tens of milliseconds and 64 MiB each) run on
threads, so the event loop, and every table on it, never waits for them."""

from __future__ import annotations

import asyncio
import json
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query, Request, Response
from pydantic import Field

from tabulae.core import load

from . import accounts as acc
from . import mail
from .api import PersonName, Strict, StrictJsonRoute, Token
from .chat import may_write, message_json, readable
from .config import Settings
from .confusables import skeleton
from .database import Database
from .depends import Client, Config, Store, TheLobby
from .errors import ApiError, invalid, unknown_table
from .live import summary
from .lobby import Lobby
from .ratings import changes_json, shown
from .storage import Account, NameTaken
from .text import clean_message

router = APIRouter(prefix="/api", route_class=StrictJsonRoute)

Password = Annotated[str, Field(min_length=1, max_length=1000)]
Email = Annotated[str, Field(min_length=1, max_length=254)]  # then accounts.clean_email


Language = Literal["en", "pl", "nl", "ru"]


class SignUp(Strict):
    username: PersonName
    password: Password
    email: Email | None = Field(None, description='where "your move" reminders go')
    language: Language | None = Field(None, description="the language of the reminders")


class LanguageChoice(Strict):
    language: Language


class EmailChoice(Strict):
    email: Email | None = Field(description="where reminders go, once confirmed; null: none")


class EmailConfirmation(Strict):
    token: Annotated[str, Field(min_length=1, max_length=200)]


class SignIn(Strict):
    username: Annotated[str, Field(min_length=1, max_length=200)]
    password: Password


class PasswordChange(Strict):
    password: Password = Field(description="the current password")
    new_password: Password


class Say(Strict):
    channel: Literal["players", "spectators"]
    text: Annotated[str, Field(min_length=1, max_length=10_000)]
    name: PersonName | None = Field(
        None, description="a spectator's name (signed in: the username)"
    )


UNRATED = {"rating": None, "rated_games": 0, "display": None, "provisional": True}


def unauthorised() -> ApiError:
    return ApiError(401, "not_signed_in", "sign in first")


async def account_of(request: Request, database: Database) -> Account:
    account = await acc.signed_in(request, database)
    if account is None:
        raise unauthorised()
    return account


async def start_session(
    database: Database, settings: Settings, response: Response, account: Account
) -> None:
    value, digest = acc.new_session()
    expires = datetime.now(UTC) + timedelta(days=settings.session_days)
    await database.run(database.storage.add_session, digest, account.id, expires)
    response.set_cookie(
        acc.SESSION_COOKIE,
        value,
        max_age=int(settings.session_days * 86400),
        path="/",
        httponly=True,
        samesite="lax",
        secure=settings.secure_cookies,
    )


def account_json(account: Account) -> dict[str, Any]:
    return {
        "signed_in": True,
        "username": account.username,
        "email": account.email,
        "email_confirmed": account.email_confirmed,
        "language": account.language,
    }


async def send_confirmation(
    lobby: Lobby, database: Database, settings: Settings, client: str, account: Account, email: str
) -> None:
    """Give the account the address, unconfirmed, and mail it the link that confirms it."""
    lobby.email_links.count("account/" + str(account.id), client)
    token, digest = acc.new_email_token()
    expires = datetime.now(UTC) + timedelta(hours=settings.email_link_hours)
    await database.run(database.storage.set_email, account.id, email, digest, expires)
    await asyncio.to_thread(mail.confirm_address, settings, email, account.language, token)


@router.post("/accounts", status_code=201, operation_id="sign_up", summary="Create an account")
async def sign_up(
    lobby: TheLobby,
    database: Store,
    settings: Config,
    client: Client,
    response: Response,
    body: SignUp,
) -> dict[str, Any]:
    lobby.sign_ins.count(client)
    name, key = acc.username_key(body.username)
    email = acc.clean_email(body.email) if body.email is not None else None
    password_hash = await asyncio.to_thread(acc.hash_password, body.password)
    try:
        account = await database.run(
            database.storage.create_account,
            name,
            key,
            skeleton(name),
            password_hash,
            None,
            body.language,
        )
    except NameTaken:
        raise ApiError(
            409, "username_taken", f"the username {name!r} is taken, or looks like one that is"
        ) from None
    if email is not None:
        await send_confirmation(lobby, database, settings, client, account, email)
        account = replace(account, email=email)
    await start_session(database, settings, response, account)
    return account_json(account)


@router.post("/session", operation_id="sign_in", summary="Sign in: sets the session cookie")
async def sign_in(
    lobby: TheLobby,
    database: Store,
    settings: Config,
    client: Client,
    response: Response,
    body: SignIn,
) -> dict[str, Any]:
    try:
        _name, key = acc.username_key(body.username)
    except ApiError:
        key = ""
    lobby.sign_ins.count(client)
    lobby.sign_in_backoff.attempt(client, key)
    account = await database.run(database.storage.account, key) if key else None
    matches = await asyncio.to_thread(
        acc.password_matches, account.password_hash if account else acc.DECOY_HASH, body.password
    )
    if account is None or not matches or account.disabled:
        raise ApiError(401, "wrong_password", "wrong username or password")
    lobby.sign_in_backoff.succeeded(client, key)
    await start_session(database, settings, response, account)
    return account_json(account)


@router.delete("/session", operation_id="sign_out", summary="Sign out")
async def sign_out(request: Request, database: Store, response: Response) -> dict[str, Any]:
    cookie = request.cookies.get(acc.SESSION_COOKIE)
    if cookie and len(cookie) <= 200:
        await database.run(database.storage.end_session, acc.session_hash(cookie))
    response.delete_cookie(acc.SESSION_COOKIE, path="/")
    return {"signed_in": False}


@router.get("/me", operation_id="me", summary="Whether, and as whom, the request is signed in")
async def me(request: Request, database: Store) -> dict[str, Any]:
    account = await acc.signed_in(request, database)
    return account_json(account) if account else {"signed_in": False}


@router.post("/me/password", operation_id="change_password", summary="Change the password")
async def change_password(
    request: Request,
    lobby: TheLobby,
    database: Store,
    settings: Config,
    client: Client,
    response: Response,
    body: PasswordChange,
) -> dict[str, Any]:
    account = await account_of(request, database)
    key = account.username.casefold()
    lobby.sign_in_backoff.attempt(client, key)
    if not await asyncio.to_thread(acc.password_matches, account.password_hash, body.password):
        raise ApiError(401, "wrong_password", "the current password is wrong")
    lobby.sign_in_backoff.succeeded(client, key)
    new_hash = await asyncio.to_thread(acc.hash_password, body.new_password)
    reissued = await database.run(acc.change_password, database.storage, account.id, new_hash)
    await lobby.seating.seats_reissued(reissued)  # every earlier seat token of the account is void
    await start_session(database, settings, response, account)  # every other session has ended
    return account_json(account)


@router.post("/me/language", operation_id="choose_language", summary="The reminders' language")
async def choose_language(
    request: Request, database: Store, body: LanguageChoice
) -> dict[str, Any]:
    account = await account_of(request, database)
    await database.run(database.storage.update_account, account.id, {"language": body.language})
    return account_json(replace(account, language=body.language))


@router.post("/me/email", operation_id="choose_email", summary="The reminders' address")
async def choose_email(
    request: Request,
    lobby: TheLobby,
    database: Store,
    settings: Config,
    client: Client,
    body: EmailChoice,
) -> dict[str, Any]:
    """A new address (or the same again) is unconfirmed until the link mailed to it is
    opened; null removes the address."""
    account = await account_of(request, database)
    if body.email is None:
        await database.run(database.storage.set_email, account.id, None, None, None)
        return account_json(replace(account, email=None, email_confirmed=False))
    email = acc.clean_email(body.email)
    await send_confirmation(lobby, database, settings, client, account, email)
    return account_json(replace(account, email=email, email_confirmed=False))


@router.post("/email/confirm", operation_id="confirm_email", summary="Confirm an e-mail address")
async def confirm_email(database: Store, body: EmailConfirmation) -> dict[str, Any]:
    """The token of the link mailed to an address: once, before it expires."""
    account = await database.run(database.storage.confirm_email, acc.session_hash(body.token))
    if account is None:
        raise ApiError(
            404,
            "unknown_link",
            "the link is unknown, already used or expired: ask for a new one on the account page",
        )
    return {"email": account.email, "email_confirmed": True}


@router.get("/me/games", operation_id="my_games", summary="My tables, by what they wait for")
async def my_games(request: Request, lobby: TheLobby, database: Store) -> dict[str, Any]:
    """Where it is my move, where I wait for others (or for players to join), and the
    finished games with their replays; each with my seat and its token."""
    account = await account_of(request, database)
    statuses = ("open", "playing", "finished", "expired", "closed")
    rows = await database.run(database.storage.listing, statuses, False, 200, account.id)
    games: dict[str, list[dict[str, Any]]] = {"my_move": [], "waiting": [], "finished": []}
    for row in rows:
        seat = next(s.seat for s in row.seats if s.account_id == account.id)
        if row.status in ("open", "playing"):
            live = await lobby.tables.table(row.id)
            entry = live.summary() | {
                "my_seat": seat,
                "token": lobby.seating.account_token(live, account),
            }
            mine = live.status == "playing" and seat in live.state.to_move
            games["my_move" if mine else "waiting"].append(entry)
        else:
            games["finished"].append(summary(row) | {"my_seat": seat})
    return games


@router.get("/players/{username}", operation_id="player", summary="A player's history")
async def player(database: Store, username: str) -> dict[str, Any]:
    try:
        _name, key = acc.username_key(username)
    except ApiError:
        key = ""
    account = await database.run(database.storage.account, key) if key else None
    if account is None or account.disabled:
        raise ApiError(404, "unknown_player", f"no player {username!r}")
    statuses = ("playing", "finished")
    rows = await database.run(database.storage.listing, statuses, False, 200, account.id)
    ratings = await database.run(database.storage.player_ratings, f"account:{account.id}")
    stats: dict[str, dict[str, Any]] = {}
    history = []
    for row in rows:
        seat = next(s for s in row.seats if s.account_id == account.id)
        game = load(row.game).id
        entry = stats.setdefault(game, {"played": 0, "won": 0} | UNRATED)
        if row.status == "finished":
            entry["played"] += 1
            entry["won"] += seat.rank == 1 and seat.bot is None  # not the stand-in's win
        history.append(summary(row) | {"my_seat": seat.seat})
    for game, rating in ratings.items():
        entry = stats.setdefault(game, {"played": 0, "won": 0})
        entry |= {"rating": rating["rating"], "rated_games": rating["games"]}
        entry |= shown(rating["rating"], rating["games"])
    return {"username": account.username, "games": stats, "history": history}


@router.get("/leaderboard/{game}", operation_id="leaderboard", summary="A game's ratings")
async def leaderboard(
    database: Store,
    settings: Config,
    game: str,
    limit: Annotated[int, Query(ge=1, le=200)] = 50,
) -> list[dict[str, Any]]:
    if game not in settings.catalogue:
        raise invalid(f"no game {game!r} on this server", "unknown_game")
    board = await database.run(database.storage.leaderboard, game, limit)
    for entry in board:  # accounts by username only; an account's number stays inside
        entry |= shown(entry["rating"], entry["games"])
        kind, _, who = entry.pop("player").partition(":")
        bot, _, params = who.partition("{")  # a bot's key: its name, then its parameters
        entry["bot"] = (
            {"name": bot, "params": json.loads("{" + params) if params else {}}
            if kind == "bot"
            else None
        )
    return board


@router.get("/tables/{table_id}/ratings", operation_id="rating_changes", summary="Rating changes")
async def table_ratings(lobby: TheLobby, database: Store, table_id: str) -> list[dict[str, Any]]:
    live = await lobby.tables.table(table_id)
    return changes_json(await database.run(database.storage.rating_changes, live.id))


async def _seat(
    request: Request, lobby: Lobby, database: Database, table_id: str, token: str | None
) -> tuple[Any, int | None]:
    """The table and the seat of whoever asks: by seat token, or by the signed-in account."""
    live = await lobby.tables.table(table_id)
    if token is not None:
        return live, await lobby.seating.seat_of(live, token)
    account = await acc.signed_in(request, database)
    if account is None:
        return live, None
    owned = lobby.seating.account_token(live, account)
    return live, await lobby.seating.seat_of(live, owned, missing_ok=True)


@router.get("/tables/{table_id}/chat", operation_id="chat", summary="The table's chat")
async def read_chat(
    request: Request,
    lobby: TheLobby,
    database: Store,
    table_id: str,
    token: Token = None,
    after: Annotated[int, Query(ge=0, le=2**62, description="the last message id seen")] = 0,
) -> list[dict[str, Any]]:
    live, seat = await _seat(request, lobby, database, table_id, token)
    channels = readable(live.status, seat)
    rows = await database.run(database.storage.chat, live.id, channels, after)
    return [message_json(row) for row in rows]


@router.post("/tables/{table_id}/chat", status_code=201, operation_id="say", summary="Chat")
async def say(
    request: Request,
    lobby: TheLobby,
    database: Store,
    settings: Config,
    client: Client,
    table_id: str,
    body: Say,
    token: Token = None,
) -> dict[str, Any]:
    live, seat = await _seat(request, lobby, database, table_id, token)
    if live.status == "replay":
        raise unknown_table(table_id)
    may_write(body.channel, seat)
    text = clean_message(body.text, settings.chat_length, settings.chat_lines, settings.chat_marks)
    if seat is not None:
        name = live.row.seats[seat].name or f"seat {seat + 1}"
        who = f"{live.id}/seat/{seat}"
    else:
        account = await acc.signed_in(request, database)
        name = account.username if account else body.name or "spectator"
        who = f"{live.id}/" + (f"account/{account.id}" if account else client)
    lobby.chat_limit.count(who)
    return message_json(await lobby.chat.say(live, body.channel, seat, name, text))
