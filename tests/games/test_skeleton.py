"""Every game package spells its parts alike, so a reader who knows one finds his way in the
others: the rule set made in `game.py` as `GAME`, the invariants as `invariants.invariants`,
refusals made by `refusals.refused`, and the state on top in `state.py`."""

import importlib

import pytest

import tabulae
from tabulae.core.game import package

GAMES = sorted(tabulae.all_games())


def part(game_id: str, module: str):
    return importlib.import_module(f"{package(tabulae.load(game_id))}.{module}")


@pytest.mark.parametrize("game_id", GAMES)
def test_the_rule_set_is_made_in_game_py(game_id):
    assert part(game_id, "game").GAME is tabulae.load(game_id)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_same_names_in_every_package(game_id):
    game = tabulae.load(game_id)
    assert callable(part(game_id, "invariants").invariants)
    assert callable(part(game_id, "refusals").refused)
    state = game.new(players=game.min_players + 1, seed=1)
    assert type(state).__module__ == part(game_id, "state").__name__
    assert part(game_id, "invariants").invariants(state) == []
