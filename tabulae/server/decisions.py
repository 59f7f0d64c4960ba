"""What the bots decide at a table: a bot's or a stand-in's move, a hint, and the coach's
judgement of a move, each searched in a worker process (`botqueue`), so other tables go on.

No one at a table can foresee a bot: its random numbers come from the table's own secret,
which never leaves the server.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
from typing import Any

from tabulae.bots.hints import MOVES
from tabulae.bots.levels import STRONGEST
from tabulae.core import Action, Rng

from . import coach
from .botqueue import BotQueue, Kind
from .bots import Decision, hint_moves
from .config import Settings
from .errors import ApiError, not_playing, not_your_turn
from .limits import PerMinute
from .live import LiveTable
from .tables import table_secret

log = logging.getLogger("tabulae.server")


def bot_rng(secret: str, seat: int, version: int) -> Rng:
    """A bot's random numbers, keyed by the table's secret: no one can foresee its choices,
    and the same bot at the same table, seat and version always draws the same numbers, so
    processes sharing a table make the same decision."""
    digest = hashlib.blake2b(
        f"{seat}/{version}".encode(), key=bytes.fromhex(secret), digest_size=8
    ).digest()
    return Rng(int.from_bytes(digest, "big"))


class Decisions:
    def __init__(self, settings: Settings, bot_queue: BotQueue) -> None:
        self.settings = settings
        self.bot_queue = bot_queue
        self.hint_limit = PerMinute(settings.hints_per_minute, "too_many_hints", "hints")
        self.searches = coach.Searches()  # at coached tables, for judging the move that follows
        self.judging: set[asyncio.Task[None]] = set()

    def stop(self) -> None:
        for task in self.judging:
            task.cancel()

    async def decide(
        self,
        live: LiveTable,
        seat: int,
        bot: str,
        params: dict[str, Any],
        version: int,
        kind: Kind = Kind.MOVE,
    ) -> Action:
        """What `bot` plays at `seat` at `version`, decided in a worker process."""
        decision = self.decision(live, seat, bot, params, version)
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
        decision = self.decision(live, seat, STRONGEST, {}, version)
        at = coach.key(decision, version)
        found = self.searches.get(at) if live.row.coach else None
        if found is None:
            found = await self.bot_queue.hint(
                decision, version, hint_moves, lambda: self.hint_limit.count(f"{live.id}/{seat}")
            )
            if live.row.coach:  # the move that follows is judged on what was shown
                self.searches.keep(at, found)
        return {"version": version, **found, "moves": found["moves"][:MOVES]}

    def judge_soon(self, live: LiveTable, seat: int, played: Action, version: int) -> None:
        """Have the coach judge `played`, `seat`'s move at `version`, in the background."""
        task = asyncio.get_running_loop().create_task(self._judge(live, seat, played, version))
        self.judging.add(task)
        task.add_done_callback(self.judging.discard)

    async def _judge(self, live: LiveTable, seat: int, played: Action, version: int) -> None:
        """Tell `seat` what the coach makes of `played`, its move at `version`. Searched like
        a hint (behind bot moves, within the hint bounds but not a seat's hints a minute);
        with no room for it, the seat is told the move is not judged; a search a later ask
        of the same seat replaced is dropped."""
        decision = self.decision(live, seat, STRONGEST, {}, version)
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

    def decision(
        self, live: LiveTable, seat: int, bot: str, params: dict[str, Any], version: int
    ) -> Decision:
        """What a worker needs to decide for `seat` at `version`: the table as the seat knows
        it, and the bot's random numbers."""
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
            rng=bot_rng(table_secret(live), seat, version),
            seconds=self.settings.bot_seconds,
        )
