"""What a search weighs in The Builders when told to weigh only sensible actions."""

from tabulae.bots import ISMCTSBot
from tabulae.core import Action, Rng
from tabulae.games.builders import GAME

from .positions import set_up


def rural_house(sesterces):
    """The Rural House (stone and decoration) under construction, and idle beside the
    apprentice dealt: one apprentice who brings wood and architecture, one who brings stone
    and decoration."""
    return set_up(
        idle={0: ["apprentice_1", "apprentice_4"]},
        sites={0: {"rural_house": []}},
        sesterces={0: sesterces},
    )


def test_a_search_weighs_neither_an_early_end_nor_work_that_brings_nothing():
    table = rural_house(sesterces=10)
    legal = table.legal_actions(0)
    weighed = GAME.sensible_actions(table, 0, legal)
    assert set(weighed) < set(legal)
    assert Action("end") not in weighed
    assert not any(action[0] == "send" and action[1] == "apprentice_1" for action in weighed)
    assert Action("send", "apprentice_4", "rural_house") in weighed
    # The choices a simulation leaves to the search are the search's to weigh.
    assert Action("loan") in weighed
    assert {Action("take", 1), Action("take", 3), Action("take", 6)} <= set(weighed)


def test_with_no_free_action_left_a_search_weighs_ending_the_turn_and_the_work_that_helps():
    table = rural_house(sesterces=20)
    table.apply(0, Action("take", 6))
    legal = table.legal_actions(0)
    assert Action("take", 1) in legal and Action("loan") in legal  # each with an action bought
    weighed = GAME.sensible_actions(table, 0, legal)
    helping = {a for a in legal if a[0] == "send" and a[1] != "apprentice_1"}
    assert Action("send", "apprentice_4", "rural_house") in helping
    assert set(weighed) == {Action("end"), *helping}


def test_a_pruning_search_plays_and_weighs_only_sensible_actions():
    table = rural_house(sesterces=10)
    weighed = set(GAME.sensible_actions(table, 0, table.legal_actions(0)))
    search = ISMCTSBot(iterations=200, prune=1).search(table.clone(), 0, Rng(2))
    assert {row["action"] for row in search.statistics()} == {str(a) for a in weighed}
    assert search.best() in weighed
