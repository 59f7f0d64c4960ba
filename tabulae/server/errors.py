"""Errors a client can act on: an HTTP status, a stable code and a readable message."""

from __future__ import annotations

from typing import Any


class ApiError(Exception):
    """A refusal. `code` is stable for programs; `message` is for people; `extra` adds facts
    such as the table's current `version`."""

    def __init__(self, http_status: int, code: str, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.status = http_status
        self.code = code
        self.message = message
        self.extra = extra

    def to_json(self) -> dict[str, Any]:
        return {"error": {"code": self.code, "message": self.message, **self.extra}}


def invalid(message: str, code: str = "invalid_request") -> ApiError:
    return ApiError(422, code, message)


def unknown_table(table_id: str) -> ApiError:
    return ApiError(404, "unknown_table", f"no table {table_id!r}")


def unknown_seat(seat: int, players: int) -> ApiError:
    return ApiError(404, "unknown_seat", f"no seat {seat} (seats 0–{players - 1})")


def token_required() -> ApiError:
    return ApiError(401, "token_required", "this needs a seat token (header X-Seat-Token)")


def wrong_token() -> ApiError:
    return ApiError(403, "wrong_token", "that seat token holds no seat at this table")


def stale_version(version: int, given: int) -> ApiError:
    return ApiError(
        409,
        "stale_version",
        f"the action was decided on version {given}; the table is at version {version}",
        version=version,
    )


def not_your_turn(seat: int, version: int) -> ApiError:
    return ApiError(409, "not_your_turn", f"seat {seat} may not act now", version=version)


def not_playing(status: str, version: int) -> ApiError:
    reasons = {
        "open": "the table is waiting for players",
        "finished": "the game is over",
        "replay": "an imported match is for replay only",
        "expired": "the table waited too long for players and was closed",
        "closed": "an administrator closed the table",
    }
    return ApiError(
        409, "not_playing", reasons.get(status, status), table_status=status, version=version
    )


def illegal_action(reason: str, version: int) -> ApiError:
    return ApiError(400, "illegal_action", reason, reason=reason, version=version)
