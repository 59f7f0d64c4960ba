"""The Builders meet the core protocol: random games for every player count and option."""

import pytest

from tabulae.core.conformance import check_game
from tabulae.games.builders import GAME

VARIANTS = [
    {"fourth_apprentice": "stone_architecture"},
    {"citizen_wage": 0},
    {"university_effect": "add_3"},
    {"limited_bank": True},
]


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(100))
def test_random_games_conform(players, seed):
    report = check_game(GAME, players, seed, deep_every=128)
    assert report.result is not None and report.deep_checks >= 1 and report.refusals > 0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_closely_checked_games_conform(players):
    report = check_game(GAME, players, seed=1000 + players, deep_every=8)
    assert report.deep_checks >= 10 and report.determinizations > 0


@pytest.mark.parametrize("options", VARIANTS, ids=lambda o: next(iter(o)))
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(4))
def test_every_option_conforms(options, players, seed):
    report = check_game(GAME, players, seed, options, deep_every=64)
    assert report.result is not None
