"""Phase VII (famine, crises), the end of a round, Ecclesia and the winners."""

from tabulae.games.sylla.famine_and_crisis import crisis

from .helpers import building, enter, holding, names, play, started


def table(players=4):
    s = started(players, seed=13)
    s.first_consul = 0
    for seat in range(players):
        holding(s, seat, "slave_plain")
    return s


def test_famine_loss_less_two_per_face_up_field_never_a_gain_never_below_zero():
    """S-35, S-07."""
    s = table()
    s.famine = 3
    building(s, 1, "field")
    building(s, 2, "field", "field")
    building(s, 3, "field")
    s.buildings[3][0] = (s.buildings[3][0][0], s.components.index("events", "flood"))  # face down
    s.prestige = [10, 10, 10, 2]
    enter(s, "famine_and_crisis")
    assert s.prestige == [7, 9, 10, 0]


def test_a_crisis_rewards_the_most_and_punishes_the_fewest_zero_included():
    """S-36."""
    s = table()
    s.known_tokens = [[2, 0, 0], [2, 0, 0], [1, 0, 0], [0, 0, 0]]
    crisis(s, 0)
    assert s.prestige == [13, 13, 10, 7]


def test_a_crisis_where_all_tie_changes_nothing():
    s = table()
    s.known_tokens = [[1, 0, 0]] * 4
    crisis(s, 0)
    assert s.prestige == [10] * 4


def test_crises_follow_the_markers_in_the_zone_in_order_and_recur():
    s = table()
    s.ladder = [1, 4, 1]
    s.known_tokens = [[1, 0, 0], [0, 0, 1], [0, 0, 0], [0, 0, 0]]
    enter(s, "famine_and_crisis")
    crises = [e.args["tendency"] for e in s.events if e.key == "sylla.crisis"]
    assert crises == ["civic_spirit", "leisure"]
    assert s.prestige == [10, 10, 4, 4]  # +3 -3 for seats 0 and 1, -3 twice for the others
    assert s.round == 2  # the marker stays: the next phase VII brings the crisis again


def test_the_end_of_a_round_deals_a_new_display_and_row_and_untilts():
    """S-37: face-down cards stay face down while their events stay in play."""
    s = table(3)
    s.characters[0] = [(c, True, -1) for c, _, _ in s.characters[0]]
    holding(s, 1, "senator_plain")
    s.characters[1][0] = (s.characters[1][0][0], True, s.components.index("events", "senate_purge"))
    s.display = []
    s.building_row = [-1] * 6
    enter(s, "famine_and_crisis")
    assert s.round == 2 and len(s.display) == 5 and all(t >= 0 for t in s.building_row)
    assert names(s, 0) == [("slave_plain", False, False)]
    assert names(s, 1) == [("senator_plain", False, True)]


def test_ecclesia_christians_slaves_and_tokens_then_shared_victory():
    """S-38, S-39: face-down Christians score nothing; a Crane card is no Christian;
    tied players for first all win."""
    s = table(3)
    s.round = 5
    holding(s, 0, "senator_christian", "slave_christian", "crane")
    s.characters[0][1] = (
        s.characters[0][1][0],
        False,
        s.components.index("events", "christian_persecution"),
    )
    holding(s, 1, "slave_plain", "slave_christian", tilted=True)
    holding(s, 2, "vestal_a")
    s.money = [3, 5, 0]
    s.known_tokens = [[1, 0, 0], [0, 0, 0], [0, 1, 1]]
    s.ladder = [7, 2, 5]  # values 4, 1, 3
    s.prestige = [20, 9, 20]
    enter(s, "famine_and_crisis")  # famine 0 and no crisis, then Ecclesia
    assert s.prestige[0] == 22  # one face-up Christian
    assert s.to_move == (1,)  # seat 0's Slave is face down; seat 2 has none
    assert [str(a) for a in s.legal_actions(1)] == ["free 0", "free 1", "free 2"]
    play(s, 1, "free 2")
    assert s.step == "over" and s.to_move == ()
    assert s.prestige == [22 + 4, 9 + 2 + 6, 20 + 1 + 3]
    result = s.result()
    assert result.scores == (26, 17, 24) and result.winners == (0,)
    assert s.events[-1].key == "sylla.end" and s.events[-1].args["winner_seats"] == [0]


def test_ties_for_first_share_the_victory():
    s = table(2)
    s.round = 5
    s.prestige = [30, 30]
    enter(s, "famine_and_crisis")
    while s.to_move:
        play(s, s.to_move[0], "free 0")
    assert s.result().winners == (0, 1) and s.result().ranks == (1, 1)
