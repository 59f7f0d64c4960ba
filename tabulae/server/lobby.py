"""The tables of one server process: create, seat, play, rematch, import, and stay in step.

Each table has a lock, so its actions are decided one at a time; different tables never wait
for each other. An action is applied to a copy of the state, committed, and only then adopted,
acknowledged and pushed. The database decides races: the log's (table, seq) key lets exactly
one writer commit each action, in this process or another one sharing the database.

No one at a table can know its hidden information: the server draws the seed of every table
not explicitly created as seeded, and the bots' random numbers and derived seat tokens come
from the table's own secret, which never leaves the server.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import re
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any, TypeVar

import orjson

from tabulae.bots import make_bot
from tabulae.bots.hints import MOVES
from tabulae.bots.levels import STRONGEST
from tabulae.bots.review import decision_rng
from tabulae.core import (
    Action,
    BadOptions,
    IllegalAction,
    Match,
    MatchFormatError,
    Rng,
    State,
    UnknownGame,
    load,
)

from . import coach, mail
from .botqueue import BotQueue, Kind
from .bots import BotPool, Decision, hint_moves
from .chat import CHANNELS, readable
from .commits import GroupCommit
from .config import Settings
from .connections import Connection
from .errors import (
    ApiError,
    Refused,
    cannot_take_back,
    invalid,
    not_playing,
    not_your_turn,
    stale_version,
    take_backs_used_up,
    token_required,
    unknown_seat,
    unknown_table,
    wrong_token,
)
from .fanout import Fanout
from .limits import Budget, Limits, PerMinute, SignInBackoff
from .live import LiveTable, account_token, derived_token, hash_token, summary
from .ratings import rate_table
from .reviews import Reviews
from .storage import (
    Account,
    ActionRow,
    Append,
    ChatRow,
    SeatRow,
    SeqTaken,
    Storage,
    TableClosed,
    TableRow,
    TokenRevoked,
)
from .text import clean_name
from .workers import ROUTINE, URGENT, PriorityWorkers

log = logging.getLogger("tabulae.server")

T = TypeVar("T")
TABLE_ID = re.compile(r"[a-z0-9]{1,32}")
SEED_RANGE = range(-(2**63), 2**63)  # a BIGINT column
LISTING_SECONDS = 1.0  # how long a listing may be answered again unchanged
OVER = ("finished", "replay", "expired", "closed")  # the statuses of a game no one plays
TIME_OUT_SLACK = 0.05  # seconds after a deadline its timer fires, so the time has surely run out
TIME_OUT_RETRY = 1.0  # seconds before a stand-in that could not move tries again
LISTED = {
    "open": ("open",),
    "any": ("open", "playing", "finished", "replay", "expired", "closed"),
}


def new_table_id() -> str:
    return secrets.token_hex(6)


def new_secret() -> str:
    return secrets.token_hex(32)


def bot_rng(secret: str, seat: int, version: int) -> Rng:
    """A bot's random numbers, keyed by the table's secret: no one can foresee its choices,
    and the same bot at the same table, seat and version always draws the same numbers, so
    processes sharing a table make the same decision."""
    digest = hashlib.blake2b(
        f"{seat}/{version}".encode(), key=bytes.fromhex(secret), digest_size=8
    ).digest()
    return Rng(int.from_bytes(digest, "big"))


def seeded_refusal(live: LiveTable) -> ApiError:
    return ApiError(
        409,
        "seed_not_accepted",
        f"this table was created with the seed {live.row.seed}, so anyone who knows it can "
        "work out the hidden cards and draws; join with accept_seed to play it anyway",
        seed=live.row.seed,
    )


class Lobby:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.storage = Storage(settings.url)
        self.db_pool = PriorityWorkers(1 if self.storage.is_sqlite else 8, "tabulae-db")
        self.bot_queue = BotQueue(
            BotPool(settings.bot_workers),
            settings.bot_seconds,
            settings.hint_workers,
            settings.hints_per_table,
            settings.hint_queue,
            settings.review_workers,
        )
        self.reviews = Reviews(
            self.bot_queue,
            lambda call, *args: self.replay(ROUTINE, call, *args),
            settings.review_seconds,
            settings.reviews_running,
            settings.review_cache,
            settings.review_decisions,
            settings.reviews_per_client,
        )
        self.commits = GroupCommit(self.storage, self.commit)
        self.limits = Limits(settings.tables_per_minute, settings.sockets_per_client)
        self.sign_ins = PerMinute(
            settings.sign_ins_per_minute, "too_many_attempts", "sign-in attempts"
        )
        self.sign_in_backoff = SignInBackoff(
            settings.sign_in_free_failures,
            settings.sign_in_backoff_seconds,
            settings.sign_in_backoff_most,
        )
        self.chat_limit = PerMinute(settings.chat_per_minute, "too_many_messages", "messages")
        self.hint_limit = PerMinute(settings.hints_per_minute, "too_many_hints", "hints")
        self.searches = coach.Searches()  # at coached tables, for judging the move that follows
        self.judging: set[asyncio.Task[None]] = set()
        self.import_limit = PerMinute(settings.imports_per_minute, "too_many_imports", "imports")
        self.reads = Budget(
            settings.reads_per_minute, settings.read_burst, "too_many_reads", "costly reads"
        )
        # Replays (a past version, an import, a table rebuilt from its log) run on a thread of
        # their own, one at a time, so that the event loop answers everyone else meanwhile.
        self.replay_pool = PriorityWorkers(1, "tabulae-replay")
        self.email_links = PerMinute(
            settings.email_links_per_hour, "too_many_links", "confirmation e-mails", 3600, "an hour"
        )
        self.tables: dict[str, LiveTable] = {}
        self.resting: OrderedDict[str, None] = OrderedDict()  # over and unwatched, oldest first
        self.loading = asyncio.Lock()
        self.sweeper: asyncio.Task[None] | None = None
        self.clock: asyncio.Task[None] | None = None
        self.listings: dict[tuple[str, int], tuple[float, asyncio.Future[bytes]]] = {}
        self.reminders: set[asyncio.Task[None]] = set()
        self.turn_timers: dict[str, tuple[datetime, asyncio.TimerHandle]] = {}
        self.stand_ins: dict[str, asyncio.Task[None]] = {}
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

    async def replay(self, priority: int, call: Callable[..., T], *args: Any) -> T:
        """Run `call`, which replays a game, on the replay thread: URGENT for a table someone
        plays at, ROUTINE for looking back."""
        return await asyncio.wrap_future(self.replay_pool.submit(priority, call, *args))

    # Life cycle

    async def start(self) -> None:
        """Migrate the schema, expire stale open tables, then rebuild every running table
        from its log; open tables keep expiring while the server runs."""
        await self.db(self.storage.migrate)
        if self.fanout:
            await self.fanout.start()  # before rebuilding, so no change goes unheard
        await self.expire()
        for table_id in await self.db(self.storage.running):
            try:
                await self.table(table_id)
            except ApiError as error:
                log.error("table %s is not rebuilt: %s", table_id, error.message)
        self.sweeper = asyncio.get_running_loop().create_task(self._sweep())
        self.clock = asyncio.get_running_loop().create_task(self._watch_the_clock())

    async def stop(self) -> None:
        for task in (self.sweeper, self.clock):
            if task:
                task.cancel()
        for live in self.tables.values():
            if live.bot_task:
                live.bot_task.cancel()
        for _, timer in self.turn_timers.values():
            timer.cancel()
        for task in self.stand_ins.values():
            task.cancel()
        for task in self.judging:
            task.cancel()
        if self.fanout:
            await self.fanout.stop()
        self.reviews.stop()
        self.bot_queue.shutdown()
        self.replay_pool.shutdown()
        self.db_pool.shutdown()
        self.storage.close()

    # Finding tables

    async def table(self, table_id: str) -> LiveTable:
        """A table, from memory or else rebuilt from the database."""
        live = self.tables.get(table_id)
        if live is not None:
            if table_id in self.resting:
                self.resting.move_to_end(table_id)
            return live
        if not TABLE_ID.fullmatch(table_id):
            raise unknown_table(table_id)
        async with self.loading:
            live = self.tables.get(table_id)
            if live is None:
                loaded = await self.db(self.storage.load, table_id)
                if loaded is None:
                    raise unknown_table(table_id)
                row, log_rows = loaded
                urgency = ROUTINE if row.status in OVER else URGENT
                try:
                    live = await self.replay(
                        urgency, LiveTable, row, log_rows, self.settings.take_backs_per_game
                    )
                except (UnknownGame, BadOptions, ValueError, TypeError) as error:
                    log.exception("cannot rebuild table %s", table_id)
                    raise ApiError(
                        503, "table_unavailable", f"table {table_id} cannot be rebuilt: {error}"
                    ) from None
                self.tables[table_id] = live
                if live.status in OVER:
                    self._rest(live)
        async with live.lock:
            await self._catch_up(live)  # commits made elsewhere while it was loading
        self.ensure_bots(live)
        return live

    async def listing(self, status: str, limit: int) -> bytes:
        """The newest tables by status, as JSON; "open" means waiting, with a free seat.

        However many clients ask, one listing is read and encoded at a time and answered again
        for up to a second, or until a table is created, seated, left, expired or finished
        through this process (changes through other processes show within the second)."""
        key = (status, limit)
        made, answer = self.listings.get(key, (0.0, None))
        if answer is None or time.monotonic() - made > LISTING_SECONDS:
            answer = asyncio.ensure_future(self._listing(status, limit))
            self.listings[key] = (time.monotonic(), answer)
        try:
            return await asyncio.shield(answer)
        except Exception:
            self.listings.pop(key, None)
            raise

    async def _listing(self, status: str, limit: int) -> bytes:
        statuses = LISTED.get(status, (status,))
        rows = await self.db(self.storage.listing, statuses, status == "open", limit)
        return orjson.dumps([summary(row) for row in rows])

    async def expire(self) -> None:
        """Close the open tables that waited for players longer than the settings allow."""
        lifetime = timedelta(minutes=self.settings.open_table_minutes)
        for table_id in await self.db(self.storage.expire, datetime.now(UTC) - lifetime):
            live = self.tables.get(table_id)
            if live is not None:
                live.row.status = "expired"
                self.table_changed(live)
                self.forget_if_idle(live)
            elif self.fanout:
                self.fanout.publish(table_id, "table")

    async def _sweep(self) -> None:
        period = min(60.0, max(1.0, self.settings.open_table_minutes * 60 / 4))
        while True:
            await asyncio.sleep(period)
            try:
                await self.expire()
            except Exception:
                log.exception("expiring open tables failed; trying again later")

    # Turn-based tables

    async def _watch_the_clock(self) -> None:
        while True:
            await asyncio.sleep(self.settings.turn_check_seconds)
            try:
                await self.time_out()
            except Exception:
                log.exception("checking move time limits failed; trying again later")

    async def time_out(self) -> None:
        """Send the late reminders that are due, and let the stand-in bot move for every seat
        whose time to move has run out (a timer at each deadline does so at once; this finds
        the tables no timer here watches). Several processes may find the same seat late: the
        log's key lets only one move commit, and the seat's record only one reminder go."""
        for table_id in await self.db(self.storage.timed_tables):
            live = await self.table(table_id)
            late = live.running_late(datetime.now(UTC), self.settings.reminder_late_at)
            self._remind_soon(live, late, late=True)
            if live.id not in self.stand_ins:
                await self._stand_in(live)

    async def _stand_in(self, live: LiveTable) -> None:
        """Let the stand-in bot move for every seat of `live` whose time has run out."""
        version = live.version
        for seat in live.overdue(datetime.now(UTC)):
            action = await self._decide(
                live, seat, self.settings.stand_in_bot, {}, version, Kind.STAND_IN
            )
            try:
                await self.act(live, seat, None, action, version, timed_out=True)
            except ApiError as error:
                if error.code == "stale_version":  # moved elsewhere: its deadline as stored
                    async with live.lock:
                        await self._refresh(live)
                elif error.code not in ("not_your_turn", "not_playing"):
                    log.error("time-out at table %s seat %s: %s", live.id, seat, error.message)
            version = live.version

    def _time_the_turn(self, live: LiveTable, soonest: float = 0.0) -> None:
        """Set the table's timer for the moment a seat to move runs out of time (not before
        `soonest` seconds), so the stand-in moves then in every process holding the table;
        none if no seat to move can run out. A timer already set for the same deadline stays,
        and a stand-in under way sets the next one when it is done."""
        if live.id in self.stand_ins:
            return
        deadline = live.next_time_out()
        set_before = self.turn_timers.pop(live.id, None)
        if set_before is not None:
            if set_before[0] == deadline and not soonest:
                self.turn_timers[live.id] = set_before
                return
            set_before[1].cancel()
        if deadline is None:
            return
        delay = (deadline - datetime.now(UTC)).total_seconds() + TIME_OUT_SLACK
        timer = asyncio.get_running_loop().call_later(max(delay, soonest), self._time_is_up, live)
        self.turn_timers[live.id] = (deadline, timer)

    def _time_is_up(self, live: LiveTable) -> None:
        self.turn_timers.pop(live.id, None)
        if live.id not in self.stand_ins:
            task = asyncio.get_running_loop().create_task(self._stand_in_now(live))
            self.stand_ins[live.id] = task

    async def _stand_in_now(self, live: LiveTable) -> None:
        try:
            await self._stand_in(live)
        except Exception:
            log.exception("the stand-in at table %s failed; trying again", live.id)
        finally:
            self.stand_ins.pop(live.id, None)
        if self.tables.get(live.id) is live:
            self._time_the_turn(live, soonest=TIME_OUT_RETRY)

    async def remind(
        self, live: LiveTable, seats: list[int], version: int, late: bool = False
    ) -> None:
        """E-mail the accounts at `seats` of a turn-based table that it is their move: when
        the move starts, or (`late`) how long is left once most of its time is spent. At most
        `reminders_per_move` go for one move, however many processes want to send them."""
        most = self.settings.reminders_per_move
        if live.row.move_seconds is None or not self.settings.smtp_host or most < 1:
            return
        first, second = 2 * version + 1, 2 * version + 2
        mark, below = (second, second if most >= 2 else first) if late else (first, first)
        for seat in seats:
            account_id = live.row.seats[seat].account_id
            if account_id is None or seat in live.bots:
                continue
            account = await self.db(self.storage.account, None, account_id)
            if account is None or not (account.email and account.email_confirmed):
                continue  # reminders go only to an address confirmed by its link
            if account.disabled:
                continue
            if not await self.db(self.storage.claim_reminder, live.id, seat, mark, below):
                continue
            left = live.time_left(datetime.now(UTC)) if late else None
            await asyncio.to_thread(
                mail.your_move,
                self.settings,
                account.email,
                account.language,
                live.game,
                live.id,
                left,
            )

    def _remind_soon(self, live: LiveTable, seats: list[int], late: bool = False) -> None:
        if live.status == "playing" and seats and live.row.move_seconds is not None:
            remind = self.remind(live, seats, live.version, late)
            task = asyncio.get_running_loop().create_task(remind)
            self.reminders.add(task)
            task.add_done_callback(self.reminders.discard)

    def _turn_started(self, live: LiveTable, before: tuple[int, ...]) -> None:
        """Remind the seats that came to move and are not at the table in this process."""
        connected = {connection.seat for connection in live.connections}
        waiting = [s for s in live.state.to_move if s not in before and s not in connected]
        self._remind_soon(live, waiting)

    # Tables and seats

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
        rows = [self._seat_row(n, spec) for n, spec in enumerate(seats)]
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
        await self.db(self.storage.create, table)
        live = self.tables[table.id] = LiveTable(table, [], self.settings.take_backs_per_game)
        self.listings.clear()
        self.ensure_bots(live)
        return live

    @staticmethod
    def _seat_row(seat: int, spec: dict[str, Any]) -> SeatRow:
        bot, params = spec.get("bot"), dict(spec.get("params") or {})
        if bot is None:
            if params:
                raise invalid(f"seat {seat}: params are for bots", "bad_seats")
            return SeatRow(seat=seat)
        try:
            make_bot(bot, **params)
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
        live = await self.table(table_id)
        if account is not None:
            token = self.account_token(live, account)
            seat_held = await self.seat_of(live, token, missing_ok=True)
            if seat_held is not None:
                return token, seat_held, live
        elif join_id is not None:
            token = derived_token(self._secret(live), f"join/{join_id}")
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

    def account_token(self, live: LiveTable, account: Account) -> str:
        """The token of the seat an account holds (or would hold) at a table."""
        return account_token(self._secret(live), account.id, account.seat_key)

    async def seats_reissued(self, table_ids: list[str]) -> None:
        """An account's seats got new tokens (its password changed): the tables in memory
        adopt them, which closes the connections holding an earlier token, and the other
        processes are told to do the same."""
        for table_id in table_ids:
            live = self.tables.get(table_id)
            if live is not None:
                async with live.lock:
                    await self._refresh(live)
            if self.fanout:
                self.fanout.publish(table_id, "table")

    def _free_seat(self, live: LiveTable, seat: int | None) -> int:
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
        status = await self.db(self.storage.take_seat, live.id, seat, name, digest, account_id)
        if status is None:
            await self._refresh(live)
            if live.status != "open":
                raise ApiError(409, "game_started", "the game has begun; its seats are not open")
            raise ApiError(409, "seat_taken", f"seat {seat} is taken")
        live.row.seats[seat].name, live.row.seats[seat].token_hash = name, digest
        live.row.seats[seat].account_id = account_id
        if live.row.status == "open":
            live.row.status = status
            if status == "playing":
                live.row.turn_started_at = datetime.now(UTC)
                self._turn_started(live, ())
        self.table_changed(live)
        self.ensure_bots(live)
        return token

    @staticmethod
    def _humans(live: LiveTable) -> int:
        return sum(s.bot is None for s in live.row.seats)

    @staticmethod
    def _secret(live: LiveTable) -> str:
        if live.row.secret is None:
            raise ApiError(503, "table_unavailable", f"table {live.id} has no secret")
        return live.row.secret

    async def leave(self, table_id: str, token: str | None) -> tuple[int, LiveTable]:
        """Give up a seat: its token stops working. At an open table the seat is free again;
        in a game under way a bot plays it to the end, like a resignation."""
        live = await self.table(table_id)
        seat = await self.seat(live, token)
        digest = live.row.seats[seat].token_hash
        assert digest is not None
        stand_in = self.settings.stand_in_bot
        if not await self.db(self.storage.leave_seat, live.id, seat, digest, stand_in):
            await self._refresh(live)
            raise wrong_token()
        await self._refresh(live)
        self.table_changed(live)
        self.ensure_bots(live)
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
                await self._refresh(live)
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
        live = await self.table(table_id)
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
            live.row.rematch = await self.db(self.storage.create_rematch, row.id, table)
            self.table_changed(live)
        following = await self.table(live.row.rematch)
        held = live.row.seats[seat].token_hash
        assert held is not None
        token = (
            self.account_token(following, owner)
            if owner is not None
            else derived_token(self._secret(following), f"rematch/{held}")
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
        owner = await self.db(self.storage.account, None, account_id)
        held = live.row.seats[seat].token_hash
        if owner is not None and hash_token(self.account_token(live, owner)) != held:
            async with live.lock:
                await self._refresh(live)
            raise wrong_token()
        return owner

    # Play

    async def act(
        self,
        live: LiveTable,
        seat: int,
        token_hash: str | None,
        action: Action,
        version: int,
        client_action_id: str | None = None,
        timed_out: bool = False,
    ) -> dict[str, Any]:
        """Validate, commit, then acknowledge one action; retries with the same client action
        id get the first answer again instead of playing twice. `timed_out` marks a move a bot
        made because the seat's time ran out. An action decided on an older `version` is played
        if it still means what it meant then (`LiveTable.moved_on`)."""
        async with live.lock:
            done = await self._ready(live, seat, version, client_action_id, action, timed_out)
            if done is not None:
                return done
            if seat not in live.state.to_move:
                raise not_your_turn(seat, live.version)
            following = live.state.clone()
            try:
                following.apply(seat, action)
            except IllegalAction as error:
                section = live.state.game.rules().for_refusal(error.key)
                rule = None if section is None else section.id
                raise Refused(error, live.text, live.version, rule) from None
            row = ActionRow(
                seq=live.version + 1,
                seat=seat,
                action=action.to_json(),
                client_action_id=client_action_id,
                timed_out=timed_out,
            )
            result = following.result()
            before = tuple(live.state.to_move)
            append = Append(
                table_id=live.id,
                row=row,
                token_hash=token_hash,
                finished=result is not None,
                ranks=None if result is None else tuple(result.ranks),
                charged=before if live.row.clock_increment is not None else (),
            )
            done = await self._commit(live, append, action, version)
            if done:
                return done
            live.advance(following, row, action)
            if live.row.clock_increment is not None:
                await self._refresh(live)  # the clocks as the commit left them
            if result is not None:
                for seat_row, rank in zip(live.row.seats, result.ranks, strict=True):
                    seat_row.rank = rank
        if result is not None and live.row.rated:
            await self._rate(live)
        if live.row.coach and not timed_out and seat not in live.bots:
            self._judge_soon(live, seat, action, row.seq - 1)
        return self._played(live, before, row)

    async def _rate(self, live: LiveTable) -> None:
        """Rate a finished table before its end is pushed, so the pages that hear of it find
        the changes; a failure is logged, and the game still ends for everyone."""
        try:
            await self.db(rate_table, self.storage, live)
        except Exception:
            log.exception("rating table %s failed", live.id)

    async def take_back(
        self,
        live: LiveTable,
        seat: int,
        token_hash: str | None,
        count: int,
        version: int,
        client_action_id: str | None = None,
    ) -> dict[str, Any]:
        """Take back `seat`'s last `count` actions, as far as the engine allows: a row of its
        own in the log, which leaves them out of the state; nothing is deleted."""
        async with live.lock:
            done = await self._ready(live, seat, version, client_action_id, None)
            if done is not None:
                return done
            if live.used_up(seat):
                raise take_backs_used_up(self.settings.take_backs_per_game, live.version)
            allowed = live.may_take_back(seat)
            if not 1 <= count <= allowed:
                raise cannot_take_back(count, allowed, live.version)
            before = tuple(live.state.to_move)
            row = ActionRow(
                seq=live.version + 1,
                seat=seat,
                action=[],
                client_action_id=client_action_id,
                takes_back=count,
            )
            append = Append(table_id=live.id, row=row, token_hash=token_hash, finished=False)
            done = await self._commit(live, append, None, version)
            if done:
                return done
            live.record(row)
        return self._played(live, before, row)

    async def _ready(
        self,
        live: LiveTable,
        seat: int,
        version: int,
        client_action_id: str | None,
        action: Action | None,
        timed_out: bool = False,
    ) -> dict[str, Any] | None:
        """What an action and a take-back check first, with the table's lock held: a repeat of
        a client action id gets the first answer again; otherwise catch up with a version
        another process committed, and refuse unless the game is on at the client's version,
        or, for a seat's own action (not a take-back, `action` None, nor a move made for it
        when its time ran out), at an older version at which it meant what it means now."""
        if client_action_id is not None:
            done = self._already(live, seat, client_action_id, action)
            if done is not None:
                return done
        if version > live.version:
            await self._catch_up(live)
        if live.status != "playing":
            raise not_playing(live.status, live.version)
        if version != live.version:
            if action is None or timed_out:
                raise stale_version(live.version, version)
            reason = live.moved_on(seat, version)
            if reason is not None:
                raise stale_version(live.version, version, reason)
        return None

    def _played(self, live: LiveTable, before: tuple[int, ...], row: ActionRow) -> dict[str, Any]:
        """What follows a committed action or take-back, the lock released: remind the seats
        that came to move, tell the table's connections, let the bots to move play, forget a
        finished game no one watches; the answer to the client."""
        self._turn_started(live, before)
        self.changed(live)
        self.ensure_bots(live)
        self.forget_if_idle(live)
        return {"version": row.seq, "client_action_id": row.client_action_id, "repeated": False}

    async def _commit(
        self, live: LiveTable, append: Append, action: Action | None, version: int
    ) -> dict[str, Any] | None:
        """Commit a row of the log (with the table's lock held); the first answer again if
        another process committed the same client action id first, else None."""
        row = append.row
        try:
            await self.commits.append(append)
        except SeqTaken:
            await self._catch_up(live)
            if row.client_action_id:
                done = self._already(live, row.seat, row.client_action_id, action)
                if done:
                    return done
            raise stale_version(live.version, version, "played_elsewhere") from None
        except TokenRevoked:
            await self._refresh(live)
            raise wrong_token() from None
        except TableClosed:
            await self._refresh(live)
            raise not_playing(live.status, live.version) from None
        return None

    @staticmethod
    def _already(
        live: LiveTable, seat: int, client_action_id: str, action: Action | None
    ) -> dict[str, Any] | None:
        """The answer to a repeat of a client action id; `action` is None for a take-back."""
        seq = live.client_ids.get((seat, client_action_id))
        if seq is None:
            return None
        done = live.log[seq - 1].action
        if done != action:
            raise ApiError(
                409,
                "client_action_id_reused",
                f"client action id {client_action_id!r} was used for "
                + (f"'{done}'" if done else "a take-back"),
                version=live.version,
            )
        return {"version": seq, "client_action_id": client_action_id, "repeated": True}

    def forget_if_idle(self, live: LiveTable) -> None:
        """Drop a game that is over from memory once no one watches it; it reloads on demand."""
        if live.status in OVER and not live.connections:
            self.tables.pop(live.id, None)
            self.resting.pop(live.id, None)

    def _rest(self, live: LiveTable) -> None:
        """Keep a game that is over in memory while people look at it (a replay steps through
        it request by request), but only the `replay_cache` most recently asked for: the
        oldest one that no one watches over a live connection is dropped, and reloads on
        demand."""
        self.resting[live.id] = None
        self.resting.move_to_end(live.id)
        while len(self.resting) > self.settings.replay_cache:
            oldest, _ = self.resting.popitem(last=False)
            kept = self.tables.get(oldest)
            if kept is not None and not kept.connections:
                del self.tables[oldest]

    # Bots

    def ensure_bots(self, live: LiveTable) -> None:
        """Start the table's bot driver if a bot is to move and none is running."""
        if (
            live.status == "playing"
            and (live.bot_task is None or live.bot_task.done())
            and any(seat in live.bots for seat in live.state.to_move)
        ):
            live.bot_task = asyncio.get_running_loop().create_task(self._drive_bots(live))
        if live.timed:
            self._time_the_turn(live)

    async def _drive_bots(self, live: LiveTable) -> None:
        """Let the bots to move play, each deciding in a worker process so other tables go on."""
        while live.status == "playing":
            seats = [seat for seat in live.state.to_move if seat in live.bots]
            if not seats:
                return
            seat, version = seats[0], live.version
            sitting = live.row.seats[seat]
            action = await self._decide(
                live, seat, sitting.bot or "", dict(sitting.bot_params), version
            )
            try:
                await self.act(live, seat, None, action, version)
            except ApiError as error:
                if error.code not in ("stale_version", "not_your_turn", "not_playing"):
                    log.error("bot at table %s seat %s: %s", live.id, seat, error.message)
                    return

    async def _decide(
        self,
        live: LiveTable,
        seat: int,
        bot: str,
        params: dict[str, Any],
        version: int,
        kind: Kind = Kind.MOVE,
    ) -> Action:
        """What `bot` plays at `seat` at `version`, decided in a worker process."""
        decision = self._decision(live, seat, bot, params, version)
        return Action.from_json(await self.bot_queue.decide(kind, decision))

    async def hint(self, live: LiveTable, seat: int) -> dict[str, Any]:
        """The strongest level's best moves for `seat`, at its turn, at a table that allows
        hints: searched in a worker, like a bot's decision, on what the seat knows only, after
        the bots' moves. Asking again before the answer joins the search under way."""
        if not (live.row.hints or live.row.coach):
            raise ApiError(403, "hints_not_allowed", "this table does not allow hints")
        if live.status != "playing":
            raise not_playing(live.status, live.version)
        if seat not in live.state.to_move:
            raise not_your_turn(seat, live.version)
        version = live.version
        decision = self._decision(live, seat, STRONGEST, {}, version)
        at = coach.key(decision, version)
        found = self.searches.get(at) if live.row.coach else None
        if found is None:
            found = await self.bot_queue.hint(
                decision, version, hint_moves, lambda: self.hint_limit.count(f"{live.id}/{seat}")
            )
            if live.row.coach:  # the move that follows is judged on what was shown
                self.searches.keep(at, found)
        return {"version": version, **found, "moves": found["moves"][:MOVES]}

    def _judge_soon(self, live: LiveTable, seat: int, played: Action, version: int) -> None:
        task = asyncio.get_running_loop().create_task(self._judge(live, seat, played, version))
        self.judging.add(task)
        task.add_done_callback(self.judging.discard)

    async def _judge(self, live: LiveTable, seat: int, played: Action, version: int) -> None:
        """Tell `seat` what the coach makes of `played`, its move at `version`. Searched like
        a hint (behind bot moves, within the hint bounds but not a seat's hints a minute);
        with no room for it, the seat is told the move is not judged; a search a later ask
        of the same seat replaced is dropped."""
        decision = self._decision(live, seat, STRONGEST, {}, version)
        found = self.searches.take(coach.key(decision, version))
        try:
            if found is None:
                found = await self.bot_queue.hint(decision, version, hint_moves)
            message = coach.judgement(found, played, version)
        except ApiError as error:
            if error.code == "busy":
                retry = float(error.extra.get("retry_after", 0.0))
                coach.tell(live, seat, coach.busy(seat, played, version, retry))
            elif error.code != "stale_version":
                log.error("coach at table %s seat %s: %s", live.id, seat, error.message)
            return
        except Exception:
            log.exception("coach at table %s seat %s failed", live.id, seat)
            return
        coach.tell(live, seat, message)

    async def review(
        self, live: LiveTable, seat: int, client: str = ""
    ) -> tuple[bool, dict[str, Any]]:
        """(done, answer): the review of `seat`'s decisions in a game that is over (imported
        ones too), judged in the bot workers after all other bot work, from what the seat knew
        at each; until it is done, how far it has come. The whole match is public by then, so
        anyone may ask."""
        if not live.disclosed:
            raise ApiError(409, "not_finished", "a game is reviewed once it is over")
        if not 0 <= seat < live.row.players:
            raise invalid(f"seat {seat} is not at this table of {live.row.players}", "bad_seat")
        match = live.match()
        log = [(s, a.to_json()) for s, a in match.actions]

        def judging(number: int) -> Decision:
            seat_played, played = log[number - 1]
            return Decision(
                # Its own name, so that a worker's remembered state of the game played on
                # (which may have had take-backs) is never continued along the record.
                table=f"{live.id}/review",
                game=live.row.game,
                players=live.row.players,
                seed=live.row.seed,
                options=dict(live.row.options),
                log=log[: number - 1],
                seat=seat_played,
                bot=STRONGEST,
                params={},
                rng=decision_rng(0, number),
                seconds=self.settings.review_seconds,
                played=played,
            )

        return await self.reviews.review(live.id, match, seat, judging, client)

    def _decision(
        self, live: LiveTable, seat: int, bot: str, params: dict[str, Any], version: int
    ) -> Decision:
        played, lines = live.standing(version)
        return Decision(
            table=live.id,
            game=live.row.game,
            players=live.row.players,
            seed=live.row.seed,
            options=dict(live.row.options),
            log=[(s, a.to_json()) for s, a in played],
            line=lines,
            seat=seat,
            bot=bot,
            params=params,
            rng=bot_rng(self._secret(live), seat, version),
            seconds=self.settings.bot_seconds,
        )

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
        live.adopt_seats(row.seats)
        live.row.rematch = row.rematch
        live.row.turn_started_at = row.turn_started_at
        if live.row.status != "finished":
            live.row.status = row.status
        for connection in live.connections:
            connection.table_changed()

    async def remote_change(self, table_id: str, kind: str) -> None:
        """Another process (or `tabulae admin`) changed a table: catch up if this process has
        it in memory; a timed table's clocks, deadline and time-outs come with its moves."""
        live = self.tables.get(table_id)
        if live is None:
            return
        if kind == "chat":
            await self._catch_up_chat(live)
            return
        async with live.lock:
            if kind == "action":
                await self._catch_up(live)
            if kind != "action" or live.timed:
                await self._refresh(live)
        if live.timed:
            self._time_the_turn(live)

    async def resync(self) -> None:
        """After a lost Redis connection: catch up every table in memory."""
        for table_id in list(self.tables):
            await self.remote_change(table_id, "action")
            await self.remote_change(table_id, "table")

    def changed(self, live: LiveTable) -> None:
        if live.status != "playing":
            self.listings.clear()
        for connection in live.connections:
            if live.timed:  # the summary with the new deadline, clocks and time-outs
                connection.table_changed()
            else:
                connection.changed()
        if self.fanout:
            self.fanout.publish(live.id, "action")

    def table_changed(self, live: LiveTable) -> None:
        self.listings.clear()
        for connection in live.connections:
            connection.table_changed()
        if self.fanout:
            self.fanout.publish(live.id, "table")

    # Chat

    async def say(
        self, live: LiveTable, channel: str, seat: int | None, name: str, text: str
    ) -> ChatRow:
        """Store a chat message and push it to everyone at the table who may read it."""
        row = await self.db(self.storage.add_chat, live.id, channel, seat, name, text)
        self._push_chat(live, [row])
        if self.fanout:
            self.fanout.publish(live.id, "chat")
        return row

    async def chat_backlog(self, connection: Connection) -> None:
        """Send a new connection the latest `chat_backlog` messages it may read, in order. The
        first connection at the table (the others are kept up to date by the catch-ups) marks
        everything said so far as caught up with."""
        live = connection.table
        channels = readable(live.status, connection.reader)
        count = self.settings.chat_backlog
        rows = await self.db(self.storage.chat, live.id, channels, 0, count, True)
        if len(live.connections) == 1 or not live.chat_checked:
            newest = await self.db(self.storage.chat, live.id, CHANNELS, 0, 1, True)
            live.chat_checked = max([live.chat_checked, *(row.id for row in newest)])
        connection.said(rows)

    async def _catch_up_chat(self, live: LiveTable) -> None:
        """Push the messages said through other processes to this one's connections."""
        if not live.connections:
            return
        rows = await self.db(self.storage.chat, live.id, CHANNELS, live.chat_checked)
        live.chat_checked = max([live.chat_checked, *(row.id for row in rows)])
        self._push_chat(live, [row for row in rows if row.id not in live.chat_pushed])

    @staticmethod
    def _push_chat(live: LiveTable, rows: list[ChatRow]) -> None:
        live.chat_pushed.update(row.id for row in rows)
        for connection in live.connections:
            connection.said(rows)

    # Matches

    async def import_match(self, data: Any, client: str = "") -> LiveTable:
        """Store a match record as a table for replay. Each client may import a few a minute,
        each of at most `import_actions` actions; the table is kept in memory only while
        people look at it, like any game that is over."""
        self.import_limit.count(client)
        actions = data.get("actions") if isinstance(data, dict) else None
        most = self.settings.import_actions
        if isinstance(actions, list) and len(actions) > most:
            raise invalid(
                f"cannot import the match: {len(actions)} actions, at most {most}",
                "match_too_long",
            )
        live, played = await self.replay(ROUTINE, self._imported, data)
        await self.db(self.storage.create, live.row, played)
        self.tables[live.id] = live
        self._rest(live)
        return live

    def _imported(self, data: Any) -> tuple[LiveTable, list[ActionRow]]:
        """The table for replay a match record makes, checked and replayed (on the replay
        thread)."""
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
            seats=[SeatRow(seat=n, name=clean_name(name)) for n, name in enumerate(match.seats)],
            secret=new_secret(),
        )
        played = [
            ActionRow(seq=n, seat=seat, action=action.to_json(), client_action_id=None)
            for n, (seat, action) in enumerate(match.actions, start=1)
        ]
        return LiveTable(table, played), played

    async def past(self, live: LiveTable, version: int) -> State:
        """The state after `version` of the log, replayed on the replay thread."""
        played = list(live.standing(version)[0])
        return await self.replay(ROUTINE, live.replayed, played)

    @staticmethod
    def export(live: LiveTable) -> dict[str, Any]:
        """The full match once it is over; until then only the public log (no seed, no actions)."""
        if live.disclosed:
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
            "events": live.events(None, -1, live.version),
        }
