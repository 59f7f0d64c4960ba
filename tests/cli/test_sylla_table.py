"""Sylla's table at the terminal: the board, every player's public part and the seat's screen."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

from tabulae.core import Event, Rng, State, load, random_steps
from tabulae.i18n import LANGUAGES, GameText, glossary, translator
from tabulae.tui.renderer import renderer

SYLLA = load("sylla")
TERMS = glossary(SYLLA)
NAMES = ["Ann", "Bob", "Cy", "Dee"]


def drawn(renderable, width: int = 100) -> str:
    console = Console(width=width, record=True, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


def played_until(step: str, players: int = 3, seed: int = 3, **options) -> State:
    """A random game stopped at the first decision of `step`."""
    state = SYLLA.new(players, seed=seed, **options)
    for _ in random_steps(state, Rng(seed)):
        if state.view(None)["step"] == step:
            return state
    raise AssertionError(f"no step {step!r}")


def table(state: State, seat: int, lang: str = "en", focus: int | None = None, width: int = 100):
    text = GameText(translator(lang), SYLLA, NAMES[: len(state.view(None)["players"])])
    return drawn(renderer(SYLLA).table(state.view(seat), text, seat, focus), width)


def cells_after(line: str, label: str, count: int) -> list[str]:
    return line[len(label) :].split()[:count]


def test_the_ladder_famine_track_building_row_and_own_screen_are_shown_as_they_stand():
    state = played_until("auction")
    view = state.view(0)
    shown = table(state, 0).splitlines()
    for tendency, label in (("civic_spirit", "Civic Spirit"), ("health", "Health")):
        row = next(line for line in shown if line.startswith(label))
        assert cells_after(row, label, 7).index("●") + 1 == view["ladder"][tendency]
    famine = next(line for line in shown if line.startswith("Famine "))
    assert cells_after(famine, "Famine", 7).index("●") == view["famine"]
    text = "\n".join(shown)
    for slot in view["building_row"]:
        if slot["building"]:
            row = next(line for line in shown if line.startswith(slot["colour"] + " "))
            assert TERMS[slot["building"]]["en"] in row
    sale = view["auction"]
    assert f"For sale: {TERMS[sale['building']]['en']} (sale colour: {sale['colour']})" in text
    money = view["players"][0]["money"]
    assert re.search(rf"Behind the screen: {money} deniers?; tokens: Civic Spirit: ", text)
    bob = next(line for line in shown if re.match(r"Bob +\d+ +\? ", line))
    assert bob.split()[1] == str(view["players"][1]["prestige"])


def test_another_players_deniers_and_tokens_show_only_when_the_screens_are_open():
    closed = played_until("auction")
    opened = played_until("auction", open_screens=True)
    bob = opened.view(0)["players"][1]
    assert closed.view(0)["players"][1]["money"] is None and bob["money"] is not None
    row = next(line for line in table(opened, 0).splitlines() if line.startswith("Bob "))
    assert row.split()[:3] == ["Bob", str(bob["prestige"]), str(bob["money"])]
    assert re.search(r"\nBob +\d+ +\? ", table(closed, 0))
    full = table(closed, 0, focus=1)  # what 'v 2' shows: Bob's cards in full, not his screen
    assert "Bob · red · Revenue tile" in full and "Ann · blue" not in full
    assert "Behind the screen: deniers and tokens hidden" in full
    assert "Behind the screen: deniers and tokens hidden" not in table(opened, 0, focus=1)


def test_events_show_their_reward_and_in_phase_five_each_players_cubes():
    state = played_until("cube", seed=5)
    for _ in range(3):  # a few cubes placed
        seat = state.to_move[0]
        state.apply(seat, state.legal_actions(seat)[0])
    view = state.view(0)
    shown = table(state, 0)
    for card in view["events"]:
        reward = card["tendency"] or "prestige"
        assert re.search(
            rf"{card['slot']} +{TERMS[card['event']]['en']} +{TERMS[reward]['en']}",
            shown,
        )
    for seat, name in enumerate(NAMES[:3]):
        row = next(line for line in shown.splitlines() if re.search(rf"(^| ){name} +[·\d] ", line))
        cubes = row[row.index(name) + len(name) :].split()[:4]
        assert cubes == [str(card["cubes"][seat] or "·") for card in view["events"]]


def test_while_choosing_the_seat_sees_its_own_set_and_none_of_the_others_picks():
    state = SYLLA.new(3, seed=2)
    state.apply(1, state.legal_actions(1)[0])  # Bob picks his first card
    shown = table(state, 0, lang="nl")
    assert "Jouw set: de kaarten die je nog kan kiezen" in shown
    assert "Beslissen nog: Ann, Bob, Cy" in shown
    assert "choose" not in shown  # the set's cards by their names, never by notation
    for card in state.view(0)["my_set"]:
        assert TERMS[card["type"]]["nl"] in shown
    assert "Bob heeft" not in shown and "Karakters" not in shown  # nobody holds cards yet


def test_the_score_breakdown_shows_prestige_tokens_and_deniers_left_in_the_players_language():
    state = SYLLA.new(2, seed=1)
    for _ in random_steps(state, Rng(1)):
        pass
    details = state.result().details
    text = GameText(translator("pl"), SYLLA, NAMES[:2])
    shown = drawn(renderer(SYLLA).details(details, text))
    prestige = " +│ +".join(str(p) for p in details["prestige"])
    assert re.search(rf"│ Droga do Chwały +│ +{prestige} +│", shown)
    health = " +│ +".join(str(n) for n in details["tokens"]["health"])
    assert re.search(rf"│ Żetony: Zdrowie +│ +{health} +│", shown)
    assert "Pozostałe denary (bez prestiżu)" in shown


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_step_of_a_game_is_drawn_in_80_columns_with_every_message_translated(lang):
    state = SYLLA.new(4, seed=8)
    seen = set()
    for _ in random_steps(state, Rng(8)):
        view = state.view(None)
        if (view["phase"], view["step"]) in seen:
            continue
        seen.add((view["phase"], view["step"]))
        shown = table(state, state.to_move[0], lang, width=80)
        assert "sylla." not in shown and "{" not in shown, shown
        assert max(len(line) for line in shown.splitlines()) <= 80
    assert len(seen) > 12


def test_events_with_a_value_per_player_are_told_a_line_per_player():
    text = GameText(translator("ru"), SYLLA, NAMES[:3])
    tell = renderer(SYLLA).narrate
    crisis = Event(
        "sylla.crisis",
        {
            "tendency": "health",
            "tokens": {"0": 3, "1": 1, "2": 2},
            "gained_seats": [0],
            "lost_seats": [1],
        },
    )
    assert tell(crisis, text).splitlines() == [
        "Кризис: Здоровье! Получают престиж: Ann; теряют престиж: Bob. Показанные жетоны:",
        "  Ann: 3 жетона",
        "  Bob: 1 жетон",
        "  Cy: 2 жетона",
    ]
    tied = Event(
        "sylla.crisis",
        {
            "tendency": "leisure",
            "tokens": {"0": 2, "1": 2, "2": 2},
            "gained_seats": [],
            "lost_seats": [],
        },
    )
    assert "Получают престиж: —; теряют престиж: —." in tell(tied, text)
    thumbs = Event(
        "sylla.thumbs",
        {
            "thumbs": {"0": "up", "1": "down", "2": "up"},
            "deniers": {"0": 3, "1": 0, "2": 5},
            "votes": {"0": 4, "1": 2, "2": 5},
        },
    )
    assert tell(thumbs, text).splitlines()[1:] == [
        "  Ann: Палец вверх, 3 денария, 4 голоса",
        "  Bob: Палец вниз, 0 денариев, 2 голоса",
        "  Cy: Палец вверх, 5 денариев, 5 голосов",
    ]
    election = Event("sylla.bid", {"seat": 2, "votes": 5, "deniers": 3})
    auction = Event("sylla.bid", {"seat": 2, "votes": 2})
    assert tell(election, text) == "Cy предлагает 5 голосов (денарии: 3)."
    assert tell(auction, text) == "Cy предлагает 2 карты."
    politics = Event(
        "sylla.politics", {"seat": 1, "tokens": [4, 0, 2], "values": [1, 3, 4], "points": 12}
    )
    assert tell(politics, text) == (
        "Bob: жетоны Республики приносят 12 очков престижа (4 × 1 + 0 × 3 + 2 × 4)."
    )
    phase = Event("sylla.phase", {"round": 2, "phase": "great_work"})
    assert tell(phase, text) == "Ход 2, фаза VI: Величайшие Постройки."
    ecclesia = Event("sylla.phase", {"round": 5, "phase": "ecclesia"})
    assert tell(ecclesia, text) == text.event(ecclesia) == "Ход 5: Церковь."
