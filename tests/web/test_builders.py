"""The Builders: Antiquity in the browser: the rows, investments and every player's sites,
played to the end by clicking the cards, and named in the player's words throughout."""

from __future__ import annotations

import json
import re

import pytest

import tabulae
from tabulae.games.builders.components import BUILDINGS as BUILDING_CARDS
from tabulae.games.builders.components import CREW as CREW_CARDS
from tabulae.i18n import glossary

from .browser import board_clicks, shown_number
from .pages import engine_scores

GAME = "builders"
pytestmark = pytest.mark.skipif(GAME not in tabulae.all_games(), reason="Builders is not installed")
BOARD = ".builders"
SNAKE = re.compile(r"\b[a-z]+_[a-z0-9_]+\b")
KEY = re.compile(r"\bbuilders\.|\b[a-z]+\.[a-z_]+\.[a-z_.]+")


def names(lang: str) -> set[str]:
    return {names[lang] for names in glossary(tabulae.load(GAME)).values()}


def words_of(action: list) -> list[str]:
    """The glossary words an action names its cards and tools by, as a table with the default
    options names them (the fourth apprentice by the pair of materials it gives him)."""
    terms = glossary(tabulae.load(GAME))
    told = tabulae.load(GAME).new(players=2, seed=0).told_words()
    kinds = ("slave", "tool")
    words = [w for w in action[1:] if isinstance(w, str) and w in terms and w not in kinds]
    return [told.get(word, word) for word in words]


def page_texts(page) -> list[str]:
    """The board's text, its tooltips and the log, as a player reads them."""
    texts = [page.inner_text(BOARD), page.inner_text(".log")]
    texts += page.eval_on_selector_all(
        f"{BOARD} [title], .log [title]", "nodes => nodes.map(n => n.getAttribute('title'))"
    )
    return texts


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_a_game_against_a_bot_is_played_to_the_end_and_scored_in_words(browser, lang):
    ala = browser.person(lang)
    table = ala.start_table(GAME, 2, "Ala", seats={1: "random"})
    page = ala.page
    for area in ("buildings", "workers", "investments", "turn", "sites", "idle", "finished"):
        assert page.locator(f"{BOARD} [data-area={area}]").count() >= 1, area
    assert page.locator(f"{BOARD} [data-area=buildings] .bd-card").count() == 5
    # The board is played by clicking a while, and the rest over the API, for the end is what
    # is read here (a whole game in the browser is played by the keys in test_accessibility).
    clicks = ala.play_to_the_end(
        board_clicks(3, f"{BOARD} .clickable.legal:not(.bd-end)", f"{BOARD} .bd-end"), 12
    )
    assert clicks > 10
    ala.finish_over_the_api(table)
    assert ala.scores() == engine_scores(browser, table)
    sheet = page.locator("#result .builders-sheet")
    rows = sheet.locator("tr[data-row]")
    assert rows.count() == 9
    labels = [rows.nth(i).locator("th").inner_text() for i in range(rows.count())]
    expected = {"en": "1 VP per 10 sesterces", "pl": "1 PZ za 10 Sestercji"}[lang]
    assert any(expected in label for label in labels), labels
    note = sheet.locator("p.note").inner_text()
    assert {"en": "tenths of a score", "pl": "dziesiąte części wyniku"}[lang] in note
    scores = sheet.locator("tr[data-row=score] td").all_inner_texts()
    assert sorted(shown_number(s) for s in scores) == sorted(ala.scores().values())
    if lang == "pl" and any(not score.is_integer() for score in ala.scores().values()):
        assert "." not in "".join(scores)  # a decimal comma, as Polish writes it
    for text in [sheet.inner_text(), page.inner_text(".log")]:
        assert not KEY.search(text) and not SNAKE.search(text) and "=" not in text
    if lang == "pl":
        assert "VP" not in sheet.inner_text() and "sesterces" not in sheet.inner_text()


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_buttons_log_and_tooltips_name_the_cards(browser, lang):
    """No card number anywhere: the action list and the board's menus read "Send the Laborer
    (Wood 1, Decoration 2) to the Temple", the log tells what happened by the cards' names."""
    ala = browser.person(lang)
    ala.start_table(GAME, 2, "Ala", seats={1: "random"})
    page = ala.page
    ala.wait_ready()
    building = page.locator(f"{BOARD} [data-area=buildings] .bd-card.clickable.legal").first
    started = building.locator(".card-name").inner_text()
    ala.act(lambda page: building.click())
    worker = page.locator(f"{BOARD} [data-area=workers] .bd-card.clickable.legal").first
    rank, hired = (
        worker.locator(".card-name").inner_text(),
        worker.locator(".card-name").get_attribute("title"),
    )
    number = worker.get_attribute("data-card")
    ala.act(lambda page: worker.click())
    assert {started, rank, hired} <= names(lang) and hired.startswith(f"{rank} (")
    log = page.inner_text(".log")
    assert started in log and hired in log
    labels = page.eval_on_selector_all(
        "#actions button.action", "nodes => nodes.map(n => [n.dataset.action, n.textContent])"
    )
    terms = glossary(tabulae.load(GAME))
    sends = 0
    for action, label in labels:
        words = words_of(json.loads(action))
        for word in words:
            assert terms[word][lang] in label, (label, word)
        rest = label
        for word in words:
            rest = rest.replace(terms[word][lang], "")
        if json.loads(action)[0] != "take":
            assert not re.search(r"\d", rest), label
        sends += json.loads(action)[0] == "send"
    assert sends > 0
    page.locator(f"{BOARD} .bd-player.you [data-area=idle] [data-card='{number}']").click()
    menu = page.locator(".board-menu button").all_inner_texts()
    assert menu and all(hired in item for item in menu), menu
    for text in page_texts(page):
        assert not KEY.search(text) and not SNAKE.search(text), text
    for card in page.locator(f"{BOARD} .card-name").all_inner_texts():
        assert card in names(lang), card
    if lang == "pl":
        board = " ".join(page_texts(page))
        for english in ("VP", "Send", "Start", "Stone", "Wood", "Wage", "Tool"):
            assert not re.search(rf"\b{english}\b", board), english


@pytest.mark.parametrize("option", ["stone_decoration", "stone_architecture"])
def test_the_fourth_apprentice_is_named_by_the_tables_option_wherever_he_is_named(browser, option):
    """The fourth apprentice brings the pair of materials the table's option gives him: his
    card in the row, the action that hires him and the log name that pair alone, never both
    (seed 0 deals him to the workers' row, the person at the second seat to move first)."""
    body = {"game": GAME, "players": 2, "seats": [{"bot": "random"}, {}], "seed": 0}
    with browser.api() as api:
        table = api.post("/tables", json=body | {"options": {"fourth_apprentice": option}})
        table_id = table.json()["id"]
        joined = api.post(
            f"/tables/{table_id}/join", json={"name": "Ala", "seat": 1, "accept_seed": True}
        )
    ala = browser.person("pl")
    ala.page.goto("/")
    seats = json.dumps({table_id: {"seat": 1, "token": joined.json()["token"]}})
    ala.page.evaluate("seats => localStorage.setItem('tabulae.seats', seats)", seats)
    ala.open_table(table_id)
    ala.wait_ready()
    terms = glossary(tabulae.load(GAME))
    named, either = terms[f"apprentice_4_{option}"]["pl"], terms["apprentice_4"]["pl"]
    assert named != either
    card = ala.page.locator(f"{BOARD} [data-area=workers] .bd-card[data-card]").filter(
        has_text=terms["apprentice"]["pl"]
    )
    assert named in [
        card.nth(n).locator(".card-name").get_attribute("title") for n in range(card.count())
    ]
    hire = ala.page.locator('#actions button.action[data-action=\'["hire","apprentice_4"]\']')
    assert named in hire.inner_text() and either not in hire.inner_text()
    ala.act(lambda page: hire.click())
    assert named in ala.page.inner_text(".log") and either not in ala.page.inner_text(".log")


def test_sending_a_worker_to_a_site_by_clicking_them(browser):
    ala = browser.person()
    ala.start_table(GAME, 2, "Ala", seats={1: "random"})
    page = ala.page
    ala.wait_ready()

    def shown(area: str) -> list[int]:
        cards = page.locator(f"{BOARD} [data-area={area}] .bd-card.clickable.legal")
        return [int(n) for n in cards.evaluate_all("cs => cs.map(c => c.dataset.card)")]

    # A worker who alone covers a building's cost finishes it at once and the site is gone:
    # the test takes a building and a worker who leave it on the site.
    cost = {b.number: b.cost for b in BUILDING_CARDS}
    provides = {c.number: c.provides for c in CREW_CARDS}
    card, hired = next(
        (str(b), str(w))
        for b in shown("buildings")
        for w in shown("workers")
        if any(p < c for p, c in zip(provides[w], cost[b], strict=True))
    )
    ala.act(lambda page: page.click(f"{BOARD} [data-area=buildings] [data-card='{card}']"))
    assert page.locator(f"{BOARD} .bd-player.you [data-site='{card}']").count() == 1
    ala.act(lambda page: page.click(f"{BOARD} [data-area=workers] [data-card='{hired}']"))
    idle = page.locator(f"{BOARD} .bd-player.you [data-area=idle] [data-card='{hired}']")
    idle.click()
    word = {c.number: c.id for c in (*BUILDING_CARDS, *CREW_CARDS)}
    send = json.dumps(["send", word[int(hired)], word[int(card)]], separators=(",", ":"))
    ala.act(lambda page: page.locator(f".board-menu button[data-action='{send}']").click())
    crew = page.locator(f"{BOARD} .bd-player.you [data-site='{card}'] .crew [data-card='{hired}']")
    assert crew.count() == 1


@pytest.mark.parametrize(
    ("lang", "tied", "alone"),
    [
        ("en", "Tied with Bruno: the rules break no tie", "No tie."),
        ("pl", "Remis z: Bruno — zasady nie rozstrzygają remisu", "Bez remisu."),
    ],
)
def test_the_board_explains_that_tied_players_share_their_place(browser, lang, tied, alone):
    """Rulebook, "Koniec gry": "In case of a tie the players share the victory" (B-23): the
    board's tie-break hook says so for each tied player, in the player's language."""
    page = browser.person(lang).page
    page.goto("/")
    said = page.evaluate(
        """async (lang) => {
          const { loadText } = await import("/js/i18n.js");
          const text = await loadText(lang, "builders");
          text.names = ["Ala", "Bruno", "Cyra"];
          const board = (await import("/games/builders/board.js")).default;
          return board.tiebreaks({ scores: [4.5, 4.5, 1.2] }, { text, players: 3 });
        }""",
        lang,
    )
    assert said[0].startswith(tied) and said[1].startswith(tied.replace("Bruno", "Ala"))
    assert said[2] == alone


# Each name put on a copy of a card of its kind, beside the original, where the board lays
# such cards: a building in the building row, a worker there and on the crew of a site laid
# among the cards as the sites are. Returned: the names that spill out of their card, and the
# smallest font a name is written in.
FITTING = """([buildings, workers]) => {
  const board = document.querySelector(".builders");
  const row = board.querySelector(".bd-card.building").parentElement;
  const site = row.appendChild(document.createElement("div"));
  site.className = "bd-site";
  const crew = site.appendChild(document.createElement("div"));
  crew.className = "crew";
  const spilled = [];
  let smallest = Infinity;
  const tryOn = (original, parent, names) => {
    for (const name of names) {
      const card = parent.appendChild(original.cloneNode(true));
      const face = card.querySelector(".card-name");
      face.textContent = name;
      face.style.overflowWrap = "normal"; // a word broken in two is no fit either
      const inner = face.getBoundingClientRect(), outer = card.getBoundingClientRect();
      if (face.scrollWidth > face.clientWidth || inner.right > outer.right + 1)
        spilled.push(`${name} (${parent.className})`);
      smallest = Math.min(smallest, parseFloat(getComputedStyle(face).fontSize));
      card.remove();
    }
  };
  const building = board.querySelector(".bd-card.building");
  const worker = board.querySelector(".bd-card.worker");
  tryOn(building, building.parentElement, buildings);
  tryOn(worker, worker.parentElement, workers);
  tryOn(worker, crew, workers);
  site.remove();
  return { spilled, smallest };
}"""


def test_every_card_name_fits_its_card_in_the_longest_language(browser):
    """Russian names are the longest ("Александрийский маяк", "Разнорабочий"): on a 1366×768
    screen each one stays inside its card, wrapped if it must, in a font of at least 11 px,
    in the building row and on a site's crew alike."""
    ala = browser.person("ru")
    ala.start_table(GAME, 2, "Ala", seats={1: "random"})
    page = ala.page
    page.set_viewport_size({"width": 1366, "height": 768})
    page.wait_for_selector(f"{BOARD} .bd-card.worker")
    terms = glossary(tabulae.load(GAME))
    buildings = sorted({terms[card.id]["ru"] for card in BUILDING_CARDS})
    ranks = {card.tier for card in CREW_CARDS} | {"slave", "citizen"}
    workers = sorted(terms[rank]["ru"] for rank in ranks)
    found = page.evaluate(FITTING, [buildings, workers])
    assert "Александрийский маяк" in buildings
    assert found["spilled"] == [], found["spilled"]
    assert found["smallest"] >= 11
