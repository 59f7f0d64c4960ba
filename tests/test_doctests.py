"""The `>>>` examples of the public entry points run as written: the package, the core
protocol (`Game`, `State`, `Action`, `Match`, `Rng`, `Result`, the registry) and each game's
rule set, as python-chess documents its API."""

from __future__ import annotations

import doctest
import importlib

import pytest

import tabulae
from tabulae.core import Action, Game, Match, Result, Rng, State, all_games, load
from tabulae.core.registry import interface_module, interface_path

MODULES = [
    "tabulae",
    "tabulae.core.actions",
    "tabulae.core.flow",
    "tabulae.core.game",
    "tabulae.core.lessons",
    "tabulae.core.match",
    "tabulae.core.registry",
    "tabulae.core.result",
    "tabulae.core.rng",
    "tests.plugin_games.tesserae.game",
    *(type(game).__module__ for game in tabulae.all_games().values()),
]

ENTRY_POINTS = [
    Action,
    Game,
    State,
    Match,
    Rng,
    Result,
    all_games,
    load,
    interface_module,
    interface_path,
    *(type(game) for game in tabulae.all_games().values()),
]


@pytest.mark.parametrize("name", MODULES)
def test_the_examples_run_as_written(name):
    module = importlib.import_module(name)
    outcome = doctest.testmod(module, optionflags=doctest.ELLIPSIS, verbose=False)
    assert outcome.attempted > 0, f"{name} has no example"
    assert outcome.failed == 0, f"{outcome.failed} of the examples of {name} fail (printed above)"


@pytest.mark.parametrize("entry", ENTRY_POINTS, ids=lambda entry: entry.__qualname__)
def test_each_entry_point_shows_an_example(entry):
    assert ">>>" in (entry.__doc__ or ""), f"{entry.__qualname__} has no >>> example"
    assert entry.__module__ in MODULES
