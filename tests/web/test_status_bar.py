"""The status bar says what the step asks, in the game's words, and a click on the board that
the rules refuse, or that comes out of turn, says why, in every game."""

from __future__ import annotations

import pytest

from .browser import Person
from .pages import ASKED, PLAYING, refused_click, wait_for_prompt

TEXT_IS = "text => document.getElementById('prompt').innerText === text"


def prompt(person: Person) -> str:
    return person.page.inner_text("#prompt")


@pytest.mark.parametrize(
    ("game", "part", "reason"),
    [
        # Choosing starting characters, a building is not for sale yet.
        (
            "sylla",
            ".sylla [data-area=building_row] .sy-slot:has([data-building])",
            "Choose your starting characters first",
        ),
        # After the turn's investment (a loan), a Slave is not for buying.
        ("builders", ".builders [data-area=investments] .bd-card.slave", "one per turn"),
        # Choosing the Path card, the Wall waits.
        ("hadrians_wall", ".hw-player.you [data-track=wall] .box.next", "Path card"),
    ],
)
def test_the_status_bar_says_what_the_step_asks_and_a_refused_click_says_why(
    browser, game, part, reason
):
    ala = browser.person()
    ala.start_table(game, 2, "Ala", seats={1: "random"})
    ala.wait_ready()
    wait_for_prompt(ala, ASKED[game])
    if game == "builders":
        ala.act(lambda page: page.click(".builders [data-area=loans]"))
        assert "loan" in ala.page.inner_text("#log").lower()
    notice = refused_click(ala, part)
    assert notice.startswith("Not allowed: ") and reason in notice, notice


def test_a_click_out_of_turn_says_whose_turn_it_is(browser):
    ala, bartek = browser.person(), browser.person()
    table = ala.start_table("builders", 2, "Ala")
    bartek.open_table(table)
    bartek.take_seat(1, "Bartek")
    for person in (ala, bartek):
        person.page.wait_for_function(PLAYING)
    with browser.api() as api:
        (first,) = api.get(f"/tables/{table}/state").json()["to_move"]
    waiter = bartek if first == 0 else ala
    name = ["Ala", "Bartek"][first]
    waiter.page.wait_for_function(TEXT_IS, arg=f"Waiting for {name}: Taking actions.")
    before = waiter.version
    waiter.page.locator(".builders [data-area=buildings] .bd-card").first.click()
    waiter.page.wait_for_function("() => !document.getElementById('notice').hidden")
    assert waiter.notice() == f"It is {name}'s turn: Taking actions."
    assert waiter.version == before
