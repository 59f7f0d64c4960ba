"""The coach: the strongest search's judgement of a seat's move, from what that seat knew."""

import pytest

from tabulae.bots import make_bot
from tabulae.bots.coach import CLOSE, coach, judge
from tabulae.bots.hints import Hint, Suggestion, hint
from tabulae.core import Action, Rng
from tabulae.core.conformance import snapshot

from .games import SEARCH, copies, every_game, sample


@every_game
def test_the_judgement_is_the_same_for_every_world_that_looks_the_same_to_the_seat(game):
    """No peeking: the truth and two guesses at it, alike to the seat, get one judgement of
    each move it could make (its first legal one and its last)."""
    bot = make_bot("hard", **SEARCH)
    for state in list(sample(game))[::3]:
        seat = state.to_move[0]
        legal = state.legal_actions(seat)
        for played in {legal[0], legal[-1]}:
            found = {
                str(coach(copy, seat, played, Rng(99), bot).to_json())
                for copy in copies(state, seat)
            }
            assert len(found) == 1, f"the coach peeked in {game.id}"


@every_game
def test_the_search_s_own_move_is_strong_and_the_state_is_left_untouched(game):
    bot = make_bot("hard", **SEARCH)
    state = next(iter(sample(game)))
    seat = state.to_move[0]
    picture = snapshot(state)
    best = hint(state, seat, Rng(4), bot).moves[0].action
    judged = coach(state, seat, best, Rng(4), bot)
    assert judged.verdict == "strong" and judged.best.action == best
    assert judged.yours is not None and judged.yours.action == best
    assert snapshot(state) == picture


def ranked(measure: str, *values: float) -> Hint:
    moves = tuple(
        Suggestion(Action("move", n), value, 10 - n, 0.1) for n, value in enumerate(values)
    )
    return Hint(0, measure, 100, moves)


def test_a_move_worse_than_the_best_by_more_than_a_little_is_named_with_the_best():
    found = ranked("score", 14.2, 12.9)
    judged = judge(found, Action("move", 1))
    assert judged.verdict == "other"
    assert judged.best.value == 14.2 and judged.yours is not None and judged.yours.value == 12.9
    close = ranked("score", 14.2, 14.2 - CLOSE["score"] / 2)
    assert judge(close, Action("move", 1)).verdict == "strong"
    assert judge(ranked("wins", 0.6, 0.3), Action("move", 1)).verdict == "other"
    assert judge(ranked("wins", 0.6, 0.59), Action("move", 1)).verdict == "strong"


def test_a_move_the_search_never_tried_has_no_payoff_to_compare():
    judged = judge(ranked("wins", 0.6, 0.3), Action("move", 7))
    assert judged.verdict == "unsearched" and judged.yours is None
    assert judged.to_json()["yours"] is None
    with pytest.raises(ValueError):
        judge(Hint(0, "wins", 0, ()), Action("move", 1))


def test_a_hint_comes_back_from_its_json_unchanged():
    found = ranked("wins", 0.6, 0.3)
    assert Hint.from_json(found.to_json()).to_json() == found.to_json()
    assert Hint.from_json(found.to_json()).best(1).moves == found.moves[:1]
