"""Greedy looks one action ahead and judges the result with the game's own evaluation."""

import pytest

from tabulae.bots import GreedyBot, decide
from tabulae.core import Action, Rng
from tests.plugin_games.horreum import GAME as HORREUM
from tests.plugin_games.tesserae import GAME as TESSERAE


def test_greedy_takes_a_free_tile():
    state = TESSERAE.new(2, seed=3)
    assert decide(GreedyBot(), state, 0, Rng(1)) == Action("draw")


def test_greedy_judges_a_secret_choice_once_every_seat_has_chosen():
    """Playing a tile only scores when the rival's tile is revealed; judged before that, the
    bot would keep its best tile. Seat 0 holds the highest tile in the game, 12."""
    state = TESSERAE.new(2, seed=3)
    state.apply(0, Action("pass"))
    state.apply(1, Action("pass"))
    assert state.hands[0] == [10, 12] and state.to_move == (0, 1)
    assert decide(GreedyBot(samples=16), state, 0, Rng(1)) == Action("play", 12)
    state.apply(1, Action("play", 6))  # the rival chooses first: its tile stays secret
    assert decide(GreedyBot(samples=16), state, 0, Rng(1)) == Action("play", 12)


@pytest.mark.parametrize(("price", "sales"), [(2, 3), (3, 0)])
def test_greedy_sells_while_selling_is_worth_it_in_a_long_turn(price, sales):
    """Grain is worth 1/2.5 of a point to the evaluation: selling at 2 gains, at 3 loses."""
    state = HORREUM.new(1, seed=1)
    for _ in range(3):
        state.apply(0, Action("sow"))
    state.grain[0], state.price = 6, price
    assert state.phase == "market"
    sold = 0
    while state.to_move and state.phase == "market":
        action = decide(GreedyBot(), state, 0, Rng(sold))
        sold += action == Action("sell")
        state.apply(0, action)
    assert sold == sales


def test_greedy_needs_a_sample():
    with pytest.raises(ValueError, match="at least one sample"):
        GreedyBot(samples=0)
