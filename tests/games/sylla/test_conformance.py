"""The core conformance suite over seeded Sylla games: 2,064 games, every player count and
every option, random and greedy players, the invariants checked after every action and the
result recounted at the end of each, and the position written and read back at every deeply
checked step.

Deep checks (clone, refusals, views, determinize) cost far more than the rest, so a quarter
of the random games (every option and player count) and every greedy game take them at the
first step only, a smaller set takes them often, and the other random games none.
"""

import pytest

from tabulae.core.conformance import check_game
from tabulae.games.sylla import GAME

from ..policies import bot_policy

OPTIONS = {
    "defaults": {},
    "open_screens": {"open_screens": True},
    "limited": {"limited_bank": True, "limited_tokens": True},
    "offers": {"seller_after_all_pass": "next_clockwise", "private_temple_uses_per_phase": 2},
    "taverns": {"tavern_may_lock_at_end": False, "tavern_may_move_famine": True},
    "no_repeat_flips": {"repeat_event_flips_again": False},
}
PLAYERS = [2, 3, 4]
GREEDY = bot_policy("greedy")


def checked(players, seed, options, **how):
    report = check_game(GAME, players, seed, options, **how)
    assert report.result is not None
    assert report.invariant_checks == report.actions + 1
    if how.get("deep_every") is not None:
        assert report.deep_checks >= 1 and report.refusals > 0
    assert report.positions == report.deep_checks  # the position read back at each deep check
    return report


@pytest.mark.parametrize("seed", range(100))
@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("options", OPTIONS.values(), ids=OPTIONS.keys())
def test_random_games_conform(options, players, seed):
    checked(players, seed, options, deep_every=1000 if seed % 4 == 0 else None)


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("options", OPTIONS.values(), ids=OPTIONS.keys())
def test_greedy_games_conform(options, players, seed):
    checked(players, 1000 + seed, options, deep_every=1000, policy=GREEDY)


@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("open_screens", [False, True])
def test_deeply_checked_games_conform(open_screens, players, seed):
    report = checked(players, 2000 + seed, {"open_screens": open_screens}, deep_every=24)
    assert report.determinizations > 0
