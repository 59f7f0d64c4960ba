import pytest

from tabulae.bots import RandomBot, decide, make_bot
from tabulae.core import Rng, visible
from tests.plugin_games.tesserae import GAME


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


def test_a_bot_sees_only_the_events_its_seat_saw():
    seen = []

    class Reader(RandomBot):
        def choose(self, state, seat, rng):
            seen.append(list(state.events))
            return super().choose(state, seat, rng)

    state = GAME.new(3, seed=5)
    decide(Reader(), state, 0, Rng(1))
    assert seen[0] == list(visible(state.events, 0))
    assert len(seen[0]) < len(state.events)  # the other hands were dealt out of sight


def test_only_a_seat_to_move_is_asked():
    state = GAME.new(3, seed=5)
    with pytest.raises(ValueError, match="seat 1 is not to move"):
        decide(RandomBot(), state, 1, Rng(1))


def test_bad_bot_parameters_are_named():
    with pytest.raises(ValueError, match="bot 'random' does not take those parameters"):
        make_bot("random", depth=3)
