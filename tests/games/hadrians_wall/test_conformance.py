"""The conformance suite over 1,818 seeded games, every one checked against the game's
invariants after each action and its result against the independent recount at the end:
1-6 players, every difficulty and option, random players and (210 games) the greedy bot.
Deep checks (clone, refusals, views, determinize, the position read back) run at the first
step of every greedy game and of a quarter of the random games over each difficulty, and
often in the games under each option and those checked deeply.

Fewer games with more players, which take longer, keep the file within its time budget. A
game with more players visits more of the rules, so fewer seeds reach all it reaches: at 4, 5
and 6 players, no seed past the 63rd, 59th and 24th (of 90, 80 and 60 tried, at each
difficulty) ran a branch of the rules' code that an earlier seed had not."""

import pytest

from tabulae.core.conformance import check_game
from tabulae.games.hadrians_wall import GAME

from ..policies import bot_policy

DIFFICULTIES = ("easy", "normal", "hard")
RANDOM_SEEDS = {1: 120, 2: 120, 3: 100, 4: 64, 5: 60, 6: 30}  # x 3 difficulties: 1,482 games
OPTION_SEEDS = 10  # x 6 player counts x 2 options: 120 games
GREEDY_SEEDS = {1: 20, 2: 20, 3: 14, 4: 7, 5: 5, 6: 4}  # x 3 difficulties: 210 games


def check(players, seed, options, **kwargs):
    report = check_game(GAME, players, seed, options, **kwargs)
    assert report.result is not None
    assert report.invariant_checks == report.actions + 1
    assert report.positions == report.deep_checks
    return report


@pytest.mark.parametrize("difficulty", DIFFICULTIES)
@pytest.mark.parametrize("players", range(1, 7))
def test_random_games_keep_the_rules(players, difficulty):
    for seed in range(RANDOM_SEEDS[players]):
        deep_every = 10**6 if seed % 4 == 0 else None
        check(players, seed, {"difficulty": difficulty}, deep_every=deep_every)


@pytest.mark.parametrize(
    "option",
    [{"resume_after_gift": False}, {"deck_draw_may_match_own_prospect": False}],
    ids=lambda o: next(iter(o)),
)
@pytest.mark.parametrize("players", range(1, 7))
def test_random_games_keep_the_rules_under_each_option(players, option):
    for seed in range(OPTION_SEEDS):
        check(players, seed, {"difficulty": DIFFICULTIES[seed % 3], **option}, deep_every=300)


@pytest.mark.parametrize("difficulty", DIFFICULTIES)
@pytest.mark.parametrize("players", range(1, 7))
def test_greedy_games_keep_the_rules(players, difficulty):
    greedy = bot_policy("greedy")
    for seed in range(GREEDY_SEEDS[players]):
        check(players, seed, {"difficulty": difficulty}, deep_every=10**6, policy=greedy)


@pytest.mark.parametrize("players", range(1, 7))
def test_a_game_checked_deeply_at_many_steps(players):
    report = check(players, 1000 + players, {"difficulty": "normal"}, deep_every=16)
    assert report.deep_checks >= 5 and report.determinizations > 0
    assert report.positions == report.deep_checks  # each read back from its position
