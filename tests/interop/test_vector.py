"""The vector environment: many games in one call, one policy playing every seat."""

import numpy as np
import pytest
from gymnasium.utils.env_checker import data_equivalence
from gymnasium.vector import AutoresetMode, SyncVectorEnv

from tabulae.core import IllegalAction
from tabulae.interop import gymnasium as gym_adapter
from tabulae.interop.vector import vector_env
from tests.interop.games import SOLO

pytestmark = [
    pytest.mark.filterwarnings("ignore:.*Box observation space m.*infinity"),
    pytest.mark.filterwarnings("ignore:a view list of"),  # the test game's encoded views
]


def random_actions(masks, rng):
    return np.array([rng.choice(np.flatnonzero(mask)) for mask in masks])


@pytest.mark.parametrize("game", ["hadrians_wall", SOLO], ids=["hadrians_wall", "fortuna"])
def test_alone_it_is_gymnasiums_own_vector_of_single_environments(game):
    """Step for step the same as Gymnasium's SyncVectorEnv over the single environment."""
    ours = vector_env(game, 3)
    theirs = SyncVectorEnv(
        [lambda: gym_adapter.env(game)] * 3, autoreset_mode=AutoresetMode.SAME_STEP
    )
    assert ours.observation_space == theirs.observation_space
    assert ours.action_space == theirs.action_space
    seen, _ = ours.reset(seed=5)
    expected, _ = theirs.reset(seed=5)
    rng = np.random.default_rng(5)
    ended = 0
    for _ in range(400):
        assert data_equivalence(seen, expected)
        assert np.array_equal(ours.action_masks(), np.stack(theirs.call("action_masks")))
        assert ours.observation_space.contains(seen)
        actions = random_actions(ours.action_masks(), rng)
        seen, reward, done, cut, _ = ours.step(actions)
        expected, expected_reward, expected_done, _, _ = theirs.step(actions)
        assert np.array_equal(reward, expected_reward) and np.array_equal(done, expected_done)
        assert not cut.any()
        ended += done.sum()
    assert ended > 0


def test_self_play_presents_each_seat_in_turn_and_credits_every_seat_at_the_end():
    games = vector_env("builders", 4, players=2)
    observations, infos = games.reset(seed=1)
    assert observations.shape == (4, games.single_observation_space.shape[0])
    rng = np.random.default_rng(1)
    seats_seen, finished = set(), 0
    while finished < 6:
        seats_seen |= set(infos["seat"].tolist())
        acting = infos["seat"].copy()
        observations, rewards, done, _, infos = games.step(
            random_actions(infos["action_mask"], rng)
        )
        for i in np.flatnonzero(done):
            returns = infos["returns"][i]
            assert returns.sum() == pytest.approx(0.0)
            assert rewards[i] == returns[acting[i]]
            assert infos["final_obs"][i].shape == observations[i].shape
            finished += 1
        assert not rewards[~done].any()
    assert seats_seen == {0, 1}


def test_the_same_seed_gives_the_same_games():
    runs = []
    for _ in range(2):
        games = vector_env("sylla", 2, players=3)
        observations, infos = games.reset(seed=9)
        rng = np.random.default_rng(9)
        trace = [observations]
        for _ in range(30):
            observations, *_, infos = games.step(random_actions(infos["action_mask"], rng))
            trace.append(observations)
        runs.append(trace)
    assert data_equivalence(runs[0], runs[1])


def test_an_illegal_action_changes_no_game():
    games = vector_env("hadrians_wall", 2)
    _, infos = games.reset(seed=0)
    actions = random_actions(infos["action_mask"], np.random.default_rng(0))
    actions[1] = np.flatnonzero(~infos["action_mask"][1])[0]
    with pytest.raises(IllegalAction, match="game 1"):
        games.step(actions)
    assert all(not e.log for e in games.episodes)
    with pytest.raises(ValueError, match="num_envs"):
        vector_env("hadrians_wall", 0)
