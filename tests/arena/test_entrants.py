"""Bots are named on the command line as name:param=value:…"""

import pytest

from tabulae.arena import parse_entrant, parse_entrants
from tabulae.bots import GreedyBot, ISMCTSBot


def test_parameters_are_read_with_their_types():
    entrant = parse_entrant("ismcts:iterations=200:seconds=0.5:rollout=greedy:depth=none")
    assert entrant.bot == "ismcts"
    assert dict(entrant.params) == {
        "iterations": 200,
        "seconds": 0.5,
        "rollout": "greedy",
        "depth": None,
    }
    bot = entrant.make()
    assert isinstance(bot, ISMCTSBot) and bot.iterations == 200 and bot.seconds == 0.5
    assert bot.depth is None


def test_repeated_bots_get_numbered_labels():
    entrants = parse_entrants("greedy:samples=2,random,random,random")
    assert [e.label for e in entrants] == ["greedy:samples=2", "random", "random #2", "random #3"]
    assert isinstance(entrants[0].make(), GreedyBot)
    assert [e.label for e in parse_entrants("ismcts:seconds=1,greedy*3")] == [
        "ismcts:seconds=1",
        "greedy",
        "greedy #2",
        "greedy #3",
    ]


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("wizard", "no bot 'wizard'"),
        ("ismcts:iterations", "not written key=value"),
        ("greedy:depth=3", "does not take those parameters"),
        ("ismcts:iterations=0", "positive budget"),
    ],
)
def test_bad_bots_are_refused_before_any_game(spec, message):
    with pytest.raises(ValueError, match=message):
        parse_entrants(spec)
