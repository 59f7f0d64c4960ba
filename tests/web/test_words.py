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
import re
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import httpx
import pytest

import tabulae
from tabulae.core import Rng, load
from tabulae.i18n import LANGUAGES, bot_words, glossary, translator
from tabulae.i18n.catalogs import interface_messages, read
from tabulae.server.interface import web_messages

from .browser import READY

TOY = "tesserae"  # the test server's game of another package, drawn by the generic board
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
# Proper names a page may show in any language: the program, the languages' own names, the
# games' titles as the rulebooks print them, and Roman names.
PROPER = {"Tabulae", "English", "Polski", "Nederlands", "Sylla", "Hadrian", "Hadriana"}
# Words of a language that English spells alike: Polish "one" (they), Dutch "start" (starts).
OWN_WORDS = {"pl": {"one"}, "nl": {"start"}}
WORD = re.compile(r"[A-Za-z][A-Za-z']+")
KEY = re.compile(r"\b[a-z][a-z_]*\.[a-z][a-z_]*(?:\.[a-z_]+)*\b")
PAIR = re.compile(r"\b[a-z_]+=\S")
SNAKE = re.compile(r"\b[a-z]+_[a-z0-9_]+\b")
# A number standing for a card: in parentheses as a name's suffix ("Card (57)"), a list of
# numbers with a card's number among them ("7, 22, 30"; a player's own list follows his name,
# in parentheses; counts, such as attack cards against three Cohorts, stay below 10), a card
# kind followed by its number ("worker 34", "slot 3") or a label that ends in a number after
# its colon ("Start construction: 9").
NUMBER = r"-?\d+(?:[.,]\d+)?"
LIST = re.compile(rf"(?<![\w.(]){NUMBER}(?:, {NUMBER})+(?![\w.)])")
CARD_NUMBER = [
    re.compile(r"\(\d+\)"),
    re.compile(r"(?i)\b(?:card|worker|slot|building|slave|tool|site|fate|path)s? \d+\b"),
]
ACTION_NUMBER = re.compile(r":\s*\d+\s*$")

READ_PAGE = """() => {
  const outside = (node) => node.closest("#language, .share, form.notation");
  const text = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || outside(parent) || parent.closest("script, style")) continue;
    if (parent.closest("svg title")) continue;
    if (node.textContent.trim()) text.push(node.textContent.trim());
  }
  const titles = [...document.querySelectorAll("[title], [data-tip]")]
    .filter((el) => !outside(el))
    .map((el) => el.getAttribute("title") ?? el.dataset.tip);
  const placeholders = [...document.querySelectorAll("[placeholder]")]
    .filter((el) => !outside(el))
    .map((el) => el.getAttribute("placeholder"));
  const options = [...document.querySelectorAll("option")]
    .filter((el) => !outside(el))
    .map((el) => el.textContent.trim())
    .filter(Boolean);
  const popovers = [...document.querySelectorAll(".rules-popover")].map((el) => el.innerText);
  const notations = [...document.querySelectorAll("[data-action]")]
    .map((el) => { try { return JSON.parse(el.dataset.action).join(" "); } catch { return ""; } })
    .filter(Boolean);
  const svgTitles = [...document.querySelectorAll("svg title")]
    .filter((el) => !outside(el))
    .map((el) => el.textContent);
  const labels = [...document.querySelectorAll("[aria-label]")]
    .filter((el) => !outside(el))
    .map((el) => el.getAttribute("aria-label"));
  const actions = [...document.querySelectorAll("#actions button.action")]
    .map((b) => b.textContent);
  const log = [...document.querySelectorAll("#log li")].map((li) => li.textContent);
  return {
    text, titles, svgTitles, labels, placeholders, options, popovers, notations, actions, log,
  };
}"""


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
    return [TOY, *tabulae.games()]


@pytest.fixture(scope="module")
def tables(server) -> Iterator[dict[tuple[str, str], Table]]:
    """Each game's table in the middle of a game (a person at seat 1, two greedy bots where
    there is room, so that bots of one kind share a table) and at its end (bots only)."""
    made: dict[tuple[str, str], Table] = {}
    with httpx.Client(base_url=f"{server.url}/api", timeout=30) as api:
        for game in games():
            players, actions, seed = MIDDLE[game]
            seats = [{}] + [{"bot": "greedy"} for _ in range(players - 1)]
            body = {"game": game, "players": players, "seats": seats, "seed": seed}
            table = api.post("/tables", json=body).json()["id"]
            joined = api.post(f"/tables/{table}/join", json={"name": "Livia", "accept_seed": True})
            token = joined.json()["token"]
            play_first_seat(api, table, token, actions, seed)
            made[(game, "middle")] = Table(table, token)
        ends = [(game, "end", *END[game]) for game in games()]
        for game, moment, players, seed in [*ends, (SOLO[0], "solo end", *SOLO[1:])]:
            seats = [{"bot": "random"} for _ in range(players)]
            body = {"game": game, "players": players, "seats": seats, "seed": seed}
            made[(game, moment)] = Table(api.post("/tables", json=body).json()["id"], None)
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


def english_words(game: str, lang: str) -> set[str]:
    """Words of the English catalogs that the language's catalogs never use: what would be an
    English word left on a page in that language."""
    rules = load("tests.plugin_games.tesserae:GAME" if game == TOY else game)
    english = " ".join(
        [
            *read("en", rules).messages.values(),
            *(names.get("en", "") for names in glossary(rules).values()),
            *interface_messages(),
            *web_messages("pl"),  # the browser's msgids are its English text
            *bot_words(translator("en"))["labels"].values(),
        ]
    )
    local = " ".join(
        [
            *read(lang, rules).messages.values(),
            *(names.get(lang, "") for names in glossary(rules).values()),
            *read(lang, "tabulae").messages.values(),
            *web_messages(lang).values(),
        ]
    )
    words = {w.lower() for w in WORD.findall(english) if len(w) > 2}
    words -= OWN_WORDS.get(lang, set())
    return words - {w.lower() for w in WORD.findall(local)} - {w.lower() for w in PROPER}


def _number(text: str) -> float:
    return abs(float(text.replace(",", ".")))


def findings(found: dict[str, list[str]], game: str, lang: str) -> list[str]:
    problems = []
    everything = [
        *found["text"],
        *found["titles"],
        *found["svgTitles"],
        *found["labels"],
        *found.get("placeholders", []),
        *found.get("options", []),
        *found.get("popovers", []),
    ]
    for line in everything:
        for pattern, what in (
            (KEY, "a message key"),
            (PAIR, "a name=value pair"),
            (SNAKE, "an id"),
        ):
            problems += [f"{what}: {hit!r} in {line!r}" for hit in pattern.findall(line)]
    notations = set(found.get("notations", []))
    problems += [f"raw notation: {line!r}" for line in everything if line.strip() in notations]
    for line in [*found["actions"], *found["log"]]:
        hits = [hit for pattern in CARD_NUMBER for hit in pattern.findall(line)]
        hits += [hit for hit in LIST.findall(line) if max(map(_number, hit.split(", "))) >= 10]
        problems += [f"a number for a name: {line!r}"] if hits else []
    for line in found["actions"]:
        if ACTION_NUMBER.search(line):
            problems.append(f"a number for a name: {line!r}")
    if lang != "en":
        english = english_words(game, lang)
        for line in everything:
            hits = sorted({w for w in WORD.findall(line) if w.lower() in english})
            problems += [f"English {hits} in {line!r}"] if hits else []
    return sorted(set(problems))


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("game", "moment"), PAGES, ids=lambda part: part.replace(" ", "-"))
def test_the_whole_page_speaks_the_players_language(chromium, server, tables, game, moment, lang):
    if game != TOY and game not in tabulae.games():
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
