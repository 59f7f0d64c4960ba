"""Gymnasium: solo games pass Gymnasium's own environment checker; bots fill other seats."""

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import tabulae
from tabulae.bots.base import RandomBot
from tabulae.core import Action, Rng
from tabulae.interop.gymnasium import TabulaeEnv, env, register
from tabulae.interop.observation import encoder
from tests.interop.drawing import assert_drawn
from tests.interop.games import EVERY_GAME, SOLO, config_id, configurations
from tests.plugin_games.tesserae import GAME as TOY

# Gymnasium's checker speaks through warnings: each one fails the test.
pytestmark = [pytest.mark.filterwarnings("error")]

CONFIGS = configurations([*EVERY_GAME, SOLO])


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_gymnasium_check_env_passes_without_a_warning(config, capsys):
    game, players = config
    register(game)
    check_env(gymnasium.make(f"tabulae/{game.id}-{players}p-v0").unwrapped)
    assert capsys.readouterr().out.strip()  # the human render printed the table


@pytest.mark.parametrize("game", [*tabulae.all_games().values(), TOY, SOLO], ids=lambda g: g.id)
def test_every_plain_id_plays_the_fewest_players_against_random_bots(game):
    made = gymnasium.make(register(game)).unwrapped
    assert made.players == game.min_players
    assert all(type(bot) is RandomBot for bot in made.bots.values())
    _, info = made.reset(seed=1)
    assert info["action_mask"].any()


@pytest.mark.parametrize("game", tabulae.all_games().values(), ids=lambda g: g.id)
def test_observation_bounds_are_finite_and_random_games_stay_inside_them(game):
    """The rules' maxima bound every number: no random game reaches past them."""
    players = game.max_players
    found = encoder(game, players)
    assert np.isfinite(found.low).all() and np.isfinite(found.high).all()
    state, rng = game.new(players, seed=3), Rng(3)
    raw = np.zeros(found.size, dtype=np.float32)
    for step in range(3000):
        if not state.to_move:
            break
        if step % 7 == 0:
            for seat in range(players):
                raw[:] = 0.0
                found.design.encode(state, seat, raw)
                outside = np.flatnonzero((raw < found.low) | (raw > found.high))
                assert not outside.size, [found.labels[i] for i in outside[:5]]
        movers = state.to_move
        seat = movers[rng.below(len(movers))]
        actions = state.legal_actions(seat)
        state.apply(seat, actions[rng.below(len(actions))])


def test_registered_environments_take_the_game_options():
    made = gymnasium.make(register(SOLO), rounds=2)
    assert made.unwrapped.options == {"rounds": 2, "limit": 15}
    assert made.unwrapped.players == 1
    four = gymnasium.make("tabulae/sylla-4p-v0", opponents="greedy", seat=2).unwrapped
    assert four.players == 4 and four.seat == 2


def always_end(mask):
    end = tabulae.load("builders").action_space(2).encode(Action("end"))
    return end if mask[end] else int(np.flatnonzero(mask)[0])


def test_a_builders_game_that_never_ends_is_truncated_at_max_steps():
    """Ending every turn finishes no building: the game stops at its step limit."""
    assert env("builders", 2).max_steps == 2000  # the default: 1,000 decisions per player
    table = env("builders", 2, opponents="random", max_steps=40)
    _, info = table.reset(seed=0)
    for _ in range(100):
        _, reward, terminated, truncated, info = table.step(always_end(info["action_mask"]))
        if terminated or truncated:
            break
    assert truncated and not terminated and reward == 0.0
    assert table.episode.steps == 40 and not table.episode.over
    with pytest.raises(RuntimeError, match="call reset"):
        table.step(0)
    with pytest.raises(ValueError, match="max_steps"):
        env("builders", 2, max_steps=0)


def test_render_draws_the_learners_table():
    table = env("builders", 2, render_mode="ansi")
    table.reset(seed=0)
    text = table.render()
    assert "Buildings · " in text and "in the deck" in text and "player_0" in text
    with pytest.raises(ValueError, match="render_mode 'video' is not supported"):
        env("builders", 2, render_mode="video")


@pytest.mark.parametrize("game", [*tabulae.all_games().values(), TOY, SOLO], ids=lambda g: g.id)
def test_every_render_mode_shows_the_terminals_table(game, capsys):
    """ansi is the terminal's text; human prints it; rgb_array is that text drawn."""
    shown = {}
    for mode in ("ansi", "human", "rgb_array"):
        table = env(game, render_mode=mode)
        table.reset(seed=2)
        for _ in range(3):  # a few moves in, so the table is not the opening one
            table.step(int(np.flatnonzero(table.action_masks())[0]))
        shown[mode] = table.render()
    text = shown["ansi"]
    assert isinstance(text, str) and text.strip()
    assert shown["human"] is None and capsys.readouterr().out == text + "\n"
    assert_drawn(shown["rgb_array"], text)


def test_a_saved_game_goes_on_from_where_it_was():
    first = env(TOY, 3, seat=1)
    _, info = first.reset(seed=4)
    first.step(int(np.flatnonzero(info["action_mask"])[0]))
    again = env(TOY, 3, seat=1)
    seen, info = again.restore(first.save())
    assert again.episode.log == first.episode.log
    assert np.array_equal(seen, first._observe())
    assert np.array_equal(info["action_mask"], first.action_masks())
    with pytest.raises(ValueError, match="record is of tesserae for 3"):
        env(TOY, 2).restore(first.save())


def test_forced_moves_are_played_for_the_learner_when_asked():
    table = env("hadrians_wall", autoplay_forced=True)
    _, info = table.reset(seed=2)
    rng = np.random.default_rng(2)
    done = False
    while not done:
        assert info["action_mask"].sum() > 1, "a forced move was presented"
        _, _, done, cut, info = table.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        done = done or cut
    assert table.episode.over


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
