"""The type checker passes over the whole package, with the project's configuration."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_mypy_finds_no_error_in_the_package():
    """`[tool.mypy]` in pyproject.toml names the package and the flags; mypy keeps its
    incremental cache in `.mypy_cache`, so a second run checks only what changed."""
    checked = subprocess.run(
        [sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert checked.returncode == 0, f"mypy found errors:\n{checked.stdout}{checked.stderr}"
    assert "Success: no issues found" in checked.stdout
