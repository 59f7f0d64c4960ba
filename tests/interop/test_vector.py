"""The vector environment: many games in one call, one policy playing every seat."""

import numpy as np
import pytest
from gymnasium.utils.env_checker import data_equivalence
from gymnasium.vector import AutoresetMode, SyncVectorEnv

from tabulae.core import Action
from tabulae.interop import gymnasium as gym_adapter
from tabulae.interop.vector import vector_env
from tests.interop.games import SOLO

pytestmark = [
    pytest.mark.filterwarnings("error"),
    pytest.mark.filterwarnings("ignore:a view list of"),  # the test game's encoded views
]


def random_actions(masks, rng):
    return np.array([rng.choice(np.flatnonzero(mask)) for mask in masks])


@pytest.mark.parametrize("game", ["hadrians_wall", SOLO], ids=["hadrians_wall", "fortuna"])
def test_alone_it_is_gymnasiums_own_vector_of_single_environments(game):
    """Step for step the same as Gymnasium's SyncVectorEnv, in the autoreset mode it states."""
    ours = vector_env(game, 3)
    assert ours.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP
    theirs = SyncVectorEnv(
        [lambda: gym_adapter.env(game)] * 3, autoreset_mode=ours.metadata["autoreset_mode"]
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


def test_an_illegal_action_is_refused_in_its_game_only():
    games = vector_env("hadrians_wall", 2)
    _, infos = games.reset(seed=0)
    actions = random_actions(infos["action_mask"], np.random.default_rng(0))
    actions[1] = np.flatnonzero(~infos["action_mask"][1])[0]
    _, rewards, done, cut, infos = games.step(actions)
    assert infos["_illegal_action"].tolist() == [False, True]
    assert "is not one of your two drawn cards" in infos["illegal_action"][1]
    assert len(games.episodes[0].log) == 1 and games.episodes[1].log == []
    assert not rewards.any() and not done.any() and not cut.any()
    with pytest.raises(ValueError, match="num_envs"):
        vector_env("hadrians_wall", 0)


def test_truncation_is_as_gymnasiums_own_vector_reports_it():
    """A short step limit: truncated games are dealt again the same step, as Gymnasium does."""
    ours = vector_env("hadrians_wall", 2, max_steps=7)
    theirs = SyncVectorEnv(
        [lambda: gym_adapter.env("hadrians_wall", max_steps=7)] * 2,
        autoreset_mode=AutoresetMode.SAME_STEP,
    )
    seen, _ = ours.reset(seed=3)
    expected, _ = theirs.reset(seed=3)
    rng, cuts = np.random.default_rng(3), 0
    for _ in range(20):
        actions = random_actions(ours.action_masks(), rng)
        seen, reward, done, cut, infos = ours.step(actions)
        expected, expected_reward, expected_done, expected_cut, _ = theirs.step(actions)
        assert data_equivalence(seen, expected) and np.array_equal(cut, expected_cut)
        assert np.array_equal(reward, expected_reward) and np.array_equal(done, expected_done)
        cuts += cut.sum()
        if cut.any():
            assert infos["_final_obs"][cut].all() and not infos["returns"][cut].any()
    assert cuts > 0


def always_end(masks, end):
    return np.array([end if mask[end] else np.flatnonzero(mask)[0] for mask in masks])


def test_self_play_that_always_ends_the_turn_is_truncated_at_the_default_limit():
    """The Builders: ending every turn finishes no building, so only the limit ends a game."""
    games = vector_env("builders", 1, players=2)
    assert games.max_steps == 2000
    end = games.game.action_space(2).encode(Action("end"))
    _, infos = games.reset(seed=0)
    steps = 0
    while steps < 2001:
        _, _, done, cut, infos = games.step(always_end(infos["action_mask"], end))
        steps += 1
        if cut.any() or done.any():
            break
    assert steps == 2000 and cut.all() and not done.any()
    assert games.episodes[0].log == []  # dealt again


def test_saved_games_go_on_from_where_they_were():
    games = vector_env("sylla", 2, players=3)
    _, infos = games.reset(seed=4)
    rng = np.random.default_rng(4)
    for _ in range(10):
        _, *_, infos = games.step(random_actions(infos["action_mask"], rng))
    again = vector_env("sylla", 2, players=3)
    seen, again_infos = again.restore(games.save())
    assert np.array_equal(seen, games._observations())
    assert np.array_equal(again_infos["action_mask"], infos["action_mask"])
