"""The pages around the tables speak the player's language too: the lobby (each game's options,
its selects' options and placeholders), my games and the account, the leaderboard, a player's
page, and each game's learn and rules pages, read in Polish, Dutch and Russian with their
tooltips, labels, placeholders and options, hold no message key, id, raw notation or English
word (the scan of the table pages, `test_words.findings`).

The people's pages come from a server of their own with an account that finished a rated game
of the toy game against a bot, played over the API; one browser page per language and kind."""

from __future__ import annotations

import tempfile
import time
import uuid
from pathlib import Path

import pytest

import tabulae
from tests.server.harness import LIMITS, Server
from tests.server.players import play_randomly, sign_up

from .browser import settled
from .scans import PASSWORD, READ_PAGE, SETTINGS, TOY, findings, signed_in

LANGS = ("pl", "nl", "ru")


@pytest.fixture(scope="module")
def site():
    """A server with an account that finished a rated game of the toy game: (server, name)."""
    options = LIMITS + tuple(option for s in SETTINGS for option in ("--set", s))
    with tempfile.TemporaryDirectory() as directory:
        server = Server(str(Path(directory) / "words.sqlite"), options=options).start()
        try:
            with server.http() as http:
                username = f"p{uuid.uuid4().hex[:8]}"
                sign_up(http, username, PASSWORD)
                spec = {"game": TOY, "players": 2, "seats": [{}, {"bot": "random"}], "rated": True}
                rated = http.post("/tables", json=spec).json()["id"]
                joined = http.post(f"/tables/{rated}/join", json={"name": username}).json()
                play_randomly(http, rated, joined["token"])
                for _ in range(100):  # the rating is stored as the game ends
                    if http.get(f"/tables/{rated}/ratings").json():
                        break
                    time.sleep(0.1)
            yield server, username
        finally:
            server.stop()


def games() -> list[str]:
    return [TOY, *tabulae.all_games()]


def problems_of(page, game: str, lang: str) -> list[str]:
    settled(page)
    found = page.evaluate(READ_PAGE)
    assert found["text"], "nothing was read"
    return findings(found, game, lang)


@pytest.mark.parametrize("lang", LANGS)
def test_the_lobby_speaks_the_players_language(people, site, lang):
    _, username = site
    page = signed_in(people, username, lang)
    page.goto("/")
    page.locator("#new-table").wait_for()
    problems = []
    for game in games():
        page.locator(f"input[name=game][value={game}]").check(force=True)
        problems += [f"lobby with {game}: {p}" for p in problems_of(page, game, lang)]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(
    ("kind", "address", "ready"),
    [
        ("my games", "/account.html", "#finished li"),
        ("leaderboard", f"/leaderboard.html?game={TOY}", "#board tr[data-name]"),
        ("player", "/player.html?name={username}", "#history li"),
    ],
)
def test_the_peoples_pages_speak_the_players_language(people, site, kind, address, ready, lang):
    _, username = site
    page = signed_in(people, username, lang)
    page.goto(address.format(username=username))
    page.locator(ready).first.wait_for()
    problems = problems_of(page, TOY, lang)
    assert not problems, f"{kind}, {lang}:\n" + "\n".join(problems)


@pytest.mark.parametrize("lang", LANGS)
def test_the_account_page_speaks_the_players_language(people, lang):
    """Signed out, the account page offers its forms to sign in and up."""
    page = people.person(lang).page
    page.add_init_script(f"localStorage.setItem('tabulae.language', '{lang}')")
    page.goto("/account.html")
    page.locator("main form").first.wait_for()
    problems = problems_of(page, TOY, lang)
    assert not problems, f"account, {lang}:\n" + "\n".join(problems)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", tabulae.all_games())
def test_the_learn_and_rules_pages_speak_the_players_language(people, game, lang):
    page = people.person(lang).page
    page.add_init_script(f"localStorage.setItem('tabulae.language', '{lang}')")
    problems = []
    page.goto(f"/rules.html?game={game}")
    page.wait_for_selector("#rules-sections .rule")
    problems += [f"rules: {p}" for p in problems_of(page, game, lang)]
    page.goto(f"/learn.html?game={game}")
    page.wait_for_selector("#step-words")
    page.wait_for_selector("#board > *")
    problems += [f"learn: {p}" for p in problems_of(page, game, lang)]
    assert not problems, f"{game}, {lang}:\n" + "\n".join(problems)
