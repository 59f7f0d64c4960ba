"""The test game Horreum meets the protocol, so the bot tests run on a correct game."""

import pytest

from tabulae.core.conformance import check_game
from tests.plugin_games.horreum import GAME


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("seed", range(8))
def test_horreum_conforms(players, seed):
    report = check_game(GAME, players, seed, {"years": 1 + seed % 3}, deep_every=4)
    assert report.result is not None and report.determinizations > 0
