import pytest

from tabulae.bots import RandomBot, decide, make_bot
from tabulae.core import Rng

from ..core.toy_game import GAME


def test_random_bot_plays_legal_actions_to_the_end():
    state = GAME.new(3, seed=5)
    bot, rng = make_bot("random"), Rng(1)
    while state.to_move:
        seat = state.to_move[0]
        action = decide(bot, state, seat, rng)
        assert action in state.legal_actions(seat)
        state.apply(seat, action)
    assert state.result() is not None


def test_unknown_bots_are_named():
    with pytest.raises(ValueError, match="no bot 'genius'"):
        make_bot("genius")
    assert isinstance(make_bot("random"), RandomBot)
