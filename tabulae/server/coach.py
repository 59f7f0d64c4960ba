"""The coach at a table created with `coach`: each player's move judged, for that player only.

The judgement is the hint's search for the position before the move (the same seat, version
and random stream, so the same view of the game), which ranks every action it tried; the
move played is compared with the best (tabulae/bots/coach.py). A player who asked for the
coach's choice ("Show me") before moving is judged on that very search, kept here, so the
judgement never contradicts what they were shown; otherwise the search is queued like a hint,
behind every bot move and within the hint bounds.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from tabulae.bots.coach import judge
from tabulae.bots.hints import Hint
from tabulae.core import Action

from .bots import Decision
from .live import LiveTable

KEPT_SEARCHES = 256  # searches shown ("Show me") kept for judging the move that follows them

Key = tuple[str, int, int, int]  # table, line (take-backs so far), seat, version


def key(decision: Decision, version: int) -> Key:
    return (decision.table, decision.line, decision.seat, version)


class Searches:
    """The latest searches shown to players at coached tables, so the move that follows is
    judged on the search its player was shown; taken once judged, the oldest forgotten first."""

    def __init__(self, kept: int = KEPT_SEARCHES) -> None:
        self.kept = kept
        self.found: OrderedDict[Key, dict[str, Any]] = OrderedDict()

    def get(self, at: Key) -> dict[str, Any] | None:
        return self.found.get(at)

    def take(self, at: Key) -> dict[str, Any] | None:
        return self.found.pop(at, None)

    def keep(self, at: Key, found: dict[str, Any]) -> None:
        self.found[at] = found
        self.found.move_to_end(at)
        while len(self.found) > self.kept:
            self.found.popitem(last=False)


def judgement(found: dict[str, Any], played: Action, version: int) -> dict[str, Any]:
    """The coach's message for the move `played` at `version`, from the search's JSON."""
    judged = judge(Hint.from_json(found), played)
    return {"type": "coach", "version": version, **judged.to_json()}


def busy(seat: int, played: Action, version: int, retry_after: float) -> dict[str, Any]:
    """The coach's message when the server had no room to search the move: not judged."""
    return {
        "type": "coach",
        "version": version,
        "seat": seat,
        "verdict": "busy",
        "played": played.to_json(),
        "played_notation": str(played),
        "retry_after": retry_after,
    }


def tell(live: LiveTable, seat: int, message: dict[str, Any]) -> None:
    """Send `message` to the live connections of `seat` only, those still holding it."""
    for connection in live.connections:
        if connection.seat == seat and live.holds(seat, connection.token_hash):
            connection.send(message)
