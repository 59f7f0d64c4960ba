"""Sylla's invariants and recount catch real faults: each defect planted here makes the
conformance suite fail with the invariant it breaks, and the sound game passes."""

import pytest

from tabulae.core import Result, Rng
from tabulae.core.conformance import ConformanceError, check_game
from tabulae.games.sylla import GAME, events
from tabulae.games.sylla.game import Sylla
from tabulae.games.sylla.setup import start
from tabulae.games.sylla.state import SyllaState
from tabulae.games.sylla.table import UP

from .helpers import started


def planted(name: str, **methods) -> Sylla:
    """Sylla with one method of its position replaced by a defective one."""
    state_type = type(f"{name}State", (SyllaState,), {"__slots__": (), **methods})
    game_type = type(
        name,
        (Sylla,),
        {
            "start": lambda self, players, rng, options: start(
                state_type, self, players, rng, options
            ),
            "position_class": state_type,
        },
    )
    return game_type()


def caught(game, message, players=4, seeds=range(10), **options):
    with pytest.raises(ConformanceError, match=message):
        for seed in seeds:
            check_game(game, players, seed, options, deep_every=1000)


# -- faults in the play ------------------------------------------------------------------------


def resolve_again_after_the_last_choice(s, resuming=False):
    """The fault of issue 16: after the last player's choice the event happens again."""
    while s.occurring or s.flipping:
        if s.flipping:
            if events._prompt_flip(s):
                return
            s.occurring.pop(0)
            continue
        events._happen(s, s.occurring[0])
        if not s.flipping:
            s.occurring.pop(0)
    events._removal(s)


@pytest.mark.parametrize("again", [True, False])
def test_an_event_resolved_twice_in_one_phase_is_caught(monkeypatch, again):
    monkeypatch.setattr(events, "_resolve", resolve_again_after_the_last_choice)
    caught(
        GAME,
        r"invariants: \w+ occurred 2 times in one Events phase",
        repeat_event_flips_again=again,
    )


def recruit_twice(self, seat, action):
    SyllaState.apply(self, seat, action)
    if action.kind == "recruit":
        self.characters[seat].append(self.characters[seat][-1])


def test_a_duplicated_card_is_caught():
    caught(
        planted("DuplicateCard", apply=recruit_twice),
        r"invariants: .* not each of the 40 once \(twice: \[\d+\]\)",
    )


def release_nothing(s, event):
    """A leaving event keeps the cards it held face down."""


def test_a_card_left_face_down_by_a_removed_event_is_caught(monkeypatch):
    monkeypatch.setattr(events, "_release", release_nothing)
    caught(GAME, r"invariants: seat \d's \w+ is face down, held by no event that can")


def spend_one_more(self, seat, amount):
    self.money[seat] -= amount + 1


def test_negative_deniers_are_caught():
    caught(planted("Overspend", spend=spend_one_more), r"invariants: seat \d has -\d+ deniers")


def move_off_the_ladder(self, marker, steps, cause):
    self.ladder[marker] += steps


def test_a_marker_off_its_track_is_caught():
    caught(
        planted("Unclamped", move_marker=move_off_the_ladder),
        r"invariants: the \w+ marker is on -?\d+, off the ladder",
    )


# -- faults in the score -----------------------------------------------------------------------


def result_with_a_point_more(self):
    result = SyllaState.result(self)
    if result is None:
        return None
    return Result.ranked([result.scores[0] + 1, *result.scores[1:]], details=result.details)


def test_a_score_off_by_one_against_the_recount_is_caught():
    caught(
        planted("PointMore", result=result_with_a_point_more), "differs from its recount", seeds=[0]
    )


def lose_one_more(self, seat, points):
    return SyllaState.lose(self, seat, points + 1)


def test_a_loss_counted_wrong_on_the_prestige_track_is_caught():
    caught(planted("LoseMore", lose=lose_one_more), "differs from its recount")


def gain_one_more(self, seat, points):
    SyllaState.gain(self, seat, points + (points > 0))


def test_a_gain_counted_wrong_on_the_prestige_track_is_caught():
    caught(planted("GainMore", gain=gain_one_more), "differs from its recount")


# -- the sound game ------------------------------------------------------------------------------


def finished(players, seed):
    state = GAME.new(players, seed)
    chooser = Rng(seed)
    while state.to_move:
        seat = state.to_move[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[chooser.below(len(legal))])
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_recount_agrees_with_the_result_and_does_not_read_the_prestige_track(players):
    s = finished(players, 7)
    assert GAME.invariants(s) == []
    assert GAME.recount(s) == s.result()
    s.prestige[0] += 1
    assert GAME.recount(s) != s.result()
    assert GAME.recount(s).scores[0] == s.prestige[0] - 1


def test_the_recount_is_none_while_the_game_runs_and_sound_positions_have_no_violation():
    s = started(4)
    assert GAME.recount(s) is None and GAME.invariants(s) == []


def test_a_card_face_down_under_an_event_that_cannot_hold_it_is_named():
    s = started(4)
    card, tilted, _ = s.characters[0][0]
    epidemic = s.components.index("events", "epidemic")
    s.characters[0][0] = (card, tilted, epidemic)
    assert (
        f"seat 0's {s.card_name(card)} is face down, held by no event that can"
        in GAME.invariants(s)
    )
    s.characters[0][0] = (card, tilted, UP)
    assert GAME.invariants(s) == []


def test_more_deniers_than_the_box_holds_are_named():
    s = started(4, limited_bank=True)
    assert GAME.invariants(s) == []
    s.money[1] += s.bank() + 1
    assert GAME.invariants(s) == ["players hold 61 deniers; the box has 60"]


def a_card_number_off_the_deck(s):
    s.deck.append(99)


def a_starting_character_lost(s):
    s.deck.append(s.characters[0].pop()[0])


def a_kept_insula(s):
    """An Insula tile taken from the stack and kept, where it acts once and goes."""
    insula = s.components.index("buildings", "insula")
    tile = next(t for t in s.building_stack if s.components.tiles[t].kind == insula)
    s.building_stack.remove(tile)
    s.buildings[0].append((insula, UP))


def negative_tokens(s):
    s.known_tokens[0][1] = -1


def a_tavern_moving_a_marker_twice(s):
    s.tell("tavern", marker="health")
    s.tell("tavern", marker="health")


def an_event_turning_two_cards_of_a_seat(s):
    s.tell("face_down", event="epidemic", seat=2)
    s.tell("face_down", event="epidemic", seat=2)


@pytest.mark.parametrize(
    ("edit", "expected"),
    [
        (a_card_number_off_the_deck, "character cards [99] outside 0..39"),
        (a_starting_character_lost, "seat 0 holds fewer than its 4 starting characters"),
        (a_kept_insula, "a insula is kept, but it acts once and goes"),
        (negative_tokens, "seat 0 holds [0, -1, 0] tokens"),
        (a_tavern_moving_a_marker_twice, "Taverns moved health 2 times in one phase"),
        (
            an_event_turning_two_cards_of_a_seat,
            "epidemic turned 2 cards of seat 2 face down in one phase",
        ),
    ],
    ids=lambda value: getattr(value, "__name__", "message"),
)
def test_a_position_against_a_rule_is_named(edit, expected):
    s = started(4)
    edit(s)
    assert GAME.invariants(s) == [expected]
