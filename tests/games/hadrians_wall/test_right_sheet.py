"""The right sheet: the rulebook's examples replayed, and its refusals."""

from tabulae.core import Action
from tabulae.games.hadrians_wall import GAME
from tabulae.games.hadrians_wall import sheet as S
from tabulae.games.hadrians_wall.components import FATE_CARDS, PATTERNS
from tabulae.games.hadrians_wall.scouting import orient

from .helpers import (
    amended,
    areas,
    fate_on_top,
    fate_with,
    in_year,
    play,
    pool,
    position,
    refused,
    stack_fate,
)


def test_citizen_tracks_fill_in_order_and_lose_rewards_when_full():
    """PL p.8: a citizen box costs 1 civilian; its rewards are taken; a full track loses them."""
    state = in_year(sheets=[{"pool": {"civilian": 2}}])
    play(state, 0, "citizen trader")
    assert areas(state)["citizens"]["traders"] == 1
    assert pool(state) == {"civilian": 1, "servant": 1}
    state = amended(state, [{"citizens": {"priests": 9}}])
    assert refused(state, 0, "citizen priest") == "the priest track is full"


def test_medium_precinct():
    """PL p.8: "to build the Medium Precinct this player needs at least 6 boxes of his Traders
    track. After returning 1 servant and 2 civilians he gains 1 discipline, raises his Resource
    Production by 1, and at once gains 1 resource from the supply."
    """
    state = in_year(
        sheets=[
            {
                "built": ["small_precinct"],
                "citizens": {"traders": 5},
                "pool": {"servant": 1, "civilian": 2},
            }
        ]
    )
    assert refused(state, 0, "build medium_precinct") == (
        "the medium_precinct needs traders 6; you have 5"
    )
    state = amended(state, [{"citizens": {"traders": 6}}])
    production = areas(state)["resource_production"]
    play(state, 0, "build medium_precinct")
    assert areas(state)["attributes"]["discipline"] == 1
    assert areas(state)["resource_production"] == production + 1
    assert pool(state) == {"resource": 1}


def test_a_fate_draw_gives_the_third_unique_good():
    """PL p.9: "this player already has goods 4 and 5. His neighbours' Prospect cards show 1 and
    4. … Instead of giving resources to an opponent, he risks the Fate card. He draws a card
    with number 6, gaining 1 renown for his third unique good!"
    """
    state = in_year(
        players=3,
        sheets=[
            {
                "built": ["market"],
                "citizens": {"traders": 6},
                "market": [4, 5, 0, 0, 0, 0, 0, 0],
                "pool": {"resource": 1},
            }
        ],
        # trade good 3; the left neighbour's 1, the right neighbour's 4
        prospects={0: "forager", 1: "defender", 2: "merchant"},
    )
    assert {str(a) for a in state.legal_actions(0) if a[0] == "market" and a[1] == 3} == {
        "market 3 left",
        "market 3 right",
        "market 3 deck",
    }
    fate_on_top(state, fate_with(trade_good=6))
    play(state, 0, "market 3 deck")
    assert areas(state)["market"][2] == 6
    assert areas(state)["attributes"]["renown"] == 1
    assert pool(state) == {}


def test_buying_from_a_neighbour_pays_him_a_resource_he_may_use_at_once():
    """PL p.9: "buying a good from a neighbour, give him a resource from your board (he may use
    it at once) … A player may not buy the trade good on his own Prospect card."
    """
    market = {"built": ["market"], "pool": {"resource": 2}}
    state = in_year(
        players=3,
        sheets=[{**market, "citizens": {"traders": 4}}],
        prospects={0: "forager", 1: "defender", 2: "pontiff"},  # goods 3, 1 and 2
    )
    play(state, 1, "pass")  # seat 1 passes and will be woken by the gift
    play(state, 0, "market 1 left")
    assert pool(state, 1) == {"resource": 1}
    assert not state.ended_year[1], "a player who passed acts again after a gift (H-01)"
    assert areas(state)["market"][0] == 1 and areas(state)["attributes"]["renown"] == 1
    state = in_year(
        players=3,
        sheets=[{**market, "citizens": {"traders": 5}}],
        prospects={0: "forager", 1: "defender", 2: "forager"},  # the right neighbour's 3
    )
    assert refused(state, 0, "market 2 right") == (
        "you may not buy the trade good shown on your own Prospect card"
    )


def test_the_gift_does_not_wake_a_player_when_the_option_is_off():
    state = in_year(
        players=3,
        resume_after_gift=False,
        sheets=[{"built": ["market"], "citizens": {"traders": 4}, "pool": {"resource": 1}}],
        prospects={0: "forager", 1: "defender"},
    )
    play(state, 1, "pass")
    play(state, 0, "market 1 left")
    assert state.ended_year[1] and pool(state, 1) == {"resource": 1}


def test_duplicate_goods_are_recorded_and_give_nothing():
    """PL p.9: "each time a player gains a duplicate good … he still writes it in his Market
    but gains no renown." Distinct goods give 1, 1, 1, 2, 2, 3 renown."""
    state = in_year(
        players=3,
        sheets=[{"built": ["market"], "citizens": {"traders": 9}, "pool": {"resource": 8}}],
        prospects={0: "forager"},
    )
    renown = []
    for box, good in zip(range(1, 9), (1, 2, 2, 4, 5, 6, 6, 3), strict=True):
        fate_on_top(state, fate_with(trade_good=good))  # each box's good, drawn in turn
        before = areas(state)["attributes"]["renown"]
        play(state, 0, f"market {box} deck")
        renown.append(areas(state)["attributes"]["renown"] - before)
    assert renown == [1, 1, 0, 1, 2, 2, 0, 3]
    # the right column's extra workers, and civilians from renown boxes 3, 6 and 9
    assert pool(state) == {"servant": 1, "builder": 1, "civilian": 3}


def test_the_theatre_gives_one_performance_a_year():
    """PL p.9: "this player has given 2 performances. By his Performers level he may return 1
    resource to give the last performance of the left column or the first of the right."
    """
    theatre = {"built": ["theatre"], "citizens": {"performers": 6}, "pool": {"resource": 2}}
    state = in_year(year=3, sheets=[{**theatre, "theatre": [1, 2, 0, 0, 0, 0]}])
    assert [str(a) for a in state.legal_actions(0) if a[0] == "perform"] == [
        "perform 3",
        "perform 4",
    ]
    play(state, 0, "perform 4")
    assert areas(state)["attributes"]["discipline"] == 1
    assert areas(state)["citizens"]["apparitores"] == 1
    assert refused(state, 0, "perform 3") == "the Theatre already gave a performance in year 3"
    state = in_year(year=4, sheets=[{**theatre, "theatre": [1, 2, 0, 3, 0, 0]}])
    assert refused(state, 0, "perform 5") == "performance 5 needs 8 performers; you have 6"


def test_gladiator_training_follows_the_performers_thresholds():
    """PL p.10: "this player has trained his gladiators 4 times. Suppose he has 6 Performers: he
    may take 4 separate actions to raise the Red Gladiator's strength by 1 and the Blue's by 3."
    """
    state = in_year(
        sheets=[
            {
                "built": ["ludus"],
                "citizens": {"performers": 6},
                "ludus": {"red": {"circled": 3}, "blue": {"circled": 1}},
                "pool": {"servant": 3, "civilian": 2},
            }
        ]
    )
    play(state, 0, "gladiator red servant")
    play(state, 0, "gladiator blue civilian", "gladiator blue servant", "gladiator blue civilian")
    ludus = areas(state)["ludus"]
    assert (ludus["red"]["circled"], ludus["blue"]["circled"]) == (4, 4)
    assert refused(state, 0, "gladiator red servant") == (
        "training the red gladiator again needs 8 performers; you have 6"
    )


def test_battles_survived_with_three_damage_and_died_with_two():
    """PL p.10: "the player decided that in year 4 both would fight. The Red Gladiator took 3
    damage and survived, gaining 2 renown. The Blue Gladiator took 2 damage, which killed him,
    and the player gains 2 piety as compensation."
    """
    data = position(
        year=4,
        sheets=[
            {
                "built": ["ludus"],
                "citizens": {"performers": 6},  # enough to have trained the red gladiator 4 times
                "ludus": {"red": {"circled": 4}, "blue": {"circled": 2}},
            }
        ],
    )
    deck = [FATE_CARDS[i] for i in data["table"]["fate_deck"]]
    stack_fate(data, *(next(c.id for c in deck if c.damage == n) for n in (3, 2)))
    state = GAME.from_position(data)
    renown, piety = (areas(state)["attributes"][a] for a in ("renown", "piety"))
    play(state, 0, "battle red")
    red = areas(state)["ludus"]["red"]
    assert (red["filled"], red["dead"]) == (3, False)
    assert areas(state)["attributes"]["renown"] == renown + 2
    assert refused(state, 0, "battle red") == "the red gladiator already fought in year 4"
    play(state, 0, "battle blue")
    blue = areas(state)["ludus"]["blue"]
    assert (blue["filled"], blue["dead"]) == (2, True)
    assert areas(state)["attributes"]["piety"] == piety + 2
    state = amended(state, [{"pool": {"servant": 1}, "citizens": {"performers": 9}}])
    assert refused(state, 0, "gladiator blue servant") == "the blue gladiator is dead"


def test_temples_fill_small_then_medium_row_by_row_and_give_favours():
    """PL p.11: "this player built the Small and Medium Temples. He has filled both boxes of the
    Small Temple and holds 1 favour. With his next action, filling another box of the Medium
    Temple, he completes its second row and gains 1 piety."
    """
    state = in_year(
        sheets=[
            {
                "built": ["small_temple", "medium_temple"],
                "citizens": {"priests": 5},
                "pool": {"soldier": 1, "builder": 1, "servant": 1, "civilian": 1},
            }
        ]
    )
    play(state, 0, "temple soldier", "temple builder")
    assert areas(state)["temple_favours"] == 1 and areas(state)["attributes"]["piety"] == 1
    play(state, 0, "temple servant")
    assert areas(state)["attributes"]["piety"] == 1
    play(state, 0, "temple civilian")
    assert areas(state)["attributes"]["piety"] == 2 and areas(state)["temples"] == 4
    state = amended(state, [{"temples": 6, "pool": {"servant": 1}}])
    assert refused(state, 0, "temple servant") == "the next temple row needs 6 priests; you have 5"
    state = amended(state, [{"temples": 8, "citizens": {"priests": 6}}])
    assert refused(state, 0, "temple servant") == (
        "the next temple box is in the Large Temple: build it first"
    )


def test_baths_bribes_in_one_year():
    """PL p.11: "this player already gave 1 bribe in year 2. If he wishes, he may take 2 actions
    to remove another 2 disdain. The first costs him 1 resource, the second 2 resources."
    A player holding no disdain may not bribe.
    """
    baths = {"built": ["baths"], "pool": {"resource": 3}}
    state = in_year(
        year=3,
        sheets=[
            {
                **baths,
                "citizens": {"apparitores": 5},
                "baths": [2, 0, 0, 0, 0, 0],
                "disdain": {"circled": 3, "removed": 1},
            }
        ],
    )
    play(state, 0, "bribe 2")
    assert pool(state) == {"resource": 2} and S.disdain(state.sheets[0]) == 1
    play(state, 0, "bribe 3")
    assert pool(state) == {} and S.disdain(state.sheets[0]) == 0
    state = in_year(  # two bribes this year, one disdain still held
        year=3,
        sheets=[
            {
                **baths,
                "citizens": {"apparitores": 9},
                "baths": [3, 3, 0, 0, 0, 0],
                "disdain": {"circled": 3, "removed": 2},
            }
        ],
    )
    assert refused(state, 0, "bribe 4") == "you already gave 2 bribes in year 3"
    state = in_year(
        year=4,
        sheets=[
            {
                **baths,
                "citizens": {"apparitores": 9},
                "baths": [2, 3, 3, 0, 0, 0],
                "disdain": {"circled": 3, "removed": 3},
            }
        ],
    )
    assert refused(state, 0, "bribe 4") == "the Baths remove disdain, and you hold none"


def test_the_courthouse_in_year_4_with_7_apparitores():
    """PL p.12: "suppose it is year 4 and this player has 7 Apparitores. He may gain 1 servant
    by filling the last box of the left column. Then he may trade this servant for a builder,
    filling the second box of the right column. But he may not fill the last box of the centre
    column, having already had 1 ruling from that column in year 4."
    """
    state = in_year(
        year=4,
        sheets=[
            {
                "built": ["courthouse"],
                "citizens": {"apparitores": 7},
                # the year of each ruling
                "courthouse": {"left": [1, 2, 0], "centre": [3, 4, 0], "right": [3, 0, 0]},
                "pool": {"builder": 1},
            }
        ],
    )
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
    state = in_year(
        sheets=[
            {"citizens": {"patricians": 3}, "pool": {"servant": 2, "soldier": 2, "resource": 4}}
        ]
    )
    play(state, 0, "diplomat right")
    assert areas(state)["attributes"]["valour"] == 1
    assert areas(state)["diplomat_favours"]["right"] == 2
    assert [str(a) for a in state.legal_actions(0) if a[0] == "diplomat"] == [
        "diplomat left",
        "diplomat centre",
    ]
    assert refused(state, 0, "diplomat right") == (
        "a Diplomat already serves the right Cohort; each serves a different one"
    )
    play(state, 0, "diplomat left")
    state = amended(state, [{"pool": {"servant": 1, "soldier": 1, "resource": 2}}])
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
    state = in_year(
        players=3,
        sheets=[
            {
                "citizens": {"patricians": 5},
                "scouts": 2,
                "scouting_map": [".....", "....x", "..xxx", ".xxxx"],
                "pool": {"soldier": 1},
            }
        ],
        prospects={0: "ranger", 1: "trainer"},  # I; S, on the left
    )
    orientation, cell = _placement("s_shape", {(1, 1), (2, 1), (2, 0), (3, 0)})
    assert orientation >= 4, "the example's placement is a mirror image"
    play(state, 0, f"scout left {orientation} {cell}")
    assert pool(state) == {"servant": 1, "resource": 1}
    assert areas(state)["attributes"]["valour"] == 2
    assert pool(state, 1) == {"soldier": 1}
    assert areas(state)["scouts"] == 3


def test_scouting_refuses_patterns_off_the_map_or_over_filled_cells():
    """PL p.12: "all cells of the pattern must be filled; it may not leave the Map nor overlap
    cells already filled."
    """
    state = in_year(
        sheets=[{"citizens": {"patricians": 2}, "pool": {"soldier": 1}}],
        prospects={0: "ranger"},  # I
    )
    assert "leaves the map" in refused(state, 0, "scout own 0 3")  # a row of 4 from column 3
    play(state, 0, "scout own 0 1")
    state = amended(state, [{"citizens": {"patricians": 4}, "pool": {"soldier": 1}}])
    assert "already filled" in refused(state, 0, "scout own 1 1")
    assert Action("scout", "own", 1, 5) in state.legal_actions(0)
    state = amended(state, [{"citizens": {"patricians": 3}}])
    assert refused(state, 0, "scout own 1 5") == "Scout 2 needs 4 patricians; you have 3"


def test_unmet_citizen_thresholds_are_refused():
    pieces = {"pool": {"servant": 1, "builder": 1, "resource": 2}}
    state = in_year(sheets=[{**pieces, "citizens": {"traders": 3}}])
    assert refused(state, 0, "build market") == "the market needs traders 4; you have 3"
    state = in_year(sheets=[{**pieces, "citizens": {"traders": 4}, "built": ["market"]}])
    assert refused(state, 0, "market 2 deck") == "Market box 2 needs 5 traders; you have 4"


def test_gardens_fill_citizen_tracks():
    """PL p.10: the Small Gardens give 1 piety, 1 trader, 1 performer and 1 priest."""
    state = in_year(
        sheets=[{"citizens": {"priests": 4}, "pool": {"servant": 1, "builder": 1, "resource": 1}}]
    )
    play(state, 0, "build small_gardens")
    assert list(areas(state)["citizens"].values()) == [1, 1, 5, 0, 0]
    assert areas(state)["attributes"]["piety"] == 1


def test_with_two_players_the_opponent_is_the_only_neighbour():
    """H-10: with 2 players the opponent is the only neighbour; the Neutral card is the third
    source of trade goods and patterns."""
    state = in_year(
        players=2,
        sheets=[{}, {"built": ["market"], "citizens": {"traders": 4}, "pool": {"resource": 1}}],
        prospects={0: "defender", 1: "forager"},  # goods 1 and 3
        neutral=["ranger"],  # 6
    )
    sources = {a[2] for a in state.legal_actions(1) if a[0] == "market"}
    assert sources == {"left", "deck", "neutral1"}
    play(state, 1, "market 1 left")
    assert pool(state, 0) == {"resource": 1}


def test_a_scout_pays_his_soldier_to_the_neighbour_whose_pattern_he_uses():
    """PL p.12: "using a neighbour's pattern, the soldier goes to that opponent (he may use it at
    once)"; with his own pattern it goes to the supply."""
    state = in_year(
        players=4,
        sheets=[{"citizens": {"patricians": 4}, "pool": {"soldier": 2}}],
        prospects={0: "architect", 3: "fighter"},  # I; O, on the right
    )
    play(state, 0, "scout own 0 1")  # the top row's first four cells
    assert all(pool(state, s) == {} for s in (1, 2, 3))
    play(state, 0, "scout right 0 6")  # a square under them, on the left edge
    assert pool(state, 3) == {"soldier": 1}
    assert pool(state) == {"resource": 1, "servant": 1}  # the icons covered
    assert areas(state)["scouting_map"] == ["xxxx.", "xx...", "xx...", "....."]


def test_a_fate_draw_showing_the_own_good_is_redrawn_when_the_option_is_off():
    """H-10, option deck_draw_may_match_own_prospect=false."""
    for allowed, expected in ((True, 3), (False, 5)):
        state = in_year(
            deck_draw_may_match_own_prospect=allowed,
            sheets=[{"built": ["market"], "citizens": {"traders": 4}, "pool": {"resource": 1}}],
            prospects={0: "forager"},  # 3
            fate=(fate_with(trade_good=3), fate_with(trade_good=5)),
        )
        play(state, 0, "market 1 deck")
        assert areas(state)["market"][0] == expected
