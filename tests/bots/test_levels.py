"""Levels: opponents chosen by name, each a bot with a bounded think time, and every one of
them acts only legally in every game."""

import pytest

from tabulae.arena import parse_entrants
from tabulae.bots import BOTS, LEVELS, ISMCTSBot, bot_steps, known, make_bot
from tabulae.core import Rng
from tabulae.tui.seats import Seat, SeatError

from .games import every_game, player_counts

# A short search: legality does not depend on how long a level thinks.
SHORT = {"iterations": 12, "depth": 6}
ACTIONS = 3000  # as in test_legal: weak play may take long to end a game of The Builders


def short(name: str, state=None):
    """The level `name` with its search, if it has one, cut to a few iterations (as the game
    of `state` tunes it for its table, when given)."""
    kind = BOTS[LEVELS[name].bot]
    return make_bot(name, state, **{k: v for k, v in SHORT.items() if k in kind.parameters})


def test_the_levels_are_easy_medium_hard_and_today_s_search():
    assert list(LEVELS) == ["easy", "medium", "hard", "ismcts"]
    for level in LEVELS.values():
        assert level.label and level.about and level.bot in BOTS
        assert known(level.name)


def test_every_level_s_think_time_is_bounded():
    for level in LEVELS.values():
        bot = make_bot(level.name)
        if isinstance(bot, ISMCTSBot):
            assert bot.seconds is not None or bot.iterations is not None
            assert (bot.seconds or 0) <= 2 and (bot.iterations or 0) <= 1000


def test_a_level_is_its_bot_spec_and_given_parameters_override_it():
    assert (
        make_bot("medium").describe()
        == make_bot(
            "ismcts",
            iterations=500,
            seconds=1.0,
            rollout="informed",
            group=1,
            reuse=1,
            rounds=1,
        ).describe()
    )
    assert make_bot("medium", iterations=40).describe()["iterations"] == 40
    assert make_bot("easy").describe() == {"bot": "greedy", "samples": 4}


def test_a_raw_bot_s_name_is_the_raw_bot_and_the_ismcts_level_is_its_defaults():
    assert make_bot("ismcts").describe() == ISMCTSBot().describe()
    assert LEVELS["ismcts"].params == {}


def test_an_unknown_name_is_refused_naming_the_levels_and_bots():
    with pytest.raises(ValueError, match="levels: easy, medium, hard, ismcts"):
        make_bot("impossible")
    assert not known("impossible")
    with pytest.raises(ValueError, match="iterations"):
        make_bot("hard", iterations=0)


def test_the_terminal_and_the_arena_take_levels_by_name():
    assert Seat.parse("hard").bot().describe() == make_bot("hard").describe()
    assert Seat.parse("medium:iterations=20").bot().describe()["iterations"] == 20
    with pytest.raises(SeatError, match="random, greedy, ismcts, learned, easy, medium, hard"):
        Seat.parse("expert")
    entrants = parse_entrants("hard,easy*2")
    assert [e.label for e in entrants] == ["hard", "easy", "easy #2"]
    assert entrants[0].make().describe() == make_bot("hard").describe()


@every_game
@pytest.mark.parametrize("seed", range(4))
def test_every_level_only_ever_acts_legally(game, seed):
    counts = player_counts(game)
    players = counts[seed % len(counts)]
    names = list(LEVELS)
    state = game.new(players, seed)
    bots = [short(names[(seat + seed) % len(names)], state) for seat in range(players)]
    played = 0
    for seat, action in bot_steps(state, bots, [Rng(seed * 100 + s) for s in range(players)]):
        legal = state.legal_actions(seat)
        assert action in legal, f"{game.id} seed {seed}: seat {seat} chose '{action}' from {legal}"
        played += 1
        if played == ACTIONS:
            break
    assert played == ACTIONS or state.result() is not None
