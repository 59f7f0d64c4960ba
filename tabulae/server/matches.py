"""Matches: a table's record exported, a match record imported as a table for replay, a past
version replayed, and a game that is over reviewed for one seat."""

from __future__ import annotations

from typing import Any

from tabulae.bots.levels import STRONGEST
from tabulae.bots.review import decision_rng
from tabulae.core import BadOptions, Match, MatchFormatError, State, UnknownGame, load

from .botqueue import BotQueue
from .bots import Decision
from .config import Settings
from .database import Database
from .errors import ApiError, invalid
from .limits import PerMinute
from .live import LiveTable
from .reviews import Reviews
from .storage import ActionRow, SeatRow, TableRow
from .tables import SEED_RANGE, Tables, new_secret, new_table_id
from .text import clean_name
from .workers import ROUTINE


class Matches:
    def __init__(
        self, settings: Settings, database: Database, tables: Tables, bot_queue: BotQueue
    ) -> None:
        self.settings = settings
        self.database = database
        self.tables = tables
        self.import_limit = PerMinute(settings.imports_per_minute, "too_many_imports", "imports")
        self.reviews = Reviews(
            bot_queue,
            lambda call, *args: database.replay(ROUTINE, call, *args),
            settings.review_seconds,
            settings.reviews_running,
            settings.review_cache,
            settings.review_decisions,
            settings.reviews_per_client,
        )

    def stop(self) -> None:
        self.reviews.stop()

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
        live, played = await self.database.replay(ROUTINE, self._imported, data)
        await self.database.run(self.database.storage.create, live.row, played)
        self.tables.add(live)
        self.tables.rest(live)
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
        return await self.database.replay(ROUTINE, live.replayed, played)

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
