import pytest

from tabulae.core import BadOptions
from tests.plugin_games.tesserae import GAME


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


def test_local_only_options_keep_their_default_when_set_remotely():
    from tabulae.core import Game, Option

    class Local(type(GAME)):
        options = (*GAME.options, Option("data", "bundled", "a data file", local_only=True))

    local = Local()
    assert local.configure(2, {"data": "mine.yaml"})["data"] == "mine.yaml"
    assert local.configure(2, {"data": "bundled"}, remote=True)["data"] == "bundled"
    with pytest.raises(BadOptions, match="only be set by a player on the machine"):
        local.configure(2, {"data": "mine.yaml"}, remote=True)
    assert {"name": "data", "local_only": True}.items() <= local.describe()["options"][-1].items()
    assert isinstance(local, Game)
