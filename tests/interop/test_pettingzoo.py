"""PettingZoo: every game passes PettingZoo's own API, parallel API and seed tests."""

import numpy as np
import pytest
from pettingzoo.test import api_test, parallel_api_test, seed_test

from tabulae.core import Action, IllegalAction
from tabulae.interop.pettingzoo import TabulaeEnv, env, parallel_env
from tests.interop.games import EVERY_GAME, SOLO, config_id, configurations
from tests.plugin_games.tesserae import GAME as TOY

# Observations are dicts of the encoded view and the action mask, the form PettingZoo's own
# classic games use; api_test exempts those by name and only warns about any other.
pytestmark = [
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array"),
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be"),
]

CONFIGS = configurations([*EVERY_GAME, SOLO])


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_pettingzoo_api_test_passes(config):
    game, players = config
    api_test(env(game, players, render_mode="ansi"), num_cycles=1000)


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_pettingzoo_seed_test_passes(config):
    game, players = config
    seed_test(lambda: env(game, players), num_cycles=1000)


def play_to_the_end(table: TabulaeEnv, seed: int) -> dict[str, float]:
    table.reset(seed=seed)
    rng = np.random.default_rng(seed)
    returns = dict.fromkeys(table.possible_agents, 0.0)
    for agent in table.agent_iter():
        observation, reward, terminated, truncated, _ = table.last()
        returns[agent] += reward
        if terminated or truncated:
            table.step(None)
        else:
            table.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    return returns


def test_rewards_at_the_end_are_the_rank_outcomes():
    table = env(TOY, 3)
    returns = play_to_the_end(table, seed=4)
    assert table.episode.over and not table.agents
    assert tuple(returns.values()) == table.episode.outcomes()
    assert sum(returns.values()) == pytest.approx(0.0)


def test_a_solo_game_rewards_its_score():
    table = env(SOLO)
    returns = play_to_the_end(table, seed=9)
    assert returns == {"player_0": table.episode.state.result().scores[0]}


def test_a_later_mover_does_not_see_an_earlier_secret_choice():
    observed, tiles = [], []
    for pick in (0, -1):  # seat 0 plays its lowest tile, or its highest
        table = env(TOY, 2)
        table.reset(seed=6)
        while table.episode.state.phase == "draw":
            table.step(TOY.action_space(2).encode(Action("pass")))
        assert table.agent_selection == "player_0"
        tile = table.episode.state.hands[0][pick]
        tiles.append(tile)
        table.step(TOY.action_space(2).encode(Action("play", tile)))
        assert table.agent_selection == "player_1"
        observed.append(table.observe("player_1"))
    assert tiles[0] != tiles[1]
    assert np.array_equal(observed[0]["observation"], observed[1]["observation"])
    assert np.array_equal(observed[0]["action_mask"], observed[1]["action_mask"])


def test_only_the_acting_agent_has_legal_actions_in_its_mask():
    table = env(TOY, 3)
    table.reset(seed=1)
    acting = table.agent_selection
    for agent in table.agents:
        assert table.observe(agent)["action_mask"].any() == (agent == acting)


def test_an_illegal_action_raises_and_changes_nothing():
    table = env(TOY, 2)
    table.reset(seed=2)
    before = table.observe("player_0")["observation"]
    with pytest.raises(IllegalAction, match="not allowed"):
        table.step(TOY.action_space(2).encode(Action("play", 1)))
    assert table.agent_selection == "player_0"
    assert np.array_equal(table.observe("player_0")["observation"], before)


def test_no_action_for_the_acting_agent_is_refused_in_words_and_changes_nothing():
    """PettingZoo passes None only for an agent that is done; the agent to act must act."""
    table = env(TOY, 2)
    table.reset(seed=2)
    before = table.observe("player_0")["observation"]
    with pytest.raises(IllegalAction, match="player_0 must act now: no action given"):
        table.step(None)
    assert table.agent_selection == "player_0"
    assert np.array_equal(table.observe("player_0")["observation"], before)


def test_render_shows_the_public_view_and_who_acts():
    table = env(TOY, 2, render_mode="ansi")
    table.reset(seed=0)
    text = table.render()
    assert '"phase": "draw"' in text and text.endswith("player_0 to act")
    assert '"hands": [2, 2]' in text  # a spectator sees how many tiles, not which


def test_the_game_options_shape_the_environment():
    table = env(TOY, 2, rounds=1)
    returns = play_to_the_end(table, seed=3)
    assert table.episode.state.round == 1 and set(returns) == {"player_0", "player_1"}


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_pettingzoo_parallel_api_test_passes(config):
    game, players = config
    parallel_api_test(parallel_env(game, players), num_cycles=1000)


def play_in_parallel(year, seed):
    observations, _ = year.reset(seed=seed)
    rng = np.random.default_rng(seed)
    returns = dict.fromkeys(year.possible_agents, 0.0)
    steps = 0
    while year.agents:
        actions = {
            agent: int(rng.choice(np.flatnonzero(seen["action_mask"])))
            for agent, seen in observations.items()
            if seen["action_mask"].any()
        }
        observations, rewards, _, _, _ = year.step(actions)
        for agent, reward in rewards.items():
            returns[agent] += reward
        steps += 1
    return returns, steps


def test_every_seat_makes_a_simultaneous_choice_in_one_parallel_step():
    """Hadrian's Wall rulebook: every year all players play at the same time."""
    year = parallel_env("hadrians_wall", 3)
    observations, _ = year.reset(seed=2)
    masks = {agent: seen["action_mask"] for agent, seen in observations.items()}
    assert all(mask.sum() == 2 for mask in masks.values())  # each chooses one of two cards
    chosen = {agent: int(np.flatnonzero(mask)[0]) for agent, mask in masks.items()}
    year.step(chosen)
    assert [seat for seat, _ in year.episode.log] == [0, 1, 2]
    returns, _ = play_in_parallel(year, seed=2)
    assert year.episode.over and sum(returns.values()) == pytest.approx(0.0)


def test_a_parallel_step_needs_every_mover_and_refuses_an_illegal_action_whole():
    year = parallel_env("hadrians_wall", 2)
    observations, _ = year.reset(seed=1)
    legal = {a: int(np.flatnonzero(o["action_mask"])[0]) for a, o in observations.items()}
    with pytest.raises(IllegalAction, match="player_1 must act now"):
        year.step({"player_0": legal["player_0"]})
    illegal = int(np.flatnonzero(observations["player_1"]["action_mask"] == 0)[0])
    with pytest.raises(IllegalAction, match="not legal for player_1"):
        year.step({"player_0": legal["player_0"], "player_1": illegal})
    assert year.episode.log == []  # nothing was played


def test_the_parallel_game_rewards_the_rank_outcomes_at_the_end():
    year = parallel_env(TOY, 3)
    returns, _ = play_in_parallel(year, seed=4)
    assert tuple(returns.values()) == year.episode.outcomes()


@pytest.mark.parametrize("make", [env, parallel_env], ids=["aec", "parallel"])
def test_max_cycles_truncates_a_long_game_without_rewards(make):
    table = make("builders", 2, max_cycles=5)
    if make is env:
        returns = play_to_the_end(table, seed=1)
        assert len(table.episode.log) == 10 and all(table.truncations.values())
    else:
        returns, steps = play_in_parallel(table, seed=1)
        assert steps == 5
    assert not table.episode.over and set(returns.values()) == {0.0}
    with pytest.raises(ValueError, match="max_cycles"):
        make("builders", 2, max_cycles=0)
