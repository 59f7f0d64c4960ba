"""The tables of one server process, put together from the parts that each do one thing:

- `tables`: the tables in memory, rebuilt from the database on demand;
- `listings`: the lists of tables the lobby shows;
- `seating`: creating tables, joining, leaving, the rematch, open tables expiring;
- `play`: actions, take-backs and the bots' moves;
- `decisions`: what the bots decide (moves, hints, the coach's judgements);
- `clocks`: move time limits, the stand-in bot and the reminders;
- `chat`: a table's messages;
- `sync`: keeping in step with other processes;
- `matches`: export, import, past versions and reviews.

The parts below call the ones above them only through what this class hands them, so the
modules import one another one way only.
"""

from __future__ import annotations

import logging

from .botqueue import BotQueue
from .bots import BotPool
from .clocks import Clocks
from .config import Settings
from .database import Database
from .decisions import Decisions
from .errors import ApiError
from .limits import Budget, Limits, PerMinute, SignInBackoff
from .listings import Listings
from .matches import Matches
from .play import Play
from .seating import Seating
from .sync import Sync
from .table_chat import TableChat
from .tables import Tables

log = logging.getLogger("tabulae.server")


class Lobby:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.database = Database(settings.url)
        self.bot_queue = BotQueue(
            BotPool(settings.bot_workers),
            settings.bot_seconds,
            settings.hint_workers,
            settings.hints_per_table,
            settings.hint_queue,
            settings.review_workers,
        )
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
        self.reads = Budget(
            settings.reads_per_minute, settings.read_burst, "too_many_reads", "costly reads"
        )
        self.email_links = PerMinute(
            settings.email_links_per_hour, "too_many_links", "confirmation e-mails", 3600, "an hour"
        )
        database = self.database
        self.tables = Tables(settings, database, lambda live: self.play.ensure_bots(live))
        self.listings = Listings(database)
        self.sync = Sync(
            settings,
            self.tables,
            self.listings,
            lambda live: self.chat.catch_up(live),
            lambda live: self.clocks.time_the_turn(live),
        )
        self.chat = TableChat(settings, database, self.sync)
        self.decisions = Decisions(settings, self.bot_queue)
        self.clocks = Clocks(
            settings,
            database,
            self.tables,
            self.decisions,
            lambda live, seat, action, version: self.play.stand_in(live, seat, action, version),
        )
        self.play = Play(settings, database, self.tables, self.sync, self.decisions, self.clocks)
        self.seating = Seating(
            settings,
            database,
            self.tables,
            self.listings,
            self.sync,
            self.clocks,
            self.play,
            self.limits,
        )
        self.matches = Matches(settings, database, self.tables, self.bot_queue)

    async def start(self) -> None:
        """Migrate the schema, expire stale open tables, then rebuild every running table
        from its log; open tables keep expiring while the server runs."""
        await self.database.run(self.database.storage.migrate)
        await self.sync.start()  # before rebuilding, so no change goes unheard
        await self.seating.expire()
        for table_id in await self.database.run(self.database.storage.running):
            try:
                await self.tables.table(table_id)
            except ApiError as error:
                log.error("table %s is not rebuilt: %s", table_id, error.message)
        self.seating.start()
        self.clocks.start()

    async def stop(self) -> None:
        self.seating.stop()
        self.clocks.stop()
        self.play.stop()
        self.decisions.stop()
        await self.sync.stop()
        self.matches.stop()
        self.bot_queue.shutdown()
        self.database.close()
