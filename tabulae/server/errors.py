"""Errors a client can act on: an HTTP status, a stable code and a readable message, in the
language the client asks for."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from tabulae.core import IllegalAction
from tabulae.i18n import LANGUAGES, N_, GameText, translator


class ApiError(Exception):
    """A refusal. `code` is stable for programs; `message` is for people; `extra` adds facts
    such as the table's current `version`.

    With `words`, `message` is a msgid of the interface's catalog (its English text) that they
    fill in, and each client reads it in its own language (`to_json(lang)`).
    """

    def __init__(
        self,
        http_status: int,
        code: str,
        message: str,
        *,
        words: Mapping[str, Any] | None = None,
        **extra: Any,
    ) -> None:
        self.template, self.words = message, None if words is None else dict(words)
        message = message if words is None else message.format(**words)
        super().__init__(message)
        self.status = http_status
        self.code = code
        self.message = message
        self.extra = extra

    def text(self, lang: str) -> str:
        """The message in `lang`."""
        if self.words is None:
            return self.message
        return translator(lang)._(self.template, **self.words)

    def to_json(self, lang: str = "en") -> dict[str, Any]:
        return {"error": {"code": self.code, "message": self.text(lang), **self.extra}}


class Refused(ApiError):
    """An action the rules refused: `reason` is the rules' English text, `key` and `args` name
    the game's message for it, `message` is that message in the client's language, from
    `game_text(lang)`, the game's words at the table, and `rule` is the id of the section of
    the game's rules reference that explains it (None where none does)."""

    def __init__(
        self,
        error: IllegalAction,
        game_text: Callable[[str], GameText],
        version: int,
        rule: str | None = None,
    ) -> None:
        super().__init__(
            400,
            "illegal_action",
            error.reason,
            reason=error.reason,
            key=error.key,
            args=error.arguments,
            version=version,
            rule=rule,
        )
        self.error, self.game_text = error, game_text

    def text(self, lang: str) -> str:
        return self.game_text(lang).refusal(self.error)


def language(header: str | None) -> str:
    """The first of our languages an Accept-Language header names, else English."""
    for part in (header or "").split(","):
        lang = part.split(";")[0].strip()[:2].lower()
        if lang in LANGUAGES:
            return lang
    return "en"


def invalid(message: str, code: str = "invalid_request", **words: Any) -> ApiError:
    """A 422; with `words`, `message` is a msgid they fill in."""
    return ApiError(422, code, message, words=words or None)


def unknown_table(table_id: str) -> ApiError:
    return ApiError(404, "unknown_table", f"no table {table_id!r}")


def unknown_seat(seat: int, players: int) -> ApiError:
    return ApiError(404, "unknown_seat", f"no seat {seat} (seats 0–{players - 1})")


def token_required() -> ApiError:
    return ApiError(401, "token_required", "this needs a seat token (header X-Seat-Token)")


def wrong_token() -> ApiError:
    return ApiError(403, "wrong_token", "that seat token holds no seat at this table")


STALE_REASONS = {
    "ahead": "that version is not played yet",
    "taken_back": "an action was taken back since",
    "acted_since": "this seat has acted since",
    "not_kept": "the position it was decided on is no longer at hand",
    "not_to_move": "this seat was not to move then",
    "decision_over": "the decision it was made in is over",
    "choices_changed": "this seat's legal actions have changed since",
    "same_version_only": "it must be made at the current version",
    "played_elsewhere": "another server process played on the table first",
}
"""Why an action decided on an older version was not played, by the code the refusal's
`reason` carries."""


def stale_version(version: int, given: int, reason: str = "same_version_only") -> ApiError:
    return ApiError(
        409,
        "stale_version",
        f"the action was decided on version {given}; the table is at version {version}: "
        + STALE_REASONS[reason],
        version=version,
        reason=reason,
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


def bad_action(error: IllegalAction) -> ApiError:
    """An action that cannot be read: the core's refusal, whose key is its English text."""
    if error.key:
        return ApiError(422, "bad_action", error.key, words=error.arguments)
    return ApiError(422, "bad_action", error.reason)


def cannot_take_back(count: int, allowed: int, version: int) -> ApiError:
    """A take-back the engine does not allow: `allowed` is how many actions it allows."""
    if not allowed:
        return ApiError(
            409,
            "cannot_take_back",
            N_(
                "You cannot take back an action now: someone has acted since, or it revealed "
                "something hidden or drew on chance."
            ),
            words={},
            allowed=0,
            version=version,
        )
    return ApiError(
        409,
        "cannot_take_back",
        N_("You may take back at most {allowed} of your latest actions now, not {count}."),
        words={"allowed": allowed, "count": count},
        allowed=allowed,
        version=version,
    )


def take_backs_used_up(most: int, version: int) -> ApiError:
    """A take-back past the server's limit for one seat in one game."""
    return ApiError(
        409,
        "take_backs_used_up",
        N_(
            "You have taken back actions {most} times in this game, as often as this server allows."
        ),
        words={"most": most},
        most=most,
        version=version,
    )
