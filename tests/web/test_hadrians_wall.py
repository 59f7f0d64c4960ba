"""Hadrian's Wall in the browser: both sheets of every player, played to the end by clicking
the sheets, and a scout placed on the Scouting Map by clicking and by dragging."""

from __future__ import annotations

import json

import pytest

import tabulae
from tabulae.core import Action, Rng
from tabulae.games.hadrians_wall.data import CARD_INDEX, PATTERNS, PLAYER_CARDS
from tabulae.games.hadrians_wall.scouting import orient

from .browser import Browser, Person, board_clicks
from .test_table import engine_scores

GAME = "hadrians_wall"
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
    clicks = ala.play_to_the_end(
        board_clicks(5, f"{OWN} .clickable.legal:not(.hw-end)", f"{OWN} button.hw-end")
    )
    assert clicks >= 12  # a Path card and the end of the year, six times at least
    assert page.get_attribute("#table", "data-status") == "finished"
    assert ala.scores() == engine_scores(browser, table)
    assert page.locator("#result table.breakdown").count() == 1


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
