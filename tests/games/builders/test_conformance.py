"""The Builders meet the core protocol: seeded games for every player count and option.

Every game below is checked with the game's invariants after every action and its result
against the independent recount at the end: 2,071 games in all (3 × 100 with deep checks
along the way, 48 with every option, 3 closely checked, 1,500 random games over every
option and player count, a quarter of them deep-checked at their first step, 220 played by
the greedy bot), more than a tenth of them greedy's.
"""

import pytest

from tabulae.core.conformance import check_game
from tabulae.games.builders import GAME

from ..policies import bot_policy

VARIANTS = [
    {"fourth_apprentice": "stone_architecture"},
    {"citizen_wage": 0},
    {"university_effect": "add_3"},
    {"limited_bank": True},
]
EVERY_OPTION = [{}, *VARIANTS]
ONLY_AT_THE_START = 10**9  # deep checks at the first step only: these games check invariants
GREEDY = bot_policy("greedy")


def named(options):
    return ",".join(f"{k}={v}" for k, v in options.items()) or "default"


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(100))
def test_random_games_conform(players, seed):
    report = check_game(GAME, players, seed, deep_every=128)
    assert report.result is not None and report.deep_checks >= 1 and report.refusals > 0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_closely_checked_games_conform(players):
    report = check_game(GAME, players, seed=1000 + players, deep_every=8)
    assert report.deep_checks >= 10 and report.determinizations > 0


@pytest.mark.parametrize("options", VARIANTS, ids=named)
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(4))
def test_every_option_conforms(options, players, seed):
    report = check_game(GAME, players, seed, options, deep_every=64)
    assert report.result is not None


@pytest.mark.parametrize("options", EVERY_OPTION, ids=named)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_every_invariant(options, players):
    for seed in range(2000, 2100):
        deep_every = ONLY_AT_THE_START if seed % 4 == 0 else None
        report = check_game(GAME, players, seed, options, deep_every=deep_every)
        assert report.result is not None and report.invariant_checks == report.actions + 1


# Greedy plays 2 and 3 players and every option but the limited bank. It can stop building
# for good in a game the rules could still end: with every card on a site it will not buy
# the slave that would finish one (one ply does not see the send after the purchase), and
# then takes sesterces for ever. Seen with 4 players (seed 3009) and once a limited bank
# runs dry; random players cover those games above.
GREEDY_OPTIONS = [o for o in EVERY_OPTION if "limited_bank" not in o] + [{"end_stuck_game": False}]


@pytest.mark.parametrize("options", GREEDY_OPTIONS, ids=named)
@pytest.mark.parametrize("players", [2, 3])
def test_greedy_games_keep_every_invariant(options, players):
    """Games as a player would play them: long turns, completed buildings, loans, the last
    round. Greedy games end by 17 VP even when stuck games are not ended for them."""
    for seed in range(3000, 3022):
        report = check_game(
            GAME,
            players,
            seed,
            options,
            deep_every=ONLY_AT_THE_START,
            max_steps=5000,
            policy=GREEDY,
        )
        assert report.result is not None and report.invariant_checks == report.actions + 1
