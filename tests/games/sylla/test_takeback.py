"""Sylla lets no action be taken back: every decision hands the turn on or is a secret
commitment (undo within a turn)."""

from tabulae.core import Rng
from tabulae.core.takeback import TakeBacks
from tabulae.games.sylla import GAME


def test_no_decision_of_sylla_may_be_taken_back():
    """Rulings S-03 and S-31: the secret choices are "one simultaneous decision"; S-08 and
    S-13: in the election and in a building auction each player, clockwise, "either passes or
    bids strictly more", once, so a bid is one decision that the next bidder answers. No turn
    holds several actions of one player, and nothing in Sylla is taken back."""
    state, runs, rng = GAME.new(3, seed=4), TakeBacks(), Rng(4)
    for _ in range(150):
        if not state.to_move:
            break
        seat = state.to_move[rng.below(len(state.to_move))]
        legal = state.legal_actions(seat)
        action = legal[rng.below(len(legal))]
        before = state.clone()
        state.apply(seat, action)
        runs.played(before, seat, action, state)
        assert runs.allowed(seat) == 0, f"{action} by seat {seat}"
