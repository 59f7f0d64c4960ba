"""Where arena games run: in this process, in a pool of processes, or on a Ray cluster.

Each game depends only on the setup and its index, so every backend gives the same records;
they differ only in speed.
"""

from __future__ import annotations

import multiprocessing
import os
import sys
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed

from .play import ArenaSetup, GameRecord, play_game

BACKENDS = ("processes", "ray")


def run_games(
    setup: ArenaSetup,
    workers: int = 1,
    backend: str = "processes",
    address: str | None = None,
) -> Iterator[GameRecord]:
    """Play every game of the arena, yielding records as games finish (in any order).

    `processes` plays in this process when `workers` is 1 and in a pool of that many
    processes otherwise; `ray` sends each game to a Ray cluster at `address`, or starts a
    local one with `workers` CPUs.
    """
    if workers < 1:
        raise ValueError("an arena needs at least one worker")
    if backend == "processes":
        return _in_processes(setup, workers)
    if backend == "ray":
        return _on_ray(setup, workers, address)
    raise ValueError(f"no arena backend {backend!r} (backends: {', '.join(BACKENDS)})")


def _in_processes(setup: ArenaSetup, workers: int) -> Iterator[GameRecord]:
    if workers == 1:
        for index in range(setup.games):
            yield play_game(setup, index)
        return
    # Fresh interpreters: forking a process that runs a progress bar thread is unsafe.
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(workers, mp_context=context) as pool:
        futures = [pool.submit(play_game, setup, index) for index in range(setup.games)]
        for future in as_completed(futures):
            yield future.result()


def _on_ray(setup: ArenaSetup, workers: int, address: str | None) -> Iterator[GameRecord]:
    try:
        import ray
    except ImportError:
        raise RuntimeError(
            "the ray backend needs Ray: pip install 'tabulae[distributed]'"
        ) from None
    started = not ray.is_initialized()
    if started:
        # Workers import games the way this process does, `module:attr` references included.
        ray.init(
            address=address,
            num_cpus=None if address else workers,
            include_dashboard=False,
            log_to_driver=False,
            runtime_env={"env_vars": {"PYTHONPATH": os.pathsep.join(_import_path())}},
        )
    try:
        remote = ray.remote(play_game)
        shared = ray.put(setup)
        pending = [remote.remote(shared, index) for index in range(setup.games)]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            yield ray.get(done[0])
    finally:
        if started:
            ray.shutdown()


def _import_path() -> list[str]:
    return [os.path.abspath(entry or os.curdir) for entry in sys.path]
