"""End of game: attributes, Path cards, the disdain penalty, tie-breaks and solo ranks."""

import pytest

from tabulae.core import Rng
from tabulae.games.hadrians_wall import GAME
from tabulae.games.hadrians_wall.components import CARD_INDEX, PLAYER_CARDS
from tabulae.games.hadrians_wall.scoring import (
    disdain_penalty,
    path_points,
    score,
    solo_rank,
    total_score,
)

from .helpers import in_year, sheet_with


def _paths(*names: str) -> list[int]:
    return [CARD_INDEX[n] for n in names]


def test_four_disdain_cost_seven_points():
    """PL p.14: "in the situation above, holding 4 disdain at the end of the game, this player
    would lose 7 VP." The penalty caps at 22 for 9 or more (H-18)."""
    assert disdain_penalty(4) == 7
    assert [disdain_penalty(n) for n in (0, 1, 2, 3, 9, 15)] == [0, 1, 3, 5, 22, 22]
    sheet = sheet_with(disdain={"circled": 6, "removed": 2})
    assert score(sheet, [])["disdain_penalty"] == 7


def test_the_scoring_example():
    """PL p.14: "in this example the player scored 57 VP for his attributes (6 + 23 + 12 + 16),
    11 VP for his Path cards and -5 VP for his final disdain, 63 VP in all."
    """
    sheet = sheet_with(
        attributes={"renown": 6, "piety": 23, "valour": 12, "discipline": 16},
        disdain={"circled": 3},
        cohorts={"left": 6, "centre": 6, "right": 6},  # Fighter: 3 complete Cohorts -> 3
        resource_production=9,  # Forager -> 3
        market=[1] * 8,  # Merchant: 8 goods, duplicates included -> 3
        wall_guard=6,  # Vanguard: 1 section -> 1
    )
    paths = _paths("fighter", "forager", "merchant", "vanguard", "aristocrat", "architect")
    column = score(sheet, paths)
    assert column["attribute_vp"] == 57
    assert [p["vp"] for p in column["paths"]] == [3, 3, 3, 1, 1, 0]
    assert column["path_vp"] == 11
    assert column["disdain_penalty"] == 5
    assert column["total"] == 63


@pytest.mark.parametrize(
    ("card", "setup", "vp"),
    [
        ("engineer", {"built": ["large_granary", "large_hotel", "large_temple", "large_road"]}, 2),
        ("ranger", {"scouting_map": ["xxxxx"] * 4}, 3),
        ("pontiff", {"temples": 8}, 2),
        ("trainer", {"ludus": {"red": {"circled": 6}, "blue": {"circled": 2}}}, 2),
        ("defender", {"wall": 14}, 2),
        ("architect", {"landmarks": ["archway", "statue"]}, 2),
        ("aristocrat", {"disdain": {"circled": 2}}, 2),
        ("aristocrat", {"disdain": {"circled": 5}}, 0),
        ("planner", {"citizens": {"traders": 9, "performers": 9, "patricians": 9}}, 1),
        ("forager", {}, 0),
    ],
)
def test_each_path_scores_against_its_thresholds(card, setup, vp):
    """PL p.15 (Path cards): each gives 1, 2 or 3 VP for reaching its three thresholds."""
    assert path_points(PLAYER_CARDS[CARD_INDEX[card]], sheet_with(**setup))[1] == vp


def _finished(players: int, sheets):
    """The game over with these sheets and no Path cards: year 6's actions, whose phase is
    set to the end (the attacks before allow the disdain of any test)."""
    state = in_year(players=players, year=6, sheets=sheets)
    state.phase = "over"
    for seat in range(players):
        state.paths[seat] = []
    return state


def test_ties_go_to_least_disdain_then_most_path_points_then_are_shared():
    """PL p.14: "on a tie, the tied player with the least disdain wins. If still tied, the one
    with the most VP from Path cards. If still tied, the tied players share the win."
    """
    seats = [(13, 2, []), (10, 0, []), (9, 0, ["forager"]), (9, 0, ["forager"])]
    state = _finished(
        4,
        [
            {
                "attributes": {"valour": valour},
                "disdain": {"circled": disdain},
                "resource_production": 3,
            }
            for valour, disdain, _ in seats
        ],
    )
    for seat, (_, _, paths) in enumerate(seats):
        state.paths[seat] = _paths(*paths)
    result = state.result()
    assert result.scores == (10, 10, 10, 10)
    assert result.ranks == (4, 3, 1, 1)
    assert result.winners == (2, 3)


def test_the_solo_rank():
    """PL p.15: 0-39 Legionary (Miles), 40-49 Centurion, 50-59 Primus Pilus, 60-69 Praefectus
    castrorum, 70+ Legatus legionis."""
    assert [solo_rank(n) for n in (0, 39, 40, 59, 60, 69, 70, 99)] == [
        "miles",
        "miles",
        "centurion",
        "primus_pilus",
        "praefectus_castrorum",
        "praefectus_castrorum",
        "legatus_legionis",
        "legatus_legionis",
    ]
    state = _finished(1, [{"attributes": {"renown": 25, "piety": 20}}])
    result = state.result()
    assert result.details["rank"] == "centurion"
    assert result.scores == (45,)


def test_a_whole_game_scores_every_seat():
    from tabulae.core import Rng, random_playout

    state = GAME.new(3, seed=11, difficulty="hard")
    random_playout(state, Rng(1))
    result = state.result()
    assert len(result.details["scores"]) == 3
    for seat, column in enumerate(result.details["scores"]):
        assert len(column["paths"]) == 6
        assert result.scores[seat] == column["total"]
    assert state.events[-1].key == "hadrians_wall.over"
    assert GAME.evaluate(state, 0) == result.scores[0]


def test_evaluate_prefers_the_stronger_position():
    state = in_year(
        players=2,
        year=4,  # after three attacks, whose grey flags allow 4 disdain
        sheets=[
            {"disdain": {"circled": 4}},
            {"attributes": {"valour": 8}, "cohorts": {"left": 4}, "resource_production": 4},
        ],
    )
    assert GAME.evaluate(state, 1) > GAME.evaluate(state, 0) + 10


def test_the_total_alone_is_the_scoring_columns_total_at_every_position():
    """The bots' `total_score` counts what the column counts, at every step of random games
    of every player count."""
    compared = 0
    for players in range(1, 7):
        table = GAME.new(players=players, seed=players)
        rng = Rng(players)
        while table.result() is None:
            for seat in range(players):
                column = score(table.sheets[seat], table.paths[seat])
                assert total_score(table.sheets[seat], table.paths[seat]) == column["total"]
                compared += 1
            seat = table.to_move[0]
            legal = table.legal_actions(seat)
            table.apply(seat, legal[rng.next64() % len(legal)])
    assert compared > 1000
