"""No peeking: a bot decides from what its seat knows, never from the hidden truth.

The real position and two determinizations of it look the same to the deciding seat, so a
bot handed any of them, with the same random stream, must make the same decision.
"""

import pytest

from tabulae.bots import Bot, make_bot
from tabulae.core import Action, Rng, State
from tabulae.core.conformance import snapshot
from tests.plugin_games.tesserae import GAME as TESSERAE

from .games import BOTS, copies, every_game, positions, sample


def decisions(bot: Bot, state: State, seat: int) -> set[Action]:
    return {bot.choose(copy, seat, Rng(99)) for copy in copies(state, seat)}


@every_game
def test_determinize_depends_only_on_what_the_seat_knows(game):
    for state in sample(game):
        for seat in state.to_move:
            worlds = [copy.determinize(seat, Rng(5)) for copy in copies(state, seat)]
            assert snapshot(worlds[0]) == snapshot(worlds[1]) == snapshot(worlds[2]), (
                f"{game.id}: determinize({seat}) of two copies that look the same to seat "
                f"{seat} gave different worlds; pool unseen items in a fixed order first"
            )


@every_game
@pytest.mark.parametrize("name", list(BOTS))
def test_a_bot_decides_the_same_for_every_copy_of_the_same_information(game, name):
    bot = make_bot(name, **BOTS[name])
    for state in sample(game):
        for seat in state.to_move:
            assert len(decisions(bot, state, seat)) == 1, f"{name} peeked in {game.id}"


class Peeker(Bot):
    """Plays the tile of its own whose rank matches the rival's best tile: it cheats."""

    name = "peeker"

    def choose(self, state, seat, rng):
        actions = state.legal_actions(seat)
        rival = max(state.hands[(seat + 1) % state.players])
        return actions[rival % len(actions)]


def test_the_check_catches_a_bot_that_peeks():
    caught = [
        len(decisions(Peeker(), state, seat)) > 1
        for state in positions(TESSERAE, 2, seed=4, count=12)
        for seat in state.to_move
        if state.step == "play"
    ]
    assert any(caught)
