"""The encoded views, for games without a designed observation: a layout read from views."""

import numpy as np
import pytest

from tabulae.core import Rng, random_steps
from tabulae.interop.observation import Shape, ViewEncoder, explore, view_encoder
from tests.interop.games import SOLO, config_id, configurations
from tests.plugin_games.tesserae import GAME as TOY

CONFIGS = configurations([TOY, SOLO])


def encoder_of(*views: object) -> ViewEncoder:
    shape = Shape()
    for view in views:
        shape.add(view)
    return ViewEncoder(shape)


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_every_view_of_a_configuration_encodes_to_the_same_size(config):
    game, players = config
    encoder = view_encoder(game, players)
    assert encoder.size > 0
    assert len(encoder.labels) == encoder.size == encoder.low.size == encoder.high.size
    assert np.all(encoder.low <= encoder.high)
    for seed in range(3):
        state = game.new(players, seed=100 + seed)
        for _ in random_steps(state, Rng(seed)):
            for seat in range(players):
                vector = encoder.encode(state.view(seat))
                assert vector.shape == (encoder.size,) and vector.dtype == np.float32
                assert np.all((vector >= encoder.low) & (vector <= encoder.high))


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_the_encoding_is_blind_to_what_the_seat_cannot_see(config):
    game, players = config
    encoder = view_encoder(game, players)
    state = game.new(players, seed=5)
    rng = Rng(5)
    for step, _ in enumerate(random_steps(state, Rng(6))):
        if step % 3 == 0:
            for seat in range(players):
                imagined = state.determinize(seat, rng)
                assert np.array_equal(
                    encoder.encode(imagined.view(seat)), encoder.encode(state.view(seat))
                )


def test_the_layout_is_derived_deterministically_and_cached():
    fresh = ViewEncoder(explore(TOY, 3, TOY.configure(3, {})))
    assert fresh.labels == view_encoder(TOY, 3).labels
    assert view_encoder(TOY, 3) is view_encoder(TOY, 3, rounds=3)
    assert view_encoder(TOY, 3, open_hands=True) is not view_encoder(TOY, 3)


def test_a_seat_sees_its_own_tiles_and_only_counts_of_the_others():
    encoder = view_encoder(TOY, 3)
    state = TOY.new(3, seed=8)
    vector = dict(zip(encoder.labels, encoder.encode(state.view(1)), strict=True))
    mine = state.hands[1]
    assert vector["hands[1] is a list"] == 1 and vector["hands[1] length"] == len(mine)
    assert [vector[f"hands[1][{i}]"] for i in range(len(mine))] == mine
    assert vector["hands[0] is a number"] == 1 and vector["hands[0]"] == len(state.hands[0])
    assert vector["hands[0] length"] == 0 and vector["hands[0][0]"] == 0
    assert vector["phase = draw"] == 1 and vector["phase = play"] == 0


def test_words_are_one_hot_with_a_slot_for_unseen_words():
    encoder = encoder_of({"phase": "draw"}, {"phase": "play"})
    assert encoder.labels == ("phase = draw", "phase = play", "phase = (another word)")
    assert encoder.encode({"phase": "play"}).tolist() == [0, 1, 0]
    assert encoder.encode({"phase": "vote"}).tolist() == [0, 0, 1]


def test_lists_of_varying_length_keep_room_and_count_what_overflows():
    encoder = encoder_of({"row": [1, 2]}, {"row": [4, 5, 6, 7]})
    assert encoder.labels[0] == "row length" and encoder.size == 1 + 6
    assert encoder.encode({"row": [9]}).tolist() == [1, 9, 0, 0, 0, 0, 0]
    with pytest.warns(UserWarning, match="8 items has room for 6"):
        assert encoder.encode({"row": list(range(1, 9))}).tolist() == [8, 1, 2, 3, 4, 5, 6]


def test_lists_of_fixed_length_keep_exactly_their_positions():
    encoder = encoder_of({"points": [0, 0, 0]}, {"points": [1, 2, 3]})
    assert encoder.labels == ("points length", "points[0]", "points[1]", "points[2]")


def test_sorted_lists_of_words_are_counted_as_bags():
    encoder = encoder_of({"hand": ["a", "b", "b"]}, {"hand": ["c"]})
    assert encoder.labels[-1] == "hand count of other words"
    assert encoder.encode({"hand": ["b", "b", "z"]}).tolist() == [0, 2, 0, 1]
    ordered = encoder_of({"row": ["b", "a"]}, {"row": ["a", "c"]})
    assert ordered.labels[:2] == ("row length", "row[0] = a")


def test_places_holding_several_kinds_get_a_flag_per_kind():
    encoder = encoder_of({"x": None}, {"x": 3}, {"x": [True]}, {"y": {"z": "w"}})
    vector = dict(zip(encoder.labels, encoder.encode({"x": 5}), strict=True))
    assert vector["x is none"] == 0 and vector["x is a number"] == 1 and vector["x"] == 5
    assert vector["x is a list"] == 0 and vector["x present"] == 1 and vector["y present"] == 0
    bounds = dict(zip(encoder.labels, zip(encoder.low, encoder.high, strict=True), strict=True))
    assert bounds["x[0]"] == (0, 1)  # only flags were seen there
    assert bounds["x"] == (0, 6)  # twice as far as the views went, from 0
    beyond = dict(zip(encoder.labels, encoder.encode({"x": 70}), strict=True))
    assert beyond["x"] == 6  # a number past its bound reads as the bound


def test_a_view_that_is_not_json_ready_is_refused():
    with pytest.raises(TypeError, match="not JSON-ready"):
        Shape().add({"cards": (1, 2)})
