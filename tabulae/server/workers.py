"""Database threads that take committing actions before anything else.

Players wait on action commits; joins, new tables and reads can wait a little. With SQLite,
which has one writer, a burst of joins would otherwise queue every table's next move behind it.
"""

from __future__ import annotations

import itertools
import queue
import threading
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any

URGENT, ROUTINE = 0, 1

# (priority, order, call, its arguments, its future); no call and no future: stop.
Job = tuple[int, int, Callable[..., Any] | None, tuple[Any, ...], Future[Any] | None]


class PriorityWorkers:
    def __init__(self, threads: int, name: str) -> None:
        self.jobs: queue.PriorityQueue[Job] = queue.PriorityQueue()
        self.order = itertools.count()  # first come, first served within a priority
        self.threads = [
            threading.Thread(target=self._work, name=f"{name}-{n}", daemon=True)
            for n in range(threads)
        ]
        for thread in self.threads:
            thread.start()

    def submit(self, priority: int, call: Callable[..., Any], *args: Any) -> Future[Any]:
        future: Future[Any] = Future()
        self.jobs.put((priority, next(self.order), call, args, future))
        return future

    def shutdown(self) -> None:
        """Finish the jobs already queued, then stop."""
        for _ in self.threads:
            self.jobs.put((ROUTINE + 1, next(self.order), None, (), None))
        for thread in self.threads:
            thread.join()

    def _work(self) -> None:
        while True:
            _, _, call, args, future = self.jobs.get()
            if call is None or future is None:
                return
            if future.set_running_or_notify_cancel():
                try:
                    future.set_result(call(*args))
                except BaseException as error:
                    future.set_exception(error)
