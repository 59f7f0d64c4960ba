"""The evaluation judges as a strong player would: greedy play on it, in telling positions."""

from tabulae.bots import make_bot
from tabulae.core import Action, Rng
from tabulae.games.builders import GAME
from tabulae.games.builders.cards import card

from .positions import NUMBER, hand, new, play, site

TOWN_HOUSE, TEMPLE = NUMBER["town_house"], NUMBER["temple"]


def greedy_turn(state, seed=0):
    """The actions greedy plays in the rest of the seat's turn."""
    bot, rng, seat = make_bot("greedy"), Rng(seed), state.seat
    played = []
    while state.to_move == (seat,):
        action = bot.act(state.clone(), seat, Rng(rng.next64()))
        state.apply(seat, action)
        played.append(str(action))
        if action == Action("end"):
            break
    return played


def test_greedy_takes_an_early_loan_that_finishes_two_buildings_this_turn():
    """Rulebook, "Pożyczka": a loan brings 10 sesterces for one action and costs 15 at the
    final scoring. With no sesterces, two masters idle and each able to finish a building
    (wages 5 and 5), taking sesterces would spend the whole turn; the loan leaves two
    actions to send both and finish both buildings now, whose 20 sesterces repay it."""
    state = new()
    state.money[0] = 0
    site(state, 0, "town_house", "laborer_4")  # missing stone 1, wood 2
    site(state, 0, "temple", "master_4")  # missing wood 2
    hand(state, 0, "master_2", "master_3")
    played = greedy_turn(state)
    assert played[0] == "loan"
    assert {TOWN_HOUSE, TEMPLE} <= set(state.built[0]) and state.vp[0] == 6


def test_greedy_takes_no_loan_it_does_not_need():
    """The same position with the wages in hand: a loan would only cost 5 sesterces."""
    state = new()
    site(state, 0, "town_house", "laborer_4")
    site(state, 0, "temple", "master_4")
    hand(state, 0, "master_2", "master_3")
    played = greedy_turn(state)
    assert "loan" not in played and state.loans[0] == 0
    assert {TOWN_HOUSE, TEMPLE} <= set(state.built[0])


def last_turn():
    """Seat 0 about to play the last turn of the game (the first player, seat 1, has
    played), its cards all on an unfinished Pyramid: nothing it can finish this turn."""
    state = new(first=1)
    play(state, "end")
    state.last_round = True
    (apprentice,) = state.idle[0]
    site(state, 0, "pyramid", "master_1", card(apprentice).id)
    state.worker_row.clear()
    state.worker_deck.clear()
    return state


def test_greedy_buys_no_action_in_its_last_turn_to_take_one_sesterce():
    """Rulebook, "Koniec gry": "if at the end of his turn a player has at least 17 victory
    points, the game ends. Players who have not yet played their turn in this round play
    their last turn", the player to the right of the first playing last. In that last
    turn, with the free actions spent and nothing to finish, a site's promise is worth
    nothing at the end: paying 5 sesterces for an action to take 1 only loses 4."""
    state = last_turn()
    play(state, "take 6")
    assert state.free_actions_left() == 0 and state.money[0] == 16
    before = state.money[0]
    played = greedy_turn(state)
    assert played == ["end"] and state.result() is not None
    assert state.result().details["players"][0]["held"] == before


def test_greedy_uses_its_last_free_actions_and_then_ends():
    """In his last turn the free actions left are worth only the sesterces they take."""
    state = last_turn()
    played = greedy_turn(state)
    assert played == ["take 6", "end"] and state.result().scores[0] == 1.6


def test_the_last_round_is_valued_at_what_the_end_pays():
    """Once a seat has played its last turn its evaluation is its final score."""
    state = new(first=1)
    play(state, "end")
    state.last_round = True
    site(state, 1, "pyramid", "master_1")
    state.money[1] = 14
    assert GAME.evaluate(state, 1) == 1.4
    play(state, "end")
    assert [GAME.evaluate(state, s) for s in range(2)] == list(state.result().scores)
