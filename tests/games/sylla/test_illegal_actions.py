"""Every kind of illegal action is refused with a clear reason and changes nothing."""

import pytest

from tabulae.core import Action, IllegalAction, Rng, random_playout
from tabulae.core.conformance import snapshot
from tabulae.games.sylla import GAME

from .helpers import arrange_events, arrange_row, enter, holding, started


def refused(state, seat, text, reason):
    before = snapshot(state)
    with pytest.raises(IllegalAction, match=reason):
        state.apply(seat, Action.parse(text))
    assert snapshot(state) == before


def test_wrong_seat():
    s = started(4, seed=1)
    mover = s.to_move[0]
    other = (mover + 1) % 4
    refused(s, other, str(s.legal_actions(mover)[0]), "not .* turn: waiting for")
    refused(s, 7, "pass", "no seat 7")


def test_bid_too_low_and_deniers_not_owned():
    s = started(4, seed=1)
    s.fc = 0
    holding(s, 0, "slave_plain")
    holding(s, 1, "slave_plain")
    s.money[:2] = [2, 9]
    enter(s, "first_consul")
    refused(s, 0, "bid 3", "needs 3 deniers and you have 2")
    s.apply(0, Action("bid", 2))
    refused(s, 1, "bid 2", "too low: the highest bid is 2")
    refused(s, 1, "bid 10", "needs 10 deniers and you have 9")


def test_colour_not_held():
    s = started(4, seed=1)
    s.fc = 0
    for seat in range(4):
        holding(s, seat, "vestal_b")  # grey only
    holding(s, 1, "vestal_b", "legionary_b")
    arrange_row(s, ["field", "insula", "statue", "bank", "crane", "tavern"])
    enter(s, "buildings")
    s.apply(0, Action("offer", 1))  # red
    refused(s, 1, "bid 2", "only 1 face-up untilted cards showing red")
    holding(s, 1, "vestal_b")
    refused(s, 1, "bid 1", "no face-up untilted card showing red")


def test_cube_on_the_wrong_event():
    s = started(4, seed=1)
    s.fc = 0
    for seat in range(4):
        holding(s, seat, "legionary_b")
    arrange_events(s, ["epidemic", "senate_purge", "flood"])
    enter(s, "events")
    refused(s, 0, "cube legionary epidemic", "does not show the legionary symbol")
    refused(s, 0, "cube vestal decadence", "no vestal cube left")
    refused(s, 0, "cube legionary famine", "not an event in play")


def test_coins_not_owned():
    s = started(4, seed=1)
    s.money = [3, 3, 3, 3]
    enter(s, "great_work")
    refused(s, 2, "thumb up 4", "cannot commit 4 deniers: you have 3")
    refused(s, 2, "thumb sideways 1", "'thumb up N' or 'thumb down N'")


def test_acting_after_the_end():
    s = GAME.new(2, seed=6)
    random_playout(s, Rng(6))
    refused(s, 0, "pass", "the game is over")
    refused(s, 1, "thumb up 0", "the game is over")


def test_actions_of_another_step_say_what_is_expected():
    s = started(4, seed=1)
    refused(s, s.to_move[0], "recruit 1", "not an election move")
    refused(s, s.to_move[0], "no-such-action 1", "not an election move")
    fresh = GAME.new(3, seed=1)
    refused(fresh, 0, "bid 3", "choose your starting characters")
    refused(fresh, 0, "choose crane", "not a card of your set")
