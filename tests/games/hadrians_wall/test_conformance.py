"""The conformance suite over 306 seeded random games: 1-6 players, every difficulty."""

import pytest

from tabulae.core.conformance import check_game
from tabulae.games.hadrians_wall import GAME

SEEDS = 17
OPTIONS = [
    {"difficulty": "easy"},
    {"difficulty": "normal"},
    {"difficulty": "hard"},
]


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: o["difficulty"])
@pytest.mark.parametrize("players", range(1, 7))
def test_random_games_keep_the_protocol(players, options):
    for seed in range(SEEDS):
        report = check_game(GAME, players, seed, options, deep_every=300)
        assert report.result is not None
        assert report.deep_checks >= 1


@pytest.mark.parametrize(
    "options",
    [
        {"resume_after_gift": False},
        {"deck_draw_may_match_own_prospect": False},
    ],
)
@pytest.mark.parametrize("players", [1, 2, 3])
def test_random_games_keep_the_protocol_under_each_option(players, options):
    for seed in range(3):
        check_game(GAME, players, seed, options, deep_every=300)


@pytest.mark.parametrize("players", range(1, 7))
def test_a_game_checked_deeply_at_many_steps(players):
    report = check_game(GAME, players, 1000 + players, {"difficulty": "normal"}, deep_every=16)
    assert report.deep_checks >= 5 and report.determinizations > 0
