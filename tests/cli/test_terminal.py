"""In a real terminal: colours, and a hand-over that wipes the screen and its scrollback."""

from __future__ import annotations

import os
import select
import signal
import sys
import time
from pathlib import Path

import pytest

from .driver import TIMEOUT, environment

pty = pytest.importorskip("pty")


def in_a_terminal(*args: str, keys: bytes = b"1\r", cwd: Path | None = None) -> tuple[str, int]:
    """Run the command on a pseudo-terminal, typing `keys` (1 and Enter) at every prompt;
    what it printed and its exit code."""
    pid, fd = pty.fork()
    if pid == 0:  # the child becomes the command
        # A shell starts a program with Ctrl-C's signal at its default, whatever the test
        # runner's worker had set or blocked.
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
        if cwd:
            os.chdir(cwd)
        os.execve(sys.executable, [sys.executable, "-m", "tabulae", *args], environment())
    output = b""
    while True:
        ready, _, _ = select.select([fd], [], [], TIMEOUT)
        assert ready, output.decode(errors="replace")[-2000:]
        try:
            chunk = os.read(fd, 65536)
        except OSError:  # the command has ended
            break
        if not chunk:
            break
        output += chunk
        if output.rstrip().endswith("›".encode()):
            reading(pid)
            os.write(fd, keys)
    _, status = os.waitpid(pid, 0)
    return output.decode(errors="replace"), os.waitstatus_to_exitcode(status)


def reading(pid: int, patience: float = 5.0) -> None:
    """Wait until the command waits for the terminal, so a key (Ctrl-C above all) reaches it
    at its prompt, as a person's would, and not while it is still drawing."""
    wchan = Path(f"/proc/{pid}/wchan")
    deadline = time.monotonic() + patience
    while time.monotonic() < deadline:
        try:
            if "tty" in wchan.read_text() or "wait_woken" in wchan.read_text():
                return
        except OSError:
            return
        time.sleep(0.01)


def test_hot_seat_in_a_terminal_clears_the_screen_and_scrollback_between_players():
    out, _ = in_a_terminal(
        "play", "tests.plugin_games.tesserae:GAME", "--seats", "human,human,random", "--seed", "3",
        "--lang", "pl",
    )  # fmt: skip
    assert out.count("Przekaż terminal: teraz gra") >= 4
    assert out.count("\x1b[2J") >= 8 and out.count("\x1b[3J") >= 8  # before and after each one
    assert "\x1b[1;36m1\x1b[0m" in out  # choices in colour
    assert "Koniec gry" in out


def test_ctrl_c_says_the_game_was_interrupted_and_saves_it(tmp_path):
    out, code = in_a_terminal(
        "play", "tests.plugin_games.tesserae:GAME", "--seats", "human,random", "--seed", "7",
        keys=b"\x03", cwd=tmp_path,
    )  # fmt: skip
    assert code == 1
    assert "Interrupted." in out and "The input ended." not in out
    assert "tabulae resume tesserae-7.json" in out and (tmp_path / "tesserae-7.json").exists()
