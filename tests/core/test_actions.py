import json

import pytest

from tabulae.core import Action, ActionSpace, IllegalAction, all_games
from tests.plugin_games import horreum, tesserae


def test_notation_json_and_parsing_round_trip():
    action = Action("cube", "vestal", "epidemic")
    assert str(action) == "cube vestal epidemic"
    assert Action.parse("cube  vestal epidemic ") == action
    bid = Action("bid", 4)
    assert bid.kind == "bid" and bid.args == (4,)
    assert Action.parse("bid 4") == bid and Action.parse("bid 4").args[0] == 4
    assert Action.from_json(json.loads(json.dumps(bid.to_json()))) == bid
    assert repr(bid) == "Action('bid', 4)"
    assert eval(repr(bid)) == bid


def configurations(game):
    """Every player count with the default options, and each option's other choices."""
    for players in range(game.min_players, game.max_players + 1):
        yield players, {}
        for option in game.options:
            for value in option.choices or ():
                if value != option.default:
                    yield players, {option.name: value}


GAMES = {**all_games(), "horreum": horreum.GAME, "tesserae": tesserae.GAME}


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_action_of_every_game_is_built_again_from_its_repr(game_id):
    game = GAMES[game_id]
    checked = 0
    for players, options in configurations(game):
        for action in game.actions(players, game.configure(players, options)):
            assert eval(repr(action), {"Action": Action}) == action, repr(action)
            assert type(eval(repr(action), {"Action": Action})) is Action
            checked += 1
    assert checked


def test_actions_are_immutable_and_hashable():
    action = Action("thumb", "up", 3)
    with pytest.raises(TypeError):
        action[0] = "x"  # type: ignore[index]
    assert {action: 1}[Action("thumb", "up", 3)] == 1


@pytest.mark.parametrize("bad", [None, [], [3], {"kind": "bid"}, ["bid", 1.5], ["bid", [1]]])
def test_malformed_json_is_refused_with_a_reason(bad):
    with pytest.raises(IllegalAction, match="not an action"):
        Action.from_json(bad)


def test_empty_notation_is_refused():
    with pytest.raises(IllegalAction, match="empty"):
        Action.parse("   ")


def test_action_space_codes_are_positions():
    space = ActionSpace([Action("pass"), Action("bid", 1), Action("bid", 2)])
    assert len(space) == 3 and space.encode(Action("bid", 2)) == 2
    assert space.decode(1) == Action("bid", 1)
    assert space.mask([Action("pass"), Action("bid", 2)]) == [True, False, True]
    with pytest.raises(IllegalAction, match="not an action of this game"):
        space.encode(Action("bid", 9))
    with pytest.raises(IllegalAction, match="no action has code 3"):
        space.decode(3)
    with pytest.raises(ValueError, match="twice"):
        ActionSpace([Action("pass"), Action("pass")])
