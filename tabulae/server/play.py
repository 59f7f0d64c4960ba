"""Play at a table: actions and take-backs, each validated, committed, then acknowledged and
pushed; and the bots' moves, which go the same way.

An action is applied to a copy of the state, committed, and only then adopted, acknowledged
and pushed. The database decides races: the log's (table, seq) key lets exactly one writer
commit each action, in this process or another one sharing the database.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from tabulae.core import Action, IllegalAction

from .clocks import Clocks
from .commits import GroupCommit
from .config import Settings
from .database import Database
from .decisions import Decisions
from .errors import (
    ApiError,
    Refused,
    cannot_take_back,
    not_playing,
    not_your_turn,
    stale_version,
    take_backs_used_up,
    wrong_token,
)
from .live import LiveTable
from .ratings import rate_table
from .storage import ActionRow, Append, SeqTaken, TableClosed, TokenRevoked
from .sync import Sync
from .tables import Tables

log = logging.getLogger("tabulae.server")


class Play:
    def __init__(
        self,
        settings: Settings,
        database: Database,
        tables: Tables,
        sync: Sync,
        decisions: Decisions,
        clocks: Clocks,
    ) -> None:
        self.settings = settings
        self.database = database
        self.tables = tables
        self.sync = sync
        self.decisions = decisions
        self.clocks = clocks
        self.commits = GroupCommit(database.storage, database.commit)

    def stop(self) -> None:
        for live in self.tables.in_memory.values():
            if live.bot_task:
                live.bot_task.cancel()

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
                await self.tables.refresh(live)  # the clocks as the commit left them
            if result is not None:
                for seat_row, rank in zip(live.row.seats, result.ranks, strict=True):
                    seat_row.rank = rank
        if result is not None and live.row.rated:
            await self._rate(live)
        if live.row.coach and not timed_out and seat not in live.bots:
            self.decisions.judge_soon(live, seat, action, row.seq - 1)
        return self._played(live, before, row)

    async def stand_in(self, live: LiveTable, seat: int, action: Action, version: int) -> None:
        """Play the stand-in bot's `action` for `seat`, whose time to move ran out."""
        await self.act(live, seat, None, action, version, timed_out=True)

    async def _rate(self, live: LiveTable) -> None:
        """Rate a finished table before its end is pushed, so the pages that hear of it find
        the changes; a failure is logged, and the game still ends for everyone."""
        try:
            await self.database.run(rate_table, self.database.storage, live)
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
            await self.tables.catch_up(live)
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
        self.clocks.turn_started(live, before)
        self.sync.changed(live)
        self.ensure_bots(live)
        self.tables.forget_if_idle(live)
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
            await self.tables.catch_up(live)
            if row.client_action_id:
                done = self._already(live, row.seat, row.client_action_id, action)
                if done:
                    return done
            raise stale_version(live.version, version, "played_elsewhere") from None
        except TokenRevoked:
            await self.tables.refresh(live)
            raise wrong_token() from None
        except TableClosed:
            await self.tables.refresh(live)
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

    # Bots

    def ensure_bots(self, live: LiveTable) -> None:
        """Start the table's bot driver if a bot is to move and none is running, and time a
        timed table's turn."""
        if (
            live.status == "playing"
            and (live.bot_task is None or live.bot_task.done())
            and any(seat in live.bots for seat in live.state.to_move)
        ):
            live.bot_task = asyncio.get_running_loop().create_task(self._drive_bots(live))
        if live.timed:
            self.clocks.time_the_turn(live)

    async def _drive_bots(self, live: LiveTable) -> None:
        """Let the bots to move play, each deciding in a worker process so other tables go on."""
        while live.status == "playing":
            seats = [seat for seat in live.state.to_move if seat in live.bots]
            if not seats:
                return
            seat, version = seats[0], live.version
            sitting = live.row.seats[seat]
            action = await self.decisions.decide(
                live, seat, sitting.bot or "", dict(sitting.bot_params), version
            )
            try:
                await self.act(live, seat, None, action, version)
            except ApiError as error:
                if error.code not in ("stale_version", "not_your_turn", "not_playing"):
                    log.error("bot at table %s seat %s: %s", live.id, seat, error.message)
                    return
