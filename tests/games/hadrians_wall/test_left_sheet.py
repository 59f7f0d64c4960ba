"""The left sheet: the rulebook's examples replayed, and its refusals."""

from tabulae.core import Action
from tabulae.games.hadrians_wall import sheet as S
from tabulae.games.hadrians_wall.rewards import advance_attribute

from .helpers import amended, areas, in_year, play, pool, refused


def test_wall_box_without_icon_gives_nothing_and_the_next_one_gives_a_cohort():
    """PL p.5: "taking the Wall action the player pays 1 resource … then fills the next box of
    his Wall. As it is an empty box he gains no immediate benefit. However, the next time he
    takes this action he may also fill 1 box of a Cohort of his choice (as the shield icon on
    the next Wall box shows)."
    """
    state = in_year(sheets=[{"wall": 5, "fort": 7, "pool": {"resource": 2}}])
    play(state, 0, "wall")
    assert areas(state)["wall"] == 6 and pool(state) == {"resource": 1}
    assert not state.pending[0]
    play(state, 0, "wall")
    assert areas(state)["wall"] == 7
    assert state.pending[0] == ["cohort"]
    assert state.legal_actions(0) == [
        Action("cohort", "left"),
        Action("cohort", "centre"),
        Action("cohort", "right"),
    ]


def test_a_cohort_reward_is_the_players_choice_and_its_third_box_gives_discipline():
    """PL p.5 (Cohorts): "after filling a box with a Cohort icon, this player may at once fill
    1 box of his Cohort. He may choose the left Cohort, gaining 1 discipline, but it would be
    better to fill the first box of the centre Cohort, in case the Picts attack there."
    """
    for choice, expected in (("left", 1), ("centre", 0)):
        state = in_year(
            sheets=[{"cohorts": {"left": 2}, "wall": 6, "fort": 7, "pool": {"resource": 1}}]
        )
        play(state, 0, "wall")
        assert refused(state, 0, "pass").startswith("first choose where the cohort reward goes")
        play(state, 0, f"cohort {choice}")
        assert areas(state)["attributes"]["discipline"] == expected
        assert areas(state)["cohorts"]["centre"] == (choice == "centre")


def test_six_fort_boxes_lock_cippi_box_three_but_leave_five_wall_boxes():
    """PL p.6: "this player has filled the first 6 boxes of his Fort. Until he fills the next
    Fort box, he cannot fill the next box of his Cippi. However, 5 Wall boxes remain that may
    be filled according to the rules."
    """
    state = in_year(
        sheets=[{"fort": 6, "cippi": 2, "wall": 1, "pool": {"resource": 9, "builder": 1}}]
    )
    reason = refused(state, 0, "cippi")
    assert "chain from Fort box 7" in reason
    for _ in range(5):
        play(state, 0, "wall")
        if state.pending[0]:  # Wall box 4 shows a Cohort
            play(state, 0, "cohort left")
    assert areas(state)["wall"] == 6
    assert "chain from Fort box 7" in refused(state, 0, "wall")
    play(state, 0, "fort builder", "cippi", "cohort left", "wall", "cohort left")
    assert (areas(state)["fort"], areas(state)["cippi"], areas(state)["wall"]) == (7, 3, 7)


def test_infrastructure_three_builds_the_medium_granary_but_not_the_large():
    """PL p.6: "this player has Infrastructure level 3. That is enough to build the Medium
    Granary (Infrastructure 1 required), but not enough for the Large Granary (level 5)."
    """
    state = in_year(sheets=[{"fort": 6, "pool": {"servant": 2, "builder": 2, "resource": 3}}])
    assert S.infrastructure(state.sheets[0]) == 3
    assert Action("build", "medium_granary") in state.legal_actions(0)
    play(state, 0, "build medium_granary")
    assert pool(state) == {"servant": 1, "builder": 1, "resource": 2}
    reason = refused(state, 0, "build large_granary")
    assert reason == "the large_granary needs Infrastructure 5; you have 3"


def test_the_granaries_open_the_centre_and_right_columns():
    """PL p.6 (Granaries): the Small Granary opens the left column of Mining & Foresting, Wall
    Guard, Cippi, Wall and Fort; the Medium Granary the centre column; the Large the right."""
    state = in_year(
        sheets=[
            {
                "mining_foresting": 4,
                "fort": 1,  # Infrastructure 1, for the Medium Granary
                "pool": {"servant": 3, "builder": 1, "resource": 3},
            }
        ]
    )
    assert "locked centre column: build the Medium Granary" in refused(state, 0, "mine")
    play(state, 0, "build medium_granary", "mine")
    assert areas(state)["mining_foresting"] == 5
    state = amended(state, [{"mining_foresting": 9}])
    assert "locked right column: build the Large Granary" in refused(state, 0, "mine")


def test_mining_gives_a_resource_and_raises_production():
    """PL p.5: "after returning 1 servant, this player fills the next box of the track. He at
    once gains 1 resource from the supply, and his Resource Production rises by 1."
    """
    state = in_year(sheets=[{"mining_foresting": 1, "pool": {"servant": 1}}])
    play(state, 0, "mine")
    assert pool(state) == {"resource": 1}
    assert areas(state)["resource_production"] == 2


def test_wall_guard_gives_a_cohort_box():
    """PL p.5: "after returning 1 soldier to the supply, this player may fill the next box of
    his Wall Guard track. That lets him fill 1 box of any Cohort at once."
    """
    state = in_year(sheets=[{"wall_guard": 2, "pool": {"soldier": 1}}])
    play(state, 0, "guard")
    assert state.pending[0] == ["cohort"]
    play(state, 0, "cohort right")
    assert areas(state)["cohorts"]["right"] == 1


def test_training_grounds_once_a_year_fill_the_wall_guard_for_free():
    """PL p.7: "Each year a player may train at most 1 builder … he fills the first available
    box of the Training Grounds and writes the current year beside it. As the sword icon shows,
    he also fills the next box of his Wall Guard."
    """
    state = in_year(sheets=[{"wall_guard": 1, "pool": {"builder": 2}}])
    play(state, 0, "training")
    assert areas(state)["training_grounds"][0] == 1 and areas(state)["wall_guard"] == 2
    assert pool(state) == {"builder": 1}
    assert refused(state, 0, "training") == "the Training Grounds were already used in year 1"


def test_hotels_workshop_and_road_income():
    """PL p.7: "at the start of the next year this player will gain 2 extra civilians from his
    Hotels and 1 point of an attribute of his choice for his Small Road. But the year is not
    over: he means to build a Small Workshop, having the required Infrastructure 3. He returns 3
    resources, and gains not only an extra builder at the start of every later year, but also
    1 builder at once, to use this year."
    """
    state = in_year(
        sheets=[
            {
                "fort": 13,  # Infrastructure 6: the Large Hotel he has is built by then
                "built": ["medium_granary", "small_hotel", "large_hotel", "small_road"],
                "pool": {"resource": 3},
            }
        ]
    )
    play(state, 0, "build small_workshop")
    assert pool(state) == {"builder": 1}
    play(state, 0, "pass")
    while state.phase == "attack":
        play(state, 0, "defend")
    state.apply(0, state.legal_actions(0)[0])  # year 2: choose the Path card
    income = [e for e in state.events if e.key == "hadrians_wall.income"][-1].args["income"]
    assert income == {"resource": 1, "civilian": 2, "builder": 1, "attribute": 1}
    assert state.pending[0] == ["attribute_of_choice"]
    assert [str(a) for a in state.legal_actions(0)] == [
        "attribute renown",
        "attribute piety",
        "attribute valour",
        "attribute discipline",
    ]
    before = areas(state)["attributes"]["piety"]
    play(state, 0, "attribute piety")
    assert areas(state)["attributes"]["piety"] == before + 1


def test_the_roads_rewards_are_the_players_choice():
    """The Small Road gives piety or discipline, the Large Road renown or valour (H-04)."""
    state = in_year(
        sheets=[
            {
                "fort": 17,
                "built": ["medium_granary", "large_granary"],
                "pool": {"servant": 4, "builder": 2, "resource": 3},
            }
        ]
    )
    play(state, 0, "build small_road")
    assert [str(a) for a in state.legal_actions(0)] == ["attribute piety", "attribute discipline"]
    play(state, 0, "attribute discipline", "build large_road")
    assert [str(a) for a in state.legal_actions(0)] == ["attribute renown", "attribute valour"]
    play(state, 0, "attribute valour")
    attributes = areas(state)["attributes"]
    assert (attributes["discipline"], attributes["valour"]) == (1, 1)


def test_forum_exchanges_two_workers_for_another_once_a_year():
    """PL p.7: "in year 2 this player returned 1 servant and 1 civilian to gain the builder he
    needed from the supply." The exchange never involves soldiers (H-08)."""
    state = in_year(year=2, sheets=[{"pool": {"servant": 2, "civilian": 1, "soldier": 2}}])
    assert Action("forum", "servant", "civilian", "builder") in state.legal_actions(0)
    assert not any(a[0] == "forum" and "soldier" in a for a in state.legal_actions(0))
    play(state, 0, "forum servant civilian builder")
    assert pool(state) == {"builder": 1, "servant": 1, "soldier": 2}
    assert areas(state)["forum"][0] == 2
    assert refused(state, 0, "forum builder servant civilian") == (
        "the Forum was already used in year 2"
    )
    assert "in the order builder, servant, civilian" in refused(
        state, 0, "forum servant builder civilian"
    )
    assert "never a soldier" in refused(state, 0, "forum servant servant soldier")


def test_the_monolith_needs_piety_15_and_gives_two_discipline():
    """PL p.7: "the Monolith needs at least 15 piety. After returning 1 builder and 2 resources
    to the supply, the player gains 2 discipline."
    """
    state = in_year(sheets=[{"attributes": {"piety": 14}, "pool": {"builder": 1, "resource": 2}}])
    assert refused(state, 0, "landmark monolith") == "the monolith needs piety 15; you have 14"
    state = amended(state, [{"attributes": {"piety": 15}}])
    play(state, 0, "landmark monolith")
    assert areas(state)["attributes"]["discipline"] == 2 and pool(state) == {}
    state = amended(state, [{"pool": {"builder": 1, "resource": 2}}])
    assert refused(state, 0, "landmark monolith") == "the monolith is already built"


def test_attribute_tracks_give_workers_and_stop_at_25():
    """PL p.8: "filling boxes may also give more workers or points of other attributes.
    Each attribute is at most 25; all points beyond are lost."
    """
    state = in_year(sheets=[{"attributes": {"valour": 2}, "pool": {"servant": 1}}])
    advance_attribute(state.sheets[0], state.pending[0], 2)
    assert areas(state)["attributes"]["valour"] == 3
    assert pool(state) == {"servant": 1, "soldier": 1}
    state = amended(state, [{"attributes": {"valour": 25}}])
    advance_attribute(state.sheets[0], state.pending[0], 2)
    assert areas(state)["attributes"]["valour"] == 25


def test_paying_with_workers_you_lack_is_refused():
    state = in_year(sheets=[{"pool": {"builder": 1}}])
    assert refused(state, 0, "fort soldier") == "you have 0 soldier(s) and it costs 1"
    play(state, 0, "fort builder")
    assert areas(state)["fort"] == 1
