import pytest

from tabulae.core import BadOptions

from .toy_game import GAME


def test_new_fills_in_option_defaults():
    state = GAME.new(3, seed=1)
    assert dict(state.options) == {"rounds": 3, "open_hands": False}
    assert GAME.new(2, seed=1, rounds="5", open_hands="yes").options["rounds"] == 5


@pytest.mark.parametrize(
    ("players", "options", "message"),
    [
        (1, {}, "for 2–4 players"),
        (5, {}, "for 2–4 players"),
        (2, {"colour": "red"}, "no option colour"),
        (2, {"rounds": 0}, "at least 1"),
        (2, {"rounds": "many"}, "whole number"),
        (2, {"open_hands": "perhaps"}, "true or false"),
        (2, {"rounds": 2.5}, "takes a int"),
    ],
)
def test_bad_player_counts_and_options_are_refused_with_a_reason(players, options, message):
    with pytest.raises(BadOptions, match=message):
        GAME.new(players, **options)


def test_describe_lists_players_and_options():
    info = GAME.describe()
    assert info["players"] == [2, 4]
    assert {o["name"] for o in info["options"]} == {"rounds", "open_hands"}
    assert next(o for o in info["options"] if o["name"] == "open_hands")["choices"] == [False, True]


def test_action_space_is_fixed_per_configuration():
    assert len(GAME.action_space(2)) == 2 + 12
    assert len(GAME.action_space(4)) == 2 + 20
    assert GAME.action_space(2) is GAME.action_space(2, rounds=3)
