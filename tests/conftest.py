"""The test run's services: PostgreSQL and Redis start once, in the run's first process, when the
run includes the server tests; pytest-xdist's workers inherit their addresses."""

from __future__ import annotations

from contextlib import ExitStack
from pathlib import Path

from tests import services

SERVER_TESTS = Path(__file__).parent / "server"


def pytest_configure(config) -> None:
    if hasattr(config, "workerinput") or not _includes(config, SERVER_TESTS):
        return
    stack = ExitStack()
    config.add_cleanup(stack.close)
    stack.enter_context(services.started())


def _includes(config, directory: Path) -> bool:
    """Whether the run's paths hold tests in `directory`."""
    paths = ((config.invocation_params.dir / arg.split("::")[0]).resolve() for arg in config.args)
    return any(
        path == directory or path in directory.parents or directory in path.parents
        for path in paths
    )
