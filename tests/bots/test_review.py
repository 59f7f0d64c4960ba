"""The game review: each decision of a seat judged by the strongest search, from what that
seat knew only."""

import pytest

import tabulae
from tabulae.bots import bot_steps, make_bot
from tabulae.bots.review import MARKS, WINS, judge, review, thresholds
from tabulae.core import Match, Rng

from .games import SEARCH, copies, every_game, sample


def played(game: str, players: int, seed: int, bots: list[str]) -> Match:
    """A finished match of `bots`, recorded; the level `hard` searches a shorter while."""
    state = tabulae.load(game).new(players, seed)
    match = Match(game, players, seed)
    made = [make_bot(name, state, **(SEARCH if name == "hard" else {})) for name in bots]
    for seat, action in bot_steps(state, made, [Rng(seat) for seat in range(players)]):
        match.actions.append((seat, action))
    assert state.result() is not None
    return match


@pytest.fixture(scope="module")
def builders():
    """The Builders at two: a random player in seat 1, the level `hard` in seat 2."""
    return played("builders", 2, 3, ["random", "hard"])


@pytest.fixture(scope="module")
def reviews(builders):
    return [review(builders, seat, seconds=None, iterations=10, seed=1) for seat in (0, 1)]


def test_the_random_player_loses_more_per_decision_than_the_hard_one(reviews):
    wild, strong = reviews
    assert wild.decisions and strong.decisions
    assert wild.mean_loss > 2 * strong.mean_loss
    assert wild.counts()["blunder"] > strong.counts()["blunder"]


def test_the_review_tells_random_play_from_strong_play_in_another_game_too():
    match = played("builders", 2, 4, ["random", "hard"])
    wild, strong = (review(match, seat, seconds=None, iterations=10, seed=1) for seat in (0, 1))
    assert wild.mean_loss > 2 * strong.mean_loss
    assert wild.counts()["blunder"] > strong.counts()["blunder"]


def test_every_decision_with_a_choice_is_judged_with_its_loss_and_mark(builders, reviews):
    state = builders.start()
    choices = {0: [], 1: []}
    for number, (seat, action) in enumerate(builders.actions, start=1):
        if len(state.legal_actions(seat)) > 1:
            choices[seat].append(number)
        state.apply(seat, action)
    for seat, found in enumerate(reviews):
        assert [judged.number for judged in found.decisions] == choices[seat]
        limits = thresholds(tabulae.load("builders"), "wins")
        assert limits != WINS  # The Builders reads its discounted payoffs with its own marks
        assert found.measure == "wins" and found.thresholds == limits
        for judged in found.decisions:
            assert judged.seat == seat
            assert judged.played == builders.actions[judged.number - 1][1]
            assert judged.loss == pytest.approx(judged.best_value - judged.played_value)
            assert judged.loss >= 0
            assert judged.mark == limits.mark(judged.loss) and judged.mark in MARKS
            assert (judged.best == judged.played) == (judged.loss == 0)
            assert 0 < judged.iterations <= 10 + 1
            assert all(0 <= value <= 1 for value in judged.expected)


def test_the_turning_points_are_the_three_largest_losses(reviews):
    for found in reviews:
        points = found.turning_points()
        losses = sorted((judged.loss for judged in found.decisions), reverse=True)
        assert [judged.loss for judged in points] == losses[:3]
        assert found.to_json()["turning_points"] == [judged.number for judged in points]


def test_the_series_holds_each_seat_s_expectation_and_ends_with_the_result(builders, reviews):
    found = reviews[0]
    assert [number for number, _ in found.series[:-1]] == [j.number for j in found.decisions]
    assert all(len(values) == 2 for _, values in found.series)
    last, result = found.series[-1]
    assert last == len(builders.actions)
    assert result == (0.0, 1.0)  # the hard player won


def test_the_same_seed_gives_the_same_review_and_progress_is_told(builders):
    told = []
    first = review(
        builders, 1, seconds=None, iterations=8, seed=4, progress=lambda *a: told.append(a)
    )
    again = review(builders, 1, seconds=None, iterations=8, seed=4)
    assert first.to_json() == again.to_json()
    total = len(first.decisions)
    assert told == [(done, total) for done in range(1, total + 1)]


@every_game
def test_the_judgement_is_the_same_for_every_world_that_looks_the_same_to_the_seat(game):
    bot = make_bot("hard", **SEARCH)
    checked = 0
    for state in sample(game):
        for seat in state.to_move:
            legal = state.legal_actions(seat)
            if len(legal) < 2:
                continue
            found = {
                str(judge(copy, seat, legal[-1], Rng(99), bot, None, 20).to_json())
                for copy in copies(state, seat)
            }
            assert len(found) == 1, f"the review peeked in {game.id}"
            checked += 1
    assert checked


def test_a_solitaire_game_is_judged_in_points():
    match = played("hadrians_wall", 1, 2, ["random"])
    match.actions = match.actions[:12]
    found = review(match, 0, seconds=None, iterations=10)
    assert found.measure == "score"
    assert found.thresholds == thresholds(tabulae.load("hadrians_wall"), "score")
    assert found.decisions and all(judged.loss >= 0 for judged in found.decisions)
    assert found.series[-1][0] == found.decisions[-1].number  # unfinished: no result


def test_a_review_needs_a_budget_and_a_seat_at_the_table(builders):
    with pytest.raises(ValueError, match="budget"):
        review(builders, 0, seconds=None)
    with pytest.raises(ValueError, match="not at this table"):
        review(builders, 2, iterations=1)
