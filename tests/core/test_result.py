from tabulae.core import Result


def test_ties_share_a_rank_and_the_next_rank_is_skipped():
    result = Result.ranked([10, 12, 10, 3])
    assert result.ranks == (2, 1, 2, 4)
    assert result.winners == (1,)


def test_tiebreaks_separate_equal_scores_and_full_ties_share():
    result = Result.ranked([10, 10, 10], [(2, 1), (3, 0), (2, 1)])
    assert result.ranks == (2, 1, 2)
    shared = Result.ranked([7, 7], [(1,), (1,)])
    assert shared.winners == (0, 1)


def test_json_form():
    data = Result.ranked([1, 2], details={"why": "test"}).to_json()
    assert data == {
        "scores": [1, 2],
        "ranks": [2, 1],
        "winners": [1],
        "tiebreaks": [],
        "details": {"why": "test"},
    }
