"""Phase IV: income, Private temples and Taverns, clockwise from the First Consul."""

import pytest

from tabulae.core import IllegalAction

from .helpers import building, enter, holding, play, started


def table(**options):
    s = started(4, seed=3, **options)
    s.first_consul = 2
    for seat in range(4):
        holding(s, seat, "slave_plain")
        s.money[seat] = 0
    return s


def test_income_revenue_tile_merchants_and_market_stalls():
    """S-20: 3 deniers, +1 per face-up untilted Merchant, +2 per face-up Market stall."""
    s = table()
    holding(s, 0, "merchant_plain", "merchant_christian")
    holding(s, 1, "merchant_plain", "merchant_christian", tilted=True)
    building(s, 2, "market_stall", "market_stall")
    building(s, 3, "market_stall")
    s.buildings[3][0] = (s.buildings[3][0][0], s.components.index("events", "pillage"))  # face down
    enter(s, "revenue")
    assert s.money == [5, 3, 7, 3]
    incomes = [e.args["seat"] for e in s.events if e.key == "sylla.income"]
    assert incomes == [2, 3, 0, 1]  # clockwise from the First Consul


def test_private_temple_buys_one_secret_token_per_phase():
    """S-21: 2 deniers for a token of the owner's choice, once per temple and phase."""
    s = table()
    building(s, 2, "private_temple")
    s.money[2] = 4
    enter(s, "revenue")
    assert s.to_move == (2,) and [str(a) for a in s.legal_actions(2)] == [
        "pass",
        "temple civic_spirit",
        "temple health",
        "temple leisure",
    ]
    play(s, 2, "temple leisure")
    assert s.money[2] == 5 and s.tokens(2) == [0, 0, 1] and s.known_tokens[2] == [0, 0, 0]
    assert s.phase != "revenue" or s.to_move != (2,)  # used once only


def test_private_temple_uses_per_phase_option():
    s = table(private_temple_uses_per_phase=2)
    building(s, 2, "private_temple")
    s.money[2] = 2
    enter(s, "revenue")
    play(s, 2, "temple health")
    assert s.to_move == (2,)
    play(s, 2, "temple health")
    assert s.tokens(2) == [0, 2, 0] and s.money[2] == 1  # a third use is not offered


def test_a_tavern_moves_a_marker_once_per_phase_across_all_taverns():
    """S-22: one step either way; a marker already moved by any Tavern cannot be chosen."""
    s = table()
    building(s, 2, "tavern", "tavern")
    building(s, 3, "tavern")
    enter(s, "revenue")
    play(s, 2, "tavern health right")
    assert s.ladder == [4, 5, 4]
    assert "tavern health left" not in [str(a) for a in s.legal_actions(2)]
    with pytest.raises(IllegalAction, match="already been moved by a Tavern"):
        play(s, 2, "tavern health left")
    play(s, 2, "tavern leisure left")
    assert s.to_move == (3,)
    assert [str(a) for a in s.legal_actions(3)] == [
        "pass",
        "tavern civic_spirit left",
        "tavern civic_spirit right",
    ]
    with pytest.raises(IllegalAction, match=r"left or right: Civic Spirit, Health, Leisure$"):
        play(s, 3, "tavern famine left")


def test_a_tavern_may_lock_a_marker_at_an_end():
    """S-22: a push against an end is legal; the marker stays and counts as moved."""
    s = table()
    s.ladder = [7, 1, 4]
    building(s, 2, "tavern")
    building(s, 3, "tavern")
    enter(s, "revenue")
    play(s, 2, "tavern civic_spirit right")
    assert s.ladder == [7, 1, 4] and s.markers_moved[0]
    assert "tavern civic_spirit left" not in [str(a) for a in s.legal_actions(3)]


def test_without_locking_a_push_against_an_end_is_refused():
    s = table(tavern_may_lock_at_end=False)
    s.ladder = [7, 1, 4]
    building(s, 2, "tavern")
    enter(s, "revenue")
    with pytest.raises(IllegalAction, match="end of its track"):
        play(s, 2, "tavern civic_spirit right")
    play(s, 2, "tavern civic_spirit left")
    assert s.ladder == [6, 1, 4]


def test_taverns_may_move_famine_with_the_option():
    s = table(tavern_may_move_famine=True)
    s.famine = 3
    building(s, 2, "tavern")
    enter(s, "revenue")
    play(s, 2, "tavern famine left")
    assert s.famine == 2
