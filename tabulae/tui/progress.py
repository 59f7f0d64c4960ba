"""The lessons a learner has done at this computer, kept in a small JSON file in the user's
state folder (``$XDG_STATE_HOME/tabulae``, else ``~/.local/state/tabulae``)."""

from __future__ import annotations

import json
import os
from pathlib import Path


def progress_path() -> Path:
    state = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(state) / "tabulae" / "lessons.json"


def done(game: str, path: Path | None = None) -> set[str]:
    """The ids of the game's lessons done; none when the file is missing or unreadable."""
    try:
        data = json.loads((path or progress_path()).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return set()
    found = data.get(game) if isinstance(data, dict) else None
    return {item for item in found if isinstance(item, str)} if isinstance(found, list) else set()


def mark_done(game: str, lesson: str, path: Path | None = None) -> bool:
    """Remember a lesson done; False (and nothing kept) when the file cannot be written."""
    path = path or progress_path()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        data = {}
    if not isinstance(data, dict):
        data = {}
    found = data.get(game)
    lessons: list[str] = found if isinstance(found, list) else []
    if lesson not in lessons:
        lessons.append(lesson)
    data[game] = lessons
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(data, indent=1), encoding="utf-8")
    except OSError:
        return False
    return True
