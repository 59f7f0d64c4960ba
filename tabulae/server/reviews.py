"""Game reviews on the server: a finished match's decisions of one seat, judged in the
background by the bot workers, one decision at a time at the lowest priority (after bot moves,
stand-ins and hints), and kept per match and seat once done.

Asking starts a review (or finds the one under way, or done); until it is done, the answer
says how many decisions are judged of how many. At most `running` reviews are under way in
one process, and `per_client` of them started by one client, each of at most `most`
decisions, and the `kept` latest are remembered; a review asked past the first bound is
refused as busy, past the second as too many for that client, past the third as too long.
"""

from __future__ import annotations

import asyncio
import logging
import math
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from tabulae.bots.review import Judgement, assemble, decisions
from tabulae.core import Match

from .botqueue import BotQueue, Kind, busy
from .bots import Decision, review_move
from .errors import ApiError, invalid

log = logging.getLogger("tabulae.server")

Replay = Callable[..., Awaitable[Any]]
"""Runs a call that replays a game off the event loop (the lobby's replay thread)."""


@dataclass
class Run:
    """One review, under way or done: the decisions to judge, those judged, and the review's
    JSON once done (or why it failed)."""

    numbers: list[int]
    client: str = ""  # who started it: one client may start only so many at once
    judged: list[Judgement] = field(default_factory=list)
    done: dict[str, Any] | None = None
    failed: str | None = None
    task: asyncio.Task[None] | None = None

    @property
    def finished(self) -> bool:
        return self.done is not None or self.failed is not None

    def progress(self) -> dict[str, Any]:
        return {"status": "running", "done": len(self.judged), "total": len(self.numbers)}


class Reviews:
    def __init__(
        self,
        queue: BotQueue,
        replay: Replay,
        seconds: float,
        running: int,
        kept: int,
        most: int,
        per_client: int = 1,
    ) -> None:
        self.queue = queue
        self.replay = replay
        self.seconds = seconds  # the search's time per decision
        self.running = running
        self.kept = kept
        self.most = most  # decisions one review may judge
        self.per_client = per_client  # reviews under way one client may have started
        self.runs: OrderedDict[tuple[str, int], Run] = OrderedDict()

    async def review(
        self,
        table: str,
        match: Match,
        seat: int,
        decision: Callable[[int], Decision],
        client: str = "",
    ) -> tuple[bool, dict[str, Any]]:
        """(done, answer): the review of `seat` in `match` (stored as `table`) when done, else
        its progress, starting it for `client` if need be; `decision(number)` is the work that
        judges the match's `number`-th action."""
        key = (table, seat)
        run = self.runs.get(key)
        if run is None:
            numbers = await self.replay(decisions, match, seat)
            if len(numbers) > self.most:
                raise invalid(
                    f"seat {seat} made {len(numbers)} decisions in this game; a review judges at "
                    f"most {self.most}",
                    "review_too_long",
                )
            run = self.runs.get(key)  # another ask may have started it meanwhile
        if run is None:
            under_way = sum(not each.finished for each in self.runs.values())
            if under_way >= self.running:
                wait = self._retry_after()
                raise busy(
                    f"the server is busy with {under_way} other reviews; ask again in {wait:.0f} s",
                    wait,
                )
            mine = sum(not each.finished and each.client == client for each in self.runs.values())
            if mine >= self.per_client:
                wait = self._retry_after()
                raise ApiError(
                    429,
                    "too_many_reviews",
                    f"you already have {mine} game reviews under way; ask for another once one "
                    f"is done, in about {wait:.0f} s",
                    retry_after=wait,
                )
            run = Run(numbers, client)
            self.runs[key] = run
            run.task = asyncio.get_running_loop().create_task(
                self._judge(run, match, seat, decision)
            )
            self._forget()
        self.runs.move_to_end(key)
        if run.failed is not None:
            del self.runs[key]  # asked again, it starts afresh
            raise ApiError(500, "review_failed", f"the review failed ({run.failed}); ask again")
        if run.done is not None:
            return True, {"status": "done", **run.done}
        return False, run.progress()

    async def _judge(
        self, run: Run, match: Match, seat: int, decision: Callable[[int], Decision]
    ) -> None:
        try:
            for number in run.numbers:
                judged = await self.queue.decide(Kind.REVIEW, decision(number), review_move)
                run.judged.append(Judgement.from_json(judged))
            found = await self.replay(assemble, match, seat, run.judged)
            run.done = found.to_json()
        except asyncio.CancelledError:
            raise
        except Exception as error:  # a worker that failed: asking again starts afresh
            log.exception("the review of seat %s failed", seat)
            run.failed = str(error) or type(error).__name__

    def _forget(self) -> None:
        """Drop the oldest finished reviews beyond `kept`."""
        finished = [key for key, run in self.runs.items() if run.finished]
        for key in finished[: max(0, len(self.runs) - self.kept)]:
            del self.runs[key]

    def _retry_after(self) -> float:
        """About when a review under way may be done: the fewest decisions left among them,
        each a search of at most `seconds`."""
        left = [
            len(run.numbers) - len(run.judged) for run in self.runs.values() if not run.finished
        ]
        return float(max(1, math.ceil(min(left, default=1) * self.seconds)))

    def stop(self) -> None:
        for run in self.runs.values():
            if run.task is not None:
                run.task.cancel()
