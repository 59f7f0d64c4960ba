"""The HTTP API: tables, seats, play and matches under /api (documented in docs/server.md)."""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import Annotated, Any, Literal

import orjson
from fastapi import APIRouter, Header, Query, Request, Response
from fastapi.routing import APIRoute
from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr

from tabulae.core import Action, IllegalAction, load

from .accounts import signed_in
from .depends import Client, Config, Store, TheLobby
from .errors import ApiError, bad_action, invalid, token_required
from .live import LiveTable, hash_token
from .lobby import Lobby
from .matches import Matches
from .tables import SEED_RANGE
from .text import clean_name, person_name


class Unfit(ValueError):
    """A value a validator refused, carrying the refusal as a player reads it."""

    def __init__(self, refusal: ApiError) -> None:
        super().__init__(refusal.message)
        self.refusal = refusal


def _name(value: str) -> str:
    try:
        return clean_name(value)
    except ApiError as error:
        raise Unfit(error) from None


def _person_name(value: str) -> str:
    try:
        return person_name(value)
    except ApiError as error:
        raise Unfit(error) from None


Name = Annotated[str, Field(max_length=200), AfterValidator(_name)]
PersonName = Annotated[str, Field(max_length=200), AfterValidator(_person_name)]
Word = Annotated[str, Field(min_length=1, max_length=100)]
OptionValue = StrictBool | StrictInt | StrictStr
Token = Annotated[
    str | None,
    Header(alias="X-Seat-Token", max_length=200, description="the seat token from joining"),
]


class Strict(BaseModel):
    """A request body: no unknown fields, no conversions ("3" is not 3, true is not 1), and
    no NaN or infinity."""

    model_config = ConfigDict(extra="forbid", strict=True, allow_inf_nan=False)


class StrictJsonRequest(Request):
    """A request whose JSON body is read by orjson: standard JSON only (no NaN, no Infinity,
    integers within 64 bits) and nesting at most 1024 deep, so a malformed or deeply nested
    body is a 422 like any other malformed input, never a parser's crash."""

    async def json(self) -> Any:
        if not hasattr(self, "_json"):
            self._json = orjson.loads(await self.body())
        return self._json


class StrictJsonRoute(APIRoute):
    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handle = super().get_route_handler()

        async def strictly(request: Request) -> Response:
            return await handle(StrictJsonRequest(request.scope, request.receive))

        return strictly


class SeatSpec(Strict):
    bot: Word | None = Field(None, description='a bot name ("random", …); none for a person')
    params: dict[Word, OptionValue | float] = Field(
        default_factory=dict, description="the bot's parameters (its level)"
    )
    name: Name | None = Field(None, description="a bot's display name")


class Clock(Strict):
    seconds: int = Field(ge=1, le=30 * 86400, description="each seat's time for the game")
    increment: int = Field(0, ge=0, le=86400, description="seconds added after each move")


class NewTable(Strict):
    game: Word = Field(description="a game id from /api/games")
    players: int = Field(ge=1, le=64)
    options: dict[Word, OptionValue] = Field(default_factory=dict)
    seed: int | None = Field(
        None,
        ge=SEED_RANGE.start,
        le=SEED_RANGE.stop - 1,
        description="makes the table seeded: the seed is shown to everyone, and people "
        "joining accept it (omitted: the server draws a secret one)",
    )
    seats: list[SeatSpec] | None = Field(
        None, max_length=64, description="one entry per seat; people if omitted"
    )
    rated: bool = Field(False, description="the result changes the players' ratings")
    move_seconds: int | None = Field(
        None,
        ge=1,
        le=30 * 86400,
        description="makes the table turn-based: a seat that does not move within this many "
        "seconds has its move made by a bot",
    )
    clock: Clock | None = Field(None, description="a Fischer clock for each seat")
    hints: bool = Field(
        False, description="players may ask, at their turn, what the strongest bot would play"
    )
    coach: bool = Field(
        False,
        description="after each move, the strongest search tells the player who made it "
        "whether it would have played otherwise, and at their turn shows them its choice",
    )


class Join(Strict):
    name: PersonName
    seat: int | None = Field(None, ge=0, le=63, description="a free seat; the first if omitted")
    join_id: str | None = Field(
        None,
        pattern=r"^[A-Za-z0-9_-]{16,64}$",
        description="a random id the client makes, as secret as a token: joining again with "
        "it gets the same seat and token",
    )
    accept_seed: bool = Field(
        False, description="the joiner knows the table is seeded (needed with other people)"
    )


class Act(Strict):
    action: list[StrictStr | StrictInt] | Word = Field(
        description='the action as JSON (["bid", 4]) or notation ("bid 4")'
    )
    version: int = Field(ge=0, le=2**62, description="the version the action was decided on")
    client_action_id: str | None = Field(
        None,
        pattern=r"^[A-Za-z0-9._:-]{1,64}$",
        description="makes retries safe: a repeat with this id is not played twice",
    )


class TakeBack(Strict):
    count: int = Field(
        1, ge=1, le=2**31 - 1, description="how many of your latest actions to take back"
    )
    version: int = Field(ge=0, le=2**62, description="the version the take-back was decided on")
    client_action_id: str | None = Field(
        None,
        pattern=r"^[A-Za-z0-9._:-]{1,64}$",
        description="makes retries safe: a repeat with this id is not taken back twice",
    )


def parse_action(given: list[str | int] | str) -> Action:
    """An action from its JSON form or notation; malformed input is a 422."""
    try:
        return Action.parse(given) if isinstance(given, str) else Action.from_json(given)
    except IllegalAction as error:
        raise bad_action(error) from None


router = APIRouter(prefix="/api", route_class=StrictJsonRoute)


def _links(source: str, *operations: str, token: bool = False) -> dict[str, Any]:
    """OpenAPI links: how a client (or a fuzzer) goes from one answer to the next call."""
    parameters = {"table_id": f"$response.body#/{source}"}
    if token:
        parameters["header.X-Seat-Token"] = "$response.body#/token"
    return {name: {"operationId": name, "parameters": parameters} for name in operations}


TABLE_LINKS = _links("id", "get_table", "join", "state", "export")
SEAT_LINKS = _links("table/id", "state", "act", "take_back", "leave", "rematch", token=True)


async def read_table(lobby: Lobby, client: str, table_id: str, costly: bool = False) -> LiveTable:
    """A table to read. A `costly` read (a past version, an export), and reading a table not in
    memory (a game that is over, rebuilt from its log), spend from the client's read budget."""
    if costly or lobby.tables.get(table_id) is None:
        lobby.reads.spend(client)
    return await lobby.tables.table(table_id)


async def bounded_json(request: Request, most: int) -> Any:
    """The request's JSON body, refused (413) past `most` bytes before more is read."""
    declared = request.headers.get("content-length", "")
    too_large = ApiError(413, "too_large", f"the request body is larger than {most} bytes")
    if declared.isdigit() and int(declared) > most:
        raise too_large
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > most:
            raise too_large
    try:
        return orjson.loads(body)
    except orjson.JSONDecodeError:
        raise invalid("The request cannot be read.") from None


@router.get("/health", operation_id="health", summary="Liveness for load balancers")
async def health(lobby: TheLobby) -> dict[str, Any]:
    """`tables_in_memory`: the tables this process holds, the games under way and the games
    over that people are looking at (at most the `replay_cache` setting of those)."""
    return {"ok": True, "tables_in_memory": len(lobby.tables.in_memory)}


@router.get("/games", operation_id="games", summary="The games this server offers")
async def list_games(settings: Config) -> list[dict[str, Any]]:
    return [load(ref).describe() for ref in settings.catalogue.values()]


@router.get(
    "/tables",
    operation_id="list_tables",
    summary="Tables: by default the open ones, with a free seat",
    response_class=Response,
    responses={
        200: {
            "description": "the tables, newest first",
            "content": {
                "application/json": {"schema": {"type": "array", "items": {"type": "object"}}}
            },
        }
    },
)
async def list_tables(
    lobby: TheLobby,
    status: Literal["open", "playing", "finished", "replay", "expired", "closed", "any"] = "open",
    limit: Annotated[int, Query(ge=1, le=200)] = 100,
) -> Response:
    listed = await lobby.listings.listing(status, limit)
    return Response(listed, media_type="application/json")


@router.post(
    "/tables",
    status_code=201,
    operation_id="create_table",
    summary="Create a table",
    responses={201: {"description": "the new table", "links": TABLE_LINKS}},
)
async def create_table(
    request: Request, lobby: TheLobby, database: Store, client: Client, spec: NewTable
) -> dict[str, Any]:
    """A rated table is created signed in: its seats are for accounts, and it allows no
    hints and no coach."""
    if spec.rated and await signed_in(request, database) is None:
        raise ApiError(401, "not_signed_in", "sign in to create a rated table")
    seats = [s.model_dump(exclude_none=True) for s in spec.seats] if spec.seats else None
    live = await lobby.seating.create(
        spec.game,
        spec.players,
        spec.options,
        spec.seed,
        seats,
        client,
        rated=spec.rated,
        move_seconds=spec.move_seconds,
        clock=(spec.clock.seconds, spec.clock.increment) if spec.clock else None,
        hints=spec.hints,
        coach=spec.coach,
    )
    return live.summary()


@router.get("/tables/{table_id}", operation_id="get_table", summary="A table's public facts")
async def get_table(lobby: TheLobby, client: Client, table_id: str) -> dict[str, Any]:
    return (await read_table(lobby, client, table_id)).summary()


@router.post(
    "/tables/{table_id}/join",
    operation_id="join",
    summary="Take a seat; returns its secret token",
    responses={200: {"description": "the seat and its token", "links": SEAT_LINKS}},
)
async def join(
    request: Request,
    lobby: TheLobby,
    database: Store,
    table_id: str,
    body: Join,
    token: Token = None,
) -> dict[str, Any]:
    """Send the token you already hold for this table, if any: one person, one seat. Signed
    in, the seat belongs to the account, which finds it (and its token) again on any device
    under /api/me/games."""
    account = await signed_in(request, database)
    token, seat, live = await lobby.seating.join(
        table_id,
        body.seat,
        body.name,
        join_id=body.join_id,
        holding=token,
        accept_seed=body.accept_seed,
        account=account,
    )
    return {"token": token, "seat": seat, "table": live.summary()}


@router.post("/tables/{table_id}/leave", operation_id="leave", summary="Give up your seat")
async def leave(lobby: TheLobby, table_id: str, token: Token = None) -> dict[str, Any]:
    seat, live = await lobby.seating.leave(table_id, token)
    return {"seat": seat, "table": live.summary()}


@router.get(
    "/tables/{table_id}/state", operation_id="state", summary="Your view, legal actions and events"
)
async def state(
    lobby: TheLobby,
    client: Client,
    table_id: str,
    token: Token = None,
    since: Annotated[int, Query(ge=-1, le=2**62, description="last version seen")] = -1,
    at: Annotated[int | None, Query(ge=0, le=2**62, description="a past version")] = None,
    seat: Annotated[
        int | None,
        Query(
            ge=0,
            le=63,
            description="whose view: any seat's once the game is over, until then only your own",
        ),
    ] = None,
) -> dict[str, Any]:
    live = await read_table(lobby, client, table_id)
    viewer = live.viewer(await lobby.seating.seat_of(live, token), seat)
    if at is not None and at > live.version:
        raise invalid(f"version {at} is not played yet (the table is at {live.version})")
    past = None
    if at is not None and live.kept(at) is None:  # a replay: costly
        lobby.reads.spend(client)
        past = await lobby.matches.past(live, at)
    return live.snapshot(viewer, since=since, at=at, past=past)


@router.post("/tables/{table_id}/actions", operation_id="act", summary="Play an action")
async def act(lobby: TheLobby, table_id: str, body: Act, token: Token = None) -> dict[str, Any]:
    live = await lobby.tables.table(table_id)
    if token is None:
        raise token_required()
    seat = await lobby.seating.seat(live, token)
    ack = await lobby.play.act(
        live,
        seat,
        hash_token(token),
        parse_action(body.action),
        body.version,
        body.client_action_id,
    )
    return ack | {"state": live.snapshot(seat, since=body.version)}


@router.post(
    "/tables/{table_id}/take-back",
    operation_id="take_back",
    summary="Take back your latest actions, as far as the rules allow",
)
async def take_back(
    lobby: TheLobby, table_id: str, body: TakeBack, token: Token = None
) -> dict[str, Any]:
    """While no one else has acted and nothing hidden has shown since: a snapshot's
    `take_back` says how many of your actions you may take back. The log keeps them, and the
    take-back, as a row of its own."""
    live = await lobby.tables.table(table_id)
    if token is None:
        raise token_required()
    seat = await lobby.seating.seat(live, token)
    ack = await lobby.play.take_back(
        live, seat, hash_token(token), body.count, body.version, body.client_action_id
    )
    return ack | {"state": live.snapshot(seat, since=body.version)}


@router.post(
    "/tables/{table_id}/hint",
    operation_id="hint",
    summary="At your turn, the strongest bot's three best moves for your seat",
)
async def hint(lobby: TheLobby, table_id: str, token: Token = None) -> dict[str, Any]:
    """Only at a table created with `hints` or `coach`. The search sees what your seat knows and no
    more; each move comes with `value` (the expected share of rivals beaten, or in a game
    alone the expected score, as `measure` says) and `share`, the part of the search spent
    on it."""
    live = await lobby.tables.table(table_id)
    seat = await lobby.seating.seat(live, token)
    return await lobby.decisions.hint(live, seat)


@router.post(
    "/tables/{table_id}/rematch",
    operation_id="rematch",
    summary="Sit at the same seat of a new game",
)
async def rematch(
    request: Request, lobby: TheLobby, database: Store, table_id: str, token: Token = None
) -> dict[str, Any]:
    """With the seat's token, or without one signed in as the account that holds the seat (so
    an account whose tokens a password change re-issued still asks for its rematch)."""
    account = await signed_in(request, database) if token is None else None
    if account is not None:
        live = await lobby.tables.table(table_id)
        owned = lobby.seating.account_token(live, account)
        if await lobby.seating.seat_of(live, owned, missing_ok=True) is not None:
            token = owned
    token, seat, live = await lobby.seating.rematch(table_id, token)
    return {"token": token, "seat": seat, "table": live.summary()}


@router.get(
    "/tables/{table_id}/match",
    operation_id="export",
    summary="The public log, or the whole match when over",
)
async def export(lobby: TheLobby, client: Client, table_id: str) -> dict[str, Any]:
    return Matches.export(await read_table(lobby, client, table_id, costly=True))


@router.get(
    "/matches/{table_id}/review",
    operation_id="review",
    summary="A game that is over reviewed for one seat, computed in the background",
    responses={202: {"description": "the review is under way: how many decisions are judged"}},
)
async def review(
    lobby: TheLobby,
    client: Client,
    response: Response,
    table_id: str,
    seat: Annotated[int, Query(ge=0, le=63, description="the seat reviewed, from 0")],
) -> dict[str, Any]:
    """Each decision of `seat` judged by the strongest bot from what that seat knew, with its
    loss and mark, the turning points and every seat's expected result over the game (as
    `tabulae review --json` prints it), once the game is over. The first ask starts it; until it
    is done, the answer is 202 with `done` of `total` decisions; then 200 with the review,
    kept for the next ask."""
    live = await read_table(lobby, client, table_id)
    done, answer = await lobby.matches.review(live, seat, client)
    if not done:
        response.status_code = 202
    return answer


@router.post(
    "/matches",
    status_code=201,
    operation_id="import_match",
    summary="Import a match record for replay",
    responses={201: {"description": "the imported table", "links": TABLE_LINKS}},
    openapi_extra={
        "requestBody": {
            "required": True,
            "description": "a tabulae.match",
            "content": {"application/json": {"schema": {"type": "object"}}},
        }
    },
)
async def import_match(
    request: Request, lobby: TheLobby, settings: Config, client: Client
) -> dict[str, Any]:
    """A record of at most the `import_bytes` setting, with at most `import_actions` actions;
    each client may import `imports_per_minute` records a minute."""
    record = await bounded_json(request, settings.import_bytes)
    return (await lobby.matches.import_match(record, client)).summary()
