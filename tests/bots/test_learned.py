"""The learned bot: greedy's one ply, judged by a value trained by self-play."""

import numpy as np
import pytest

import tabulae
from tabulae.bots import GreedyBot, LearnedBot, decide, make_bot
from tabulae.bots.learned import Weights
from tabulae.core import Rng, random_steps

from .games import copies, positions

SHIPPED = [("builders", 2), ("sylla", 3)]


@pytest.mark.parametrize(("game", "players"), SHIPPED)
def test_the_shipped_weights_play_legal_moves_to_the_end_of_a_game(game, players):
    state = tabulae.load(game).new(players, seed=4)
    bot, rng = make_bot("learned", samples=1), Rng(5)
    for _ in range(8 * players):
        seat = state.to_move[0]
        action = decide(bot, state, seat, rng)
        assert action in state.legal_actions(seat)
        state.apply(seat, action)
    for _ in random_steps(state, Rng(6)):
        pass
    assert state.result() is not None
    assert bot.trained is not None and bot.trained.on_margin != 1.0  # trained, not greedy's


@pytest.mark.parametrize(("game", "players"), SHIPPED)
def test_the_choice_is_the_same_for_every_world_that_looks_the_same_to_the_seat(game, players):
    bot = make_bot("learned", samples=2)
    for state in positions(tabulae.load(game), players, seed=3, count=4):
        for seat in state.to_move:
            found = {str(decide(bot, copy, seat, Rng(99))) for copy in copies(state, seat)}
            assert len(found) == 1, f"the learned bot peeked in {game}"


def test_weights_on_the_margin_alone_play_as_greedy_does(tmp_path):
    game = tabulae.load("sylla")
    path = tmp_path / "greedy.npz"
    Weights.greedy(game, 3, game.configure(3, {})).save(path)
    bot = make_bot("learned", weights=str(path))
    for state in positions(game, 3, seed=7, count=5):
        seat = state.to_move[0]
        assert decide(bot, state, seat, Rng(2)) == decide(GreedyBot(), state, seat, Rng(2))


def test_weights_for_another_game_or_player_count_are_refused_in_plain_words(tmp_path):
    path = tmp_path / "builders.npz"
    builders = tabulae.load("builders")
    Weights.greedy(builders, 2, builders.configure(2, {})).save(path)
    bot = LearnedBot(weights=str(path))
    sylla = tabulae.load("sylla").new(3, seed=1)
    with pytest.raises(ValueError, match="trained for the game 'builders', not 'sylla'"):
        decide(bot, sylla, sylla.to_move[0], Rng(1))
    three = builders.new(3, seed=1)
    with pytest.raises(ValueError, match="trained for 2 players, not 3"):
        decide(LearnedBot(weights=str(path)), three, three.to_move[0], Rng(1))


def test_a_file_that_is_not_weights_is_refused_in_plain_words(tmp_path):
    garbage = tmp_path / "notes.npz"
    garbage.write_text("not weights")
    with pytest.raises(ValueError, match="is not a learned bot's weights file"):
        make_bot("learned", weights=str(garbage))
    partial = tmp_path / "partial.npz"
    np.savez(partial, format=np.array(1), game=np.array("sylla"))
    with pytest.raises(ValueError, match="is not a learned bot's weights file"):
        make_bot("learned", weights=str(partial))


def test_a_game_that_ships_no_weights_says_how_to_train_them():
    state = tabulae.load("hadrians_wall").new(2, seed=1)
    with pytest.raises(ValueError, match=r"ships no learned weights for 2 players.*research train"):
        decide(make_bot("learned"), state, state.to_move[0], Rng(1))
