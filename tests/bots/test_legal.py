"""Every bot acts only legally, in every game, at every player count, through every kind of
decision: turns, long multi-action turns, simultaneous secret choices, chance."""

import pytest

from tabulae.bots import bot_steps, decide, make_bot
from tabulae.core import Rng
from tabulae.core.conformance import snapshot

from .games import BOTS, every_game, player_counts, positions

# Bots this weak may take very long to end a game of The Builders (finding, say, that a slave
# must be freed and trained before any site can be finished): legality is checked on every
# action up to this many.
ACTIONS = 3000


@every_game
@pytest.mark.parametrize("seed", range(6))
def test_bots_only_ever_act_legally(game, seed):
    counts = player_counts(game)
    players = counts[seed % len(counts)]
    names = list(BOTS)
    bots = [make_bot(names[(s + seed) % 3], **BOTS[names[(s + seed) % 3]]) for s in range(players)]
    state = game.new(players, seed)
    played = 0
    for seat, action in bot_steps(state, bots, [Rng(seed * 100 + s) for s in range(players)]):
        assert seat in state.to_move
        legal = state.legal_actions(seat)
        assert action in legal, f"{game.id} seed {seed}: seat {seat} chose '{action}' from {legal}"
        played += 1
        if played == ACTIONS:
            break
    assert played == ACTIONS or state.result() is not None


@every_game
@pytest.mark.parametrize("name", list(BOTS))
def test_deciding_leaves_the_game_untouched(game, name):
    bot = make_bot(name, **BOTS[name])
    for state in positions(game, game.max_players, seed=3, count=6):
        picture = snapshot(state)
        for seat in state.to_move:
            assert decide(bot, state, seat, Rng(seat)) in state.legal_actions(seat)
        assert snapshot(state) == picture
