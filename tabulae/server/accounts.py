"""Accounts: usernames, passwords hashed with argon2id and sessions kept in cookies.

A password is never stored or logged: only its argon2id hash (memory-hard, salted) is kept.
A session is a random cookie value; the database keeps only its SHA-256, so a leaked database
gives no one a session.
"""

from __future__ import annotations

import hashlib
import secrets
from typing import TYPE_CHECKING

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from email_validator import EmailNotValidError, validate_email

from tabulae.i18n import N_

from .errors import ApiError, invalid
from .live import account_token, hash_token
from .text import clean_name

if TYPE_CHECKING:
    from starlette.requests import HTTPConnection

    from .database import Database
    from .storage import Account, Storage

PASSWORD_LENGTH = range(8, 129)  # characters
SESSION_COOKIE = "tabulae_session"

hasher = PasswordHasher()  # argon2id with the library's recommended cost


def username_key(username: str) -> tuple[str, str]:
    """A username as shown (cleaned like a seat name) and as compared (casefolded)."""
    name = clean_name(username)
    return name, name.casefold()


def clean_email(text: str) -> str:
    """One e-mail address as mail is sent to it (the domain in ASCII), or a 422: a single
    address of sane syntax (email-validator, without DNS look-ups), no display name, no list,
    no control characters, so nothing but the address reaches the SMTP envelope."""
    try:
        address = validate_email(text, check_deliverability=False, allow_smtputf8=False)
    except EmailNotValidError:
        raise ApiError(
            422,
            "bad_email",
            N_(
                "An e-mail address is one address such as ann@example.org: no name, list, "
                "spaces or control characters."
            ),
            words={},
        ) from None
    return address.ascii_email or address.normalized


def new_email_token() -> tuple[str, str]:
    """The token of a link that confirms an e-mail address, and the hash stored for it."""
    value = secrets.token_urlsafe(32)
    return value, session_hash(value)


def check_password(password: str) -> str:
    if len(password) not in PASSWORD_LENGTH:
        raise invalid(
            f"a password has {PASSWORD_LENGTH.start}–{PASSWORD_LENGTH.stop - 1} characters",
            "bad_password",
        )
    return password


def hash_password(password: str) -> str:
    return hasher.hash(check_password(password))


def password_matches(password_hash: str, password: str) -> bool:
    try:
        return hasher.verify(password_hash, password)
    except (VerificationError, InvalidHashError):
        return False


# Checked against when an account does not exist, so a wrong name takes as long as a wrong
# password and no one learns which usernames exist from the time an answer takes.
DECOY_HASH = hasher.hash(secrets.token_urlsafe(16))


def change_password(storage: Storage, account_id: int, password_hash: str) -> list[str]:
    """Give an account a new password and a new seat key, which re-issues the token of every
    seat it holds: whoever kept an earlier token (on a shared or lost device) loses the seat
    with the password, and the account finds the new tokens under my games. The ids of the
    tables whose seats changed."""
    seat_key = secrets.token_hex(16)

    def token_hash(secret: str) -> str:
        return hash_token(account_token(secret, account_id, seat_key))

    return storage.new_password(account_id, password_hash, seat_key, token_hash)


def new_session() -> tuple[str, str]:
    """A session's cookie value and the hash stored for it."""
    value = secrets.token_urlsafe(32)
    return value, session_hash(value)


def session_hash(value: str) -> str:
    return hashlib.sha256(value.encode("utf-8", "surrogatepass")).hexdigest()


async def signed_in(connection: HTTPConnection, database: Database) -> Account | None:
    """The account whose session cookie came with the request (or WebSocket), if any."""
    cookie = connection.cookies.get(SESSION_COOKIE)
    if not cookie or len(cookie) > 200:
        return None
    return await database.run(database.storage.session_account, session_hash(cookie))
