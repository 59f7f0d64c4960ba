"""The plain package, without extras, in a virtual environment of its own: the command works,
says which extra a command needs, and the games' lessons and rules are installed with them."""

from __future__ import annotations

import shutil
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NOT_SOURCE = shutil.ignore_patterns(
    ".*", "__pycache__", "*.egg-info", "build", "dist", "tests", "docs", "node_modules"
)


def test_the_plain_package_lists_the_games_plays_a_game_and_names_the_missing_extras(tmp_path):
    source = tmp_path / "tabulae"
    shutil.copytree(ROOT, source, ignore=NOT_SOURCE)  # a build leaves nothing in the checkout
    venv.create(tmp_path / "venv")  # without a pip of its own: this one installs into it
    python = tmp_path / "venv" / "bin" / "python"
    pip = [sys.executable, "-m", "pip", "--python", str(python)]
    subprocess.run([*pip, "install", "-q", str(source)], check=True, capture_output=True)
    installed = subprocess.run(
        [*pip, "list", "--format=freeze"], capture_output=True, text=True
    ).stdout
    assert "tabulae" in installed
    assert "fastapi" not in installed and "uvicorn" not in installed  # no extra crept in
    command = tmp_path / "venv" / "bin" / "tabulae"

    def run(*arguments: str) -> str:
        done = subprocess.run(
            [command, *arguments], capture_output=True, text=True, timeout=300, cwd=tmp_path
        )
        assert done.returncode == 0, done.stderr
        assert "Traceback" not in done.stdout + done.stderr
        return done.stdout

    assert "play" in run("--help")
    taught = subprocess.run(
        [python, "-c", "import tabulae; print(len(tabulae.load('builders').lessons()))"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert taught.returncode == 0 and int(taught.stdout) >= 8, taught.stderr  # lessons ship
    assert "A loan (an investment) gives you 10 sesterces." in run("rules", "builders", "loans")
    assert "sylla" in run("games")
    played = run("play", "sylla", "--seats", "random,random,random", "--seed", "3", "--lang", "en")
    assert "Game over" in played and "wins" in played
    served = subprocess.run([command, "serve"], capture_output=True, text=True, timeout=60)
    assert served.returncode == 1
    assert "The server needs its extra: pip install 'tabulae[server]'" in served.stdout
    benched = subprocess.run(
        [command, "bench", "sylla", "--seconds", "0.1"], capture_output=True, text=True, timeout=300
    )
    assert benched.returncode == 0, benched.stderr
    assert "(pip install 'tabulae[research]')" in benched.stderr
