"""Episodes: simultaneous decisions as turns, integer codes, refusals, returns and records."""

import pytest

from tabulae.core import Action, IllegalAction, Result, Rng
from tabulae.interop.episode import Episode, outcomes, pairwise
from tests.plugin_games.tesserae import GAME as TOY


def to_play_phase(episode: Episode) -> None:
    """Everyone passes the draw phase of the test game's first round."""
    while episode.state.step == "draw":
        episode.play_action(Action("pass"))


def test_a_simultaneous_decision_is_presented_one_seat_at_a_time_in_seat_order():
    episode = Episode.start(TOY, 4, seed=3)
    to_play_phase(episode)
    assert len(episode.state.to_move) == 4
    order = []
    while episode.state.step == "play":
        seat = episode.seat
        order.append(seat)
        assert episode.legal_codes(seat) and all(
            not episode.legal_codes(other) for other in range(4) if other != seat
        )
        episode.play(episode.legal_codes(seat)[0])
    assert order == [0, 1, 2, 3]


def test_the_turn_passes_to_the_next_seat_after_the_last_actor():
    episode = Episode.start(TOY, 3, seed=1)
    to_play_phase(episode)
    seat, tile = 2, episode.state.hands[2][0]
    episode.state.apply(seat, Action("play", tile))  # seat 2 chose first, outside the episode
    episode.log.append((seat, Action("play", tile)))
    assert episode.seat == 0  # wraps around to the first seat still to choose


def test_codes_are_the_games_action_space():
    episode = Episode.start(TOY, 2, seed=0)
    space = TOY.action_space(2)
    assert [space.decode(c) for c in episode.legal_codes(0)] == [Action("draw"), Action("pass")]
    assert episode.mask(0) == space.mask([Action("draw"), Action("pass")])
    assert episode.legal_codes(1) == [] and not any(episode.mask(1))


def test_an_illegal_code_is_refused_and_changes_nothing():
    episode = Episode.start(TOY, 2, seed=0)
    view, log = episode.state.view(0), list(episode.log)
    play_code = TOY.action_space(2).encode(Action("play", 1))
    with pytest.raises(IllegalAction, match="not allowed"):
        episode.play(play_code)
    with pytest.raises(IllegalAction, match="no action has code"):
        episode.play(10_000)
    assert episode.state.view(0) == view and episode.log == log


def test_an_episode_is_rebuilt_from_its_match_record():
    episode = Episode.start(TOY, 3, seed=11, rounds=2)
    rng = Rng(4)
    while not episode.over:
        codes = episode.legal_codes(episode.seat)
        episode.play(codes[rng.below(len(codes))])
    again = Episode.replay(TOY, episode.match())
    assert again.log == episode.log and again.options == {"rounds": 2, "open_hands": False}
    assert [again.state.view(s) for s in range(3)] == [episode.state.view(s) for s in range(3)]
    assert again.outcomes() == episode.outcomes()


def test_a_re_sampled_episode_has_no_match_record():
    episode = Episode.start(TOY, 3, seed=2)
    imagined = episode.determinized(0, Rng(1))
    assert imagined.state.view(0) == episode.state.view(0)
    with pytest.raises(ValueError, match="re-sampled"):
        imagined.match()


def test_returns_are_pairwise_rank_outcomes_summing_to_zero():
    assert outcomes(Result.ranked([5, 9, 5])) == (-0.5, 1.0, -0.5)
    assert outcomes(Result.ranked([5, 9, 5], [(1,), (0,), (0,)])) == (0.0, 1.0, -1.0)
    assert outcomes(Result.ranked([3, 3])) == (0.0, 0.0)
    assert pairwise([1.0, 4.0, 2.0, 3.0]) == (-1.0, 1.0, -1 / 3, 1 / 3)


def test_alone_the_return_is_the_score():
    assert outcomes(Result.ranked([42])) == (42.0,)
