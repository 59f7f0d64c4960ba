"""OpenSpiel: every game passes OpenSpiel's random simulation test and ISMCTS plays it."""

import pickle
import warnings

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import evaluate_bots, ismcts, mcts

import tabulae
from tabulae.bots.base import RandomBot
from tabulae.core import Match, Option
from tabulae.interop import openspiel
from tests.interop.games import EVERY_GAME, SOLO, config_id, configurations
from tests.plugin_games.tesserae import GAME as TOY
from tests.plugin_games.tesserae import Tesserae

CONFIGS = configurations(EVERY_GAME, fewest=2)


def spiel(game, players, **params):
    return openspiel.load(game, players=players, **params)


def deal(state, rng):
    while state.is_chance_node():
        state.apply_action(int(rng.integers(256)))


def play_randomly(state, rng, steps):
    for _ in range(steps):
        if state.is_terminal():
            break
        deal(state, rng)
        state.apply_action(int(rng.choice(state.legal_actions())))


def test_every_registered_game_is_registered_with_openspiel():
    names = set(pyspiel.registered_names())
    for game in tabulae.all_games().values():
        if game.max_players >= 2:
            assert f"tabulae_{game.id}" in names


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
@pytest.mark.filterwarnings("error::tabulae.interop.openspiel.PerfectInformationWarning")
def test_openspiel_random_sim_test_with_serialization_passes(config):
    """The test plays on copies of true states but searches nothing: no warning."""
    game, players = config
    pyspiel.random_sim_test(spiel(game, players), num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_openspiel_ismcts_bot_plays_complete_games(config):
    """ISMCTS holds seat 0 for a whole game against the built-in random bot."""
    game, players = config
    spiel_game = spiel(game, players)
    searcher = ismcts.ISMCTSBot(
        spiel_game,
        openspiel.Evaluator(),
        uct_c=2.0,
        max_simulations=8,
        random_state=np.random.RandomState(7),
    )
    rng = np.random.default_rng(7)
    searcher.set_resampler(lambda state, player: state.resample_from_infostate(player, rng.random))
    seats = [searcher, *(openspiel.BotPlayer("random", seed) for seed in range(1, players))]
    state = spiel_game.new_initial_state()
    searched = 0
    while not state.is_terminal():
        deal(state, rng)
        seat = state.current_player()
        searched += seat == 0
        state.apply_action(seats[seat].step(state))
    returns = state.returns()
    assert searched > 0 and sum(returns) == pytest.approx(0.0)
    assert returns == list(state.episode.outcomes())


def test_ismcts_with_openspiels_own_rollout_evaluator_plays_the_test_game():
    spiel_game = spiel(TOY, 3)
    rng = np.random.RandomState(3)
    bot = ismcts.ISMCTSBot(
        spiel_game, mcts.RandomRolloutEvaluator(1, rng), 2.0, 16, random_state=rng
    )
    state = spiel_game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(rng.randint(256) if state.is_chance_node() else bot.step(state))
    assert state.episode.state.result() is not None


def test_tabulae_bots_play_at_openspiel_tables():
    spiel_game = spiel(TOY, 3)
    players = [openspiel.BotPlayer("random", seed=1), openspiel.BotPlayer(RandomBot(), seed=2)]
    players.append(pyspiel.make_uniform_random_bot(2, 3))
    rng = np.random.default_rng(4)
    state = spiel_game.new_initial_state()
    while not state.is_terminal():
        deal(state, rng)
        action = players[state.current_player()].step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    assert len(state.returns()) == 3
    with pytest.raises(ValueError, match="decision"):
        players[0].step(state)


def test_parameters_are_the_player_count_the_seed_and_the_options():
    spiel_game = spiel(TOY, 2, rounds=1, open_hands=True, seed=12)
    parameters = spiel_game.get_parameters()
    assert parameters == {
        "players": 2,
        "seed": 12,
        "compact_infostate": False,
        "rounds": 1,
        "open_hands": True,
    }
    assert spiel_game.num_players() == 2
    assert spiel_game.num_distinct_actions() == len(TOY.action_space(2))
    state = spiel_game.new_initial_state()
    assert not state.is_chance_node()  # a fixed seed deals at once
    assert state.episode.seed == 12 and state.episode.options == {"rounds": 1, "open_hands": True}
    assert str(state) == str(spiel_game.new_initial_state())
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter"):
        pyspiel.load_game("tabulae_tesserae", {"colour": "red"})
    with pytest.raises(Exception, match="at least 1"):
        pyspiel.load_game("tabulae_tesserae", {"rounds": 0})
    with pytest.raises(Exception, match="for 2–4 players"):
        pyspiel.load_game("tabulae_tesserae", {"players": 5})


def test_chance_draws_the_seed_a_byte_at_a_time_before_the_first_decision():
    state = spiel(TOY, 2).new_initial_state()
    for byte in (1, 2, 3, 4, 5, 6, 7, 8):
        assert state.is_chance_node() and len(state.chance_outcomes()) == 256
        state.apply_action(byte)
    assert state.current_player() == 0
    assert state.episode.seed == int.from_bytes(bytes([1, 2, 3, 4, 5, 6, 7, 8]), "big")


def test_a_serialized_state_is_its_match_record():
    spiel_game = spiel(TOY, 3)
    state = spiel_game.new_initial_state()
    play_randomly(state, np.random.default_rng(1), 20)
    _, args = state.table.__reduce__()
    name, _, seed_bytes, record = args
    match = Match.loads(record)
    assert name == "tabulae_tesserae" and len(seed_bytes) == 8
    assert match.seed == state.episode.seed and match.actions == state.episode.log
    text = pyspiel.serialize_game_and_state(spiel_game, state)
    _, again = pyspiel.deserialize_game_and_state(text)
    assert str(again) == str(state) and again.history() == state.history()
    assert again.information_state_string(1) == state.information_state_string(1)


def test_a_resampled_state_keeps_the_information_state_and_hides_no_less():
    spiel_game = spiel(TOY, 3)
    state = spiel_game.new_initial_state()
    rng = np.random.default_rng(2)
    play_randomly(state, rng, 4)
    player = state.current_player()
    others = set()
    for _ in range(10):
        imagined = state.resample_from_infostate(player, rng.random)
        assert imagined.information_state_string(player) == state.information_state_string(player)
        assert imagined.observation_tensor(player) == state.observation_tensor(player)
        assert imagined.current_player() == player
        others.add(str(imagined))
    assert len(others) > 1  # the other seats' hands were re-sampled


class Unwritten(Tesserae):
    """Tesserae as a game without a position format would be."""

    position_class = None


def test_a_resampled_state_of_a_game_without_a_position_format_says_it_cannot_be_kept():
    state = spiel(Unwritten(), 3).new_initial_state()
    rng = np.random.default_rng(2)
    play_randomly(state, rng, 4)
    imagined = state.resample_from_infostate(state.current_player(), rng.random)
    with pytest.raises(ValueError, match=r"re-sampled.*no position format"):
        pickle.dumps(imagined.table)


def test_a_resampled_state_serializes_as_its_position():
    spiel_game = spiel("sylla", 3)
    state = spiel_game.new_initial_state()
    rng = np.random.default_rng(5)
    play_randomly(state, rng, 30)
    player = state.current_player()
    imagined = state.resample_from_infostate(player, rng.random)
    text = pyspiel.serialize_game_and_state(spiel_game, imagined)
    _, again = pyspiel.deserialize_game_and_state(text)
    assert again.episode.state.position() == imagined.episode.state.position()
    assert again.history() == imagined.history() and not again.episode.replayable
    assert again.information_state_string(player) == state.information_state_string(player)
    action = again.legal_actions()[0]
    again.apply_action(action)
    imagined.apply_action(action)
    assert again.episode.state.position() == imagined.episode.state.position()


def test_a_compact_information_state_is_a_short_key_of_the_readable_one():
    readable = spiel(TOY, 3, seed=4).new_initial_state()
    compact = spiel(TOY, 3, seed=4, compact_infostate=True).new_initial_state()
    play_randomly(readable, np.random.default_rng(1), 6)
    play_randomly(compact, np.random.default_rng(1), 6)
    keys = [compact.information_state_string(p) for p in range(3)]
    assert all(len(key) == 32 for key in keys) and len(set(keys)) == 3
    assert keys[0] == openspiel.compact_key(readable.information_state_string(0))
    assert compact.observation_string(0) == readable.observation_string(0)


def test_the_information_state_holds_own_secret_choices_not_others():
    spiel_game = spiel(TOY, 2, seed=5)
    state = spiel_game.new_initial_state()
    while state.episode.state.step == "draw":
        state.apply_action(TOY.action_space(2).encode(tabulae.Action("pass")))
    tile = state.episode.state.hands[0][0]
    state.apply_action(TOY.action_space(2).encode(tabulae.Action("play", tile)))
    mine, theirs = state.information_state_string(0), state.information_state_string(1)
    assert mine.splitlines()[-1] == f"played: pass · play {tile}"
    assert theirs.splitlines()[-1] == "played: pass"
    assert state.observation_string(1) == openspiel._text(state.episode.state.view(1))
    played = np.array(state.information_state_tensor(0))[-spiel_game.num_distinct_actions() :]
    space = TOY.action_space(2)
    assert played.sum() == 2
    assert played[space.encode(tabulae.Action("pass"))] == 1
    assert played[space.encode(tabulae.Action("play", tile))] == 1


def test_tensors_have_the_declared_shapes():
    spiel_game = spiel(TOY, 4)
    size = spiel_game.encoder.size
    assert spiel_game.observation_tensor_shape() == [size]
    assert spiel_game.information_state_tensor_shape() == [size + spiel_game.num_distinct_actions()]


def test_solo_games_and_clashing_options_are_refused():
    with pytest.raises(ValueError, match="Gymnasium"):
        openspiel.register(SOLO)

    class Clash(type(TOY)):
        id = "clash"
        options = (*TOY.options, Option("seed", 0))

    with pytest.raises(ValueError, match="option named seed"):
        openspiel.register(Clash())

    class AlsoAlone(type(TOY)):
        id = "also_alone"
        min_players = 1

    with pytest.raises(Exception, match="two players or more"):
        openspiel.load(AlsoAlone(), players=1)


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_evaluate_bots_plays_tabulae_bots_to_the_end(config):
    game, players = config
    spiel_game = spiel(game, players)
    bots = [
        openspiel.BotPlayer("greedy" if seat == 0 else "random", seat) for seat in range(players)
    ]
    returns = evaluate_bots.evaluate_bots(
        spiel_game.new_initial_state(), bots, np.random.RandomState(players)
    )
    assert len(returns) == players and sum(returns) == pytest.approx(0.0)
    assert all(-1.0 <= r <= 1.0 for r in returns)


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_max_game_length_is_the_games_stated_bound(config):
    game, players = config
    spiel_game = spiel(game, players)
    stated = game.observation(players, game.configure(players, {}))
    expected = stated.longest_game if stated else openspiel.MAX_GAME_LENGTH
    assert spiel_game.max_game_length() == openspiel.SEED_BYTES + expected
    state = spiel_game.new_initial_state()
    play_randomly(state, np.random.default_rng(1), 100_000)
    assert state.is_terminal() and len(state.history()) <= spiel_game.max_game_length()


def test_the_games_state_a_realistic_longest_game():
    for game in tabulae.all_games().values():
        for players in range(max(2, game.min_players), game.max_players + 1):
            longest = spiel(game, players).max_game_length()
            assert longest < 10_000, (game.id, players)


def test_openspiels_cpp_search_bots_refuse_tabulae_games_with_a_clear_error():
    spiel_game = spiel(TOY, 2)
    evaluator = pyspiel.RandomRolloutEvaluator(1, 0)
    with pytest.raises(openspiel.CppBotRefused, match="C\\+\\+ MCTSBot cannot play tabulae_"):
        pyspiel.MCTSBot(spiel_game, evaluator, 2.0, 10, 1000, False, 0, False)
    searcher = pyspiel.ISMCTSBot(
        0,
        evaluator,
        2.0,
        10,
        -1,
        pyspiel.ISMCTSFinalPolicyType.NORMALIZED_VISIT_COUNT,
        False,
        False,
    )
    state = spiel_game.new_initial_state()
    deal(state, np.random.default_rng(0))
    with pytest.raises(openspiel.CppBotRefused, match=r"ISMCTSBot.*ISMCTSBot with tabulae"):
        searcher.step(state)
    noughts = pyspiel.load_game("tic_tac_toe")  # OpenSpiel's own C++ games are still searched
    assert pyspiel.MCTSBot(noughts, evaluator, 2.0, 10, 1000, False, 0, False).step(
        noughts.new_initial_state()
    ) in range(9)


def test_a_perfect_information_search_is_warned_that_it_sees_hidden_cards():
    spiel_game = spiel(TOY, 2)
    state = spiel_game.new_initial_state()
    deal(state, np.random.default_rng(0))
    searcher = mcts.MCTSBot(
        spiel_game, 2.0, 4, openspiel.Evaluator(), random_state=np.random.RandomState(0)
    )
    with pytest.warns(openspiel.PerfectInformationWarning, match="ISMCTSBot"):
        searcher.step(state)


def test_an_information_set_search_is_not_warned():
    spiel_game = spiel(TOY, 2)
    state = spiel_game.new_initial_state()
    rng = np.random.default_rng(0)
    deal(state, rng)
    searcher = ismcts.ISMCTSBot(
        spiel_game, openspiel.Evaluator(), 2.0, 8, random_state=np.random.RandomState(0)
    )
    with warnings.catch_warnings():
        warnings.simplefilter("error", openspiel.PerfectInformationWarning)
        state.apply_action(searcher.step(state))
