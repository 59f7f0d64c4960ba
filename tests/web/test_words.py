"""Every word a player reads is a player's word: the whole table page, in each language, for
each game in the middle of a game and on its end screen (solo Hadrian's Wall too), read as
text, tooltips (every `title`, and a rules popover opened by resting the mouse on the board),
SVG titles, aria-labels, placeholders and the selects' options, holds no message key, no
``name=value`` pair, no snake_case id, no action's raw notation (outside the form where one
types it), no bare number where a card's name belongs in an action or log line, and, in
Polish, Dutch and Russian, no English word beyond a few proper names.

One server serves every page; each table is played over the API to its point once (by seed,
bots at the other seats) and then read in every language.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import httpx
import pytest

import tabulae
from tabulae.core import Rng
from tabulae.i18n import LANGUAGES
from tests.server.harness import api_client

from .browser import READY
from .scans import (
    READ_PAGE,
    TOY,
    findings,
)

# game: (players, actions of the person at seat 1 before the page is read, seed)
MIDDLE = {TOY: (3, 3, 1), "sylla": (3, 30, 5), "builders": (2, 25, 4), "hadrians_wall": (3, 40, 11)}
# game: (players, seed) of a table of bots played to its end
END = {TOY: (3, 2), "sylla": (3, 3), "builders": (2, 4), "hadrians_wall": (3, 6)}
SOLO = ("hadrians_wall", 1, 8)
PAGES = [
    *((game, "middle") for game in MIDDLE),
    *((game, "end") for game in END),
    (SOLO[0], "solo end"),
]


@dataclass
class Table:
    id: str
    token: str | None


def play_first_seat(api: httpx.Client, table: str, token: str, actions: int, seed: int) -> None:
    """The person at seat 1 plays `actions` random legal actions while the bots answer."""
    rng = Rng(seed)
    played, deadline = 0, time.monotonic() + 120
    while played < actions and time.monotonic() < deadline:
        state = api.get(f"/tables/{table}/state", headers={"X-Seat-Token": token}).json()
        if state["status"] != "playing":
            return
        if not state["legal"]:
            time.sleep(0.05)
            continue
        legal = state["legal"]
        action = legal[rng.below(len(legal))]
        reply = api.post(
            f"/tables/{table}/actions",
            json={"action": action, "version": state["version"]},
            headers={"X-Seat-Token": token},
        )
        played += reply.status_code == 200


def finished(api: httpx.Client, table: str) -> None:
    deadline = time.monotonic() + 240
    while api.get(f"/tables/{table}").json()["status"] != "finished":
        assert time.monotonic() < deadline, f"table {table} did not finish"
        time.sleep(0.2)


def games() -> list[str]:
    return [TOY, *tabulae.all_games()]


@pytest.fixture(scope="module")
def tables(server) -> Iterator[dict[tuple[str, str], Table]]:
    """Each game's table in the middle of a game (a person at seat 1, two greedy bots where
    there is room, so that bots of one kind share a table) and at its end (bots only). The
    tables of bots are opened first, so that they play on while the person plays."""
    made: dict[tuple[str, str], Table] = {}
    with api_client(server.url, timeout=30) as api:
        ends = [(game, "end", *END[game]) for game in games()]
        for game, moment, players, seed in [*ends, (SOLO[0], "solo end", *SOLO[1:])]:
            seats = [{"bot": "random"} for _ in range(players)]
            body = {"game": game, "players": players, "seats": seats, "seed": seed}
            made[(game, moment)] = Table(api.post("/tables", json=body).json()["id"], None)
        for game in games():
            players, actions, seed = MIDDLE[game]
            seats = [{}] + [{"bot": "greedy"} for _ in range(players - 1)]
            body = {"game": game, "players": players, "seats": seats, "seed": seed}
            table = api.post("/tables", json=body).json()["id"]
            joined = api.post(f"/tables/{table}/join", json={"name": "Livia", "accept_seed": True})
            token = joined.json()["token"]
            play_first_seat(api, table, token, actions, seed)
            made[(game, "middle")] = Table(table, token)
        for (_, moment), table in made.items():
            if moment != "middle":
                finished(api, table.id)
    yield made


def read_page(chromium, url: str, table: Table, lang: str) -> dict[str, list[str]]:
    context = chromium.new_context(
        base_url=url, locale=lang, viewport={"width": 1366, "height": 768}
    )
    errors: list[str] = []
    try:
        kept = {"tabulae.language": lang}
        if table.token:
            kept["tabulae.seats"] = json.dumps({table.id: {"seat": 0, "token": table.token}})
        script = "".join(
            f"localStorage.setItem({json.dumps(k)}, {json.dumps(v)});" for k, v in kept.items()
        )
        context.add_init_script(script)
        page = context.new_page()
        page.on("console", lambda message: message.type == "error" and errors.append(message.text))
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(f"/table.html?id={table.id}")
        page.wait_for_function("() => document.getElementById('table')?.dataset.online === 'true'")
        page.wait_for_selector("#board > *")
        if table.token:
            page.wait_for_function(READY)
        else:
            page.wait_for_selector("#result")
        open_a_popover(page)
        found = page.evaluate(READ_PAGE)
    finally:
        context.close()
    assert not errors, errors
    return found


def open_a_popover(page) -> None:
    """Rest the mouse on the board's first titled part, so that its rules popover is read too."""
    part = page.locator("#board [title]").first
    if part.count():
        part.hover()
        page.wait_for_selector(".rules-popover")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("game", "moment"), PAGES, ids=lambda part: part.replace(" ", "-"))
def test_the_whole_page_speaks_the_players_language(chromium, server, tables, game, moment, lang):
    if game != TOY and game not in tabulae.all_games():
        pytest.skip(f"{game} is not installed")
    found = read_page(chromium, server.url, tables[(game, moment)], lang)
    assert found["text"], "nothing was read"
    if moment == "middle":
        assert found["actions"] and found["log"], "the page shows no actions or no log"
    problems = findings(found, game, lang)
    assert not problems, f"{game}, {moment}, {lang}:\n" + "\n".join(problems)


def test_the_scan_finds_what_the_issue_found():
    """The scan is not blind: each kind of finding of the issue is caught."""
    found: dict[str, Any] = {
        "text": ["sylla.event_drawn seat=2", "legionary_a"],
        "titles": ["fate_42"],
        "svgTitles": [],
        "labels": [],
        "placeholders": ["Type here"],
        "options": ["build small_hotel"],
        "popovers": ["sylla.tavern"],
        "notations": ["build small_hotel", "pass"],
        "actions": ["Recruit worker 34", "Start construction: 9"],
        "log": [
            "Building row: 7, 22, 30",
            "Final scores: -9.8, 19.2",
            "Card (57)",
            "Cohorts: 1, 0",
        ],
    }
    problems = "\n".join(findings(found, TOY, "en"))
    for shown in ("sylla.event_drawn", "seat=2", "legionary_a", "fate_42", "worker 34"):
        assert shown in problems
    for line in ("construction: 9", "7, 22, 30", "-9.8, 19.2", "Card (57)"):
        assert line in problems
    assert "Cohorts" not in problems  # counts are not cards
    assert "raw notation: 'build small_hotel'" in problems and "sylla.tavern" in problems
    polish = findings({**found, "text": ["Najmij greedy bot"], "actions": [], "log": []}, TOY, "pl")
    assert any("greedy" in problem for problem in polish)
    dutch = findings({**found, "text": [], "placeholders": ["Filter actions"]}, TOY, "nl")
    assert any("Filter actions" in problem for problem in dutch)
