"""The turn machinery: steps as data, named turn orders, and one `apply` that checks in order."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import pytest

from tabulae.core import Action, Event, Game, IllegalAction, Table
from tabulae.core.flow import OVER, REFUSALS, Flow, Step, lap_from, simultaneous

# A tiny game: everyone at once secretly chooses a number, then, one lap from the leader, each
# either passes or adds their number to the pot. Then it is over.

PASS = Action("pass")


def _choose_seats(table: Tally) -> tuple[int, ...]:
    return simultaneous(table, table.chosen)


def _choose_legal(table: Tally, seat: int) -> list[Action]:
    return [Action("choose", n) for n in (1, 2, 3)]


def _choose_why(table: Tally, seat: int, action: Action) -> IllegalAction:
    return table.refused("choose.expected", "choose 1, 2 or 3")


def _choose_play(table: Tally, seat: int, action: Action) -> None:
    table.chosen[seat] = action[1]


def _add_seats(table: Tally) -> tuple[int, ...]:
    return (table.queue[0],)


def _add_legal(table: Tally, seat: int) -> list[Action]:
    return [PASS, Action("add")]


def _add_why(table: Tally, seat: int, action: Action) -> IllegalAction:
    return table.refused("add.expected", "add your number or pass")


def _add_play(table: Tally, seat: int, action: Action) -> None:
    if action == Action("add"):
        number = table.chosen[seat]
        assert number is not None
        table.pot += number
    table.queue.pop(0)


class Tally(Flow, Table):
    STEPS: ClassVar[Mapping[str, Step]] = {
        "choose": Step(_choose_seats, _choose_legal, _choose_why, _choose_play),
        "add": Step(_add_seats, _add_legal, _add_why, _add_play),
    }

    step: str
    leader: int
    chosen: list[int | None]
    queue: list[int]
    pot: int
    advanced: int  # how many times the table moved on

    def name(self, seat: int) -> str:
        return f"seat {seat}"

    def advance(self) -> None:
        self.advanced += 1
        if self.step == "choose" and not self.to_move:
            self.step, self.queue = "add", lap_from(self, self.leader)
        elif self.step == "add" and not self.queue:
            self.step = OVER

    def view(self, seat: int | None) -> dict[str, Any]:  # pragma: no cover - not played
        return {}

    def determinize(self, seat, rng):  # pragma: no cover - not played
        return self.clone()

    def result(self):  # pragma: no cover - not played
        return None


class TallyGame(Game):
    id = "tally"
    name = "Tally"
    min_players = 2
    max_players = 4
    position_class = Tally

    def start(self, players, rng, options):  # pragma: no cover - not played
        raise NotImplementedError

    def actions(self, players, options):  # pragma: no cover - not played
        return []


GAME = TallyGame()


def tally(players: int = 3, leader: int = 1, kind: type[Tally] = Tally) -> Tally:
    table = object.__new__(kind)
    table.game, table.players, table.options = GAME, players, {}
    table.events = [Event("tally.start", {})]
    table.step, table.leader = "choose", leader
    table.chosen = [None] * players
    table.queue, table.pot, table.advanced = [], 0, 0
    return table


def refusal(table: Tally, seat: Any, action: Action) -> IllegalAction:
    with pytest.raises(IllegalAction) as refused:
        table.apply(seat, action)
    return refused.value


# -- the named turn orders ------------------------------------------------------------------


def test_a_lap_goes_clockwise_from_a_seat_that_seat_first():
    assert lap_from(tally(4), 2) == [2, 3, 0, 1]
    assert lap_from(tally(2), 0) == [0, 1]


def test_simultaneous_is_everyone_who_has_not_yet_chosen():
    table = tally(4)
    assert simultaneous(table, [None, 3, False, (False, 0)]) == (0, 2)
    assert simultaneous(table, [True, 0, (True, 2), "a"]) == ()


# -- to_move and legal_actions follow the step ------------------------------------------------


def test_the_step_says_who_moves_and_what_is_legal():
    table = tally(3, leader=1)
    assert table.to_move == (0, 1, 2)
    table.apply(1, Action("choose", 2))
    assert table.to_move == (0, 2)
    assert table.legal_actions(1) == []
    assert table.legal_actions(0) == [Action("choose", n) for n in (1, 2, 3)]
    table.apply(0, Action("choose", 3))
    table.apply(2, Action("choose", 1))
    assert (table.step, table.to_move) == ("add", (1,))
    assert table.legal_actions(1) == [PASS, Action("add")]
    assert table.legal_actions(2) == []


def test_play_then_advance_once_per_action():
    table = tally(2, leader=1)
    table.apply(0, Action("choose", 2))
    table.apply(1, Action("choose", 3))
    table.apply(1, Action("add"))
    table.apply(0, PASS)
    assert (table.pot, table.advanced, table.step, table.to_move) == (3, 4, OVER, ())
    assert table.legal_actions(0) == []


# -- apply checks: game over, then the seat, then the turn, then legality ----------------------


def test_game_over_is_refused_first_even_for_a_seat_that_does_not_exist():
    table = tally(3)
    table.step = OVER
    for seat in (0, 7, "0"):
        refused = refusal(table, seat, Action("nonsense"))
        assert (refused.key, refused.reason) == ("tally.refused.over", "the game is over")


def test_a_seat_that_does_not_exist_is_refused_before_the_turn():
    table = tally(3)
    for seat in (3, -1, "1", None):
        refused = refusal(table, seat, Action("nonsense"))
        assert refused.key == "tally.refused.no_seat"
        assert refused.arguments == {"players": 3}
        assert refused.reason == "there is no such seat in a 3-player game"


def test_a_seat_out_of_turn_is_refused_before_its_action_is_judged():
    table = tally(3, leader=2)
    table.apply(0, Action("choose", 1))
    refused = refusal(table, 0, Action("nonsense"))
    assert refused.key == "tally.refused.not_your_turn"
    assert refused.arguments == {"waiting_seats": [1, 2]}
    assert refused.reason == "it is not seat 0's turn: waiting for seat 1 and seat 2"


def test_an_illegal_action_is_refused_by_the_steps_why_and_changes_nothing():
    table = tally(3)
    before = table.position()
    refused = refusal(table, 1, Action("choose", 4))
    assert (refused.key, refused.reason) == ("tally.refused.choose.expected", "choose 1, 2 or 3")
    assert table.position() == before
    assert table.advanced == 0


def test_the_flow_s_own_refusals_are_the_ones_it_names():
    table = tally(2)
    keys = {refusal(table, 5, PASS).key}
    table.apply(0, Action("choose", 1))
    keys.add(refusal(table, 0, PASS).key)
    table.step = OVER
    keys.add(refusal(table, 0, PASS).key)
    assert keys == {f"tally.refused.{what}" for what in REFUSALS}


# -- a step may name the part of its legal actions an action would be in --------------------


def _choose_unlisted(table: Tally, seat: int) -> list[Action]:
    raise AssertionError("apply lists the part only")


def _choose_part(table: Tally, seat: int, action: Action) -> list[Action]:
    table.pot += 10  # counts the parts listed
    return _choose_legal(table, seat) if action[0] == "choose" else []


class PartedTally(Tally):
    STEPS: ClassVar[Mapping[str, Step]] = {
        **Tally.STEPS,
        "choose": Step(_choose_seats, _choose_unlisted, _choose_why, _choose_play, _choose_part),
    }


def test_an_action_is_checked_against_the_part_of_the_legal_actions_its_step_names():
    table = tally(2, kind=PartedTally)
    table.apply(0, Action("choose", 2))
    refused = refusal(table, 1, Action("choose", 4))
    assert (refused.key, refused.reason) == ("tally.refused.choose.expected", "choose 1, 2 or 3")
    assert refusal(table, 1, PASS).key == "tally.refused.choose.expected"
    assert (table.chosen, table.pot) == ([2, None], 30)
