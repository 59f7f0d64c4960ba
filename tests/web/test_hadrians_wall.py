"""Hadrian's Wall in the browser: both sheets of every player, the first year and the last (to
the end) played by clicking the sheets, a scout placed on the Scouting Map by clicking and by
dragging, and everything the board, its actions, its log and its end sheet say in words, in
English and in Polish."""

from __future__ import annotations

import json

import pytest

import tabulae
from tabulae.core import Action, Match, Rng
from tabulae.games.hadrians_wall.components import CARD_INDEX, PATTERNS, PLAYER_CARDS
from tabulae.games.hadrians_wall.scouting import orient
from tabulae.i18n import GameText, glossary, translator
from tests.games.hadrians_wall.helpers import check
from tests.server.harness import api_client

from .browser import Browser, Person, board_clicks
from .pages import engine_scores

GAME = "hadrians_wall"
GAME_TERMS = glossary(tabulae.load(GAME))
NAMES = ("Ala", "Bartek", "Celina", "Darek", "Ewa", "Feliks")
OWN = ".hw-player.you"


def test_a_two_player_game_against_a_bot_is_played_to_the_end_on_the_sheets(browser):
    ala = browser.person()
    table = ala.start_table(GAME, 2, "Ala", seats={1: "random"})
    page = ala.page
    # Both players' sheets, every area drawn.
    assert page.locator(".hw-player").count() == 2
    for area in ("scouting_map", "market", "theatre", "baths", "courthouse", "diplomats"):
        assert page.locator(f"{OWN} [data-area={area}]").count() == 1, area
    assert page.locator(f"{OWN} [data-track=fort] .box").count() == 21
    assert page.locator(f"{OWN} [data-track=wall_guard] .box").count() == 18
    # The first year and the last are played by clicking the sheet, the years between over
    # the API: each year asks the same kinds of decision, and the last leads to the end.
    choose = board_clicks(5, f"{OWN} .clickable.legal:not(.hw-end)", f"{OWN} button.hw-end")
    clicks = 0
    while ala.status != "finished" and year(ala, table) == 1:
        clicks += ala.play_to_the_end(choose, 1)
    rng = Rng(5)
    assert ala.play_over_the_api(table, in_the_last_year, rng.choice) > 0
    clicks += ala.play_to_the_end(choose)
    assert clicks >= 4  # a Path card and the end of the year, in the first year and the last
    assert page.get_attribute("#table", "data-status") == "finished"
    assert ala.scores() == engine_scores(browser, table)
    assert page.locator("#result table.breakdown").count() == 1


def in_the_last_year(state: dict) -> bool:
    return state["view"]["year"] == state["view"]["years"]


def year(person: Person, table: str) -> int:
    """The year of the game at `table`, as the person's seat sees it over the API."""
    seats = person.page.evaluate("() => JSON.parse(localStorage.getItem('tabulae.seats'))")
    with api_client(person.url, timeout=10) as api:
        headers = {"X-Seat-Token": seats[table]["token"]}
        return api.get(f"/tables/{table}/state", headers=headers).json()["view"]["year"]


SCOUT_SEED = 0


def scouting_position(browser: Browser) -> tuple[str, str, object]:
    """A table where seat 0 may scout: two people, the first actions played over the API.
    Returns the table, seat 0's token and the engine's state there."""
    rules = tabulae.load(GAME)
    state = rules.new(2, SCOUT_SEED)
    rng = Rng(SCOUT_SEED)
    played = []
    while not any(a.kind == "scout" for a in state.legal_actions(0)):
        seat = state.to_move[0]
        legal = state.legal_actions(seat)
        wanted = [a for a in legal if a.kind in ("pass", "path", "defend")] if seat else []
        action = wanted[0] if wanted else legal[rng.below(len(legal))]
        state.apply(seat, action)
        played.append((seat, action))
    with browser.api() as api:
        table = api.post("/tables", json={"game": GAME, "players": 2, "seed": SCOUT_SEED}).json()
        tokens = [
            api.post(
                f"/tables/{table['id']}/join",
                json={"name": name, "seat": seat, "accept_seed": True},
            ).json()["token"]
            for seat, name in enumerate(("Ala", "Bartek"))
        ]
        for version, (seat, action) in enumerate(played):
            reply = api.post(
                f"/tables/{table['id']}/actions",
                json={"action": action.to_json(), "version": version},
                headers={"X-Seat-Token": tokens[seat]},
            )
            assert reply.status_code == 200, reply.text
    return table["id"], tokens[0], state


def sit(person: Person, table: str, token: str) -> None:
    """Give the browser the seat's token, as joining would have kept it."""
    seats = json.dumps({table: {"seat": 0, "token": token}})
    person.page.context.add_init_script(
        f"localStorage.setItem('tabulae.seats', {json.dumps(seats)})"
    )
    person.open_table(table)


def map_cells(person: Person) -> list[int]:
    return person.page.eval_on_selector_all(
        f"{OWN} .scouting-map rect",
        "rects => rects.map(r => r.classList.contains('filled') ? 1 : 0)",
    )


def mirrored_and_turned(state) -> Action:
    """The legal placement of one's own pattern mirrored and turned once (orientation 5), named
    as the rules name it: by the lowest orientation number giving the same shape."""
    pattern = PLAYER_CARDS[CARD_INDEX[state.view(0)["players"][0]["prospect"]]].pattern
    wanted = orient(PATTERNS[pattern], 5)
    return next(
        a
        for a in state.legal_actions(0)
        if a.kind == "scout" and a[1] == "own" and orient(PATTERNS[pattern], a[2]) == wanted
    )


@pytest.mark.parametrize("how", ["click", "drag"])
def test_a_scout_is_placed_mirrored_and_turned_by_click_or_drag(browser, how):
    table, token, state = scouting_position(browser)
    action = mirrored_and_turned(state)
    ala = browser.person()
    sit(ala, table, token)
    page = ala.page
    page.wait_for_selector(f"{OWN} .scouting-map.placing")
    page.select_option(f"{OWN} select[name=scout-source]", "own")
    page.click(f"{OWN} button[name=mirror]")
    page.click(f"{OWN} button[name=rotate]")
    target = page.locator(f"{OWN} .scouting-map [data-cell='{action[3]}'] rect")
    before = ala.version
    if how == "click":
        ala.act(lambda page: target.click())
    else:
        ala.act(lambda page: page.locator(f"{OWN} .pattern-tile").drag_to(target))
    assert ala.version == before + 1, ala.notice()
    after = state.clone()
    after.apply(0, action)
    assert map_cells(ala) == after.view(0)["players"][0]["right_sheet"]["scouting_map"]
    assert sum(map_cells(ala)) == 4


def test_an_illegal_click_on_a_sheet_is_explained(browser):
    table, token, _ = scouting_position(browser)
    ala = browser.person()
    sit(ala, table, token)
    before = ala.version
    ala.act(lambda page: page.click(f"{OWN} [data-landmark=archway]"))
    assert ala.version == before
    assert "Not allowed" in ala.notice()


# -- The words of the board ------------------------------------------------------------------


def reached(browser: Browser, players: int, seed: int, steps: int | None) -> tuple[str, str]:
    """A table of people played over the API along a seeded random game: `steps` actions, or
    to the end. Returns the table and seat 0's token."""
    state = tabulae.load(GAME).new(players, seed)
    rng = Rng(seed)
    with browser.api() as api:
        table = api.post("/tables", json={"game": GAME, "players": players, "seed": seed}).json()
        tokens = [
            api.post(
                f"/tables/{table['id']}/join",
                json={"name": name, "seat": seat, "accept_seed": True},
            ).json()["token"]
            for seat, name in enumerate(
                ("Ala", "Bartek", "Celina", "Darek", "Ewa", "Feliks")[:players]
            )
        ]
        version = 0
        while state.to_move and (steps is None or version < steps):
            seat = state.to_move[rng.below(len(state.to_move))]
            legal = state.legal_actions(seat)
            acting = [a for a in legal if a.kind != "pass"]
            choice = acting if acting and rng.below(8) else legal
            action = choice[rng.below(len(choice))]
            state.apply(seat, action)
            reply = api.post(
                f"/tables/{table['id']}/actions",
                json={"action": action.to_json(), "version": version},
                headers={"X-Seat-Token": tokens[seat]},
            )
            assert reply.status_code == 200, reply.text
            version += 1
    return table["id"], tokens[0]


def read(page, root: str) -> list[str]:
    """What a player reads under `root`: its text, its tooltips and its SVG titles."""
    return page.evaluate(
        """root => {
          const found = [];
          for (const node of document.querySelectorAll(root)) {
            const walk = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
            while (walk.nextNode()) {
              const text = walk.currentNode.textContent.trim();
              if (text && walk.currentNode.parentElement.tagName !== "title") found.push(text);
            }
            for (const e of node.querySelectorAll("[title]")) found.push(e.getAttribute("title"));
            for (const e of node.querySelectorAll("title")) found.push(e.textContent);
          }
          return found;
        }""",
        root,
    )


def in_words(texts: list[str], lang: str) -> None:
    for text in texts:
        check(text, lang, "the page")


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_the_sheets_actions_log_and_tooltips_are_in_the_players_words(browser, lang):
    table, token = reached(browser, 3, seed=7, steps=70)
    ala = browser.person(lang)
    sit(ala, table, token)
    page = ala.page
    page.wait_for_selector(f"{OWN} [data-area=market]")
    board = read(page, "#board")
    assert len(board) > 500  # both sheets of three players, every box's tooltip
    in_words(board, lang)
    in_words(read(page, "#log li"), lang)
    buttons = page.locator("#actions button.action")
    text = GameText(translator(lang), tabulae.load(GAME), NAMES[:3])
    labels = buttons.all_inner_texts()
    in_words(labels, lang)
    assert labels == [
        text.action(Action.from_json(json.loads(action)))
        for action in buttons.evaluate_all("bs => bs.map(b => b.dataset.action)")
    ]
    # Every piece is a picture of the game's icon set, named in the player's language, with
    # its count before it and no letters of its own.
    name = GAME_TERMS["soldier"][lang]
    soldier = page.locator(f"{OWN} header .pool [data-icon=soldier]")
    count = soldier.inner_text().strip()
    assert count.isdigit(), count
    assert soldier.locator("img").get_attribute("src") == f"/games/{GAME}/icons/soldier.svg"
    assert soldier.get_attribute("title") == name
    assert soldier.get_attribute("aria-label") == f"{count} {name}"
    # No letter codes anywhere on the sheets: each worker, resource and reward is its picture
    # (an image on the sheets, drawn once loaded; an image in the drawing of the map), with at
    # most a count for text.
    page.wait_for_function("() => [...document.images].every((image) => image.complete)")
    drawn = page.locator(f"{OWN} [data-icon]").evaluate_all(
        """marks => marks.map((mark) => {
            const image = mark.querySelector('img, image');
            return [mark.dataset.icon, image?.getAttribute('src') ?? image?.getAttribute('href'),
                image?.localName !== 'img' || (image.complete && image.naturalWidth > 0),
                mark.textContent.trim()];
        })"""
    )
    assert len(drawn) > 100
    for word, address, loaded, said in drawn:
        assert address == f"/games/{GAME}/icons/{word}.svg" and loaded, (word, address)
        assert not said or said.isdigit(), said
    # A Path card says what it asks and scores in words, seen without hovering.
    card = page.locator(f"{OWN} .hw-card.player-card").first
    objective = card.locator(".card-objective").inner_text()
    assert objective and objective in card.get_attribute("title"), objective
    # The Fate card says what it is and what it does; the tracks and boxes are named.
    fate = page.locator(".hw-table .hw-card.fate").first.get_attribute("title")
    card = page.locator(".hw-table .hw-card.fate").first.get_attribute("data-card")
    assert fate.startswith(GAME_TERMS[card][lang] + ":"), fate
    words = {
        "en": ("Difficulty", "Grey flag", "Fate deck", "Fate discard pile", "Traders", "Total"),
        "pl": (
            "Poziom trudności",
            "Szara flaga",
            "Talia Losu",
            "Stos odrzuconych",
            "Kupcy",
            "Suma",
        ),
    }[lang]
    shown = " ".join(board)
    for word in words:
        assert word in shown, word
    assert "Ludus Gladiatorius" in shown and "Gladiatorious" not in shown


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_the_solo_end_shows_each_category_the_path_cards_and_the_rank_by_name(browser, lang):
    table, token = reached(browser, 1, seed=2, steps=None)
    ala = browser.person(lang)
    sit(ala, table, token)
    page = ala.page
    page.wait_for_selector("#result table.breakdown")
    sheet = read(page, "#result")
    in_words(sheet, lang)
    with browser.api() as api:
        result = Match.from_json(api.get(f"/tables/{table}/match").json()).replay().result()
    rank = GAME_TERMS[result.details["rank"]][lang]
    assert page.locator("#result .solo-rank td").inner_text() == rank
    rows = page.locator("#result table.breakdown th").all_inner_texts()
    named = ("Renown", "Piety", "Valour", "Discipline", "Path cards", "Disdain", "Total")
    if lang == "pl":
        named = (
            "Sława",
            "Pobożność",
            "Waleczność",
            "Dyscyplina",
            "Karty Ścieżki",
            "Pogarda",
            "Suma",
        )
    assert set(named) <= set(rows), rows
    paths = page.locator("#result .path-score").all_inner_texts()
    column = result.details["scores"][0]
    assert len(paths) == len(column["paths"]) == 6
    for shown, card in zip(paths, column["paths"], strict=True):
        assert shown.startswith(GAME_TERMS[card["card"]][lang] + ": "), shown


# -- Choosing at once --------------------------------------------------------------------------

ONE_ACTION = f"{OWN} .clickable.legal[data-actions]:not(.hw-end)"


def press_while_the_other_acts(presser: Person, other: Person) -> None:
    """`presser` presses a part of his sheet that plays one action, `other` plays meanwhile,
    and the part is let go only once the other's move has reached the pressing page."""
    page = presser.page
    presser.wait_ready()
    other.wait_ready()
    version = presser.version
    assert other.version == version
    parts = [
        part
        for part in page.locator(ONE_ACTION).all()
        if len(json.loads(part.get_attribute("data-actions"))) == 1
    ]
    assert parts, presser.legal()
    part = parts[0].element_handle()
    box = part.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    other.click_action(other.legal()[0])
    assert other.version == version + 1, other.notice()
    page.wait_for_function(
        f"""() => {{
          const root = document.getElementById("table");
          return root.dataset.waiting !== "0" || root.dataset.version !== "{version}";
        }}"""
    )
    # the other's move waits: the part pressed is still the one drawn, on the version seen
    assert part.evaluate("part => part.isConnected")
    assert presser.version == version
    presser.act(lambda page: page.mouse.up())
    assert presser.notice() == "", presser.notice()
    assert presser.version == version + 2


def test_two_players_choosing_at_once_each_play_what_they_pressed(browser):
    """A year of Hadrian's Wall, two people choosing at once: what one presses is not drawn
    again under the pointer when the other moves, and his click, sent with the version he saw,
    is played, not refused as decided on an old view (the Path cards, then the year's first
    actions)."""
    ala, bartek = browser.person(), browser.person()
    table = ala.start_table(GAME, 2, "Ala")
    bartek.open_table(table)
    bartek.take_seat(1, "Bartek")
    press_while_the_other_acts(ala, bartek)
    press_while_the_other_acts(bartek, ala)
