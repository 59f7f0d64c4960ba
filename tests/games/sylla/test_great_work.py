"""Phase VI: the secret commitment, gifts to the People, rankings with ties and ladder moves."""

import pytest

from tabulae.core import IllegalAction, Rng

from .helpers import arrange_great_work, enter, holding, play, started


def table(players=4, work="pantheon", senators=(0, 0, 0, 0)):
    s = started(players, seed=9)
    s.first_consul = 0
    for seat in range(players):
        holding(s, seat, *["senator_plain", "senator_christian", "slave_plain"][: senators[seat]])
        s.money[seat] = 12
    arrange_great_work(s, work)
    enter(s, "great_work")
    return s


def commit(s, *moves):
    for seat, move in enumerate(moves):
        play(s, seat, move)


def prestige_gained(s):
    return [p - 10 for p in s.prestige]


def test_the_current_card_moves_off_showing_the_next_one():
    """S-04: moving the card reveals next round's before the vote."""
    s = started(4, seed=9)
    arrange_great_work(s, "senate", "granary")
    enter(s, "great_work")
    assert s.view(0)["great_work"]["current"] == "senate"
    assert s.view(0)["great_work"]["next"] == "granary"


def test_commitments_are_simultaneous_and_secret_until_all_have_committed():
    """S-31: thumbs and deniers stay hidden; a determinized copy re-samples the others'."""
    s = table()
    assert s.to_move == (0, 1, 2, 3)
    play(s, 1, "thumb up 7")
    assert s.to_move == (0, 2, 3)
    assert s.view(1)["my_choice"] == {"thumb": "up", "deniers": 7}
    assert s.view(0)["my_choice"] is None and "7" not in str(s.view(0)["players"][1])
    assert s.view(0)["players"][1]["committed"] is True
    private = [e for e in s.events if e.key == "sylla.commitment"]
    assert [e.audience for e in private] == [(1,)]
    guesses = {s.determinize(0, Rng(k)).commitments[1] for k in range(30)}
    assert len(guesses) > 1 and all(0 <= d <= 12 for _, d in guesses)
    with pytest.raises(IllegalAction, match="cannot commit 13 deniers: you have 12"):
        play(s, 2, "thumb up 13")


def test_thumb_down_gives_one_prestige_per_full_two_votes_and_the_deniers_go():
    """S-32: votes are untilted face-up Senators plus deniers."""
    s = table(senators=(2, 0, 1, 0))
    s.characters[2][0] = (s.characters[2][0][0], True, -1)  # a tilted Senator casts no vote
    commit(s, "thumb down 3", "thumb down 1", "thumb down 3", "thumb down 0")
    assert prestige_gained(s) == [2, 0, 1, 0]
    assert s.money == [9, 11, 9, 12]


def test_pantheon_ranks_with_shared_places():
    """S-33: 10/6/2; tied players share a place and the next takes the place after them."""
    s = table()
    commit(s, "thumb up 5", "thumb up 5", "thumb up 3", "thumb up 0")
    assert prestige_gained(s) == [10, 10, 2, 0]


def test_pantheon_pays_six_and_two_with_two_players():
    s = table(players=2)
    commit(s, "thumb up 5", "thumb up 3")
    assert prestige_gained(s) == [6, 2]


def test_templum_pays_by_thresholds():
    """Templum: at least 8 votes 10 prestige, at least 5 votes 6."""
    s = table(work="templum")
    commit(s, "thumb up 8", "thumb up 7", "thumb up 5", "thumb up 4")
    assert prestige_gained(s) == [10, 6, 6, 0]


@pytest.mark.parametrize(
    "work, marker, votes, steps",
    [("public_baths", 1, 9, 1), ("colosseum", 2, 10, 2), ("senate", 0, 4, 0)],
)
def test_works_move_their_marker_per_full_five_votes(work, marker, votes, steps):
    s = table(work=work)
    commit(s, f"thumb up {votes}", "thumb down 5", "thumb down 0", "thumb up 0")
    assert s.ladder[marker] == 4 + steps
    assert prestige_gained(s) == [5, 2, 0, 0]  # the only builder with votes ranks first


def test_ranks_of_five_and_three_and_the_zero_vote_builder_scores_nothing():
    s = table(work="colosseum")
    commit(s, "thumb up 4", "thumb up 4", "thumb up 1", "thumb up 0")
    assert prestige_gained(s) == [5, 5, 0, 0]
    assert s.money == [8, 8, 11, 12]  # all committed deniers go to the bank


def test_granary_moves_famine_left_per_full_four_votes_doubled_with_two_players():
    s = table(work="granary")
    s.famine = 5
    commit(s, "thumb up 5", "thumb up 3", "thumb down 4", "thumb up 0")
    assert s.famine == 3  # 8 votes of builders: 2 steps
    two = table(players=2, work="granary")
    two.famine = 6
    commit(two, "thumb up 4", "thumb up 3")
    assert two.famine == 4  # 7 votes: one step, doubled


def test_two_players_double_the_ladder_steps():
    s = table(players=2, work="senate")
    s.ladder[0] = 2
    commit(s, "thumb up 5", "thumb up 4")
    assert s.ladder[0] == 4  # 9 votes: one step, doubled (the 2-player text)
