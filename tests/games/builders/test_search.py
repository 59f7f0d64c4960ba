"""How a search's simulations play The Builders: sensible actions at a glance."""

from tabulae.bots import ISMCTSBot
from tabulae.core import Action, Rng
from tabulae.games.builders import GAME
from tabulae.games.builders.search import UNPLANNED, rollout_action

from .positions import set_up

SEEDS = range(40)


def chosen(table, seat=0):
    legal = table.legal_actions(seat)
    picks = {rollout_action(table, seat, legal, Rng(seed)) for seed in SEEDS}
    assert picks <= set(legal)
    return picks


def test_work_goes_only_where_a_material_is_lacking():
    """The Rural House lacks stone and decoration: the apprentice who brings stone and
    decoration is sent there, the one who brings wood and architecture is not."""
    table = set_up(
        idle={0: ["apprentice_1", "apprentice_4"]},
        sites={0: {"rural_house": []}},
        sesterces={0: 10},
    )
    picks = chosen(table)
    assert Action("send", "apprentice_4", "rural_house") in picks
    assert not any(action[0] == "send" and action[1] == "apprentice_1" for action in picks)
    # Work remains and two cards are idle: no worker is recruited, no sesterce taken, and the
    # turn does not end while its free actions are left.
    assert {action[0] for action in picks} <= {"send", "start"}


def test_short_of_sesterces_a_simulation_takes_them_with_every_free_action():
    table = set_up(sesterces={0: 2})
    picks = chosen(table)
    assert Action("take", 6) in picks
    assert not picks & {Action("take", 1), Action("take", 3), Action("end")}


def test_with_its_free_actions_spent_a_simulation_ends_the_turn():
    table = set_up(sesterces={0: 20})
    table.apply(0, Action("take", 6))
    assert chosen(table) == {Action("end")}


def test_a_loan_and_a_slave_s_freedom_are_left_to_the_search():
    table = set_up(idle={0: ["slave_1"]}, sesterces={0: 0})
    legal = table.legal_actions(0)
    assert {action[0] for action in legal} & UNPLANNED == UNPLANNED
    assert not {action[0] for action in chosen(table)} & UNPLANNED


def test_one_player_playing_so_wins_most_games_against_three_who_play_at_random():
    """Against rivals who play at random but for loans and freedom, a player who plays as the
    simulations do must win well beyond the fair share of a table of four."""
    games, won = 12, 0.0
    for deal in range(games):
        table, rng, seat = GAME.new(4, seed=deal), Rng(deal), deal % 4
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
        if ranks[seat] == min(ranks):
            won += 1 / list(ranks).count(ranks[seat])
    assert won > games / 2, f"won {won} of {games}"


def test_a_search_weighs_neither_an_early_end_nor_work_that_brings_nothing():
    table = set_up(
        idle={0: ["apprentice_1", "apprentice_4"]},
        sites={0: {"rural_house": []}},
        sesterces={0: 10},
    )
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
    table = set_up(
        idle={0: ["apprentice_1", "apprentice_4"]},
        sites={0: {"rural_house": []}},
        sesterces={0: 20},
    )
    table.apply(0, Action("take", 6))
    legal = table.legal_actions(0)
    assert Action("take", 1) in legal and Action("loan") in legal  # each with an action bought
    weighed = GAME.sensible_actions(table, 0, legal)
    helping = {a for a in legal if a[0] == "send" and a[1] != "apprentice_1"}
    assert Action("send", "apprentice_4", "rural_house") in helping
    assert set(weighed) == {Action("end"), *helping}


def test_a_pruning_search_plays_and_weighs_only_sensible_actions():
    table = set_up(
        idle={0: ["apprentice_1", "apprentice_4"]},
        sites={0: {"rural_house": []}},
        sesterces={0: 10},
    )
    weighed = set(GAME.sensible_actions(table, 0, table.legal_actions(0)))
    search = ISMCTSBot(iterations=200, prune=1).search(table.clone(), 0, Rng(2))
    assert {row["action"] for row in search.statistics()} == {str(a) for a in weighed}
    assert search.best() in weighed
