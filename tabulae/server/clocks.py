"""Turn-based and clocked tables: a seat whose time to move runs out has its move made by the
stand-in bot, and the accounts at a turn-based table are e-mailed when it is their move (and,
late, how long is left).

A timer at each deadline lets the stand-in move at once in every process holding the table,
and a periodic check finds the tables no timer here watches. Several processes may find the
same seat late: the log's key lets only one move commit, and the seat's record only one
reminder go.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime

from tabulae.core import Action

from . import mail
from .botqueue import Kind
from .config import Settings
from .database import Database
from .decisions import Decisions
from .errors import ApiError
from .live import LiveTable
from .tables import Tables

log = logging.getLogger("tabulae.server")

TIME_OUT_SLACK = 0.05  # seconds after a deadline its timer fires, so the time has surely run out
TIME_OUT_RETRY = 1.0  # seconds before a stand-in that could not move tries again

StandInMove = Callable[[LiveTable, int, Action, int], Awaitable[object]]
"""Plays the stand-in's action for a seat whose time ran out, decided at a version."""


class Clocks:
    def __init__(
        self,
        settings: Settings,
        database: Database,
        tables: Tables,
        decisions: Decisions,
        stand_in_move: StandInMove,
    ) -> None:
        self.settings = settings
        self.database = database
        self.tables = tables
        self.decisions = decisions
        self.stand_in_move = stand_in_move
        self.clock: asyncio.Task[None] | None = None
        self.reminders: set[asyncio.Task[None]] = set()
        self.turn_timers: dict[str, tuple[datetime, asyncio.TimerHandle]] = {}
        self.stand_ins: dict[str, asyncio.Task[None]] = {}

    def start(self) -> None:
        self.clock = asyncio.get_running_loop().create_task(self._watch_the_clock())

    def stop(self) -> None:
        if self.clock:
            self.clock.cancel()
        for _, timer in self.turn_timers.values():
            timer.cancel()
        for task in self.stand_ins.values():
            task.cancel()

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
        for table_id in await self.database.run(self.database.storage.timed_tables):
            live = await self.tables.table(table_id)
            late = live.running_late(datetime.now(UTC), self.settings.reminder_late_at)
            self._remind_soon(live, late, late=True)
            if live.id not in self.stand_ins:
                await self._stand_in(live)

    async def _stand_in(self, live: LiveTable) -> None:
        """Let the stand-in bot move for every seat of `live` whose time has run out."""
        version = live.version
        for seat in live.overdue(datetime.now(UTC)):
            action = await self.decisions.decide(
                live, seat, self.settings.stand_in_bot, {}, version, Kind.STAND_IN
            )
            try:
                await self.stand_in_move(live, seat, action, version)
            except ApiError as error:
                if error.code == "stale_version":  # moved elsewhere: its deadline as stored
                    async with live.lock:
                        await self.tables.refresh(live)
                elif error.code not in ("not_your_turn", "not_playing"):
                    log.error("time-out at table %s seat %s: %s", live.id, seat, error.message)
            version = live.version

    def time_the_turn(self, live: LiveTable, soonest: float = 0.0) -> None:
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
            self.time_the_turn(live, soonest=TIME_OUT_RETRY)

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
        storage = self.database.storage
        for seat in seats:
            account_id = live.row.seats[seat].account_id
            if account_id is None or seat in live.bots:
                continue
            account = await self.database.run(storage.account, None, account_id)
            if account is None or not (account.email and account.email_confirmed):
                continue  # reminders go only to an address confirmed by its link
            if account.disabled:
                continue
            if not await self.database.run(storage.claim_reminder, live.id, seat, mark, below):
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

    def turn_started(self, live: LiveTable, before: tuple[int, ...]) -> None:
        """Remind the seats that came to move and are not at the table in this process."""
        connected = {connection.seat for connection in live.connections}
        waiting = [s for s in live.state.to_move if s not in before and s not in connected]
        self._remind_soon(live, waiting)
