"""Every kind of illegal action is refused with a clear reason and changes nothing.

A refusal carries its catalog key and arguments, so each player reads it in their language."""

import pytest

from tabulae.core import Action, IllegalAction, Rng, random_playout
from tabulae.core.conformance import snapshot
from tabulae.games.sylla import GAME

from .helpers import arrange_events, arrange_row, enter, holding, started


def refused(state, seat, text, reason, key, **args):
    before = snapshot(state)
    with pytest.raises(IllegalAction, match=reason) as refusal:
        state.apply(seat, Action.parse(text))
    assert refusal.value.key == f"sylla.refused.{key}"
    assert args.items() <= refusal.value.arguments.items()
    assert snapshot(state) == before


def test_wrong_seat():
    s = started(4, seed=1)
    mover = s.to_move[0]
    other = (mover + 1) % 4
    refused(
        s,
        other,
        str(s.legal_actions(mover)[0]),
        "not .* turn: waiting for",
        "not_your_turn",
        waiting_seats=[mover],
    )
    refused(s, 7, "pass", "no such seat in a 4-player game", "no_seat", players=4)


def test_bid_too_low_and_deniers_not_owned():
    s = started(4, seed=1)
    s.first_consul = 0
    holding(s, 0, "slave_plain")
    holding(s, 1, "slave_plain")
    s.money[:2] = [2, 9]
    enter(s, "first_consul")
    refused(s, 0, "bid 3", "needs 3 deniers and you have 2", "elect.deniers", money=2)
    s.apply(0, Action("bid", 2))
    refused(s, 1, "bid 2", "too low: the highest bid is 2", "bid.too_low", votes=2, high=2)
    refused(s, 1, "bid 10", "needs 10 deniers and you have 9", "elect.deniers", deniers=10)


def test_colour_not_held():
    s = started(4, seed=1)
    s.first_consul = 0
    for seat in range(4):
        holding(s, seat, "vestal_b")  # grey only
    holding(s, 1, "vestal_b", "legionary_b")
    arrange_row(s, ["field", "insula", "statue", "bank", "crane", "tavern"])
    enter(s, "buildings")
    s.apply(0, Action("offer", "insula", "red"))
    refused(
        s,
        1,
        "bid 2",
        "only 1 face-up untilted cards showing red",
        "auction.too_few",
        cards=1,
        colour="red",
    )
    holding(s, 1, "vestal_b")
    refused(s, 1, "bid 1", "no face-up untilted card showing red", "auction.no_card", colour="red")


def test_cube_on_the_wrong_event():
    s = started(4, seed=1)
    s.first_consul = 0
    for seat in range(4):
        holding(s, seat, "legionary_b")
    arrange_events(s, ["epidemic", "senate_purge", "flood"])
    enter(s, "events")
    refused(
        s,
        0,
        "cube legionary epidemic",
        "Epidemic does not show the Legionary symbol",
        "cube.symbol",
        event="epidemic",
        cube="legionary",
    )
    refused(s, 0, "cube vestal decadence", "no Vestal cube left", "cube.none_left", cube="vestal")
    refused(
        s,
        0,
        "cube legionary famine",
        "not an event in play",
        "cube.not_in_play",
        events=["epidemic", "senate_purge", "flood", "decadence"],
    )


def test_coins_not_owned():
    s = started(4, seed=1)
    s.money = [3, 3, 3, 3]
    enter(s, "great_work")
    refused(s, 2, "thumb up 4", "cannot commit 4 deniers: you have 3", "commit.money", money=3)
    refused(s, 2, "thumb sideways 1", "thumb up or thumb down", "commit.expected")


def test_acting_after_the_end():
    s = GAME.new(2, seed=6)
    random_playout(s, Rng(6))
    refused(s, 0, "pass", "the game is over", "over")
    refused(s, 1, "thumb up 0", "the game is over", "over")


def test_actions_of_another_step_say_what_is_expected():
    s = started(4, seed=1)
    refused(s, s.to_move[0], "recruit legionary_a", "bid your votes or pass", "elect.expected")
    refused(s, s.to_move[0], "no-such-action 1", "bid your votes or pass", "elect.expected")
    fresh = GAME.new(3, seed=1)
    refused(fresh, 0, "bid 3", "choose your starting characters", "choose.expected")
    refused(fresh, 0, "choose crane", "not a card of your set", "choose.not_in_set")
