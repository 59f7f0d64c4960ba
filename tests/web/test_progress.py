"""How near the end is, who is watching, what each game is, and the turn alerts a player asks
for: each board shows its progress in the player's language; a page without a seat says it is
watching; the lobby describes the chosen game in a line; the sound and notification at your turn
are off until chosen, and the choice is kept."""

from __future__ import annotations

import pytest

import tabulae
from tabulae.i18n import GameText, translator

from .browser import Person
from .pages import GAME as TOY_GAME
from .pages import random_clicks

GAMES = ("sylla", "builders", "hadrians_wall")
# How each board begins, as the rulebooks count: five rounds of Sylla, six years on the Wall,
# The Builders' round and the leader's VP against the 17 that end the game.
BEGINNINGS = {
    ("sylla", "en"): ("Round 1 of 5", ""),
    ("sylla", "pl"): ("Runda 1 z 5", ""),
    ("builders", "en"): ("Round 1 · leader: ", " of 17 VP"),
    ("builders", "pl"): ("Runda 1 · prowadzący: ", " z 17 PZ"),
    ("hadrians_wall", "en"): ("Year 1 of 6", ""),
    ("hadrians_wall", "pl"): ("Rok 1 z 6", ""),
}


def progress_arguments(game: str, view: dict) -> dict[str, int]:
    """What the progress message is filled in with, read from a view."""
    if game == "sylla":
        return {"round": view["round"], "rounds": view["rounds"]}
    if game == "builders":
        leader = max(player["vp"] for player in view["players"])
        return {"round": view["round"], "vp": leader, "goal": 17}
    return {"year": view["year"], "years": view["years"]}


@pytest.mark.parametrize("lang", ["en", "pl"])
@pytest.mark.parametrize("game", GAMES)
def test_each_board_shows_how_near_the_end_is(browser, game, lang):
    ala = browser.person(lang)
    table = ala.start_table(game, 2, "Ala", seats={1: "random"})
    ala.wait_ready()
    shown = ala.page.locator("#board .progress").first.text_content()
    with browser.api() as api:
        view = api.get(f"/tables/{table}/state", params={"at": ala.version}).json()["view"]
    names = ["Ala", "Bot"]
    expected = GameText(translator(lang), tabulae.load(game), names).message(
        f"{game}.board.progress", progress_arguments(game, view)
    )
    assert expected and expected in shown, (expected, shown)
    begins, ends = BEGINNINGS[game, lang]
    assert expected.startswith(begins) and expected.endswith(ends), expected


def test_a_page_without_a_seat_says_it_is_watching(browser):
    ala, bartek = browser.person(), browser.person("pl")
    table = ala.start_table(TOY_GAME, 2, "Ala", seats={1: "random"})
    watching = bartek.page.locator("#watching")
    bartek.open_table(table)
    watching.wait_for(state="visible")
    assert watching.inner_text() == "Oglądasz tę grę."
    # A spectator is alerted of no turn; the seated player is told nothing of watching.
    assert bartek.page.locator("#alert-settings").count() == 0
    assert ala.page.locator("#watching").is_hidden()
    assert ala.page.locator("#alert-settings").count() == 1


def test_the_lobby_describes_the_chosen_game_in_the_player_s_language(browser):
    ala = browser.person("pl")
    ala.page.goto("/")
    described = set()
    for game in GAMES:
        ala.page.locator(f"input[name=game][value={game}]").check(force=True)
        about = ala.page.locator("#game-about").inner_text()
        polish = GameText(translator("pl"), tabulae.load(game), []).message(f"{game}.about")
        english = GameText(translator("en"), tabulae.load(game), []).message(f"{game}.about")
        assert about == polish and polish != english, (game, about)
        described.add(about)
    assert len(described) == len(GAMES)  # each game its own line


def alert_choices(person: Person) -> dict[str, bool]:
    person.page.wait_for_selector("#alert-settings")
    return {
        name: person.page.locator(f"#alert-settings input[name=alert-{name}]").is_checked()
        for name in ("sound", "notification")
    }


def test_the_turn_alerts_are_off_until_chosen_and_the_choice_is_kept(browser):
    ala = browser.person()
    ala.page.context.grant_permissions(["notifications"])
    table = ala.start_table(TOY_GAME, 2, "Ala", seats={1: "random"})
    assert alert_choices(ala) == {"sound": False, "notification": False}
    ala.page.locator("#alert-settings input[name=alert-sound]").check()
    ala.page.locator("#alert-settings input[name=alert-notification]").check()
    ala.page.wait_for_function(
        "() => JSON.parse(localStorage.getItem('tabulae.alerts'))?.notification === true"
    )
    ala.open_table(table)
    assert alert_choices(ala) == {"sound": True, "notification": True}
    ala.page.locator("#alert-settings input[name=alert-sound]").uncheck()
    ala.open_table(table)
    assert alert_choices(ala) == {"sound": False, "notification": True}


def test_a_notification_the_browser_refuses_stays_off(browser):
    ala = browser.person()  # this browser grants no notifications
    table = ala.start_table(TOY_GAME, 2, "Ala", seats={1: "random"})
    ala.page.locator("#alert-settings input[name=alert-notification]").click()
    ala.page.wait_for_function(
        "() => !document.querySelector('#alert-settings input[name=alert-notification]').checked"
        " && JSON.parse(localStorage.getItem('tabulae.alerts'))?.notification === false"
    )
    ala.open_table(table)
    assert alert_choices(ala) == {"sound": False, "notification": False}


# Counts the tones begun and the notifications shown, a browser that grants notifications, and a
# tab that is hidden.
LISTENING = """
window.tones = 0;
window.notified = [];
const Context = window.AudioContext;
window.AudioContext = class extends Context {
  createOscillator() {
    window.tones += 1;
    return super.createOscillator();
  }
};
window.Notification = class {
  static permission = "granted";
  static requestPermission() { return Promise.resolve("granted"); }
  constructor(title) { window.notified.push(title); }
};
Object.defineProperty(document, "hidden", { get: () => true });
"""


def test_the_chosen_sound_and_notification_come_each_time_the_move_comes_to_you(browser):
    ala, bartek = browser.person(), browser.person()
    for person in (ala, bartek):
        person.page.add_init_script(LISTENING)
    table = ala.start_table(TOY_GAME, 2, "Ala")
    ala.page.locator("#alert-settings input[name=alert-sound]").check()
    ala.page.locator("#alert-settings input[name=alert-notification]").check()
    ala.page.wait_for_function(
        "() => JSON.parse(localStorage.getItem('tabulae.alerts'))?.notification === true"
    )
    ala.page.evaluate("window.tones = 0")  # the tone that answers the click is not an alert
    bartek.open_table(table)
    bartek.take_seat(1, "Bartek")
    choose = random_clicks(5)
    came, before = 0, False
    for step in range(7):  # six moves, each table state looked at
        with browser.api() as api:
            version = api.get(f"/tables/{table}/state").json()["version"]
        for person in (ala, bartek):
            person.page.wait_for_function(
                f"() => Number(document.getElementById('table').dataset.version) === {version}"
                " && document.getElementById('table').dataset.busy !== 'true'"
            )
        if ala.status == "finished":
            break
        now = bool(ala.legal())
        came += now and not before
        before = now
        if step == 6:
            break
        mover = ala if ala.legal() else bartek
        mover.act(choose(mover))
    assert came >= 2
    # Two notes a tone, one notification each time; the player who chose nothing got neither.
    assert ala.page.evaluate("window.tones") == 2 * came
    assert len(ala.page.evaluate("window.notified")) == came
    assert bartek.page.evaluate("[window.tones, window.notified.length]") == [0, 0]
