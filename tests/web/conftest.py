"""A real server and Chromium driven by Playwright (Debian's, else Playwright's own); every page
fails its test on any error in the browser console."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.server.harness import Server

from .browser import Browser

CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="session")
def server() -> Iterator[Server]:
    with tempfile.TemporaryDirectory() as directory:
        started = Server(str(Path(directory) / "tabulae.sqlite")).start()
        try:
            yield started
        finally:
            started.stop()


@pytest.fixture(scope="package")
def chromium():
    """Chromium under Playwright, launched once for the browser tests of a process (each test
    opens contexts of its own) and closed after the last of them: Playwright's sync API keeps
    an event loop running in the process while it is open, which would break later tests of
    the same worker that start their own (`asyncio.run`)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        executable = chromium_executable(playwright.chromium.executable_path)
        launched = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


def chromium_executable(playwrights: str) -> str:
    """Debian's Chromium, else the one `playwright install` downloads; the test fails without."""
    for executable in (shutil.which("chromium"), playwrights):
        if executable and Path(executable).exists():
            return executable
    pytest.fail(
        "Chromium is not installed: `apt-get install chromium` (Debian) "
        "or `playwright install chromium`"
    )


@pytest.fixture
def browser(chromium, server) -> Iterator[Browser]:
    """Browser contexts (each a separate person with its own storage) on the test server."""
    opened = Browser(chromium, server.url)
    try:
        yield opened
    finally:
        errors = opened.close()
    assert not errors, "errors in the browser console:\n" + "\n".join(errors)


@pytest.fixture
def people(chromium, site) -> Iterator[Browser]:
    """Browser contexts on the server of a module's own `site` fixture (its first item), for
    the people's pages, which need a server with accounts and mail of their own."""
    opened = Browser(chromium, site[0].url)
    try:
        yield opened
    finally:
        errors = opened.close()
    assert not errors, "errors in the browser console:\n" + "\n".join(errors)
