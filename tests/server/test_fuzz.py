"""The OpenAPI schema fuzzed by schemathesis against the real server: never a 500."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import httpx

from .harness import TOY, create, join

METHODS = {"get", "put", "post", "delete", "patch", "head", "options", "trace"}


def test_fuzzing_every_operation_never_gets_a_server_error(server, client, tmp_path: Path):
    table = create(client, TOY, 3, {2: "random"})["id"]
    token = join(client, table, 0)
    join(client, table, 1)
    config = tmp_path / "schemathesis.toml"
    config.write_text(
        f'[parameters]\n"path.table_id" = "{table}"\n"header.X-Seat-Token" = "{token}"\n'
        '"path.game" = "tesserae"\n"path.lesson_id" = "a-round"\n'
    )
    run = subprocess.run(
        [
            *(sys.executable, "-m", "schemathesis.cli", "--config-file", str(config), "run"),
            f"{server.url}/openapi.json",
            *("--checks", "not_a_server_error", "--max-examples", "25", "--seed", "7"),
            *("--workers", "1", "--no-color"),
        ],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    operations = sum(
        method in METHODS
        for path in httpx.get(f"{server.url}/openapi.json").json()["paths"].values()
        for method in path
    )
    assert " passed" in run.stdout and f"Tested: {operations}" in run.stdout
    assert client.get("/health").json()["ok"] is True
