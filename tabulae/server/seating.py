"""The seats of the tables: creating a table, joining, leaving, the rematch, and open tables
that no one fills expiring.

No one at a table can know its hidden information: the server draws the seed of every table
not explicitly created as seeded, and derived seat tokens come from the table's own secret,
which never leaves the server.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from datetime import UTC, datetime, timedelta
from typing import Any

from tabulae.bots import local_only, make_bot
from tabulae.core import BadOptions, UnknownGame, load

from .clocks import Clocks
from .config import Settings
from .database import Database
from .errors import (
    ApiError,
    invalid,
    not_playing,
    token_required,
    unknown_seat,
    wrong_token,
)
from .limits import Limits
from .listings import Listings
from .live import LiveTable, account_token, derived_token, hash_token
from .play import Play
from .storage import Account, SeatRow, TableRow
from .sync import Sync
from .tables import Tables, new_secret, new_table_id, table_secret

log = logging.getLogger("tabulae.server")


def seeded_refusal(live: LiveTable) -> ApiError:
    return ApiError(
        409,
        "seed_not_accepted",
        f"this table was created with the seed {live.row.seed}, so anyone who knows it can "
        "work out the hidden cards and draws; join with accept_seed to play it anyway",
        seed=live.row.seed,
    )


class Seating:
    def __init__(
        self,
        settings: Settings,
        database: Database,
        tables: Tables,
        listings: Listings,
        sync: Sync,
        clocks: Clocks,
        play: Play,
        limits: Limits,
    ) -> None:
        self.settings = settings
        self.database = database
        self.tables = tables
        self.listings = listings
        self.sync = sync
        self.clocks = clocks
        self.play = play
        self.limits = limits
        self.sweeper: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Keep expiring the open tables while the server runs."""
        self.sweeper = asyncio.get_running_loop().create_task(self._sweep())

    def stop(self) -> None:
        if self.sweeper:
            self.sweeper.cancel()

    async def expire(self) -> None:
        """Close the open tables that waited for players longer than the settings allow."""
        lifetime = timedelta(minutes=self.settings.open_table_minutes)
        storage = self.database.storage
        for table_id in await self.database.run(storage.expire, datetime.now(UTC) - lifetime):
            live = self.tables.get(table_id)
            if live is not None:
                live.row.status = "expired"
                self.sync.table_changed(live)
                self.tables.forget_if_idle(live)
            else:
                self.sync.publish(table_id, "table")

    async def _sweep(self) -> None:
        period = min(60.0, max(1.0, self.settings.open_table_minutes * 60 / 4))
        while True:
            await asyncio.sleep(period)
            try:
                await self.expire()
            except Exception:
                log.exception("expiring open tables failed; trying again later")

    async def create(
        self,
        game: str,
        players: int,
        options: dict[str, Any],
        seed: int | None,
        seats: list[dict[str, Any]] | None,
        client: str = "",
        rated: bool = False,
        move_seconds: int | None = None,
        clock: tuple[float, float] | None = None,
        hints: bool = False,
        coach: bool = False,
    ) -> LiveTable:
        """A new table; bot seats sit at once, and play starts when every seat is taken.

        A table given a `seed` is seeded: the seed is shown to everyone, and joiners accept
        it. Otherwise the server draws one and keeps it secret until the game is over.
        A rated table's result changes its players' ratings; a table with `move_seconds`
        is turn-based: a seat that does not move in time has its move made by a bot; so has a
        seat whose Fischer `clock` (seconds per game, seconds added per move) runs out. At a
        table with `hints`, a player may ask what the strongest bot would play; at a table with
        `coach`, each player's moves are judged by the strongest search, for that player."""
        if rated and seed is not None:
            raise invalid(
                "a seeded table cannot be rated: anyone who knows the seed knows the hidden "
                "cards and draws",
                "bad_options",
            )
        if rated and hints:
            raise invalid(
                "a rated table cannot allow hints: its players' results must be their own",
                "bad_options",
            )
        if rated and coach:
            raise invalid(
                "a rated table cannot have the coach: its players' results must be their own",
                "bad_options",
            )
        self.limits.new_table(client)
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
        rows = [self._seat_row(n, spec, ref, players, config) for n, spec in enumerate(seats)]
        for row in rows:
            row.clock_left = clock[0] if clock else None
        human = any(row.bot is None for row in rows)
        table = TableRow(
            id=new_table_id(),
            game=ref,
            players=players,
            seed=secrets.randbits(63) if seed is None else seed,
            options=config,
            status="open" if human else "playing",
            seats=rows,
            seeded=seed is not None,
            secret=new_secret(),
            rated=rated,
            move_seconds=move_seconds,
            clock_increment=clock[1] if clock else None,
            clock_seconds=clock[0] if clock else None,
            hints=hints,
            coach=coach,
        )
        await self.database.run(self.database.storage.create, table)
        live = LiveTable(table, [], self.settings.take_backs_per_game)
        self.tables.add(live)
        self.listings.clear()
        self.play.ensure_bots(live)
        return live

    @staticmethod
    def _seat_row(
        seat: int, spec: dict[str, Any], game: str, players: int, options: dict[str, Any]
    ) -> SeatRow:
        bot, params = spec.get("bot"), dict(spec.get("params") or {})
        if bot is None:
            if params:
                raise invalid(f"seat {seat}: params are for bots", "bad_seats")
            return SeatRow(seat=seat)
        files = local_only(bot, params)
        if files:
            raise invalid(f"seat {seat}: {files[0]} names a file, not opened here", "bad_bot")
        try:
            make_bot(bot, **params).check(load(game), players, options)
        except (ValueError, TypeError) as error:
            raise invalid(f"seat {seat}: {error}", "bad_bot") from None
        return SeatRow(seat=seat, name=spec.get("name"), bot=bot, bot_params=params)

    async def join(
        self,
        table_id: str,
        seat: int | None,
        name: str,
        *,
        join_id: str | None = None,
        holding: str | None = None,
        accept_seed: bool = False,
        account: Account | None = None,
    ) -> tuple[str, int, LiveTable]:
        """Take a free seat of an open table (the first one if none is named): returns its
        secret token. A repeat of `join_id` gets the seat and token it got the first time;
        `holding` is a token the joiner already has, which must hold no seat here. A seat
        taken for an account belongs to it: its token is derived from the account, so the
        account finds it again on any device, and joining again gets the same seat."""
        live = await self.tables.table(table_id)
        if account is not None:
            token = self.account_token(live, account)
            seat_held = await self.seat_of(live, token, missing_ok=True)
            if seat_held is not None:
                return token, seat_held, live
        elif join_id is not None:
            token = derived_token(table_secret(live), f"join/{join_id}")
            seat_held = await self.seat_of(live, token, missing_ok=True)
            if seat_held is not None:
                return token, seat_held, live
        else:
            token = secrets.token_urlsafe(32)
        if holding is not None and await self.seat_of(live, holding, missing_ok=True) is not None:
            raise ApiError(409, "already_seated", "you already hold a seat at this table")
        if live.row.rematch_of is not None:
            raise ApiError(
                409, "seat_reserved", "the seats of a rematch are kept for the previous players"
            )
        if live.row.seeded and not accept_seed and self._humans(live) > 1:
            raise seeded_refusal(live)
        seat = self._free_seat(live, seat)
        account_id = account.id if account is not None else None
        return await self._sit(live, seat, name, token, account_id), seat, live

    @staticmethod
    def account_token(live: LiveTable, account: Account) -> str:
        """The token of the seat an account holds (or would hold) at a table."""
        return account_token(table_secret(live), account.id, account.seat_key)

    async def seats_reissued(self, table_ids: list[str]) -> None:
        """An account's seats got new tokens (its password changed): the tables in memory
        adopt them, which closes the connections holding an earlier token, and the other
        processes are told to do the same."""
        for table_id in table_ids:
            live = self.tables.get(table_id)
            if live is not None:
                async with live.lock:
                    await self.tables.refresh(live)
            self.sync.publish(table_id, "table")

    @staticmethod
    def _free_seat(live: LiveTable, seat: int | None) -> int:
        """The seat to take, or why none can be taken: a game under way has no open seats
        (a player who leaves it is replaced by a bot)."""
        if live.status == "playing":
            raise ApiError(409, "game_started", "the game has begun; its seats are not open")
        if live.status != "open":
            raise not_playing(live.status, live.version)
        if seat is None:
            free = live.free_seats()
            if not free:
                raise ApiError(409, "table_full", "every seat at this table is taken")
            return free[0]
        if not 0 <= seat < live.row.players:
            raise unknown_seat(seat, live.row.players)
        if live.row.seats[seat].bot is not None:
            raise ApiError(409, "seat_taken", f"seat {seat} is played by a bot")
        return seat

    async def _sit(
        self, live: LiveTable, seat: int, name: str, token: str, account_id: int | None = None
    ) -> str:
        if live.row.rated and account_id is None:
            raise ApiError(
                401,
                "not_signed_in",
                "sign in to play at a rated table: its seats are rated for accounts",
            )
        digest = hash_token(token)
        storage = self.database.storage
        status = await self.database.run(storage.take_seat, live.id, seat, name, digest, account_id)
        if status is None:
            await self.tables.refresh(live)
            if live.status != "open":
                raise ApiError(409, "game_started", "the game has begun; its seats are not open")
            raise ApiError(409, "seat_taken", f"seat {seat} is taken")
        live.row.seats[seat].name, live.row.seats[seat].token_hash = name, digest
        live.row.seats[seat].account_id = account_id
        if live.row.status == "open":
            live.row.status = status
            if status == "playing":
                live.row.turn_started_at = datetime.now(UTC)
                self.clocks.turn_started(live, ())
        self.sync.table_changed(live)
        self.play.ensure_bots(live)
        return token

    @staticmethod
    def _humans(live: LiveTable) -> int:
        return sum(s.bot is None for s in live.row.seats)

    async def leave(self, table_id: str, token: str | None) -> tuple[int, LiveTable]:
        """Give up a seat: its token stops working. At an open table the seat is free again;
        in a game under way a bot plays it to the end, like a resignation."""
        live = await self.tables.table(table_id)
        seat = await self.seat(live, token)
        digest = live.row.seats[seat].token_hash
        assert digest is not None
        stand_in = self.settings.stand_in_bot
        storage = self.database.storage
        if not await self.database.run(storage.leave_seat, live.id, seat, digest, stand_in):
            await self.tables.refresh(live)
            raise wrong_token()
        await self.tables.refresh(live)
        self.sync.table_changed(live)
        self.play.ensure_bots(live)
        return seat, live

    async def seat_of(
        self, live: LiveTable, token: str | None, missing_ok: bool = False
    ) -> int | None:
        """The seat a token holds (None without a token: a spectator). A token this process
        has not seen may have been given by another one: the seats are read again before it is
        refused (or, if `missing_ok`, found to hold nothing)."""
        try:
            return live.seat_of(token)
        except ApiError:
            async with live.lock:
                await self.tables.refresh(live)
            try:
                return live.seat_of(token)
            except ApiError:
                if missing_ok:
                    return None
                raise

    async def seat(self, live: LiveTable, token: str | None) -> int:
        """The seat a token holds; a token is required."""
        if token is None:
            raise token_required()
        seat = await self.seat_of(live, token)
        assert seat is not None
        return seat

    async def rematch(self, table_id: str, token: str | None) -> tuple[str, int, LiveTable]:
        """Sit at the same seat of the next game (the first asker creates it). The seats of a
        rematch are kept for the previous players, and asking again gets the same seat and
        token, so a retry after a lost answer is safe."""
        live = await self.tables.table(table_id)
        seat = await self.seat(live, token)
        if live.status != "finished":
            raise ApiError(409, "not_finished", "a rematch follows a finished game")
        owner = await self._owner(live, seat)
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
                    SeatRow(
                        seat=s.seat,
                        name=s.name if s.bot else None,
                        bot=s.bot,
                        bot_params=s.bot_params,
                    )
                    for s in row.seats
                ],
                rematch_of=row.id,
                secret=new_secret(),
                rated=row.rated,
                move_seconds=row.move_seconds,
                clock_increment=row.clock_increment if row.clock_seconds else None,
                clock_seconds=row.clock_seconds,
                hints=row.hints,
                coach=row.coach,
            )
            for seat_row in table.seats:
                seat_row.clock_left = table.clock_seconds
            storage = self.database.storage
            live.row.rematch = await self.database.run(storage.create_rematch, row.id, table)
            self.sync.table_changed(live)
        following = await self.tables.table(live.row.rematch)
        held = live.row.seats[seat].token_hash
        assert held is not None
        token = (
            self.account_token(following, owner)
            if owner is not None
            else derived_token(table_secret(following), f"rematch/{held}")
        )
        if await self.seat_of(following, token, missing_ok=True) == seat:
            return token, seat, following
        name = live.row.seats[seat].name or f"seat {seat + 1}"
        free = self._free_seat(following, seat)
        account_id = owner.id if owner is not None else None  # an account's seat stays its own
        return await self._sit(following, free, name, token, account_id), seat, following

    async def _owner(self, live: LiveTable, seat: int) -> Account | None:
        """The account that holds `seat`, if any, once it is sure the seat's token is the
        account's current one: a token a password change re-issued, which a process may not
        have heard of yet, holds nothing."""
        account_id = live.row.seats[seat].account_id
        if account_id is None:
            return None
        owner = await self.database.run(self.database.storage.account, None, account_id)
        held = live.row.seats[seat].token_hash
        if owner is not None and hash_token(self.account_token(live, owner)) != held:
            async with live.lock:
                await self.tables.refresh(live)
            raise wrong_token()
        return owner
