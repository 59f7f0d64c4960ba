"""Every page as a person with assistive technology meets it: axe-core finds no serious or
critical violation (text contrast to WCAG AA included) on the lobby with each game chosen, a
live table of each game, finished tables, the replay, the account with my games, the
leaderboard, a player's page, and each game's learn and rules pages, in English and Russian at
1366×768; the log is a polite live region that adds the new lines without reading the old ones
again; and each title is played with key presses alone: a whole game of Hadrian's Wall, and
Sylla and The Builders from their first move through their first rounds and from a late round
to their end, the rounds between over the API.

The positions are reached over the API (bot-only tables the server plays to their end, a rated
game against a bot played over HTTP), so each page kind takes one browser context."""

from __future__ import annotations

import tempfile
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import tabulae
from tests.server.harness import LIMITS, Server
from tests.server.players import play_randomly, sign_up

from .browser import READY, Browser, Person
from .pages import CONTRAST
from .scans import PASSWORD, SETTINGS, violations

SCREEN = {"width": 1366, "height": 768}
LANGUAGES = ("en", "ru")
# Each game at three seats where it allows them: a person at the first, bots at the others.
GAMES = {"sylla": 3, "builders": 3, "hadrians_wall": 3}
TOY = "tesserae"


@pytest.fixture(scope="module")
def site() -> Iterator[tuple[Server, str, dict[str, str]]]:
    """A server with an account that finished a rated game against a bot, a finished bot-only
    table of each game, and a live table of each game where the account holds the first seat
    (the others bots): (server, username, tables by "finished <game>", "live <game>" and
    "rated"); the live tables' tokens are under "token <game>"."""
    options = LIMITS + tuple(option for s in SETTINGS for option in ("--set", s))
    with tempfile.TemporaryDirectory() as directory:
        server = Server(str(Path(directory) / "access.sqlite"), options=options).start()
        try:
            with server.http() as http:
                tables: dict[str, str] = {}
                for game, n in GAMES.items():
                    bots = [{"bot": "random"}] * n
                    spec = {"game": game, "players": n, "seats": bots}
                    tables[f"finished {game}"] = http.post("/tables", json=spec).json()["id"]
                username = f"a{uuid.uuid4().hex[:8]}"
                sign_up(http, username, PASSWORD)
                for game, n in GAMES.items():
                    bots = [{"bot": "random"}] * (n - 1)
                    spec = {"game": game, "players": n, "seats": [{}, *bots]}
                    live = http.post("/tables", json=spec).json()["id"]
                    joined = http.post(f"/tables/{live}/join", json={"name": username}).json()
                    tables[f"live {game}"], tables[f"token {game}"] = live, joined["token"]
                spec = {"game": TOY, "players": 2, "seats": [{}, {"bot": "random"}]}
                rated = http.post("/tables", json=spec | {"rated": True}).json()["id"]
                joined = http.post(f"/tables/{rated}/join", json={"name": username}).json()
                play_randomly(http, rated, joined["token"])
                tables["rated"] = rated
                deadline = time.monotonic() + 300
                for name, table in tables.items():
                    if not name.startswith(("finished", "rated")):
                        continue
                    while http.get(f"/tables/{table}").json()["status"] != "finished":
                        assert time.monotonic() < deadline, f"table {table} did not finish"
                        time.sleep(0.2)
                for _ in range(100):  # the rating is stored as the game ends
                    if http.get(f"/tables/{rated}/ratings").json():
                        break
                    time.sleep(0.1)
            yield server, username, tables
        finally:
            server.stop()


def signed_in(people: Browser, username: str) -> Any:
    page = people.person().page
    page.set_viewport_size(SCREEN)
    reply = page.request.post("/api/session", data={"username": username, "password": PASSWORD})
    assert reply.ok, reply.text()
    return page


def in_language(page: Any, lang: str) -> None:
    page.goto("/")
    page.evaluate(f"() => localStorage.setItem('tabulae.language', JSON.stringify('{lang}'))")


def seated(page: Any, table: str, token: str) -> None:
    """This browser holds the first seat at `table`, as if it had joined there."""
    page.evaluate(
        "([table, token]) => localStorage.setItem('tabulae.seats',"
        " JSON.stringify({...JSON.parse(localStorage.getItem('tabulae.seats') || '{}'),"
        " [table]: {seat: 0, token}}))",
        [table, token],
    )


def header_contrast(page: Any, where: str) -> list[str]:
    """The header's links below WCAG AA's 4.5 for text, measured from the computed styles."""
    links = page.locator("header.top a")
    low = []
    for n in range(links.count()):
        ratio = links.nth(n).evaluate(CONTRAST)
        if ratio < 4.5:
            low.append(f"{where}: {links.nth(n).inner_text()!r} at {ratio:.2f}")
    return low


def lobby(page: Any, site: Any) -> Iterator[str]:
    page.goto("/")
    page.locator("#new-table").wait_for()
    for game, players in GAMES.items():
        page.locator(f"input[name=game][value={game}]").check(force=True)
        page.select_option("select[name=players]", str(players))
        yield f"the lobby with {game}"


def live_tables(page: Any, site: Any) -> Iterator[str]:
    _, _, tables = site
    for game in GAMES:
        seated(page, tables[f"live {game}"], tables[f"token {game}"])
        page.goto(f"/table.html?id={tables[f'live {game}']}")
        page.wait_for_function(READY)
        assert page.get_attribute("#table", "data-status") == "playing", game
        yield f"a live table of {game}"


def finished_tables(page: Any, site: Any) -> Iterator[str]:
    _, _, tables = site
    for game in GAMES:
        page.goto(f"/table.html?id={tables[f'finished {game}']}")
        page.locator("#result").wait_for()
        yield f"a finished table of {game}"


def replay(page: Any, site: Any) -> Iterator[str]:
    """The replay's own parts, of one game (the boards are those of the tables)."""
    _, _, tables = site
    page.goto(f"/replay.html?id={tables['finished sylla']}")
    page.locator("#board > *").first.wait_for()
    page.click("#forward")
    page.locator("#step-events li").first.wait_for()
    yield "the replay of sylla at its second step"
    page.click("#last")
    page.locator("#result").wait_for()
    yield "the replay of sylla at its end"


def account(page: Any, site: Any) -> Iterator[str]:
    page.goto("/account.html")
    page.locator("#finished li").first.wait_for()
    yield "the account with my games"


def leaderboard(page: Any, site: Any) -> Iterator[str]:
    page.goto(f"/leaderboard.html?game={TOY}")
    page.locator("#board tr[data-name]").first.wait_for()
    yield "the leaderboard"


def player(page: Any, site: Any) -> Iterator[str]:
    _, username, _ = site
    page.goto(f"/player.html?name={username}")
    page.locator("#history li").first.wait_for()
    yield "a player's page"


def learning(page: Any, site: Any) -> Iterator[str]:
    """The learn page at a step of each game's first lesson, and each game's rules page."""
    for game in GAMES:
        lesson = tabulae.load(game).lessons()[0]
        page.goto(f"/learn.html?game={game}&lesson={lesson.id}")
        page.locator("#step-words").wait_for()
        yield f"the learn page of {game}"
        page.goto(f"/rules.html?game={game}")
        page.locator(".rule").first.wait_for()
        yield f"the rules of {game}"


PAGES = {
    "lobby": lobby,
    "live tables": live_tables,
    "finished tables": finished_tables,
    "replay": replay,
    "account": account,
    "leaderboard": leaderboard,
    "player": player,
    "learning": learning,
}


@pytest.mark.parametrize("kind", PAGES)
def test_axe_finds_no_serious_violation(people, site, kind):
    _, username, _ = site
    page = signed_in(people, username)
    found: list[str] = []
    for lang in LANGUAGES:
        in_language(page, lang)
        for where in PAGES[kind](page, site):
            assert page.evaluate("() => document.documentElement.lang") == lang, where
            found += violations(page, f"{where} ({lang})")
            found += header_contrast(page, f"{where} ({lang})")
    assert found == [], "\n".join(found)


def test_the_log_is_a_polite_live_region_that_adds_only_the_new_lines(people, site):
    server, username, _ = site
    with server.http() as http:
        spec = {"game": TOY, "players": 2, "seats": [{}, {"bot": "random"}]}
        table = http.post("/tables", json=spec).json()["id"]
        token = http.post(f"/tables/{table}/join", json={"name": username}).json()["token"]
    ala = people.person()
    ala.page.goto("/")
    seated(ala.page, table, token)
    ala.open_table(table)
    ala.wait_ready()
    log = ala.page.locator("#log ol.log")
    assert log.get_attribute("aria-live") == "polite"
    assert log.get_attribute("aria-label") == "Events"
    lines = log.locator("li")
    before = lines.count()
    assert before > 0
    log.evaluate("list => list.querySelectorAll('li').forEach((line) => (line.seen = true))")
    ala.click_action(ala.legal()[0])
    ala.page.wait_for_function(f"() => document.querySelectorAll('#log li').length > {before}")
    # the lines already there are the same nodes: a screen reader reads only the new ones
    still = "list => [...list.querySelectorAll('li')].filter((line) => line.seen).length"
    assert log.evaluate(still) == before
    assert log.evaluate("list => list.querySelector('li:last-child').seen") is None


def focused(page: Any, selector: str) -> bool:
    return page.evaluate(f"() => document.activeElement?.matches({selector!r}) ?? false")


# Each title by the keys: its players (three, the others bots, where that is over in seconds;
# Hadrian's Wall alone, its shortest game), the key that picks the action each move, among the
# actions, by the arrow keys' Home and End: the first, or the last (Hadrian's Wall's last ends
# the year, where its first takes one thing at a time), and the round from which the keys play
# again after the rounds between were played over the API (None: the whole game by the keys).
# Sylla's last round is its fifth; The Builders' games with these players last 33 rounds and
# more, most of them over 40, and the keys take over when the end is announced if that is
# sooner.
BY_KEYS = {"sylla": (3, "Home", 5), "builders": (3, "Home", 26), "hadrians_wall": (1, "End", None)}
FIRST_ROUNDS = {"sylla": 1, "builders": 3}  # played by the keys before the API takes over


def by_the_keys(ala: Person, key: str, done: Any) -> dict[str, int]:
    """Play the open table by the keys until it ends, or until `done()` says so before a move:
    Tab to the actions, pick one by `key`, press Enter, and again. Returns the presses."""
    page = ala.page
    presses = {"Tab": 0, "Enter": 0, "Tab after the first move": 0}
    for _ in range(1000):
        ala.wait_ready()
        if ala.status == "finished" or done():
            break
        for _ in range(500):
            if focused(page, "#actions button.action"):
                break
            page.keyboard.press("Tab")
            presses["Tab" if presses["Enter"] == 0 else "Tab after the first move"] += 1
        page.keyboard.press(key)
        chosen = page.evaluate("() => document.activeElement.dataset.action")
        shown = page.eval_on_selector_all(
            "#actions button.action", "nodes => nodes.map((n) => n.dataset.action)"
        )
        assert chosen == shown[0 if key == "Home" else -1]
        ala.act(lambda page: page.keyboard.press("Enter"))
        presses["Enter"] += 1
    return presses


def own_state(http: Any, table: str, token: str) -> dict[str, Any]:
    reply = http.get(f"/tables/{table}/state", headers={"X-Seat-Token": token})
    return reply.raise_for_status().json()


def late(resume: int):
    """Whether a state is at the round `resume`, or the game's end is announced sooner."""
    return lambda state: state["view"]["round"] >= resume or state["view"].get("last_round")


@pytest.mark.parametrize("game", BY_KEYS)
def test_a_whole_game_is_played_by_the_keys_alone(people, site, game):
    """Tab to the actions, pick one by Home or End, press Enter, and again: the page keeps
    the focus among the actions, so Tab is pressed only when it does not. Hadrian's Wall is
    played whole by the keys. Sylla and The Builders by the keys from the page's first move
    through their first rounds, then with the page away the rounds between over the API, the
    action the key would pick each time, and then by the keys again, from the top of the page
    opened afresh, to the end of the game: Sylla's first round holds its secret choice of
    characters, and its first and last rounds each the kinds of decision of every round
    (passes, a recruit, cubes, the thumb); The Builders' first action is always the end of
    the turn. A whole game by the keys adds to these only more of the same."""
    server, username, _ = site
    players, key, resume = BY_KEYS[game]
    with server.http() as http:
        bots = [{"bot": "random"}] * (players - 1)
        spec = {"game": game, "players": players, "seats": [{}, *bots]}
        table = http.post("/tables", json=spec).json()["id"]
        token = http.post(f"/tables/{table}/join", json={"name": username}).json()["token"]
        ala = people.person()
        page = ala.page
        page.set_viewport_size(SCREEN)
        page.goto("/")
        seated(page, table, token)
        ala.open_table(table)
        openings = []
        if resume is not None:

            def past_the_first_rounds() -> bool:
                return own_state(http, table, token)["view"]["round"] > FIRST_ROUNDS[game]

            openings.append(by_the_keys(ala, key, past_the_first_rounds))
            pick = (lambda legal: legal[0]) if key == "Home" else (lambda legal: legal[-1])
            assert ala.play_over_the_api(table, late(resume), pick) > 0
        openings.append(by_the_keys(ala, key, lambda: False))
    assert ala.status == "finished", f"table {table} did not end by the keys: {openings}"
    page.locator("#result").wait_for()
    for presses in openings:
        assert presses["Enter"] > 0, openings
        # the focus stays among the actions: after the first move, Tab is never needed
        assert presses["Tab"] > 0  # the page starts at its top, the actions further down
        assert presses["Tab after the first move"] == 0, openings
