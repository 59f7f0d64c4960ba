"""Setup: Revenue tiles and sets, the secret starting choice, money, stacks, events, Great Works."""

import pytest

from tabulae.core import Rng
from tabulae.games.sylla import GAME

from .helpers import play


@pytest.mark.parametrize("players, chosen", [(2, 6), (3, 6), (4, 4)])
def test_revenue_tiles_sets_and_the_first_consul(players, chosen):
    """S-02, S-03: random tiles from all four; the lowest tile is First Consul; 4 or 6 chosen."""
    for seed in range(8):
        s = GAME.new(players, seed=seed)
        assert len(set(s.revenue_tiles)) == players
        assert s.first_consul == min(range(players), key=lambda p: s.revenue_tiles[p])
        assert s.step == "choose" and s.to_move == tuple(range(players))
        for seat in range(players):
            assert len(s.legal_actions(seat)) == 10
        while s.step == "choose":
            seat = s.to_move[-1]
            play(s, seat, str(s.legal_actions(seat)[-1]))
        for seat in range(players):
            assert len(s.characters[seat]) == chosen
            own = {s.components.cards[c][0] for c, _, _ in s.characters[seat]}
            assert own == {s.revenue_tiles[seat]}
        # every other card, undealt sets included, is in the deck or the display
        display = 6 if players != 3 else 5
        assert len(s.display) == display
        assert len(s.deck) + len(s.display) + players * chosen == 40


def test_starting_money_is_three_plus_one_per_merchant():
    """S-01 (the Russian figure of 4 is a translation error)."""
    s = GAME.new(4, seed=3)
    choices = [
        ["merchant_plain", "merchant_christian", "senator_plain", "slave_plain"],
        ["merchant_christian", "senator_plain", "slave_plain", "vestal_a"],
        ["legionary_a", "senator_plain", "slave_plain", "vestal_a"],
        ["legionary_a", "legionary_b", "vestal_b", "vestal_a"],
    ]
    for seat, designs in enumerate(choices):
        play(s, seat, *(f"choose {d}" for d in designs))
    assert s.money == [5, 4, 3, 3]


def test_the_starting_choice_is_secret_until_all_reveal():
    """S-03: simultaneous and secret; the others see only who is ready."""
    s = GAME.new(3, seed=5)
    own_set = s.view(1)["my_set"]  # seat 1's own cards to choose from, vestal_a among them
    play(s, 0, "choose senator_plain", "choose vestal_a")
    assert s.view(0)["my_choice"] == ["senator_plain", "vestal_a"]
    assert s.view(1)["my_choice"] == [] and s.view(None)["my_choice"] == []
    assert s.view(1)["my_set"] == own_set
    assert "vestal_a" not in str({k: v for k, v in s.view(1).items() if k != "my_set"})
    private = [e for e in s.events if e.key == "sylla.chose"]
    assert private and all(e.audience == (0,) for e in private)
    other = s.determinize(1, Rng(9))
    assert len(other.starting_picks[0]) == 2 and other.view(1) == s.view(1)
    assert s.characters == [[], [], []]


def test_a_player_choosing_sees_the_cards_of_his_set_still_to_choose():
    """Each set holds one card of every design; the chooser needs their hexes to choose."""
    s = GAME.new(2, seed=4)
    play(s, 1, "choose legionary_a")
    left = s.view(1)["my_set"]
    assert len(left) == 9 and "legionary_a" not in [c["card"] for c in left]
    assert {c["set"] for c in left} == {s.components.set_numerals[s.revenue_tiles[1]]}
    legionary = next(c for c in left if c["card"] == "legionary_b")
    assert legionary["type"] == "legionary" and legionary["hexes"]
    assert s.view(None)["my_set"] == []


def test_the_table():
    """Building stack C-B-A with six A tiles shown; Decadence fixed with three events above;
    Great Works: the first removed (public), the next visible; ladder on 4, Famine on 0."""
    s = GAME.new(4, seed=11)
    components = s.components
    assert (
        all(components.tiles[t].letter == "A" for t in s.building_row) and len(s.building_row) == 6
    )
    letters = [components.tiles[t].letter for t in s.building_stack]
    assert letters == sorted(letters, key="CBA".index)
    assert components.events[s.event_row[3]].id == "decadence"
    assert len(set(s.event_row)) == 4 and len(s.event_deck) == 6
    view = s.view(2)
    assert view["great_work"]["removed"] == components.great_works[s.great_work_removed].id
    assert view["great_work"]["next"] == components.great_works[s.great_work_stack[-1]].id
    assert len(s.great_work_stack) == 5 and s.great_work_removed not in s.great_work_stack
    assert s.ladder == [4, 4, 4] and s.famine == 0 and s.prestige == [10] * 4
    assert view["building_stack_top"] == "A"


def test_two_players_put_sets_three_and_four_in_the_deck():
    """Russian 2-player text: the remaining cards, sets III and IV included, form the deck."""
    s = GAME.new(2, seed=2)
    while s.step == "choose":
        play(s, s.to_move[0], str(s.legal_actions(s.to_move[0])[0]))
    pool = s.deck + s.display
    assert len(pool) == 28
    undealt = set(range(4)) - set(s.revenue_tiles)
    assert all(any(s.components.cards[c][0] == n for c in pool) for n in undealt)
