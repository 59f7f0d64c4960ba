"""Bot work waits here for a worker, in a bounded and fair order.

Players wait on bot moves, so those go first; a stand-in's move for a seat whose time ran out
comes next; searches someone asked for (hints) come after, and run on at most `hint_workers`
workers at once, so that with more workers than that a bot move always finds one free. The
decisions of game reviews, computed in the background, come last, on at most `review_workers`
workers at once. Within a priority the tables take turns, so no table fills the workers
however much it asks.

Asked-for searches are bounded: a seat has at most one waiting (asking again joins it), a
table at most `hints_per_table`, the process at most `hint_queue`; past a bound the ask is
refused at once (503 `busy`, with `retry_after`) rather than left to wait behind the others.

`queue_lengths()` and `wait_seconds()` report how much waits and how long it waited.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import time
from collections import Counter, OrderedDict, deque
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass
from enum import IntEnum
from typing import Any

from .bots import BotPool, Decision, decide_action, job_kind
from .errors import ApiError, stale_version
from .metrics import bot_job

WAITS_KEPT = 256  # the latest waits kept per kind, for wait_seconds()


class Kind(IntEnum):
    """What a piece of bot work is for, most urgent first."""

    MOVE = 0  # a bot seat's move: its table waits on it
    STAND_IN = 1  # the move of a seat whose time ran out
    HINT = 2  # a search a player asked for
    REVIEW = 3  # one decision of a game review, computed in the background


@dataclass(eq=False)
class Job:
    kind: Kind
    decision: Decision
    work: Callable[[Decision], Any]
    future: asyncio.Future[Any]
    queued: float  # time.monotonic() when it was queued
    version: int = 0


def busy(message: str, retry_after: float) -> ApiError:
    return ApiError(503, "busy", message, retry_after=retry_after)


class BotQueue:
    def __init__(
        self,
        pool: BotPool,
        seconds: float,
        hint_workers: int,
        hints_per_table: int,
        hint_queue: int,
        review_workers: int = 1,
    ) -> None:
        self.pool = pool
        self.seconds = seconds  # the cap on one search, for retry_after
        self.hint_workers = max(1, min(hint_workers, pool.workers))
        self.hints_per_table = hints_per_table
        self.hint_queue = hint_queue
        self.review_workers = max(1, min(review_workers, pool.workers))
        self.waiting: dict[Kind, OrderedDict[str, deque[Job]]] = {k: OrderedDict() for k in Kind}
        self.asked: dict[tuple[str, int], Job] = {}  # the hint each seat waits on
        self.running: Counter[Kind] = Counter()
        self.served: Counter[Kind] = Counter()
        self.waits: dict[Kind, deque[float]] = {k: deque(maxlen=WAITS_KEPT) for k in Kind}

    async def decide(
        self, kind: Kind, decision: Decision, work: Callable[[Decision], Any] = decide_action
    ) -> Any:
        """`work` done on `decision` in a worker (by default, the decided action's JSON form),
        once the work queued before it at its priority or above has started."""
        job = self._queue(kind, decision, work)
        return await job.future

    async def hint(
        self,
        decision: Decision,
        version: int,
        work: Callable[[Decision], Any],
        admit: Callable[[], None] = lambda: None,
    ) -> Any:
        """An asked-for search for `decision`'s seat at `version`: the one that seat already
        waits on at that version, else a new one, if the bounds leave room for it (`admit` is
        called first, and may refuse too). A waiting one at an older version is answered
        with `stale_version` and replaced."""
        key = (decision.table, decision.seat)
        pending = self.asked.get(key)
        if pending is not None and pending.version == version and not pending.future.done():
            return await asyncio.shield(pending.future)
        waiting_here = len(self.waiting[Kind.HINT].get(decision.table, ()))
        if waiting_here >= self.hints_per_table:
            raise busy(
                f"this table already has {waiting_here} hints waiting; ask again in "
                f"{self._retry_after():.0f} s",
                self._retry_after(),
            )
        if self.hints_waiting() >= self.hint_queue:
            raise busy(
                f"the server is busy with other players' hints; ask again in "
                f"{self._retry_after():.0f} s",
                self._retry_after(),
            )
        admit()
        if pending is not None and not pending.future.done() and self._drop(pending):
            pending.future.set_exception(stale_version(version, pending.version))
        job = self._queue(Kind.HINT, decision, work, version)
        self.asked[key] = job
        return await asyncio.shield(job.future)

    def hints_waiting(self) -> int:
        return sum(len(jobs) for jobs in self.waiting[Kind.HINT].values())

    def queue_lengths(self) -> dict[str, int]:
        """What waits for a worker, by kind, and how many workers are busy."""
        lengths = {
            kind.name.lower(): sum(len(jobs) for jobs in self.waiting[kind].values())
            for kind in Kind
        }
        return lengths | {"running": sum(self.running.values()), "workers": self.pool.workers}

    def wait_seconds(self) -> dict[str, dict[str, float]]:
        """By kind: how many jobs have started (`started`), and of the latest ones how long
        they waited for a worker (`median`, `max`), in seconds."""
        figures = {}
        for kind in Kind:
            waits = sorted(self.waits[kind])
            figures[kind.name.lower()] = {
                "started": float(self.served[kind]),
                "median": waits[len(waits) // 2] if waits else 0.0,
                "max": waits[-1] if waits else 0.0,
            }
        return figures

    def _retry_after(self) -> float:
        """About when a hint asked now could start: the waiting ones, `hint_workers` at a
        time, each searching at most the pool's cap."""
        rounds = math.ceil((self.hints_waiting() + 1) / self.hint_workers)
        return float(max(1, math.ceil(rounds * self.seconds)))

    def _queue(
        self, kind: Kind, decision: Decision, work: Callable[[Decision], Any], version: int = 0
    ) -> Job:
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        job = Job(kind, decision, work, future, time.monotonic(), version)
        self.waiting[kind].setdefault(decision.table, deque()).append(job)
        self._dispatch()
        return job

    def _drop(self, job: Job) -> bool:
        """Take a job that has not started out of the queue; False if it has started."""
        tables = self.waiting[job.kind]
        jobs = tables.get(job.decision.table)
        if jobs is None or job not in jobs:
            return False
        jobs.remove(job)
        if not jobs:
            del tables[job.decision.table]
        return True

    def _dispatch(self) -> None:
        """Start waiting jobs while workers are free."""
        while sum(self.running.values()) < self.pool.workers:
            job = self._next()
            if job is None:
                return
            self._start(job)

    def _next(self) -> Job | None:
        """The next job to start: the most urgent kind that may start, and within it the table
        whose turn it is (the table then goes to the back of the line)."""
        for kind in Kind:
            if kind is Kind.HINT and self.running[kind] >= self.hint_workers:
                continue
            if kind is Kind.REVIEW and self.running[kind] >= self.review_workers:
                continue
            tables = self.waiting[kind]
            while tables:
                table, jobs = next(iter(tables.items()))
                job = jobs.popleft()
                del tables[table]
                if jobs:
                    tables[table] = jobs
                if not job.future.done():  # not given up on by the one who waited
                    return job
        return None

    def _start(self, job: Job) -> None:
        self.running[job.kind] += 1
        self.served[job.kind] += 1
        self.waits[job.kind].append(time.monotonic() - job.queued)
        try:
            done = bot_job(self.pool.submit(job.decision, job.work), job_kind(job.work))
        except Exception as error:  # the pool cannot start a worker
            self._settle(job, None, error)
            return
        loop = asyncio.get_running_loop()

        def finished(future: Future[Any]) -> None:
            with contextlib.suppress(RuntimeError):  # a closed loop: the server is stopping
                loop.call_soon_threadsafe(self._finished, job, future)

        done.add_done_callback(finished)

    def _finished(self, job: Job, future: Future[Any]) -> None:
        self._settle(job, future, None)
        self._dispatch()

    def _settle(self, job: Job, future: Future[Any] | None, failure: BaseException | None) -> None:
        """Pass on what the worker did, or `failure`, to whoever waits on `job`."""
        self.running[job.kind] -= 1
        key = (job.decision.table, job.decision.seat)
        if self.asked.get(key) is job:
            del self.asked[key]
        if not job.future.done():
            if future is not None and future.cancelled():
                job.future.cancel()
            else:
                error = failure if future is None else future.exception()
                if error is not None:
                    job.future.set_exception(error)
                else:
                    assert future is not None
                    job.future.set_result(future.result())

    def shutdown(self) -> None:
        self.pool.shutdown()
