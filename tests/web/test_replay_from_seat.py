"""Replay from a seat: a finished Sylla game stepped through as one player saw it, with that
player's secret choices and no one else's, in Polish; a step over another player's secret
choice says that someone acted, and the page says whose eyes it watches through. A move no
event tells (Hadrian's Wall) is named to its player."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Page

import tabulae
from tabulae.core import Action, Match, Rng, load, visible
from tests.server.harness import api_client

GAME = "sylla"
BOARD = ".sylla"
NAMES = ("Ala", "Bartek")


@pytest.fixture(scope="module")
def finished(server) -> tuple[str, list[list], dict[int, list[dict]]]:
    """A Sylla game two bots named Ala and Bartek played to the end: (table, the match
    record's actions, the events Bartek saw at each step, by version)."""
    with api_client(server.url, timeout=30) as api:
        seats = [{"bot": "random", "name": name} for name in NAMES]
        table = api.post("/tables", json={"game": GAME, "players": 2, "seats": seats}).json()["id"]
        deadline = time.monotonic() + 300
        while api.get(f"/tables/{table}").json()["status"] != "finished":
            assert time.monotonic() < deadline, "the bots did not finish the game"
            time.sleep(0.5)
        actions = api.get(f"/tables/{table}/match").json()["actions"]
        last = api.get(f"/tables/{table}/state", params={"seat": 1}).json()
    seen: dict[int, list[dict]] = {}
    for event in last["events"]:
        seen.setdefault(event["version"], []).append(event)
    return table, actions, seen


def at_step(page: Page, version: int) -> None:
    """Step forward (or back) with the page's buttons until it shows `version`."""
    while (now := int(page.get_attribute("#replay", "data-version") or 0)) != version:
        page.click("#forward" if now < version else "#back")
        page.wait_for_function(
            f"() => document.getElementById('replay').dataset.version !== '{now}'"
        )


@pytest.mark.skipif(GAME not in tabulae.all_games(), reason="Sylla is not installed")
def test_a_seat_s_replay_shows_its_secrets_and_says_when_another_acted_in_secret(browser, finished):
    """Rulebook (PL): "Każdy z graczy w ukryciu wybiera 4 Postacie … Kiedy wszyscy już wybiorą
    każdy odsłania swoje cztery postacie" [each player secretly chooses 4 … when all have
    chosen, each reveals his four] — so while they choose, a player sees his own choice and,
    of the other's, only that it is made."""
    table, actions, seen = finished

    def choices(seat: int) -> list[int]:
        """The steps at which `seat` chose a starting character."""
        return [
            v for v, (s, action) in enumerate(actions, 1) if s == seat and action[0] == "choose"
        ]

    # Ala's secret choices: one of which Bartek saw nothing, one he saw the public end of.
    hidden = next(v for v in choices(0) if v not in seen)
    told = next(v for v in choices(0) if v in seen)
    own = choices(1)[0]  # Bartek's first
    with browser.api() as api:
        words = api.get("/text/pl").json()["messages"]
        game = api.get(f"/text/pl/{GAME}").json()["game"]
    person = browser.person("pl")
    page = person.page
    page.goto(f"/replay.html?id={table}")
    page.wait_for_selector("#controls #step")
    options = page.eval_on_selector_all("#seat option", "nodes => nodes.map(n => n.textContent)")
    assert options == [words["Spectator"], *NAMES]
    assert page.inner_text("#watching") == words["You are watching as a spectator."]

    page.select_option("#seat", label="Bartek")
    watching_bartek = words["You are watching as {name}."].format(name="Bartek")
    page.wait_for_function(
        "(line) => document.getElementById('watching')?.textContent === line", arg=watching_bartek
    )
    assert "seat=1" in page.url
    at_step(page, hidden)
    secret = page.locator("#step-events li.secret-step")
    assert secret.inner_text() == words["Another player acted in secret."]
    assert page.locator(f"{BOARD} .sy-player[data-seat='0'] .my-choice").count() == 0
    at_step(page, told)
    assert page.locator("#step-events li.secret-step").count() == 0
    assert game["messages"]["sylla.ready"].format(seat="Ala") in page.inner_text("#step-events")
    at_step(page, own)
    mine = page.locator(f"{BOARD} .sy-player[data-seat='1'] .screen.own .my-choice")
    assert game["terms"][actions[own - 1][1][1]] in mine.inner_text()
    assert page.locator(f"{BOARD} .sy-player[data-seat='0'] .screen.closed").count() == 1
    private = page.locator("#log li.private")
    assert private.count() >= 1
    assert private.last.get_attribute("title") == words["Only {name} saw this"].format(
        name="Bartek"
    )

    page.select_option("#seat", label="Ala")
    page.wait_for_function(
        "(line) => document.getElementById('watching')?.textContent === line",
        arg=words["You are watching as {name}."].format(name="Ala"),
    )
    page.wait_for_function(f"() => !document.querySelector('{BOARD} [data-seat=\"1\"] .own')")
    assert page.locator(f"{BOARD} .sy-player[data-seat='0'] .screen.own").count() == 1
    assert page.locator(f"{BOARD} .sy-player[data-seat='1'] .screen.closed").count() == 1
    assert secret.inner_text() == words["Another player acted in secret."]  # Bartek's choice

    page.select_option("#seat", label=words["Spectator"])
    page.wait_for_function(
        "(line) => document.getElementById('watching')?.textContent === line",
        arg=words["You are watching as a spectator."],
    )
    page.wait_for_function(f"() => !document.querySelector('{BOARD} .screen.own')")
    assert page.locator("#log li.private").count() == 0

    page.goto(f"/replay.html?id={table}&seat=1")  # the address keeps whose view it is
    page.wait_for_function(
        "(line) => document.getElementById('watching')?.textContent === line", arg=watching_bartek
    )
    assert page.input_value("#seat") == "1"


def played_with_a_silent_move(game: str, players: int, seed: int) -> tuple[Match, int]:
    """A game random moves play to the end, and the first step whose move no event told even
    its player."""
    state, rng = load(game).new(players, seed), Rng(seed)
    actions: list[tuple[int, Action]] = []
    silent = None
    while state.result() is None:
        seat, before = state.to_move[0], len(state.events)
        action = rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
        actions.append((seat, action))
        if silent is None and not list(visible(state.events[before:], seat)):
            silent = len(actions)
    assert silent is not None, "no move went untold"
    match = Match(game, players, seed, seats=list(NAMES[:players]), actions=actions)
    return match, silent


@pytest.mark.skipif("hadrians_wall" not in tabulae.all_games(), reason="not installed")
def test_a_move_no_event_tells_is_named_to_its_player_and_secret_to_the_other(browser):
    """Hadrian's Wall: "a player's favour choices at the attack" stay hidden from all other
    players until the simultaneous reveal (rulings, hidden information), and no event tells
    them; watching as the player who chose, the step names the move, and as the other, says
    that someone acted in secret."""
    match, silent = played_with_a_silent_move("hadrians_wall", 2, 11)
    actor, (kind, *args) = match.actions[silent - 1][0], match.actions[silent - 1][1]
    with browser.api() as api:
        imported = api.post("/matches", json=match.to_json())
        assert imported.status_code == 201, imported.text
        table = imported.json()["id"]
        game = api.get("/text/en/hadrians_wall").json()["game"]
    label = game["messages"][f"hadrians_wall.action.{kind}"].format(
        *(game["terms"].get(arg, arg) for arg in args)
    )
    person = browser.person()
    page = person.page
    page.goto(f"/replay.html?id={table}&seat={actor}")
    page.wait_for_selector("#controls #step")
    page.eval_on_selector(  # as dragging the slider does
        "#step",
        "(slider, at) => { slider.value = at; slider.dispatchEvent(new Event('input')); }",
        silent,
    )
    page.wait_for_function(
        f"() => document.getElementById('replay').dataset.version === '{silent}'"
    )
    assert page.inner_text("#step-events li") == f"{NAMES[actor]}: {label}"
    page.select_option("#seat", str(1 - actor))
    secret = page.locator("#step-events li.secret-step")
    assert secret.inner_text() == "Another player acted in secret."
