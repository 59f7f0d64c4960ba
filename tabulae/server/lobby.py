"""The tables of one server process: create, seat, play, rematch, import, and stay in step.

Each table has a lock, so its actions are decided one at a time; different tables never wait
for each other. An action is applied to a copy of the state, committed, and only then adopted,
acknowledged and pushed. The database decides races: the log's (table, seq) key lets exactly
one writer commit each action, in this process or another one sharing the database.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import re
import secrets
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from tabulae.bots import decide, make_bot
from tabulae.core import (
    Action,
    BadOptions,
    IllegalAction,
    Match,
    MatchFormatError,
    Rng,
    UnknownGame,
    load,
)

from .commits import GroupCommit
from .config import Settings
from .errors import (
    ApiError,
    illegal_action,
    invalid,
    not_playing,
    not_your_turn,
    stale_version,
    token_required,
    unknown_seat,
    unknown_table,
    wrong_token,
)
from .fanout import Fanout
from .live import LiveTable, hash_token, summary
from .storage import ActionRow, Append, SeatRow, SeqTaken, Storage, TableRow, TokenRevoked
from .text import clean_name
from .workers import ROUTINE, URGENT, PriorityWorkers

log = logging.getLogger("tabulae.server")

T = TypeVar("T")
TABLE_ID = re.compile(r"[a-z0-9]{1,32}")
SEED_RANGE = range(-(2**63), 2**63)  # a BIGINT column
LISTED = {"open": ("open", "playing"), "any": ("open", "playing", "finished", "replay")}


def new_table_id() -> str:
    return secrets.token_hex(6)


def bot_rng(seed: int, seat: int, version: int) -> Rng:
    """The same bot at the same table, seat and version always draws the same numbers,
    so a table rebuilt after a restart plays on exactly as it would have."""
    digest = hashlib.blake2b(f"{seed}/{seat}/{version}".encode(), digest_size=8).digest()
    return Rng(int.from_bytes(digest, "big"))


class Lobby:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.storage = Storage(settings.url)
        self.db_pool = PriorityWorkers(1 if self.storage.is_sqlite else 8, "tabulae-db")
        self.bot_pool = ThreadPoolExecutor(settings.bot_threads, thread_name_prefix="tabulae-bot")
        self.commits = GroupCommit(self.storage, self.commit)
        self.tables: dict[str, LiveTable] = {}
        self.loading = asyncio.Lock()
        self.fanout = (
            Fanout(settings.redis, settings.channel, self.remote_change, self.resync)
            if settings.redis
            else None
        )

    async def db(self, call: Callable[..., T], *args: Any) -> T:
        return await asyncio.wrap_future(self.db_pool.submit(ROUTINE, call, *args))

    async def commit(self, call: Callable[..., T], *args: Any) -> T:
        """Run `call` on a database thread ahead of everything routine."""
        return await asyncio.wrap_future(self.db_pool.submit(URGENT, call, *args))

    # Life cycle

    async def start(self) -> None:
        """Migrate the schema, then rebuild every running table from its log."""
        await self.db(self.storage.migrate)
        if self.fanout:
            await self.fanout.start()  # before rebuilding, so no change goes unheard
        for table_id in await self.db(self.storage.running):
            try:
                await self.table(table_id)
            except ApiError as error:
                log.error("table %s is not rebuilt: %s", table_id, error.message)

    async def stop(self) -> None:
        for live in self.tables.values():
            if live.bot_task:
                live.bot_task.cancel()
        if self.fanout:
            await self.fanout.stop()
        self.bot_pool.shutdown(wait=False, cancel_futures=True)
        self.db_pool.shutdown()
        self.storage.close()

    # Finding tables

    async def table(self, table_id: str) -> LiveTable:
        """A table, from memory or else rebuilt from the database."""
        live = self.tables.get(table_id)
        if live is not None:
            return live
        if not TABLE_ID.fullmatch(table_id):
            raise unknown_table(table_id)
        async with self.loading:
            live = self.tables.get(table_id)
            if live is None:
                loaded = await self.db(self.storage.load, table_id)
                if loaded is None:
                    raise unknown_table(table_id)
                try:
                    live = LiveTable(*loaded)
                except (UnknownGame, BadOptions, ValueError, TypeError) as error:
                    log.exception("cannot rebuild table %s", table_id)
                    raise ApiError(
                        503, "table_unavailable", f"table {table_id} cannot be rebuilt: {error}"
                    ) from None
                self.tables[table_id] = live
        async with live.lock:
            await self._catch_up(live)  # commits made elsewhere while it was loading
        self.ensure_bots(live)
        return live

    async def listing(self, status: str, limit: int) -> list[dict[str, Any]]:
        """The newest tables by status; "open" means not over and with a free seat."""
        statuses = LISTED.get(status, (status,))
        rows = await self.db(self.storage.listing, statuses, status == "open", limit)
        return [summary(row) for row in rows]

    # Tables and seats

    async def create(
        self,
        game: str,
        players: int,
        options: dict[str, Any],
        seed: int | None,
        seats: list[dict[str, Any]] | None,
    ) -> LiveTable:
        """A new table; bot seats sit at once, and play starts when every seat is taken."""
        try:
            ref = self.settings.game_ref(game)
            config = dict(load(ref).configure(players, options, remote=True))
        except UnknownGame as error:
            raise invalid(str(error), "unknown_game") from None
        except BadOptions as error:
            raise invalid(str(error), "bad_options") from None
        seats = seats if seats is not None else [{} for _ in range(players)]
        if len(seats) != players:
            raise invalid(f"{len(seats)} seats given for {players} players", "bad_seats")
        rows = [self._seat_row(n, spec) for n, spec in enumerate(seats)]
        human = any(row.bot is None for row in rows)
        table = TableRow(
            id=new_table_id(),
            game=ref,
            players=players,
            seed=secrets.randbits(63) if seed is None else seed,
            options=config,
            status="open" if human else "playing",
            seats=rows,
        )
        await self.db(self.storage.create, table)
        live = self.tables[table.id] = LiveTable(table, [])
        self.ensure_bots(live)
        return live

    @staticmethod
    def _seat_row(seat: int, spec: dict[str, Any]) -> SeatRow:
        bot, params = spec.get("bot"), dict(spec.get("params") or {})
        if bot is None:
            if params:
                raise invalid(f"seat {seat}: params are for bots", "bad_seats")
            return SeatRow(seat)
        try:
            make_bot(bot, **params)
        except (ValueError, TypeError) as error:
            raise invalid(f"seat {seat}: {error}", "bad_bot") from None
        return SeatRow(seat, name=spec.get("name"), bot=bot, bot_params=params)

    async def join(self, table_id: str, seat: int | None, name: str) -> tuple[str, int, LiveTable]:
        """Take a free seat (the first one if none is named): returns its secret token."""
        live = await self.table(table_id)
        if live.status not in ("open", "playing"):
            raise not_playing(live.status, live.version)
        if seat is None:
            free = live.free_seats()
            if not free:
                raise ApiError(409, "table_full", "every seat at this table is taken")
            seat = free[0]
        if not 0 <= seat < live.row.players:
            raise unknown_seat(seat, live.row.players)
        if live.row.seats[seat].bot is not None:
            raise ApiError(409, "seat_taken", f"seat {seat} is played by a bot")
        token = secrets.token_urlsafe(32)
        digest = hash_token(token)
        status = await self.db(self.storage.take_seat, live.id, seat, name, digest)
        if status is None:
            await self._refresh(live)
            raise ApiError(409, "seat_taken", f"seat {seat} is taken")
        live.row.seats[seat].name, live.row.seats[seat].token_hash = name, digest
        if live.row.status == "open":
            live.row.status = status
        self.table_changed(live)
        self.ensure_bots(live)
        return token, seat, live

    async def leave(self, table_id: str, token: str | None) -> tuple[int, LiveTable]:
        """Give up a seat: its token stops working and someone else may take it."""
        live = await self.table(table_id)
        seat = self.seat(live, token)
        digest = live.row.seats[seat].token_hash
        if not await self.db(self.storage.free_seat, live.id, seat, digest):
            await self._refresh(live)
            raise wrong_token()
        live.row.seats[seat].name = live.row.seats[seat].token_hash = None
        self.table_changed(live)
        return seat, live

    @staticmethod
    def seat(live: LiveTable, token: str | None) -> int:
        """The seat a token holds; a token is required."""
        if token is None:
            raise token_required()
        seat = live.seat_of(token)
        assert seat is not None
        return seat

    async def rematch(self, table_id: str, token: str | None) -> tuple[str, int, LiveTable]:
        """Sit at the same seat of the next game (the first asker creates it)."""
        live = await self.table(table_id)
        seat = self.seat(live, token)
        if live.status != "finished":
            raise ApiError(409, "not_finished", "a rematch follows a finished game")
        if live.row.rematch is None:
            row = live.row
            table = TableRow(
                id=new_table_id(),
                game=row.game,
                players=row.players,
                seed=secrets.randbits(63),
                options=dict(row.options),
                status="open",
                seats=[
                    SeatRow(s.seat, s.name if s.bot else None, s.bot, s.bot_params)
                    for s in row.seats
                ],
                rematch_of=row.id,
            )
            live.row.rematch = await self.db(self.storage.create_rematch, row.id, table)
            self.table_changed(live)
        name = live.row.seats[seat].name or f"seat {seat + 1}"
        return await self.join(live.row.rematch, seat, name)

    # Play

    async def act(
        self,
        live: LiveTable,
        seat: int,
        token_hash: str | None,
        action: Action,
        version: int,
        client_action_id: str | None = None,
    ) -> dict[str, Any]:
        """Validate, commit, then acknowledge one action; retries with the same client action
        id get the first answer again instead of playing twice."""
        async with live.lock:
            if client_action_id is not None:
                done = self._already(live, seat, client_action_id, action)
                if done is not None:
                    return done
            if version > live.version:
                await self._catch_up(live)
            if live.status != "playing":
                raise not_playing(live.status, live.version)
            if version != live.version:
                raise stale_version(live.version, version)
            if seat not in live.state.to_move:
                raise not_your_turn(seat, live.version)
            following = live.state.clone()
            try:
                following.apply(seat, action)
            except IllegalAction as error:
                raise illegal_action(error.reason, live.version) from None
            row = ActionRow(live.version + 1, seat, action.to_json(), client_action_id)
            try:
                await self.commits.append(
                    Append(live.id, row, token_hash, following.result() is not None)
                )
            except SeqTaken:
                await self._catch_up(live)
                done = client_action_id and self._already(live, seat, client_action_id, action)
                if done:
                    return done
                raise stale_version(live.version, version) from None
            except TokenRevoked:
                await self._refresh(live)
                raise wrong_token() from None
            live.advance(following, row, action)
        self.changed(live)
        self.ensure_bots(live)
        self.forget_if_idle(live)
        return {"version": row.seq, "client_action_id": client_action_id, "repeated": False}

    @staticmethod
    def _already(
        live: LiveTable, seat: int, client_action_id: str, action: Action
    ) -> dict[str, Any] | None:
        seq = live.client_ids.get((seat, client_action_id))
        if seq is None:
            return None
        if live.log[seq - 1][1] != action:
            raise ApiError(
                409,
                "client_action_id_reused",
                f"client action id {client_action_id!r} was used for '{live.log[seq - 1][1]}'",
                version=live.version,
            )
        return {"version": seq, "client_action_id": client_action_id, "repeated": True}

    def forget_if_idle(self, live: LiveTable) -> None:
        """Drop a game that is over from memory once no one watches it; it reloads on demand."""
        if live.status in ("finished", "replay") and not live.connections:
            self.tables.pop(live.id, None)

    # Bots

    def ensure_bots(self, live: LiveTable) -> None:
        """Start the table's bot driver if a bot is to move and none is running."""
        if (
            live.status == "playing"
            and (live.bot_task is None or live.bot_task.done())
            and any(seat in live.bots for seat in live.state.to_move)
        ):
            live.bot_task = asyncio.get_running_loop().create_task(self._drive_bots(live))

    async def _drive_bots(self, live: LiveTable) -> None:
        """Let the bots to move play, each deciding on a thread so other tables go on."""
        loop = asyncio.get_running_loop()
        while live.status == "playing":
            seats = [seat for seat in live.state.to_move if seat in live.bots]
            if not seats:
                return
            seat, version = seats[0], live.version
            rng = bot_rng(live.row.seed, seat, version)
            state = live.state.clone()
            action = await loop.run_in_executor(
                self.bot_pool, decide, live.bots[seat], state, seat, rng
            )
            try:
                await self.act(live, seat, None, action, version)
            except ApiError as error:
                if error.code not in ("stale_version", "not_your_turn", "not_playing"):
                    log.error("bot at table %s seat %s: %s", live.id, seat, error.message)
                    return

    # Keeping in step with the database and other processes

    async def _catch_up(self, live: LiveTable) -> None:
        """Apply actions other processes committed (call with the table's lock held)."""
        rows = await self.db(self.storage.actions_after, live.id, live.version)
        for row in rows:
            live.record(row)
        if rows:
            for connection in live.connections:
                connection.changed()

    async def _refresh(self, live: LiveTable) -> None:
        """Reload seats, status and rematch from the database."""
        row = await self.db(self.storage.header, live.id)
        if row is None:
            return
        live.row.seats, live.row.rematch = row.seats, row.rematch
        if live.row.status != "finished":
            live.row.status = row.status
        for connection in live.connections:
            connection.table_changed()

    async def remote_change(self, table_id: str, kind: str) -> None:
        """Another process changed a table: catch up if this process has it in memory."""
        live = self.tables.get(table_id)
        if live is None:
            return
        async with live.lock:
            if kind == "action":
                await self._catch_up(live)
            else:
                await self._refresh(live)

    async def resync(self) -> None:
        """After a lost Redis connection: catch up every table in memory."""
        for table_id in list(self.tables):
            await self.remote_change(table_id, "action")
            await self.remote_change(table_id, "table")

    def changed(self, live: LiveTable) -> None:
        for connection in live.connections:
            connection.changed()
        if self.fanout:
            self.fanout.publish(live.id, "action")

    def table_changed(self, live: LiveTable) -> None:
        for connection in live.connections:
            connection.table_changed()
        if self.fanout:
            self.fanout.publish(live.id, "table")

    # Matches

    async def import_match(self, data: Any) -> LiveTable:
        """Store a match record as a table for replay."""
        try:
            match = Match.from_json(data)
            ref = self.settings.game_ref(match.game)
            match.game = ref
            config = dict(load(ref).configure(match.players, match.options, remote=True))
            match.replay()
        except (MatchFormatError, UnknownGame, BadOptions) as error:
            raise invalid(f"cannot import the match: {error}", "bad_match") from None
        if match.seed not in SEED_RANGE:
            raise invalid("the match's seed does not fit in 64 signed bits", "bad_match")
        if len(match.seats) != match.players:
            raise invalid(f"{len(match.seats)} seat names for {match.players} players", "bad_match")
        table = TableRow(
            id=new_table_id(),
            game=ref,
            players=match.players,
            seed=match.seed,
            options=config,
            status="replay",
            seats=[SeatRow(n, name=clean_name(name)) for n, name in enumerate(match.seats)],
        )
        played = [
            ActionRow(n, seat, action.to_json(), None)
            for n, (seat, action) in enumerate(match.actions, start=1)
        ]
        await self.db(self.storage.create, table, played)
        live = self.tables[table.id] = LiveTable(table, played)
        return live

    @staticmethod
    def export(live: LiveTable) -> dict[str, Any]:
        """The full match once it is over; until then only the public log (no seed, no actions)."""
        if live.status in ("finished", "replay"):
            return live.match().to_json()
        return {
            "format": "tabulae.public-log",
            "version": 1,
            "table": live.id,
            "game": live.row.game,
            "players": live.row.players,
            "options": dict(live.row.options),
            "seats": live.match().seats,
            "actions_played": live.version,
            "events": live.events(None, -1, live.version, live.state),
        }
