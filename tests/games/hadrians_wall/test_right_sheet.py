"""The right sheet: the rulebook's examples replayed, and its refusals."""

from tabulae.core import Action
from tabulae.games.hadrians_wall import GAME
from tabulae.games.hadrians_wall import sheet as S
from tabulae.games.hadrians_wall.data import BUILDING_INDEX, CARD_INDEX, FATE_CARDS, PATTERNS
from tabulae.games.hadrians_wall.scouting import orient

from .helpers import (
    build,
    fate_on_top,
    fate_with,
    give,
    in_year,
    play,
    pool,
    position,
    prospect,
    refused,
    stack_fate,
)


def test_citizen_tracks_fill_in_order_and_lose_rewards_when_full():
    """PL p.8: a citizen box costs 1 civilian; its rewards are taken; a full track loses them."""
    state = in_year()
    sheet = state.sheets[0]
    give(state, civilian=2)
    play(state, 0, "citizen trader")
    assert sheet[S.TRADERS] == 1 and pool(state) == {"civilian": 1, "servant": 1}
    sheet[S.PRIESTS] = 9
    assert refused(state, 0, "citizen priest") == "the priest track is full"


def test_medium_precinct():
    """PL p.8: "to build the Medium Precinct this player needs at least 6 boxes of his Traders
    track. After returning 1 servant and 2 civilians he gains 1 discipline, raises his Resource
    Production by 1, and at once gains 1 resource from the supply."
    """
    state = in_year()
    sheet = state.sheets[0]
    build(state, "small_precinct")
    sheet[S.TRADERS] = 5
    give(state, servant=1, civilian=2)
    assert refused(state, 0, "build medium_precinct") == (
        "the medium_precinct needs traders 6; you have 5"
    )
    sheet[S.TRADERS] = 6
    production = sheet[S.PRODUCTION]
    play(state, 0, "build medium_precinct")
    assert sheet[S.DISCIPLINE] == 1
    assert sheet[S.PRODUCTION] == production + 1
    assert pool(state) == {"resource": 1}


def test_a_fate_draw_gives_the_third_unique_good():
    """PL p.9: "this player already has goods 4 and 5. His neighbours' Prospect cards show 1 and
    4. … Instead of giving resources to an opponent, he risks the Fate card. He draws a card
    with number 6, gaining 1 renown for his third unique good!"
    """
    state = in_year(players=3)
    sheet = state.sheets[0]
    build(state, "market")
    sheet[S.TRADERS] = 6
    sheet[S.MARKET], sheet[S.MARKET + 1] = 4, 5
    prospect(state, 0, "forager")  # trade good 3
    prospect(state, 1, "defender")  # left neighbour: 1
    prospect(state, 2, "merchant")  # right neighbour: 4
    give(state, resource=1)
    assert {str(a) for a in state.legal_actions(0) if a[0] == "market" and a[1] == 3} == {
        "market 3 left",
        "market 3 right",
        "market 3 deck",
    }
    fate_on_top(state, fate_with(trade_good=6))
    play(state, 0, "market 3 deck")
    assert sheet[S.MARKET + 2] == 6
    assert sheet[S.RENOWN] == 1
    assert pool(state) == {}


def test_buying_from_a_neighbour_pays_him_a_resource_he_may_use_at_once():
    """PL p.9: "buying a good from a neighbour, give him a resource from your board (he may use
    it at once) … A player may not buy the trade good on his own Prospect card."
    """
    state = in_year(players=3)
    sheet = state.sheets[0]
    build(state, "market")
    sheet[S.TRADERS] = 4
    prospect(state, 0, "forager")  # 3
    prospect(state, 1, "defender")  # 1
    prospect(state, 2, "pontiff")  # 2
    give(state, resource=2)
    play(state, 0, "pass")
    state.ended_year[0] = False  # seat 0 acts; seat 1 will pass and be woken by the gift
    play(state, 1, "pass")
    play(state, 0, "market 1 left")
    assert pool(state, 1) == {"resource": 1}
    assert not state.ended_year[1], "a player who passed acts again after a gift (H-01)"
    assert sheet[S.MARKET] == 1 and sheet[S.RENOWN] == 1
    prospect(state, 2, "forager")
    sheet[S.TRADERS] = 5
    assert refused(state, 0, "market 2 right") == (
        "you may not buy the trade good shown on your own Prospect card"
    )


def test_the_gift_does_not_wake_a_player_when_the_option_is_off():
    state = in_year(players=3, resume_after_gift=False)
    build(state, "market")
    state.sheets[0][S.TRADERS] = 4
    prospect(state, 0, "forager")
    prospect(state, 1, "defender")
    give(state, resource=1)
    play(
        state,
        1,
        "pass",
    )
    play(state, 0, "market 1 left")
    assert state.ended_year[1] and pool(state, 1) == {"resource": 1}


def test_duplicate_goods_are_recorded_and_give_nothing():
    """PL p.9: "each time a player gains a duplicate good … he still writes it in his Market
    but gains no renown." Distinct goods give 1, 1, 1, 2, 2, 3 renown."""
    state = in_year(players=3)
    sheet = state.sheets[0]
    build(state, "market")
    sheet[S.TRADERS] = 9
    prospect(state, 0, "forager")
    give(state, resource=8)
    renown = []
    for box, good in zip(range(1, 9), (1, 2, 2, 4, 5, 6, 6, 3), strict=True):
        fate_on_top(state, fate_with(trade_good=good))
        before = sheet[S.RENOWN]
        play(state, 0, f"market {box} deck")
        renown.append(sheet[S.RENOWN] - before)
    assert renown == [1, 1, 0, 1, 2, 2, 0, 3]
    # the right column's extra workers, and civilians from renown boxes 3, 6 and 9
    assert pool(state) == {"servant": 1, "builder": 1, "civilian": 3}


def test_the_theatre_gives_one_performance_a_year():
    """PL p.9: "this player has given 2 performances. By his Performers level he may return 1
    resource to give the last performance of the left column or the first of the right."
    """
    state = in_year()
    sheet = state.sheets[0]
    build(state, "theatre")
    sheet[S.PERFORMERS] = 6
    sheet[S.THEATRE], sheet[S.THEATRE + 1] = 1, 1
    state.year = 2
    give(state, resource=2)
    assert [str(a) for a in state.legal_actions(0) if a[0] == "perform"] == [
        "perform 3",
        "perform 4",
    ]
    play(state, 0, "perform 4")
    assert sheet[S.DISCIPLINE] == 1 and sheet[S.APPARITORES] == 1
    assert refused(state, 0, "perform 3") == "the Theatre already gave a performance in year 2"
    state.year = 3
    assert refused(state, 0, "perform 5") == "performance 5 needs 8 performers; you have 6"


def test_gladiator_training_follows_the_performers_thresholds():
    """PL p.10: "this player has trained his gladiators 4 times. Suppose he has 6 Performers: he
    may take 4 separate actions to raise the Red Gladiator's strength by 1 and the Blue's by 3."
    """
    state = in_year()
    sheet = state.sheets[0]
    build(state, "ludus")
    sheet[S.PERFORMERS] = 6
    sheet[S.CIRCLED], sheet[S.CIRCLED + 1] = 3, 1
    give(state, servant=3, civilian=2)
    play(state, 0, "gladiator red servant")
    play(state, 0, "gladiator blue civilian", "gladiator blue servant", "gladiator blue civilian")
    assert (sheet[S.CIRCLED], sheet[S.CIRCLED + 1]) == (4, 4)
    assert refused(state, 0, "gladiator red servant") == (
        "training the red gladiator again needs 8 performers; you have 6"
    )


def test_battles_survived_with_three_damage_and_died_with_two():
    """PL p.10: "the player decided that in year 4 both would fight. The Red Gladiator took 3
    damage and survived, gaining 2 renown. The Blue Gladiator took 2 damage, which killed him,
    and the player gains 2 piety as compensation."
    """
    data = position(year=4)
    sheet = data["table"]["sheets"][0]
    sheet[S.BUILT + BUILDING_INDEX["ludus"]] = 1
    sheet[S.PERFORMERS] = 6  # enough to have trained the red gladiator 4 times
    sheet[S.CIRCLED], sheet[S.CIRCLED + 1] = 4, 2
    deck = [FATE_CARDS[i] for i in data["table"]["fate_deck"]]
    stack_fate(data, *(next(c.id for c in deck if c.damage == n) for n in (3, 2)))
    state = GAME.from_position(data)
    sheet = state.sheets[0]
    renown, piety = sheet[S.RENOWN], sheet[S.PIETY]
    play(state, 0, "battle red")
    assert (sheet[S.FILLED], sheet[S.DEAD]) == (3, 0)
    assert sheet[S.RENOWN] == renown + 2
    assert refused(state, 0, "battle red") == "the red gladiator already fought in year 4"
    play(state, 0, "battle blue")
    assert (sheet[S.FILLED + 1], sheet[S.DEAD + 1]) == (2, 1)
    assert sheet[S.PIETY] == piety + 2
    give(state, servant=1)
    sheet[S.PERFORMERS] = 9
    assert refused(state, 0, "gladiator blue servant") == "the blue gladiator is dead"


def test_temples_fill_small_then_medium_row_by_row_and_give_favours():
    """PL p.11: "this player built the Small and Medium Temples. He has filled both boxes of the
    Small Temple and holds 1 favour. With his next action, filling another box of the Medium
    Temple, he completes its second row and gains 1 piety."
    """
    state = in_year()
    sheet = state.sheets[0]
    build(state, "small_temple", "medium_temple")
    sheet[S.PRIESTS] = 5
    give(state, soldier=1, builder=1, servant=1, civilian=1)
    play(state, 0, "temple soldier", "temple builder")
    assert sheet[S.TEMPLE_FAVOURS] == 1 and sheet[S.PIETY] == 1
    play(state, 0, "temple servant")
    assert sheet[S.PIETY] == 1
    play(state, 0, "temple civilian")
    assert sheet[S.PIETY] == 2 and sheet[S.TEMPLE] == 4
    sheet[S.TEMPLE] = 6
    give(state, servant=1)
    assert refused(state, 0, "temple servant") == "the next temple row needs 6 priests; you have 5"
    sheet[S.PRIESTS], sheet[S.TEMPLE] = 6, 8
    assert refused(state, 0, "temple servant") == (
        "the next temple box is in the Large Temple: build it first"
    )


def test_baths_bribes_in_one_year():
    """PL p.11: "this player already gave 1 bribe in year 2. If he wishes, he may take 2 actions
    to remove another 2 disdain. The first costs him 1 resource, the second 2 resources."
    A player holding no disdain may not bribe.
    """
    state = in_year()
    state.year = 3
    sheet = state.sheets[0]
    build(state, "baths")
    sheet[S.APPARITORES] = 5
    sheet[S.BATHS] = 2
    sheet[S.DISDAIN], sheet[S.DISDAIN_REMOVED] = 3, 1
    give(state, resource=3)
    play(state, 0, "bribe 2")
    assert pool(state) == {"resource": 2} and S.disdain(sheet) == 1
    play(state, 0, "bribe 3")
    assert pool(state) == {} and S.disdain(sheet) == 0
    give(state, resource=3)
    sheet[S.APPARITORES], sheet[S.DISDAIN] = 9, 4
    assert refused(state, 0, "bribe 4") == "you already gave 2 bribes in year 3"
    state.year = 4
    sheet[S.DISDAIN] = 3
    assert refused(state, 0, "bribe 4") == "the Baths remove disdain, and you hold none"


def test_the_courthouse_in_year_4_with_7_apparitores():
    """PL p.12: "suppose it is year 4 and this player has 7 Apparitores. He may gain 1 servant
    by filling the last box of the left column. Then he may trade this servant for a builder,
    filling the second box of the right column. But he may not fill the last box of the centre
    column, having already had 1 ruling from that column in year 4."
    """
    data = position(year=4)
    sheet = data["table"]["sheets"][0]
    sheet[S.BUILT + BUILDING_INDEX["courthouse"]] = 1
    sheet[S.APPARITORES] = 7
    sheet[S.COURT : S.COURT + 9] = [1, 2, 0, 3, 4, 0, 3, 0, 0]  # the year of each ruling
    sheet[S.BUILDER] = 1
    state = GAME.from_position(data)
    play(state, 0, "ruling 3")
    assert pool(state) == {"servant": 1, "builder": 1}
    play(state, 0, "ruling 8")
    assert pool(state) == {"builder": 2}
    assert refused(state, 0, "ruling 6") == (
        "the centre Courthouse column already gave a ruling in year 4"
    )
    assert (
        refused(state, 0, "ruling 9")
        == "the right Courthouse column already gave a ruling in year 4"
    )


def test_diplomats_serve_different_cohorts():
    """PL p.12: "this player already has 1 Diplomat in the right Cohort … if he gains another,
    it must serve in the left or centre Cohort." Each gives 1 valour and 2 favours."""
    state = in_year()
    sheet = state.sheets[0]
    sheet[S.PATRICIANS] = 3
    give(state, servant=2, soldier=2, resource=4)
    play(state, 0, "diplomat right")
    assert sheet[S.VALOUR] == 1 and sheet[S.DIPLOMAT_FAVOURS + 2] == 2
    assert [str(a) for a in state.legal_actions(0) if a[0] == "diplomat"] == [
        "diplomat left",
        "diplomat centre",
    ]
    assert refused(state, 0, "diplomat right") == (
        "a Diplomat already serves the right Cohort; each serves a different one"
    )
    play(state, 0, "diplomat left")
    give(state, servant=1, soldier=1, resource=2)
    assert refused(state, 0, "diplomat centre") == "Diplomat 3 needs 6 patricians; you have 3"


def _placement(pattern: str, cells: set[tuple[int, int]]) -> tuple[int, int]:
    """The lowest orientation and the anchor cell (1-20) that place `pattern` on (row, col)s."""
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    shape = tuple(sorted((c - left, r - top) for r, c in cells))
    orientation = next(o for o in range(8) if orient(PATTERNS[pattern], o) == shape)
    return orientation, top * 5 + left + 1


def test_scouting_with_a_neighbours_pattern_mirrored_and_turned():
    """PL p.12: "this player has sent 2 scouts already. For the third he uses his neighbour's
    pattern, giving him 1 soldier in payment. He mirrors the pattern and turns it, to fit it in
    the bottom left corner of the Map. He gains 1 servant, 1 resource and 2 valour at once (for
    completely filling two rows of his Scouting Map)."
    """
    state = in_year(players=3)
    sheet = state.sheets[0]
    prospect(state, 0, "ranger")  # I
    prospect(state, 1, "trainer")  # S, on the left
    sheet[S.PATRICIANS] = 5
    sheet[S.SCOUTS] = 2
    before = {(2, 2), (2, 3), (2, 4), (1, 4), (3, 1), (3, 2), (3, 3), (3, 4)}
    sheet[S.MAP] = sum(1 << (r * 5 + c) for r, c in before)
    give(state, soldier=1)
    orientation, cell = _placement("s_shape", {(1, 1), (2, 1), (2, 0), (3, 0)})
    assert orientation >= 4, "the example's placement is a mirror image"
    play(state, 0, f"scout left {orientation} {cell}")
    assert pool(state) == {"servant": 1, "resource": 1}
    assert sheet[S.VALOUR] == 2
    assert pool(state, 1) == {"soldier": 1}
    assert sheet[S.SCOUTS] == 3


def test_scouting_refuses_patterns_off_the_map_or_over_filled_cells():
    """PL p.12: "all cells of the pattern must be filled; it may not leave the Map nor overlap
    cells already filled."
    """
    state = in_year()
    sheet = state.sheets[0]
    prospect(state, 0, "ranger")  # I
    sheet[S.PATRICIANS] = 2
    give(state, soldier=1)
    assert "leaves the map" in refused(state, 0, "scout own 0 3")  # a row of 4 from column 3
    play(state, 0, "scout own 0 1")
    sheet[S.PATRICIANS] = 4
    give(state, soldier=1)
    assert "already filled" in refused(state, 0, "scout own 1 1")
    assert Action("scout", "own", 1, 5) in state.legal_actions(0)
    sheet[S.PATRICIANS] = 3
    assert refused(state, 0, "scout own 1 5") == "Scout 2 needs 4 patricians; you have 3"


def test_unmet_citizen_thresholds_are_refused():
    state = in_year()
    sheet = state.sheets[0]
    sheet[S.TRADERS] = 3
    give(state, servant=1, builder=1, resource=2)
    assert refused(state, 0, "build market") == "the market needs traders 4; you have 3"
    build(state, "market")
    assert refused(state, 0, "market 2 deck") == "Market box 2 needs 5 traders; you have 3"


def test_gardens_fill_citizen_tracks():
    """PL p.10: the Small Gardens give 1 piety, 1 trader, 1 performer and 1 priest."""
    state = in_year()
    sheet = state.sheets[0]
    sheet[S.PRIESTS] = 4
    give(state, servant=1, builder=1, resource=1)
    play(state, 0, "build small_gardens")
    assert [sheet[S.CITIZEN + i] for i in range(5)] == [1, 1, 5, 0, 0]
    assert sheet[S.PIETY] == 1


def test_with_two_players_the_opponent_is_the_only_neighbour():
    """H-10: with 2 players the opponent is the only neighbour; the Neutral card is the third
    source of trade goods and patterns."""
    state = in_year(players=2)
    build(state, "market", seat=1)
    state.sheets[1][S.TRADERS] = 4
    prospect(state, 0, "defender")  # 1
    prospect(state, 1, "forager")  # 3
    state.neutral_cards = [CARD_INDEX["ranger"]]  # 6
    give(state, 1, resource=1)
    sources = {a[2] for a in state.legal_actions(1) if a[0] == "market"}
    assert sources == {"left", "deck", "neutral1"}
    play(state, 1, "market 1 left")
    assert pool(state, 0) == {"resource": 1}


def test_a_scout_pays_his_soldier_to_the_neighbour_whose_pattern_he_uses():
    """PL p.12: "using a neighbour's pattern, the soldier goes to that opponent (he may use it at
    once)"; with his own pattern it goes to the supply."""
    state = in_year(players=4)
    sheet = state.sheets[0]
    sheet[S.PATRICIANS] = 4
    give(state, soldier=2)
    prospect(state, 0, "architect")  # I
    prospect(state, 3, "fighter")  # O, on the right
    play(state, 0, "scout own 0 1")  # the top row's first four cells
    assert all(pool(state, s) == {} for s in (1, 2, 3))
    play(state, 0, "scout right 0 6")  # a square under them, on the left edge
    assert pool(state, 3) == {"soldier": 1}
    assert pool(state) == {"resource": 1, "servant": 1}  # the icons covered
    assert state.sheets[0][S.MAP] == sum(1 << c for c in (0, 1, 2, 3, 5, 6, 10, 11))


def test_a_fate_draw_showing_the_own_good_is_redrawn_when_the_option_is_off():
    """H-10, option deck_draw_may_match_own_prospect=false."""
    for allowed, expected in ((True, 3), (False, 5)):
        state = in_year(deck_draw_may_match_own_prospect=allowed)
        build(state, "market")
        state.sheets[0][S.TRADERS] = 4
        prospect(state, 0, "forager")  # 3
        give(state, resource=1)
        fate_on_top(state, fate_with(trade_good=3), fate_with(trade_good=5))
        play(state, 0, "market 1 deck")
        assert state.sheets[0][S.MARKET] == expected
