"""Saved games: a match record with the terminal's seats and the bots' random state.

The file is a valid match record (`tabulae replay` reads it); the seats' kinds ride along
under the key "terminal".
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tabulae.core import Match, MatchFormatError

from .seats import Seat, SeatError


def save(path: Path, match: Match, seats: list[Seat], bot_rng: int) -> None:
    data: dict[str, Any] = match.to_json()
    data["terminal"] = {"seats": [str(seat) for seat in seats], "bot_rng": bot_rng}
    path.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


def load(path: Path) -> tuple[Match, list[Seat] | None, int | None]:
    """The match, its seats and the bots' random state (None where the file has none)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as error:
        raise MatchFormatError(f"not JSON: {error}") from None
    match = Match.from_json(data)
    terminal = data.get("terminal") or {}
    try:
        seats = [Seat.parse(text) for text in terminal["seats"]] if "seats" in terminal else None
    except SeatError as error:
        raise MatchFormatError(str(error)) from None
    if seats is not None and len(seats) != match.players:
        raise MatchFormatError(f"{len(seats)} seats for {match.players} players")
    return match, seats, terminal.get("bot_rng")
