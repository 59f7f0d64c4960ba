"""Server-side bot decisions, hints and game reviews, in worker processes of their own.

A decision is pure Python work, and in the server's process it would hold the interpreter
lock the event loop needs to answer everyone else: a few busy bots made every player wait. So
decisions run in a bounded pool of processes, at a lower scheduling priority than the server,
each cut off at the server's time cap. A worker keeps the latest state of the tables it has
decided for, so it replays only the actions played since. What waits for a worker, and in
what order, is the bot queue's business (botqueue.py).
"""

from __future__ import annotations

import multiprocessing
import os
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from tabulae.bots import ISMCTSBot, decide, make_bot
from tabulae.bots.hints import hint
from tabulae.bots.review import judge
from tabulae.core import Action, Rng, State, load

KEPT_STATES = 64  # tables a worker remembers
NICENESS = 10  # below the server's priority


@dataclass(frozen=True)
class Decision:
    """Everything a worker needs to decide one bot's action, as plain data."""

    table: str
    game: str
    players: int
    seed: int
    options: dict[str, Any]
    log: list[tuple[int, list[int | str]]]  # (seat, action) pairs that stand, as JSON
    seat: int
    bot: str
    params: dict[str, Any]
    rng: Rng
    seconds: float
    line: int = 0  # the table's take-backs so far: a log only grows along one line
    played: list[int | str] | None = None  # under review: the action the seat played next


class BotPool:
    def __init__(self, workers: int) -> None:
        self.workers = workers
        self.pool = self._start()

    def _start(self) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(
            self.workers,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=_start_worker,
            initargs=(os.getpid(),),
        )

    def submit(
        self, decision: Decision, work: Callable[[Decision], Any] | None = None
    ) -> Future[Any]:
        """`work` done on `decision` (by default, the decided action's JSON form), in a future;
        a pool whose worker died is started again."""
        work = work or decide_action
        try:
            return self.pool.submit(work, decision)
        except RuntimeError:  # BrokenProcessPool is one: a worker was killed
            self.pool.shutdown(wait=False, cancel_futures=True)
            self.pool = self._start()
            return self.pool.submit(work, decision)

    def shutdown(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)


def job_kind(work: Callable[[Decision], Any]) -> str:
    """What a piece of work is, as the metrics count it: a hint, a review or a decision."""
    return "hint" if work is hint_moves else "review" if work is review_move else "decision"


def _start_worker(server: int) -> None:
    """Run below the server's priority, and end with the server, even one killed outright."""
    os.nice(NICENESS)

    def watch() -> None:
        while os.getppid() == server:
            time.sleep(1)
        os._exit(0)

    threading.Thread(target=watch, name="tabulae-bot-watch", daemon=True).start()


_states: OrderedDict[str, tuple[int, int, State]] = OrderedDict()  # in each worker


def decide_action(decision: Decision) -> list[int | str]:
    """Run in a worker: the bot's action for its seat, as JSON."""
    state = replayed(decision).clone()
    bot = make_bot(decision.bot, state, **decision.params).limited(decision.seconds)
    return decide(bot, state, decision.seat, decision.rng).to_json()


def hint_moves(decision: Decision) -> dict[str, Any]:
    """Run in a worker: the bot's hint for its seat (every move it searched, best first,
    searched on what the seat knows), as JSON."""
    state = replayed(decision).clone()
    bot = make_bot(decision.bot, state, **decision.params).limited(decision.seconds)
    return hint(state, decision.seat, decision.rng, bot, moves=None).to_json()


def review_move(decision: Decision) -> dict[str, Any]:
    """Run in a worker: the judgement of the action the seat played after the log (`played`,
    the log's next), searched on what the seat knew then, as JSON."""
    assert decision.played is not None
    state = replayed(decision).clone()
    bot = make_bot(decision.bot, state, **decision.params)
    assert isinstance(bot, ISMCTSBot)
    played = Action.from_json(decision.played)
    number = len(decision.log) + 1
    return judge(
        state, decision.seat, played, decision.rng, bot, decision.seconds, None, number
    ).to_json()


def replayed(decision: Decision) -> State:
    """The table's state after its log: the remembered one played on, or a fresh replay (after
    a take-back, the log no longer continues the remembered one)."""
    remembered = _states.pop(decision.table, None)
    if remembered is None or remembered[0] != decision.line or remembered[1] > len(decision.log):
        played, state = (
            0,
            load(decision.game).new(decision.players, decision.seed, **decision.options),
        )
    else:
        _, played, state = remembered
    for seat, action in decision.log[played:]:
        state.apply(seat, Action.from_json(action))
    _states[decision.table] = (decision.line, len(decision.log), state)
    while len(_states) > KEPT_STATES:
        _states.popitem(last=False)
    return state
