"""The pages around the tables as a player meets them: on a 390 px phone no page scrolls
sideways, in English, Dutch and Russian — the lobby with each game and its options, finished
tables with their score sheets, replays, the account with my games, the leaderboard and a
player's page; the header's links are readable; my games are named by game, date and
players; a newcomer's rating reads near 1500, marked provisional; a score sheet that pans
shows that it does; and at the table on a phone the drawer closes after an action and the
result comes into view when the game ends.

Finished tables are bot-only tables the server plays by itself, and the rated game is played
over the API: no test clicks a whole game through."""

from __future__ import annotations

import re
import tempfile
import time
import uuid
from pathlib import Path

import pytest

from tests.server.harness import LIMITS, Server
from tests.server.players import play_randomly, sign_up

from .browser import settled
from .pages import CONTRAST
from .scans import PASSWORD, SETTINGS, signed_in

PHONE = {"width": 390, "height": 844}
LANGUAGES = ("en", "nl", "ru")
GAMES = {"sylla": 4, "builders": 4, "hadrians_wall": 6}  # each at its most players
TOY = "tesserae"


@pytest.fixture(scope="module")
def site():
    """A server with an account that finished a rated game against a bot, and a finished
    bot-only table of each game at its most players: (server, username, tables)."""
    options = LIMITS + tuple(option for s in SETTINGS for option in ("--set", s))
    with tempfile.TemporaryDirectory() as directory:
        server = Server(str(Path(directory) / "people.sqlite"), options=options).start()
        try:
            with server.http() as http:
                tables = {
                    game: http.post(
                        "/tables",
                        json={"game": game, "players": n, "seats": [{"bot": "random"}] * n},
                    ).json()["id"]
                    for game, n in GAMES.items()
                }
                username = f"p{uuid.uuid4().hex[:8]}"
                sign_up(http, username, PASSWORD)
                spec = {"game": TOY, "players": 2, "seats": [{}, {"bot": "random"}]}
                rated = http.post("/tables", json=spec | {"rated": True}).json()["id"]
                joined = http.post(f"/tables/{rated}/join", json={"name": username}).json()
                play_randomly(http, rated, joined["token"])
                tables["rated"] = rated
                deadline = time.monotonic() + 300
                for table in tables.values():
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


def width(page) -> int:
    settled(page)
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => done()))")
    return page.evaluate("() => document.documentElement.scrollWidth")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_page_scrolls_sideways_on_a_phone(people, site, lang):
    _, username, tables = site
    page = signed_in(people, username, lang)
    page.set_viewport_size(PHONE)
    wide = {}
    page.goto("/")
    page.locator("#new-table").wait_for()
    for game, players in GAMES.items():
        page.locator(f"input[name=game][value={game}]").check(force=True)
        page.select_option("select[name=players]", str(players))
        wide[f"lobby with {game}"] = width(page)
    for name, address, ready in (
        ("my games", "/account.html", "#finished li"),
        ("the leaderboard", f"/leaderboard.html?game={TOY}", "#board tr[data-name]"),
        ("the player page", f"/player.html?name={username}", "#history li"),
    ):
        page.goto(address)
        page.locator(ready).first.wait_for()
        wide[name] = width(page)
    for game in GAMES:
        page.goto(f"/table.html?id={tables[game]}")
        page.locator("#result").wait_for()
        wide[f"finished {game}"] = width(page)
        if game == "hadrians_wall":  # six players' sheet pans, and shows that more lies right
            page.locator("#result .more-right").first.wait_for()
        page.goto(f"/replay.html?id={tables[game]}")
        page.locator("#board > *").first.wait_for()
        wide[f"replay of {game}"] = width(page)
        page.click("#last")
        page.locator("#result").wait_for()
        wide[f"replay of {game} at its end"] = width(page)
    assert {name: px for name, px in wide.items() if px > PHONE["width"]} == {}


def test_the_header_links_read_clearly(people, site):
    _, username, _ = site
    page = signed_in(people, username)
    for address in ("/", "/account.html", "/leaderboard.html", f"/player.html?name={username}"):
        page.goto(address)
        page.locator("main > *").first.wait_for()
        links = page.locator("header.top a")
        assert links.count() >= 2, address  # the name, and my games or the leaderboards
        for n in range(links.count()):
            ratio = links.nth(n).evaluate(CONTRAST)
            assert ratio >= 4.5, f"{address}: {links.nth(n).inner_text()!r} at {ratio:.2f}"


def test_my_games_are_named_by_game_date_and_players(people, site):
    _, username, tables = site
    page = signed_in(people, username)
    page.goto("/account.html")
    item = page.locator(f"#finished li[data-table='{tables['rated']}']")
    link = item.locator("a:not(.review-link)").inner_text()  # the other opens its review
    assert tables["rated"] not in item.inner_text()
    assert link.startswith("Tesserae · ") and str(time.gmtime().tm_year) in link
    assert "with Random bot 1" in item.inner_text()
    page.goto(f"/player.html?name={username}")
    entry = page.locator(f"#history li[data-table='{tables['rated']}']")
    assert entry.locator("a").inner_text() == link
    assert "with Random bot 1" in entry.inner_text()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_new_player_reads_a_rating_near_1500_marked_provisional(people, site, lang):
    _, username, _ = site
    page = signed_in(people, username, lang)
    provisional = {"en": "provisional", "ru": "предварительный"}[lang]
    page.goto(f"/player.html?name={username}")
    shown = page.locator(f"#stats tr[data-game='{TOY}'] td").nth(3).inner_text()
    page.goto(f"/leaderboard.html?game={TOY}")
    listed = page.locator(f"#board tr[data-name='{username}'] td").nth(2).inner_text()
    for rating in (shown, listed):
        number = re.match(r"(\d{3,4}) ", rating)
        assert number and 1000 < int(number[1]) < 2000, rating
        assert rating.endswith(provisional)
    assert shown == listed


def test_on_a_phone_the_drawer_closes_after_an_action_and_the_end_comes_into_view(people):
    ala = people.person()
    table = ala.start_table(TOY, 2, "Ala", seats={1: "random"})
    page = ala.page
    page.set_viewport_size(PHONE)
    drawer, handle = page.locator("#drawer"), page.locator("#drawer-handle")
    for _ in range(200):
        ala.wait_ready()
        if ala.status == "finished":
            break
        page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")  # down the page
        handle.click()
        assert "open" in (drawer.get_attribute("class") or "")
        ala.act(lambda page: page.locator("#actions button.action").first.click())
        assert "open" not in (drawer.get_attribute("class") or ""), "the drawer stayed open"
    assert ala.status == "finished", f"table {table} did not end"
    assert page.evaluate("() => window.scrollY") > 0  # the page was scrolled, not at its top
    end = page.locator("#end").bounding_box()
    assert end and -1 <= end["y"] < PHONE["height"] / 2, end
