"""Run `tabulae` as a real process and answer its prompts as a person would."""

from __future__ import annotations

import os
import re
import select
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from tabulae.core import Rng

CHOICE = re.compile(r"\[1–(\d+)\] › $")
TIMEOUT = 120


def run(*args: str, input: str = "", cwd: Path | None = None) -> subprocess.CompletedProcess:
    """The command with scripted standard input, all at once."""
    return subprocess.run(
        [sys.executable, "-m", "tabulae", *args],
        input=input,
        capture_output=True,
        text=True,
        cwd=cwd,
        env=environment(),
        timeout=TIMEOUT,
    )


def environment() -> dict[str, str]:
    root = str(Path(__file__).resolve().parents[2])
    return os.environ | {
        "PYTHONIOENCODING": "utf-8",
        "PYTHONUNBUFFERED": "1",
        "PYTHONPATH": root,
        "COLUMNS": "120",
    }


def converse(*args: str, answer: Callable[[str], str], cwd: Path | None = None) -> tuple[str, int]:
    """Run the command, answering each prompt (the text up to "› ") with `answer(prompt_line)`.

    Returns everything it printed and its exit code.
    """
    process = subprocess.Popen(
        [sys.executable, "-m", "tabulae", *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        cwd=cwd,
        env=environment(),
    )
    assert process.stdin and process.stdout
    output = b""
    try:
        while True:
            ready, _, _ = select.select([process.stdout], [], [], TIMEOUT)
            if not ready:
                raise TimeoutError(output.decode()[-2000:])
            chunk = os.read(process.stdout.fileno(), 65536)
            if not chunk:
                break
            output += chunk
            if output.endswith("› ".encode()):
                line = output.decode().rsplit("\n", 1)[-1]
                process.stdin.write((answer(line) + "\n").encode())
                process.stdin.flush()
    finally:
        process.stdin.close()
        code = process.wait(TIMEOUT)
    return output.decode(), code


def random_person(seed: int) -> Callable[[str], str]:
    """Answers choices with a random number in range and hand-overs with Enter."""
    rng = Rng(seed)

    def answer(prompt: str) -> str:
        found = CHOICE.search(prompt)
        return str(1 + rng.below(int(found.group(1)))) if found else ""

    return answer
