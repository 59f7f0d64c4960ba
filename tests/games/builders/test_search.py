"""How a search plays The Builders: its simulations' sensible actions at a glance, what it
weighs when told to weigh only sensible actions, and how the levels tune it."""

import pytest

from tabulae.bots import ISMCTSBot, decide, make_bot
from tabulae.core import Action, Rng
from tabulae.games.builders import GAME
from tabulae.games.builders.search import rollout_action

from .helpers import set_up

SEEDS = range(40)
UNPLANNED = {"loan", "free"}


def chosen(table, seat=0):
    """Every action a simulation picks for `seat` over 40 random streams."""
    legal = table.legal_actions(seat)
    picks = {rollout_action(table, seat, legal, Rng(seed)) for seed in SEEDS}
    assert picks <= set(legal)
    return picks


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


def test_a_simulation_sends_work_only_where_a_material_is_lacking():
    """The Rural House lacks stone and decoration: the apprentice who brings stone and
    decoration is sent there, the one who brings wood and architecture is not."""
    picks = chosen(rural_house(sesterces=10))
    assert Action("send", "apprentice_4", "rural_house") in picks
    assert not any(action[0] == "send" and action[1] == "apprentice_1" for action in picks)
    # Work remains and two cards are idle: no worker is recruited, no sesterce taken, and the
    # turn does not end while its free actions are left.
    assert {action[0] for action in picks} <= {"send", "start"}


def test_short_of_sesterces_a_simulation_takes_them_with_every_free_action():
    picks = chosen(set_up(sesterces={0: 2}))
    assert Action("take", 6) in picks
    assert not picks & {Action("take", 1), Action("take", 3), Action("end")}


def test_with_its_free_actions_spent_a_simulation_ends_the_turn():
    table = set_up(sesterces={0: 20})
    table.apply(0, Action("take", 6))
    assert chosen(table) == {Action("end")}


def test_a_simulation_leaves_a_loan_and_a_slave_s_freedom_to_the_search():
    table = set_up(idle={0: ["slave_1"]}, sesterces={0: 0})
    assert {action[0] for action in table.legal_actions(0)} >= UNPLANNED
    assert not {action[0] for action in chosen(table)} & UNPLANNED


def test_one_player_playing_as_the_simulations_do_wins_most_games_against_random_play():
    """Against a rival who plays at random but for loans and freedom, a player who plays as
    the simulations do wins nearly every game of two."""
    games, won = 20, 0
    for deal in range(games):
        table, rng, seat = GAME.new(2, seed=deal), Rng(deal), deal % 2
        while table.to_move:
            mover = table.to_move[0]
            legal = table.legal_actions(mover)
            if mover == seat:
                action = rollout_action(table, mover, legal, rng)
            else:
                kept = [a for a in legal if a[0] not in UNPLANNED] or legal
                action = kept[rng.below(len(kept))]
            table.apply(mover, action)
        ranks = table.result().ranks
        won += ranks[seat] == min(ranks)
    assert won >= 16, f"won {won} of {games}"


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_a_level_far_ahead_finishes_the_building_that_ends_the_game(level):
    """With 16 VP built, 60 sesterces and one apprentice who brings all the Rural House
    lacks, the game is won whenever the house is finished: the level finishes it this turn
    rather than taking sesterces turn after turn, for a sooner win pays more."""
    for seed in range(5):
        table = set_up(
            idle={0: ["apprentice_4"]},
            sites={0: {"rural_house": []}},
            finished={0: ["pyramid", "hanging_gardens", "trading_post"]},
            sesterces={0: 60},
        )
        bot = make_bot(level, table, seconds=None, iterations=150)
        assert bot.discount < 1 and bot.prune
        rng = Rng(seed)
        while table.to_move == (0,):
            table.apply(0, decide(bot, table, 0, rng))
        assert table.last_round, f"seed {seed}: the Rural House is still unfinished"


def test_the_levels_prefer_the_sooner_win_and_weigh_only_sensible_actions():
    for players in (2, 4):
        table = GAME.new(players, seed=1)
        medium, hard = make_bot("medium", table), make_bot("hard", table)
        assert medium.discount == hard.discount < 1
        assert medium.prune and hard.prune
        assert hard.reuse == (players == 2) and medium.reuse
    assert make_bot("ismcts", GAME.new(2, seed=1)).discount == 1
