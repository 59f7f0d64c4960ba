"""PettingZoo: every game passes PettingZoo's own API, parallel API, seed, cycle, render and
state tests, with every warning an error."""

import contextlib
import io
import types

import numpy as np
import pytest
from pettingzoo.test import (
    api_test,
    max_cycles_test,
    parallel_api_test,
    parallel_seed_test,
    render_test,
    seed_test,
    state_test,
)
from pettingzoo.utils.conversions import parallel_to_aec

from tabulae.core import Action, IllegalAction
from tabulae.interop.pettingzoo import TabulaeEnv, env, parallel_env
from tests.interop.drawing import assert_drawn
from tests.interop.games import EVERY_GAME, SOLO, config_id, configurations
from tests.plugin_games.tesserae import GAME as TOY

# Observations are dicts of the encoded view and the action mask, the form PettingZoo's own
# classic games use; api_test exempts those by name and only warns about any other.
pytestmark = [
    pytest.mark.filterwarnings("error"),
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array"),
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be"),
]

CONFIGS = configurations([*EVERY_GAME, SOLO])

# PettingZoo's max_cycles_test expects every episode to outlast its 4 cycles. A step of Fortuna
# ends at most one round, but its 3 rounds all end in 3 steps when the sampled actions bank
# three times, so there it plays 5 rounds; every other game lasts longer than 4 steps.
OUTLASTING_FOUR_CYCLES: dict[str, dict[str, int]] = {SOLO.id: {"rounds": 5}}


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_pettingzoo_api_test_passes(config):
    game, players = config
    api_test(env(game, players, render_mode="ansi"), num_cycles=1000)


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_pettingzoo_seed_test_passes(config):
    game, players = config
    seed_test(lambda: env(game, players), num_cycles=1000)


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_pettingzoo_parallel_seed_test_passes(config):
    """It steps actions sampled without the mask: an illegal one is refused, not raised."""
    game, players = config
    parallel_seed_test(lambda: parallel_env(game, players), num_cycles=100)


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_pettingzoo_max_cycles_test_passes(config):
    """PettingZoo's test counts one step of every agent per cycle in its AEC half, which is
    the parallel environment as PettingZoo's own `parallel_to_aec` presents it."""
    game, players = config
    options = OUTLASTING_FOUR_CYCLES.get(game.id, {})
    module = types.SimpleNamespace(
        parallel_env=lambda **kw: parallel_env(game, players, **options, **kw),
        env=lambda **kw: parallel_to_aec(parallel_env(game, players, **options, **kw)),
    )
    max_cycles_test(module)


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_pettingzoo_render_test_passes(config):
    game, players = config
    with contextlib.redirect_stdout(io.StringIO()) as printed:
        render_test(lambda render_mode=None: env(game, players, render_mode=render_mode))
    assert "to act" in printed.getvalue()  # human mode prints what ansi returns


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_pettingzoo_state_test_passes(config):
    game, players = config
    state_test(env(game, players), parallel_env(game, players), num_cycles=5)


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
        while table.episode.state.step == "draw":
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


def test_an_illegal_action_is_refused_with_its_reason_and_changes_nothing():
    table = env(TOY, 2)
    table.reset(seed=2)
    before = table.observe("player_0")["observation"]
    table.step(TOY.action_space(2).encode(Action("play", 1)))
    assert "not allowed" in table.infos["player_0"]["illegal_action"]
    assert table.agent_selection == "player_0" and table.episode.log == []
    assert np.array_equal(table.observe("player_0")["observation"], before)
    table.step(TOY.action_space(2).encode(Action("pass")))
    assert "illegal_action" not in table.infos["player_0"]


def test_no_action_for_the_acting_agent_is_refused_in_words_and_changes_nothing():
    """PettingZoo passes None only for an agent that is done; the agent to act must act."""
    table = env(TOY, 2)
    table.reset(seed=2)
    before = table.observe("player_0")["observation"]
    with pytest.raises(IllegalAction, match="player_0 must act now: no action given"):
        table.step(None)
    assert table.agent_selection == "player_0"
    assert np.array_equal(table.observe("player_0")["observation"], before)


def test_render_draws_the_public_table_as_the_terminal_does_and_who_acts():
    table = env(TOY, 2, render_mode="ansi")
    table.reset(seed=0)
    text = table.render()
    assert "Drawing" in text and text.endswith("player_0 to act")
    assert "Tiles in hand │ 2" in text  # a spectator sees how many tiles, not which
    builders = env("builders", 2, render_mode="ansi")
    builders.reset(seed=0)
    assert "Buildings · " in builders.render()
    with pytest.raises(ValueError, match="render_mode 'video' is not supported"):
        env(TOY, 2, render_mode="video")


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_every_render_mode_shows_the_terminals_table(config, capsys):
    """ansi is the terminal's text; human prints it; rgb_array is that text drawn."""
    game, players = config
    shown = {}
    for mode in ("ansi", "human", "rgb_array"):
        table = env(game, players, render_mode=mode)
        table.reset(seed=2)
        for _ in range(3):  # a few moves in, so the table is not the opening one
            mask = table.observe(table.agent_selection)["action_mask"]
            table.step(int(np.flatnonzero(mask)[0]))
        shown[mode] = table.render()
    text = shown["ansi"]
    assert isinstance(text, str) and text.endswith(("to act", "the game is over"))
    assert shown["human"] is None and capsys.readouterr().out == text + "\n"
    assert_drawn(shown["rgb_array"], text)


def test_the_state_is_every_seats_observation_in_seat_order():
    table = env(TOY, 3)
    table.reset(seed=1)
    size = table.encoder.size
    state = table.state()
    assert table.state_space.contains(state) and state.shape == (3 * size,)
    for seat, agent in enumerate(table.possible_agents):
        seen = table.observe(agent)["observation"]
        assert np.array_equal(state[seat * size : (seat + 1) * size], seen)


def test_a_saved_game_goes_on_from_where_it_was():
    first = env("sylla", 3)
    first.reset(seed=3)
    rng = np.random.default_rng(3)
    for _ in range(25):
        first.step(int(rng.choice(np.flatnonzero(first.last()[0]["action_mask"]))))
    again = env("sylla", 3)
    again.restore(first.save())
    assert again.episode.log == first.episode.log
    assert again.agent_selection == first.agent_selection
    assert np.array_equal(again.state(), first.state())
    year = parallel_env("sylla", 3)
    observations, _ = year.restore(first.save())
    agent = first.agent_selection
    assert np.array_equal(observations[agent]["action_mask"], first.observe(agent)["action_mask"])
    with pytest.raises(ValueError, match="record is of sylla for 3"):
        env("sylla", 4).restore(first.save())


def test_forced_moves_are_played_when_asked():
    """Hadrian's Wall: the actions phase offers many actions; forced ones are played at once."""
    plain, forced = env("hadrians_wall", 2), env("hadrians_wall", 2, autoplay_forced=True)
    counts = []
    for table in (plain, forced):
        table.reset(seed=5)
        rng, asked = np.random.default_rng(5), 0
        for _ in table.agent_iter():
            observation, _, terminated, truncated, _ = table.last()
            if terminated or truncated:
                table.step(None)
                continue
            mask = observation["action_mask"]
            asked += 1
            if table is forced:
                assert mask.sum() > 1, "a forced move was presented"
            table.step(int(rng.choice(np.flatnonzero(mask))))
        counts.append(asked)
    assert counts[1] < counts[0]


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


def test_a_parallel_step_needs_every_mover_and_refuses_an_illegal_action_quietly():
    year = parallel_env("hadrians_wall", 2)
    observations, _ = year.reset(seed=1)
    legal = {a: int(np.flatnonzero(o["action_mask"])[0]) for a, o in observations.items()}
    with pytest.raises(IllegalAction, match="player_1 must act now"):
        year.step({"player_0": legal["player_0"]})
    assert year.episode.log == []  # nothing was played
    illegal = int(np.flatnonzero(observations["player_1"]["action_mask"] == 0)[0])
    observations, rewards, _, _, infos = year.step(
        {"player_0": legal["player_0"], "player_1": illegal}
    )
    assert "not legal for player_1" in infos["player_1"]["illegal_action"]
    assert [seat for seat, _ in year.episode.log] == [0]  # player_0's action was played
    assert observations["player_1"]["action_mask"].any() and set(rewards.values()) == {0.0}


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


def always_end(mask, space):
    """The Builders: end the turn whenever allowed, else the first legal action."""
    end = space.encode(Action("end"))
    return end if mask[end] else int(np.flatnonzero(mask)[0])


@pytest.mark.parametrize("make", [env, parallel_env], ids=["aec", "parallel"])
def test_a_builders_game_that_never_ends_is_truncated_at_max_steps(make):
    """Ending every turn at once finishes no building, so no game ends by the rules."""
    table = make("builders", 2, max_steps=60)
    space = table.game.action_space(2)
    assert make("builders", 2).max_steps == 2000  # the default: 1,000 decisions per player
    steps = 0
    if make is env:
        table.reset(seed=0)
        for _ in table.agent_iter(1000):
            observation, reward, terminated, truncated, _ = table.last()
            assert reward == 0.0
            done = terminated or truncated
            table.step(None if done else always_end(observation["action_mask"], space))
            steps += 1
        assert all(table.truncations.values()) and not table.agents
    else:
        observations, _ = table.reset(seed=0)
        while table.agents and steps < 1000:
            actions = {
                a: always_end(o["action_mask"], space)
                for a, o in observations.items()
                if o["action_mask"].any()
            }
            observations, rewards, terminations, truncations, _ = table.step(actions)
            assert set(rewards.values()) <= {0.0}
            steps += 1
        assert all(truncations.values()) and not any(terminations.values())
    assert table.episode.steps == 60 and not table.episode.over
