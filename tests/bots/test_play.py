"""Bots at one table: simultaneous decisions are taken on the same position."""

from tabulae.bots import Bot, RandomBot, bot_steps
from tabulae.core import Action, Rng
from tests.plugin_games.horreum import GAME as HORREUM
from tests.plugin_games.tesserae import GAME as TESSERAE


class Recorder(RandomBot):
    """A random bot that notes what it was shown and prefers one action when it may."""

    def __init__(self, log, prefer=None):
        self.log, self.prefer = log, prefer

    def choose(self, state, seat, rng):
        self.log.append((seat, state.view(seat)))
        actions = state.legal_actions(seat)
        return self.prefer if self.prefer in actions else super().choose(state, seat, rng)


def test_every_seat_makes_its_secret_choice_before_any_is_played():
    log = []
    state = TESSERAE.new(3, seed=8)
    bots: list[Bot] = [Recorder(log) for _ in range(3)]
    steps = bot_steps(state, bots, [Rng(s) for s in range(3)])
    while state.step == "draw":
        next(steps)
    chosen = [view["chosen"] for seat, view in log if view["phase"] == "play"]
    assert chosen == [[False, False, False]] * 3


def test_a_choice_another_seat_has_made_illegal_is_taken_again():
    """Both farmers want the village press; the first in seat order gets it, and the other
    decides again on the position after."""
    log = []
    state = HORREUM.new(2, seed=1)
    bots: list[Bot] = [Recorder(log, prefer=Action("press")) for _ in range(2)]
    first = []
    for seat, action in bot_steps(state, bots, [Rng(1), Rng(2)]):
        first.append((seat, str(action)))
        if len(first) == 2:
            break
    assert first[0] == (0, "press") and first[1][0] == 1 and first[1][1] != "press"
    assert [seat for seat, _ in log[:3]] == [0, 1, 1]
    assert log[2][1]["pressed"] is True
