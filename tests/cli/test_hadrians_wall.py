"""Hadrian's Wall at the terminal: the table a seat sees, the narration and the end screen."""

from __future__ import annotations

import io
import re
from collections.abc import Callable

import pytest
from rich.console import Console

from tabulae.core import Event, Result, Rng, State, load, random_steps
from tabulae.games.hadrians_wall.components import COLUMN_ENDS
from tabulae.games.hadrians_wall.terminal import fate_deck_attacks
from tabulae.i18n import LANGUAGES, GameText, glossary, translator
from tabulae.tui.renderer import renderer

from .driver import run

GAME = load("hadrians_wall")
TERMS = glossary(GAME)
NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]
RENDERER = renderer(GAME)


def text(lang: str = "en", players: int = 3) -> GameText:
    return GameText(translator(lang), GAME, NAMES[:players])


def drawn(renderable, width: int = 120) -> str:
    console = Console(width=width, record=True, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


def played(players: int, seed: int, until: Callable[[State], bool]) -> State | None:
    """A random game stopped at the first position `until` accepts (None if it never does)."""
    state = GAME.new(players, seed=seed)
    rng = Rng(seed)
    while not until(state):
        if not state.to_move:
            return None
        seat = state.to_move[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.below(len(legal))])
    return state


def reached(players: int, until: Callable[[State], bool]) -> State:
    """The first random game (by seed) that reaches a position `until` accepts."""
    for seed in range(50):
        state = played(players, seed, until)
        if state is not None:
            return state
    raise AssertionError("no random game reached the position")


def test_hadrians_wall_has_its_own_renderer():
    assert type(RENDERER).__name__ == "HadriansWallRenderer"


def test_the_table_shows_the_year_the_fate_card_the_pieces_and_every_track_of_the_seat():
    state = reached(3, lambda s: s.year == 3 and s.phase == "actions")
    view = state.view(1)
    seen = drawn(RENDERER.table(view, text(), 1))
    me = view["players"][1]
    left = me["left_sheet"]
    assert "Year 3 of 6 · Actions · Difficulty: Easy · Attack potential 2" in seen
    fate = view["fate_card"]
    assert f"Fate card {int(fate['id'][5:])} — attack on the {fate['attack']} Cohort" in seen
    assert f"Gladiator damage {fate['gladiator_damage']}" in seen
    pool = ", ".join(f"{p.capitalize()} {n}" for p, n in me["pool"].items())
    assert f"Workers and resources: {pool}" in seen
    assert "Left sheet · Bob" in seen and "Right sheet · Bob" in seen
    cohorts = re.search(r"│ Cohorts +([■□]{6}) ([■□]{6}) ([■□]{6})", seen)
    assert cohorts and [row.count("■") for row in cohorts.groups()] == list(
        left["cohorts"].values()
    )
    for area, name in (("wall", "Wall"), ("fort", "Fort"), ("wall_guard", "Wall Guard")):
        row = re.search(rf"│ {name} +(\d+) ([■□·│]+)", seen)
        assert row and int(row.group(1)) == left[area], area
        assert row.group(2).count("■") == left[area]
        assert len(row.group(2)) == COLUMN_ENDS[area][-1] + 2  # every box and two column marks
    for attribute, value in left["attributes"].items():
        assert re.search(rf"│ {attribute.capitalize()} +{value} [■□┃]{{26}} ", seen)
    for citizen, value in me["right_sheet"]["citizens"].items():
        assert re.search(rf"│ {citizen.capitalize()} +{value} [■□]{{9}} ", seen)
    total = me["score"]["total"]
    assert re.search(rf"Score +Attributes \d+ \+ Path cards \d+ − Disdain \d+ = {total} VP", seen)


def test_a_seat_sees_its_own_drawn_cards_and_never_another_seats():
    state = GAME.new(3, seed=2)
    assert state.phase == "choose"
    seen = drawn(RENDERER.table(state.view(0), text(), 0))
    panel = seen.split("Your drawn cards")[1].split("╰")[0]
    mine = state.view(0)["drawn"]
    assert len(mine) == 2
    for card in mine:
        assert re.search(rf"│ {card.capitalize()} +1, 2 or 3 VP for ", panel), card
    assert panel.count(" VP for ") == 2
    others = set()
    for k in range(20):  # another seat's cards, dealt again as Ann could imagine them
        guess = state.determinize(0, Rng(k))
        others.add(tuple(guess.drawn[1]))
        assert drawn(RENDERER.table(guess.view(0), text(), 0)) == seen
    assert len(others) > 1
    assert "Your drawn cards" not in drawn(RENDERER.table(state.view(None), text(), None))


def test_v_n_shows_another_players_sheets_and_keeps_the_seats_own_cards():
    state = reached(3, lambda s: s.year == 2 and s.phase == "choose")
    view = state.view(0)
    seen = drawn(RENDERER.table(view, text(), 0, focus=2))
    assert "Left sheet · Cy" in seen and "Left sheet · Ann" not in seen
    assert "Your drawn cards" in seen
    assert view["players"][2]["neighbours"] == {"left": 0, "right": 1}
    ann, bob = (view["players"][s]["prospect"].capitalize() for s in (0, 1))
    assert re.search(rf"Neighbours \(left\) +Ann — {ann}: bonus ", seen)
    assert re.search(rf"Neighbours \(right\) +Bob — {bob}: bonus ", seen)


@pytest.mark.parametrize("width", [80, 100, 120])
def test_no_track_is_broken_over_two_lines_at_any_usual_width(width):
    state = reached(4, lambda s: s.year == 4 and s.phase == "actions")
    seen = drawn(RENDERER.table(state.view(0), text("ru", 4), 0), width)
    assert max(len(line) for line in seen.splitlines()) <= width
    assert re.search(r"│ Стена +\d+ [■□·│]{23} ", seen)
    assert re.search(r"│ Слава +\d+ [■□┃]{26} ", seen)
    side_by_side = "╮╭─ Правый Лист" in seen
    assert side_by_side == (width == 120)


def test_the_attack_shows_each_cohorts_attacks_the_favours_spent_and_what_would_follow():
    def favour_to_spend(state: State) -> bool:
        return state.phase == "attack" and any(
            a.kind == "favour" for s in state.to_move for a in state.legal_actions(s)
        )

    state = reached(3, favour_to_spend)
    seat = next(s for s in state.to_move if state.legal_actions(s)[0].kind == "favour")
    view = state.view(seat)
    cohorts = view["players"][seat]["left_sheet"]["cohorts"]
    seen = drawn(RENDERER.table(view, text(), seat))
    undefended = 0
    for cohort, attacks in zip(("left", "centre", "right"), view["attack"]["attacks"], strict=True):
        left = max(0, attacks - cohorts[cohort])
        undefended += left
        assert re.search(rf"│ +{cohort} +{attacks} +{cohorts[cohort]} +0 +{left} ", seen)
    disdain = min(undefended, view["grey_flag"])
    valour = view["grey_flag"] - disdain
    assert f"If the attack were resolved now: Disdain +{disdain}, Valour +{valour}" in seen


def test_the_narration_names_each_seat_at_the_reveal_and_at_the_attack():
    tell = text("pl", 2)
    revealed = Event(
        "hadrians_wall.revealed",
        {"paths": {"0": "engineer", "1": "ranger"}, "prospects": {"0": "pontiff", "1": "vanguard"}},
    )
    assert RENDERER.narrate(revealed, tell).splitlines() == [
        "Karty Ścieżki i Rozwoju zostają odkryte:",
        "  Ann: karta Ścieżki Inżynier, karta Rozwoju Pontyfik",
        "  Bob: karta Ścieżki Tropiciel, karta Rozwoju Strażnik",
    ]
    outcome = {"temple_favours": [0, 1, 0], "diplomat_favours": [0, 0, 1]}
    defence = Event("hadrians_wall.defence", {"year": 3, "players": [
        outcome | {"undefended": 1, "disdain": 1, "valour": 1},
        outcome | {"undefended": 0, "disdain": 0, "valour": 2},
    ]})  # fmt: skip
    assert RENDERER.narrate(defence, tell).splitlines()[1:] == [
        "  Ann: nieobronione ataki: 1, użyte Wsparcie: 2; Pogarda +1, Waleczność +1",
        "  Bob: nieobronione ataki: 0, użyte Wsparcie: 2; Pogarda +0, Waleczność +2",
    ]
    attack = Event(
        "hadrians_wall.attack",
        {
            "year": 2,
            "cards": ["fate_01", "fate_02"],
            "attacks": {"left": 0, "centre": 1, "right": 1},
            "neutral_extra": 0,
        },
    )
    assert RENDERER.narrate(attack, text("ru", 2)) == (
        "Год 2: пикты атакуют, 2 карты! По когортам — слева: 0, в центре: 1, справа: 1."
    )
    income = Event("hadrians_wall.income", {"seat": 1, "prospect": {"soldier": 1},
        "income": {"resource": 2}})  # fmt: skip
    assert RENDERER.narrate(income, text("en", 2)) == (
        "Bob takes the Prospect bonus (Soldier: 1) and the income (Resource: 2)."
    )
    battle = Event("hadrians_wall.battle", {"seat": 0, "gladiator": "red", "fate_card": "fate_03",
        "damage": 1, "survived": True, "reward": []})  # fmt: skip
    assert RENDERER.narrate(battle, text("nl", 2)) == (
        "Ann stuurt in het gevecht: Rode gladiator. Schade: 1, overleefd: ja; beloning: —."
    )


def test_every_word_of_the_events_and_actions_has_a_name_in_every_language():
    words: set[str] = set()

    def collect(value) -> None:
        if isinstance(value, dict):
            for item in value.values():
                collect(item)
        elif isinstance(value, list):
            for item in value:
                collect(item)
        elif isinstance(value, str):
            words.add(value)

    for players in range(1, 7):
        options = GAME.configure(players)
        for action in GAME.actions(players, options):
            collect([a for a in action.args if isinstance(a, str)])
        state = GAME.new(players, seed=players)
        for _ in random_steps(state, Rng(players)):
            pass
        for event in state.events:
            collect(event.args)
    assert words and not words - set(TERMS)
    for word in words:
        assert set(TERMS[word]) == set(LANGUAGES), word


@pytest.mark.parametrize("players", [1, 3])
def test_the_score_breakdown_adds_up_to_the_result(players):
    state = reached(players, lambda s: not s.to_move)
    result = state.result()
    assert isinstance(result, Result)
    seen = drawn(RENDERER.details(result.details, text("en", players)))
    totals = re.search(r"│ Total +│(.*)│\n", seen)
    assert totals and [int(n) for n in totals.group(1).replace("│", " ").split()] == [
        int(score) for score in result.scores
    ]
    penalties = re.search(r"│ Disdain penalty +│(.*)│\n", seen)
    assert penalties and [int(n) for n in penalties.group(1).replace("│", " ").split()] == [
        -column["disdain_penalty"] for column in result.details["scores"]
    ]
    assert ("Solo rank: " in seen) == (players == 1)


def test_the_score_breakdown_writes_numbers_as_the_language_does():
    """A penalty in Polish, Dutch and Russian is written with a minus sign, as their catalogs
    write numbers, not a hyphen."""
    state = reached(3, lambda s: not s.to_move)
    result = state.result()
    assert isinstance(result, Result)
    for lang in ("pl", "nl", "ru"):
        seen = drawn(RENDERER.details(result.details, text(lang, 3)))
        penalty = text(lang, 3).message("hadrians_wall.view.penalty")
        row = re.search(rf"│ {re.escape(penalty)} +│(.*)│\n", seen)
        assert row, seen
        shown = [cell.strip() for cell in row.group(1).split("│")]
        assert "-" not in "".join(shown), shown
        assert shown == [
            translator(lang).number(-column["disdain_penalty"])
            for column in result.details["scores"]
        ]


def test_a_person_asks_to_see_a_bots_sheets_with_v(tmp_path):
    out = run(
        "play", "hadrians_wall", "--seats", "human,random", "--seed", "3",
        input="v 2\nv\nq\n", cwd=tmp_path,
    ).stdout  # fmt: skip
    assert out.count("Left sheet · Player 1") == 2 and out.count("Left sheet · Bot 2") == 1


def test_a_solo_rank_is_named_in_the_players_language():
    state = reached(1, lambda s: not s.to_move)
    result = state.result()
    assert result is not None
    details = result.details | {"rank": "primus_pilus"}
    assert "Звание в одиночной игре: Примипил" in drawn(RENDERER.details(details, text("ru", 1)))
    assert "Ranga w grze solo: Primus Pilus" in drawn(RENDERER.details(details, text("pl", 1)))


@pytest.mark.parametrize(("players", "seed", "reshuffles"), [(4, 4, False), (1, 29, True)])
def test_the_fate_deck_is_told_by_the_cohorts_its_cards_attack(players, seed, reshuffles):
    """What is left in the Fate deck follows from the public discard pile and the attack on the
    table; the counts must add up to the deck's size at every step, reshuffles included."""
    state = GAME.new(players, seed=seed, difficulty="hard")
    for _ in random_steps(state, Rng(seed)):
        view = state.view(0)
        assert sum(fate_deck_attacks(view).values()) == view["fate_deck"]
    keys = [event.key for event in state.events]
    assert ("hadrians_wall.fate_reshuffled" in keys) == reshuffles
    seen = drawn(RENDERER.table(GAME.new(2, seed=1).view(0), text("en", 2), 0))
    assert "Fate deck: 47 cards (attacking the Cohorts — left: " in seen
