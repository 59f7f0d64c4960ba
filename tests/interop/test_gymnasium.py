"""Gymnasium: solo games pass Gymnasium's own environment checker; bots fill other seats."""

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from tabulae.bots.base import RandomBot
from tabulae.core import Action
from tabulae.interop.gymnasium import TabulaeEnv, env, register
from tests.interop.games import SOLO, SOLO_GAMES
from tests.plugin_games.tesserae import GAME as TOY

# Values in a view have no bounds, so the observation space says so, and text rendering has
# no frame rate; the checker warns about both.
pytestmark = [
    pytest.mark.filterwarnings("ignore:.*Box observation space m.*infinity"),
    pytest.mark.filterwarnings("ignore:.*No render fps"),
]


@pytest.mark.parametrize("game", SOLO_GAMES, ids=lambda g: g.id)
def test_gymnasium_check_env_passes_for_solo_games(game):
    check_env(gymnasium.make(register(game), render_mode="ansi").unwrapped)


def test_registered_environments_take_the_game_options():
    made = gymnasium.make(register(SOLO), rounds=2)
    assert made.unwrapped.options == {"rounds": 2, "limit": 15}
    assert made.unwrapped.players == 1


def play_to_the_end(solo: TabulaeEnv, seed: int) -> tuple[float, int]:
    _, info = solo.reset(seed=seed)
    rng = np.random.default_rng(seed)
    total, steps, terminated = 0.0, 0, False
    while not terminated:
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        _, reward, terminated, truncated, info = solo.step(action)
        total += reward
        steps += 1
        assert not truncated
    return total, steps


def test_the_return_of_a_solo_game_is_its_score():
    solo = env(SOLO)
    scores = set()
    for seed in range(20):
        total, _ = play_to_the_end(solo, seed)
        assert total == solo.episode.state.result().scores[0]
        scores.add(total)
    assert len(scores) > 1


def test_bots_play_the_other_seats_and_the_return_is_the_rank_outcome():
    table = env(TOY, 3, opponents=["random", RandomBot()], seat=1)
    total, steps = play_to_the_end(table, seed=5)
    episode = table.episode
    assert total == episode.outcomes()[1] and -1 <= total <= 1
    assert steps == sum(seat == 1 for seat, _ in episode.log)
    assert {seat for seat, _ in episode.log} == {0, 1, 2}


def test_an_illegal_action_is_refused_with_its_reason_and_changes_nothing():
    solo = env(TOY, 2, opponents="random")
    observation, info = solo.reset(seed=0)
    log = list(solo.episode.log)
    illegal = TOY.action_space(2).encode(Action("play", 1))
    again, reward, terminated, truncated, info = solo.step(illegal)
    assert "not allowed" in info["illegal_action"]
    assert (reward, terminated, truncated) == (0.0, False, False)
    assert np.array_equal(again, observation) and solo.episode.log == log
    assert solo.action_masks().tolist() == info["action_mask"].tolist()


def test_the_number_of_opponents_and_the_seat_are_checked():
    with pytest.raises(ValueError, match="needs 2 opponents"):
        env(TOY, 3, opponents=["random"])
    with pytest.raises(ValueError, match="seat 3"):
        env(TOY, 3, opponents="random", seat=3)
