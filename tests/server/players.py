"""What the tests of players need: a real SMTP server on loopback, a server process that
sends through it, and people who sign up and play over HTTP."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from contextlib import contextmanager
from email import message_from_bytes, policy
from email.message import Message

import httpx
from aiosmtpd.controller import Controller

from tabulae.core import Rng

from .harness import LIMITS, free_port


class Mailbox:
    """An aiosmtpd handler keeping every message it receives."""

    def __init__(self) -> None:
        self.messages: list[Message] = []

    async def handle_DATA(self, _server, _session, envelope) -> str:
        self.messages.append(message_from_bytes(envelope.content, policy=policy.default))
        return "250 OK"

    def to(self, address: str) -> list[Message]:
        return [message for message in self.messages if message["To"] == address]

    def wait_for(self, to: str, timeout: float = 30) -> Message:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for message in self.messages:
                if message["To"] == to:
                    return message
            time.sleep(0.1)
        raise AssertionError(f"no mail to {to} within {timeout} s")


@contextmanager
def smtp_server() -> Iterator[tuple[Mailbox, int]]:
    mailbox, port = Mailbox(), free_port()
    controller = Controller(mailbox, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield mailbox, port
    finally:
        controller.stop()


def player_options(smtp_port: int, *more: str) -> tuple[str, ...]:
    """Serve options for these tests: plain-HTTP cookies, a clock that checks twice a second,
    reminders through the test's SMTP server, and (all tests coming from one address) no
    limit on sign-ins."""
    settings = (
        "secure_cookies=false",
        "sign_ins_per_minute=1000000",
        "turn_check_seconds=0.5",
        "smtp_host=127.0.0.1",
        f"smtp_port={smtp_port}",
        *more,
    )
    return LIMITS + tuple(option for setting in settings for option in ("--set", setting))


def sign_up(http: httpx.Client, username: str, password: str = "correct horse", **extra) -> None:
    reply = http.post("/accounts", json={"username": username, "password": password, **extra})
    assert reply.status_code == 201, reply.text


def link_token(letter: Message) -> str:
    """The token of the link in an e-mail that confirms an address."""
    found = re.search(r"/confirm\.html\?token=([\w-]+)", letter.get_content())
    assert found, letter.get_content()
    return found.group(1)


def confirm(http: httpx.Client, mailbox: Mailbox, address: str) -> None:
    """Open the link mailed to `address`, as its owner would, so that reminders go there; the
    e-mail with the link leaves the mailbox, which then holds only what came after."""
    letter = mailbox.wait_for(address)
    reply = http.post("/email/confirm", json={"token": link_token(letter)})
    assert reply.status_code == 200, reply.text
    mailbox.messages.remove(letter)


def play_randomly(http: httpx.Client, table: str, token: str, seed: int = 1) -> dict:
    """Play legal moves at random at a seat until the game is over: the final state."""
    rng = Rng(seed)
    headers = {"X-Seat-Token": token}
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        state = http.get(f"/tables/{table}/state", headers=headers).json()
        if state["status"] == "finished":
            return state
        if state["legal"]:
            body = {"action": rng.choice(state["legal"]), "version": state["version"]}
            http.post(f"/tables/{table}/actions", json=body, headers=headers)
        else:
            time.sleep(0.05)
    raise AssertionError("the game did not finish")


def admin(db: str, *args: str) -> str:
    import subprocess
    import sys

    from .harness import ROOT

    done = subprocess.run(
        [sys.executable, "-m", "tabulae", "admin", *args, "--db", db],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        env={**__import__("os").environ, "COLUMNS": "200"},
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout
