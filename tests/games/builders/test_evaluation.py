"""Greedy play on the evaluation always brings a game to its end."""

import pytest

from tabulae.bots import bot_steps, make_bot
from tabulae.core import Rng
from tabulae.games.builders import GAME

# Games whose greedy seats once stalled, every card on a site and sesterces taken for ever,
# or, far ahead, never finished the building that would end the game; and others for each
# player count.
GAMES = [
    (("greedy",) * 4, 5, {}),
    (("greedy",) * 4, 6, {}),
    (("greedy",) * 4, 5, {"limited_bank": True}),
    (("greedy",) * 4, 6, {"limited_bank": True}),
    (("greedy",) * 2, 3, {}),
    (("greedy",) * 3, 1, {"limited_bank": True}),
    (("greedy", "random"), 17, {}),
    (("random", "greedy"), 18, {}),
]
ACTIONS_BOUND = 1500


@pytest.mark.parametrize(("seats", "seed", "options"), GAMES)
def test_games_with_greedy_seats_end(seats, seed, options):
    state = GAME.new(len(seats), seed, **options)
    bots = [make_bot(name, samples=1) if name == "greedy" else make_bot(name) for name in seats]
    rngs = [Rng(seed * 10 + seat) for seat in range(len(seats))]
    played = sum(1 for _ in bot_steps(state, bots, rngs, max_steps=ACTIONS_BOUND))
    assert played < ACTIONS_BOUND and state.result() is not None
