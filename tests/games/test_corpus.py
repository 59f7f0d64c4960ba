"""The recorded corpus of bot games replays to the same events and results."""

import pytest

import tabulae

from . import corpus

CHUNKS = 6


@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize("game_id", sorted(tabulae.all_games()))
def test_recorded_games_replay_identically(game_id, chunk):
    game = tabulae.load(game_id)
    entries = corpus.load(game_id)
    assert len(entries) >= corpus.GAMES_PER_GAME
    assert {e["players"] for e in entries} == set(range(game.min_players, game.max_players + 1))
    changed = [
        (e["players"], e["seed"])
        for e in entries[chunk::CHUNKS]
        if corpus.replay(game, e) != e["digest"]
    ]
    assert not changed, f"these (players, seed) games now play out differently: {changed[:10]}"
