"""The core conformance suite over many seeded random Sylla games."""

import pytest

from tabulae.core.conformance import check_game
from tabulae.games.sylla import GAME

SEEDS = range(50)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("open_screens", [False, True])
@pytest.mark.parametrize("seed", SEEDS)
def test_random_games_conform(players, open_screens, seed):
    report = check_game(GAME, players, seed, {"open_screens": open_screens}, deep_every=48)
    assert report.result is not None
    assert report.deep_checks >= 1 and report.refusals > 0


@pytest.mark.parametrize(
    "options",
    [
        {"limited_bank": True, "limited_tokens": True},
        {"seller_after_all_pass": "next_clockwise", "private_temple_uses_per_phase": 2},
        {"tavern_may_lock_at_end": False, "tavern_may_move_famine": True},
        {"repeat_event_flips_again": False},
    ],
)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_option_conforms(players, options):
    for seed in range(3):
        assert check_game(GAME, players, seed, options, deep_every=48).result is not None
