"""The import contracts of pyproject.toml (import-linter): data flows down, from the interfaces
to the bots, the games and the core; the core and everything outside the games import no game;
each game knows no other; in each game the rule set sits on the state, the state on the rules
and the rules on the table; in the server the handlers' dependencies sit on the lobby, the lobby
on its parts and the parts on the database; and no module imports one that imports it back."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# The linter's own command, in a process of its own: run inside the test's process, it keeps
# the captured output it was given and writes to it after the test, breaking the tests after.
LINT = Path(sys.executable).parent / "lint-imports"


def lint(config: Path, path: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(path)}
    return subprocess.run(
        [str(LINT), str(config), "--no-cache", "--no-logo"],
        capture_output=True,
        text=True,
        cwd=path,
        env=env,
        timeout=300,
    )


def test_the_package_keeps_its_import_contracts():
    run = lint(ROOT / "pyproject.toml", ROOT)
    assert "0 broken" in run.stdout, run.stdout + run.stderr
    assert run.returncode == 0, run.stdout + run.stderr


def test_a_cycle_between_two_modules_breaks_the_contract(tmp_path):
    package = tmp_path / "circled"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "table.py").write_text("from . import flow\n")
    (package / "flow.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .table import Table\n"
    )
    config = tmp_path / ".importlinter"
    config.write_text(
        "[importlinter]\nroot_package = circled\n\n"
        "[importlinter:contract:acyclic]\nname = No cycles\ntype = acyclic_siblings\n"
        "ancestors = circled\n"
    )
    run = lint(config, tmp_path)
    assert run.returncode == 1, run.stdout + run.stderr
    assert "No cycles are allowed in circled" in run.stdout
