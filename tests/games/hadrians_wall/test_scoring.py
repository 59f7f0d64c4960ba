"""End of game: attributes, Path cards, the disdain penalty, tie-breaks and solo ranks."""

import pytest

from tabulae.games.hadrians_wall import GAME
from tabulae.games.hadrians_wall import sheet as S
from tabulae.games.hadrians_wall.data import CARD_INDEX, PLAYER_CARDS
from tabulae.games.hadrians_wall.scoring import disdain_penalty, path_points, score, solo_rank

from .helpers import in_year


def _paths(*names: str) -> list[int]:
    return [CARD_INDEX[n] for n in names]


def test_four_disdain_cost_seven_points():
    """PL p.14: "in the situation above, holding 4 disdain at the end of the game, this player
    would lose 7 VP." The penalty caps at 22 for 9 or more (H-18)."""
    assert disdain_penalty(4) == 7
    assert [disdain_penalty(n) for n in (0, 1, 2, 3, 9, 15)] == [0, 1, 3, 5, 22, 22]
    sheet = S.new_sheet()
    sheet[S.DISDAIN], sheet[S.DISDAIN_REMOVED] = 6, 2
    assert score(sheet, [])["disdain_penalty"] == 7


def test_the_scoring_example():
    """PL p.14: "in this example the player scored 57 VP for his attributes (6 + 23 + 12 + 16),
    11 VP for his Path cards and -5 VP for his final disdain, 63 VP in all."
    """
    sheet = S.new_sheet()
    for i, n in enumerate((6, 23, 12, 16)):
        sheet[S.ATTRIBUTE + i] = n
    sheet[S.DISDAIN] = 3
    for c in range(3):
        sheet[S.COHORT + c] = 6  # Fighter: 3 complete Cohorts -> 3
    sheet[S.PRODUCTION] = 9  # Forager -> 3
    for i in range(8):
        sheet[S.MARKET + i] = 1  # Merchant: 8 goods, duplicates included -> 3
    sheet[S.GUARD] = 6  # Vanguard: 1 section -> 1
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
        ("ranger", {S.MAP: (1 << 20) - 1}, 3),
        ("pontiff", {S.TEMPLE: 8}, 2),
        ("trainer", {S.CIRCLED: 6, S.CIRCLED + 1: 2}, 2),
        ("defender", {S.WALL: 14}, 2),
        ("architect", {S.LANDMARK: 1, S.LANDMARK + 3: 1}, 2),
        ("aristocrat", {S.DISDAIN: 2}, 2),
        ("aristocrat", {S.DISDAIN: 5}, 0),
        ("planner", {S.CITIZEN: 9, S.CITIZEN + 1: 9, S.CITIZEN + 4: 9}, 1),
        ("forager", {}, 0),
    ],
)
def test_each_path_scores_against_its_thresholds(card, setup, vp):
    """PL p.15 (Path cards): each gives 1, 2 or 3 VP for reaching its three thresholds."""
    from tabulae.games.hadrians_wall.data import BUILDING_INDEX

    sheet = S.new_sheet()
    for key, value in setup.items():
        if key == "built":
            for b in value:
                sheet[S.BUILT + BUILDING_INDEX[b]] = 1
        else:
            sheet[key] = value
    assert path_points(PLAYER_CARDS[CARD_INDEX[card]], sheet)[1] == vp


def _finished(players: int):
    state = in_year(players=players)
    state.phase = "over"
    for seat in range(players):
        state.paths[seat] = []
    return state


def test_ties_go_to_least_disdain_then_most_path_points_then_are_shared():
    """PL p.14: "on a tie, the tied player with the least disdain wins. If still tied, the one
    with the most VP from Path cards. If still tied, the tied players share the win."
    """
    state = _finished(4)
    for seat, (valour, disdain, paths) in enumerate(
        [(13, 2, []), (10, 0, []), (9, 0, ["forager"]), (9, 0, ["forager"])]
    ):
        sheet = state.sheets[seat]
        sheet[S.VALOUR], sheet[S.DISDAIN] = valour, disdain
        state.paths[seat] = _paths(*paths)
        sheet[S.PRODUCTION] = 3
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
    state = _finished(1)
    state.sheets[0][S.RENOWN] = 25
    state.sheets[0][S.PIETY] = 20
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
    state = in_year(players=2)
    weak, strong = state.sheets
    strong[S.VALOUR], strong[S.COHORT], strong[S.PRODUCTION] = 8, 4, 4
    weak[S.DISDAIN] = 4
    assert GAME.evaluate(state, 1) > GAME.evaluate(state, 0) + 10
