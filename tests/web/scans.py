"""What the browser tests read a page for: axe's serious violations, the words a page shows that
are not the player's language (English, keys, ids, raw notation, numbers for names), and a
signed-in page of the people's site."""

from __future__ import annotations

import functools
import re
from typing import Any

from axe_playwright_python.sync_playwright import Axe

from tabulae.core import load
from tabulae.i18n import bot_words, glossary, translator
from tabulae.i18n.catalogs import interface_messages, read
from tabulae.server.interface import web_messages

from .browser import Browser, settled

PASSWORD = "correct horse battery"
SETTINGS = ("secure_cookies=false", "sign_ins_per_minute=1000000")
BLOCKING = {"serious", "critical"}
AXE = Axe()

TOY = "tesserae"  # the test server's game of another package, drawn by the generic board
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


def violations(page: Any, where: str) -> list[str]:
    """The serious and critical violations axe finds on the page as it stands, in words."""
    settled(page)
    found = AXE.run(page).response["violations"]
    return [
        f"{where}: {v['id']} ({v['impact']}): {v['help']} at "
        + "; ".join(
            " ".join(node["target"]) + ": " + node.get("failureSummary", "") for node in v["nodes"]
        )
        for v in found
        if v["impact"] in BLOCKING
    ]


def signed_in(people: Browser, username: str, lang: str = "en"):
    page = people.person(lang).page
    page.add_init_script(f"localStorage.setItem('tabulae.language', '{lang}')")
    reply = page.request.post("/api/session", data={"username": username, "password": PASSWORD})
    assert reply.ok, reply.text()
    return page


@functools.cache
def english_words(game: str, lang: str) -> frozenset[str]:
    """Words of the English catalogs that the language's catalogs never use: what would be an
    English word left on a page in that language. Worked out once per game and language of a
    test process (the interface's messages are read from its source, seconds each time)."""
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
    return frozenset(words - {w.lower() for w in WORD.findall(local)} - {w.lower() for w in PROPER})


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
