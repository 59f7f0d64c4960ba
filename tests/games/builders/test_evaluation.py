"""The evaluation judges as a strong player would: greedy play on it, in telling positions,
and greedy play on it always brings a game to its end."""

import pytest

from tabulae.bots import bot_steps, make_bot
from tabulae.core import Action, Rng
from tabulae.games.builders import GAME
from tabulae.games.builders.components import WORKERS, card

from .helpers import NUMBER, play, set_up

TOWN_HOUSE, TEMPLE, SHIPYARD = NUMBER["town_house"], NUMBER["temple"], NUMBER["shipyard"]


def greedy_turn(table, seed=0):
    """The actions greedy plays in the rest of the seat's turn."""
    bot, rng, seat = make_bot("greedy"), Rng(seed), table.active_seat
    played = []
    while table.to_move == (seat,):
        action = bot.act(table.clone(), seat, Rng(rng.next64()))
        table.apply(seat, action)
        played.append(str(action))
        if action == Action("end"):
            break
    return played


def no_workers_left(sites, rivals=(1,)):
    """Every worker hired: those not on `sites` (seat 0's) shared out among the idle cards of
    the `rivals`, so that none is left in the worker row or deck."""
    working = {worker for crew in sites.values() for worker in crew}
    others = [card(worker).id for worker in WORKERS if card(worker).id not in working]
    idle = {seat: others[place :: len(rivals)] for place, seat in enumerate(rivals)}
    return {"sites": {0: sites}, "idle": idle, "workers": []}


# -- loans --


def test_greedy_takes_an_early_loan_that_finishes_two_buildings_this_turn():
    """Rulebook, "Pożyczka": a loan brings 10 sesterces for one action and "at the final
    scoring the player must return 15 sesterces for each loan taken". With no sesterces,
    two masters idle and each able to finish a building (wages 5 and 5), taking sesterces
    would spend the whole turn; the loan pays the wages, and the Town House is finished
    this turn."""
    table = set_up(
        sesterces={0: 0},
        # the Town House missing 1 stone and 2 wood, the Temple 2 wood
        sites={0: {"town_house": ["laborer_4"], "temple": ["master_4"]}},
        idle={0: ["master_2", "master_3"]},
    )
    played = greedy_turn(table)
    assert played[0] == "loan" and table.loans[0] == 1
    assert TOWN_HOUSE in table.finished[0]


def test_greedy_takes_no_loan_it_does_not_need():
    """The same position with the wages in hand: a loan would only cost 5 sesterces."""
    table = set_up(
        sites={0: {"town_house": ["laborer_4"], "temple": ["master_4"]}},
        idle={0: ["master_2", "master_3"]},
    )
    played = greedy_turn(table)
    assert "loan" not in played and table.loans[0] == 0
    assert {TOWN_HOUSE, TEMPLE} <= set(table.finished[0])


def last_turn(**given):
    """Seat 0 about to play the last turn of the game (the first player, seat 1, has
    played), its cards all on an unfinished Pyramid (its apprentice dealt at the start,
    apprentice_3, among them): nothing it can finish this turn."""
    pyramid = {"pyramid": ["master_1", "apprentice_3"]}
    return set_up(first=1, to_move=0, last_round=True, **no_workers_left(pyramid), **given)


def test_greedy_takes_the_sesterce_that_repays_its_loan_in_its_last_turn():
    """Rulebook, "Pożyczka": "If he does not [return 15 sesterces], he loses 2 victory
    points for each loan not repaid." With 14 sesterces, one loan and one free action left
    in its last turn, taking 1 sesterce lets it repay: 0 VP instead of 1.4 - 2."""
    table = last_turn(loans={0: 1}, sesterces={0: 11})
    play(table, table.active_seat, "take 3")  # two of its three free actions spent
    assert table.sesterces[0] == 14
    assert table.free_actions_left() == 1
    played = greedy_turn(table)
    assert played == ["take 1", "end"]
    settled = table.result().details["players"][0]
    assert settled["repaid"] == 1 and settled["unpaid_loans"] == 0
    assert table.result().scores[0] == 0.0


def test_a_loan_counts_at_what_settling_it_will_cost_in_the_last_round():
    """Rulebook, "Koniec gry": each player repays his loans at 15 sesterces if he can, and
    loses 2 VP for each one he does not repay; a sesterce left is worth 0.1 VP. Once a seat
    has played its last turn, its evaluation is that settlement, and the end agrees."""
    table = set_up(first=1, to_move=0, last_round=True, loans={1: 2}, sesterces={1: 20})
    # seat 1 repays one loan (20 - 15 = 5 left), not the other
    assert GAME.evaluate(table, 1) == pytest.approx(0.5 - 2)
    play(table, table.active_seat, "end")
    assert table.result().scores[1] == pytest.approx(0.5 - 2)
    assert table.result().details["players"][1]["repaid"] == 1


# -- the last turn --


def test_greedy_buys_no_action_in_its_last_turn_to_take_one_sesterce():
    """Rulebook, "Koniec gry": "if at the end of his turn a player has at least 17 victory
    points, the game ends. Players who have not yet played their turn in this round play
    their last turn", the player to the right of the first playing last. In that last
    turn, with the free actions spent and nothing to finish, a site's promise is worth
    nothing at the end: paying 5 sesterces for an action to take 1 only loses 4."""
    table = last_turn()
    play(table, table.active_seat, "take 6")
    assert table.free_actions_left() == 0 and table.sesterces[0] == 16
    before = table.sesterces[0]
    played = greedy_turn(table)
    assert played == ["end"] and table.result() is not None
    assert table.result().details["players"][0]["held"] == before


def test_greedy_buys_no_action_in_a_last_turn_that_is_not_the_last_of_the_game():
    """The same in the last round for a player who is not the last to play: after his
    turn no other comes to him, so an action bought to take 1 sesterce only loses 4."""
    pyramid = {"pyramid": ["master_1", "apprentice_3"]}  # apprentice_3: dealt to seat 0
    table = set_up(players=3, last_round=True, **no_workers_left(pyramid, rivals=(1, 2)))
    play(table, table.active_seat, "take 6")
    played = greedy_turn(table)
    assert played == ["end"] and table.sesterces[0] == 16 and table.active_seat == 1


def test_greedy_uses_its_last_free_actions_and_then_ends():
    """In his last turn the free actions left are worth only the sesterces they take."""
    table = last_turn()
    played = greedy_turn(table)
    assert played == ["take 6", "end"] and table.result().scores[0] == 1.6


# -- finishing --


def test_greedy_buys_the_slave_that_finishes_its_last_building():
    """Rulebook, "Więźniowie": a slave costs 7 sesterces and works for nothing. Late in a
    two-player game every card of seat 0 is on a site and no worker is left to recruit;
    the Shipyard lacks one decoration, and a slave bringing two is on offer. With 68
    sesterces, buying it and sending it finishes the Shipyard (2 VP, 8 sesterces) and
    brings its crew back; taking sesterces for ever finishes nothing."""
    sites = {
        "shipyard": ["craftsman_3"],  # missing decoration 1
        "pyramid": ["master_1", "master_2", "apprentice_3"],  # apprentice_3: dealt to seat 0
    }
    table = set_up(
        round=31,
        finished={0: ["colossus_of_rhodes", "ziggurat"], 1: ["town_hall"]},
        sesterces={0: 68},
        **no_workers_left(sites),
    )
    assert table.victory_points == [12, 3]
    played = greedy_turn(table)
    assert played[0].startswith("buy slave")
    assert SHIPYARD in table.finished[0]


def far_ahead(first):
    """Seat 0 far ahead at 15 VP, its Shipyard lacking one decoration and an idle slave
    bringing two; a Pyramid half built, which the end will leave unfinished."""
    table = set_up(
        first=first,
        to_move=0,  # with seat 1 first, seat 0 is last in the round
        finished={
            0: ["colossus_of_rhodes", "hanging_gardens", "trading_post"],
            1: ["stall", "rural_house"],
        },
        sites={0: {"shipyard": ["craftsman_3"], "pyramid": ["master_1", "master_2"]}},
        idle={0: ["slave_2"]},
    )
    assert table.victory_points == [15, 2]
    return table


@pytest.mark.parametrize("first", [0, 1])
def test_greedy_far_ahead_finishes_the_building_that_ends_the_game(first):
    """Rulebook, "Koniec gry": at 17 VP at the end of his turn the game ends once the round
    is complete. Far ahead, finishing the Shipyard wins the game: greedy sends the slave,
    whether the round ends with its own turn (first player seat 1) or the rival's."""
    table = far_ahead(first)
    played = greedy_turn(table)
    assert "send slave_2 shipyard" in played and table.victory_points[0] >= 17
    assert table.result() is not None if first == 1 else table.last_round


# -- whole games --

# Games whose greedy seats once stalled, every card on a site and sesterces taken for ever,
# or, far ahead, never finished the building that would end the game; and others for each
# player count.
STALLED = [
    (("greedy",) * 4, 5, {}),
    (("greedy",) * 4, 6, {}),
    (("greedy",) * 4, 5, {"limited_bank": True}),
    (("greedy",) * 4, 6, {"limited_bank": True}),
    (("greedy",) * 2, 3, {}),
    (("greedy",) * 3, 1, {"limited_bank": True}),
    (("greedy", "random"), 17, {}),
    (("random", "greedy"), 18, {}),
]
# A dozen more seeds of all-greedy games at each player count, and of greedy against random
# in either seat; half of them with the bank limited to its coins.
SWEEP = [
    (seats, seed, {"limited_bank": seed % 2 == 1})
    for seed in range(40, 52)
    for seats in (
        ("greedy",) * 2,
        ("greedy",) * 3,
        ("greedy",) * 4,
        ("greedy", "random")[:: 1 if seed % 2 else -1],
    )
]
ACTIONS_BOUND = 1500


@pytest.mark.parametrize(("seats", "seed", "options"), STALLED + SWEEP)
def test_games_with_greedy_seats_end(seats, seed, options):
    table = GAME.new(len(seats), seed, **options)
    bots = [make_bot(name, samples=1) if name == "greedy" else make_bot(name) for name in seats]
    rngs = [Rng(seed * 10 + seat) for seat in range(len(seats))]
    played = sum(1 for _ in bot_steps(table, bots, rngs, max_steps=ACTIONS_BOUND))
    assert played < ACTIONS_BOUND and table.result() is not None
