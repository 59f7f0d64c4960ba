"""Hints: the strongest level's best moves for a seat, from what that seat knows only."""

import pytest

import tabulae
from tabulae.bots import decide, make_bot
from tabulae.bots.hints import MOVES, hint
from tabulae.core import Rng
from tabulae.core.conformance import snapshot

from .games import SEARCH, copies, every_game, positions, sample


@every_game
def test_the_hint_is_the_same_for_every_world_that_looks_the_same_to_the_seat(game):
    bot = make_bot("hard", **SEARCH)
    for state in sample(game):
        for seat in state.to_move:
            found = {str(hint(copy, seat, Rng(99), bot).to_json()) for copy in copies(state, seat)}
            assert len(found) == 1, f"the hint peeked in {game.id}"


@every_game
def test_the_hint_names_the_best_legal_moves_best_first_and_leaves_the_game_untouched(game):
    bot = make_bot("hard", **SEARCH)
    for state in positions(game, game.max_players, seed=2, count=4):
        picture = snapshot(state)
        seat = state.to_move[0]
        found = hint(state, seat, Rng(3), bot)
        legal = state.legal_actions(seat)
        assert 1 <= len(found.moves) <= MOVES
        assert len(found.moves) == min(MOVES, len(legal))
        assert all(move.action in legal for move in found.moves)
        visits = [move.visits for move in found.moves]
        assert visits == sorted(visits, reverse=True)
        assert found.iterations == 60
        assert 0 < sum(move.share for move in found.moves) <= 1 + 1e-9
        assert snapshot(state) == picture


@every_game
def test_the_hint_s_first_move_is_the_move_the_search_plays(game):
    bot = make_bot("hard", **SEARCH)
    for state in positions(game, game.max_players, seed=5, count=3):
        seat = state.to_move[0]
        if len(state.legal_actions(seat)) > 1:
            assert hint(state, seat, Rng(8), bot).moves[0].action == decide(
                bot, state, seat, Rng(8)
            )


def test_a_solitaire_hint_is_in_points_and_a_game_with_rivals_in_wins():
    solo = tabulae.load("hadrians_wall").new(1, seed=3)
    duel = tabulae.load("hadrians_wall").new(2, seed=3)
    bot = make_bot("hard", **SEARCH)
    assert hint(solo, 0, Rng(1), bot).measure == "score"
    found = hint(duel, duel.to_move[0], Rng(1), bot)
    assert found.measure == "wins"
    assert all(0 <= move.value <= 1 for move in found.moves)


def test_a_seat_not_to_move_gets_no_hint():
    state = tabulae.load("builders").new(3, seed=1)
    waiting = next(seat for seat in range(3) if seat not in state.to_move)
    with pytest.raises(ValueError, match="not to move"):
        hint(state, waiting, Rng(1), make_bot("hard", **SEARCH))
