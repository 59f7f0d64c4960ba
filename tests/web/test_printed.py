"""The boards draw what the games' component data say is printed, never numbers of their own."""

from __future__ import annotations

import json

import pytest

from tabulae.core import load
from tabulae.web.printed import games_with_printed, path, text


@pytest.mark.parametrize("game", games_with_printed(), ids=lambda game: game.id)
def test_the_printed_file_matches_the_component_data(game):
    assert path(game).read_text(encoding="utf-8") == text(game), (
        f"run: python -m tabulae.web.printed (the {game.id} data changed)"
    )


def test_the_games_that_print_components_are_found_in_their_packages():
    assert {game.id for game in games_with_printed()} == {"hadrians_wall", "sylla"}


def test_hadrians_wall_sheets_have_the_printed_lengths():
    printed = json.loads(path(load("hadrians_wall")).read_text(encoding="utf-8"))
    lengths = {name: track["length"] for name, track in printed["tracks"].items()}
    assert lengths == {"mining_foresting": 14, "wall_guard": 18, "cippi": 7, "wall": 21, "fort": 21}
    assert len(printed["market"]) == 8 and len(printed["player_cards"]) == 12
