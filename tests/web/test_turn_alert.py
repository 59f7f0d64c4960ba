"""The turn alert: the tab's title and icon show whose move it is, so a player looking at
another tab sees their turn come."""

from __future__ import annotations

from .browser import Person
from .pages import GAME, PLAYING, random_clicks

MARK = "▶ "
TURN_ICON = "data:image/svg+xml,"


def alerted(person: Person) -> bool:
    """Whether the page's title and icon both say it is this person's move; they must agree."""
    title = person.page.title()
    icon = person.page.get_attribute("link[rel=icon]", "href") or ""
    assert title.startswith(MARK) == icon.startswith(TURN_ICON), (title, icon)
    return title.startswith(MARK)


def test_the_title_and_icon_show_whose_move_it_is(browser):
    ala, bartek = browser.person(), browser.person()
    table = ala.start_table(GAME, 2, "Ala")
    # Nobody moves at an open table.
    assert not alerted(ala)
    assert ala.page.title().endswith("— Tabulae")
    bartek.page.goto(f"/table.html?id={table}")
    bartek.wait_connected()
    bartek.take_seat(1, "Bartek")
    for person in (ala, bartek):
        person.page.wait_for_function(PLAYING)
    choose = random_clicks(3)
    turns = {True: 0, False: 0}
    while True:
        with browser.api() as api:
            version = api.get(f"/tables/{table}/state").json()["version"]
        for person in (ala, bartek):
            person.page.wait_for_function(
                f"""() => {{
                  const root = document.getElementById("table");
                  return Number(root.dataset.version) === {version} && root.dataset.busy !== "true";
                }}"""
            )
        if ala.status == "finished":
            break
        # Each page is alerted exactly while it offers actions: one of them in the turns
        # of drawing, both while they choose their tiles at once.
        for person in (ala, bartek):
            turns[bool(person.legal())] += 1
            assert alerted(person) == bool(person.legal())
        mover = ala if ala.legal() else bartek
        mover.act(choose(mover))
    assert turns[True] >= 4 and turns[False] >= 2  # both kinds were seen
    assert not alerted(ala) and not alerted(bartek)
