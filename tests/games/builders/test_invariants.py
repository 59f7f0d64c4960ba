"""The Builders' invariants and recount bite: each planted fault fails the conformance check."""

import re

import pytest

from tabulae.core.conformance import ConformanceError, check_game
from tabulae.games.builders import GAME, Builders
from tabulae.games.builders.actions import NUMBER
from tabulae.games.builders.invariants import invariants
from tabulae.games.builders.state import BuildersState

from .helpers import set_up


def planted(name: str, **methods) -> Builders:
    """The Builders with one method of the state replaced by a faulty one (its copies and
    positions, generated for each table class, keep the fault)."""

    def start(self, players, rng, options):
        return table_type.setup(self, players, rng, options)

    table_type = type(f"{name}Table", (BuildersState,), {"__slots__": (), **methods})
    return type(name, (Builders,), {"start": start, "position_class": table_type})()


def hire_duplicating_the_card(self, seat, action):
    BuildersState.apply(self, seat, action)
    if action[0] == "hire":
        self.worker_deck.append(NUMBER[action[1]])


def take_creating_a_sesterce(self, seat, action):
    BuildersState.apply(self, seat, action)
    if action[0] == "take":
        self.sesterces[seat] += 1


def completion_scoring_a_point_more(self, seat, action):
    BuildersState.apply(self, seat, action)
    if any(e.key == "builders.completed" for e in self.events[-2:]):
        self.victory_points[seat] += 1


def result_with_a_point_more(self):
    result = BuildersState.result(self)
    if result is None:
        return None
    return type(result).ranked([result.scores[0] + 1, *result.scores[1:]], details=result.details)


def take_counting_an_action_less(self, seat, action):
    BuildersState.apply(self, seat, action)
    if action[0] == "take":
        self.actions_used -= 1


def loan_left_in_the_row(self, seat, action):
    BuildersState.apply(self, seat, action)
    if action[0] == "loan":
        self.loan_stack += 1


FAULTS = [
    (planted("Duplicate", apply=hire_duplicating_the_card), {}, r"card \d+ is in 2 places"),
    (
        planted("Counterfeit", apply=take_creating_a_sesterce),
        {"limited_bank": True},
        "sesterces are not conserved",
    ),
    (planted("Counterfeit", apply=take_creating_a_sesterce), {}, "differs from its recount"),
    (
        planted("PointMore", apply=completion_scoring_a_point_more),
        {},
        r"has \d+ VP but its buildings are worth",
    ),
    (planted("ScoreMore", result=result_with_a_point_more), {}, "differs from its recount"),
    (
        planted("FreeAction", apply=take_counting_an_action_less),
        {},
        r"actions are counted this turn but \d+ were taken",
    ),
    (planted("LoanKept", apply=loan_left_in_the_row), {}, "loans are not conserved"),
]


@pytest.mark.parametrize(
    ("faulty", "options", "message"),
    FAULTS,
    ids=["duplicate", "counterfeit-bank", "counterfeit", "vp", "score", "actions", "loans"],
)
def test_each_planted_fault_is_caught(faulty, options, message):
    with pytest.raises(ConformanceError, match=f"broke its invariants: .*{message}|{message}"):
        for seed in range(10):
            check_game(faulty, 3, seed, options, deep_every=10**6)


def test_the_sound_game_passes_the_same_checks():
    for options in ({}, {"limited_bank": True}):
        for seed in range(10):
            report = check_game(GAME, 3, seed, options, deep_every=10**6)
            assert report.invariant_checks == report.actions + 1


def test_a_fault_is_named_where_it_happens():
    """The check stops at the very action that broke the rule, not at the end."""
    faulty = planted("Duplicate", apply=hire_duplicating_the_card)
    with pytest.raises(ConformanceError) as caught:
        check_game(faulty, 2, 0, deep_every=10**6)
    message = str(caught.value)
    assert "builders players=2 seed=0" in message and "at step" in message
    assert "the worker deck" in message and "seat" in message


# -- positions edited against a rule: each family of checks names what it finds --------------------


def sound():
    """A position with a site, its crew (a trained worker with a tool, a slave), a finished
    machine at work, a tool and a University in the row and one idle tool."""
    table = set_up(
        sites={0: {"pyramid": ["craftsman_1", "slave_1"]}},
        finished={0: ["machine_saw"]},
        idle={0: ["laborer_1"]},
        tools={0: ["mallet"]},
        trained={"craftsman_1": "wood"},
    )
    assert invariants(table) == []
    return table


def a_card_in_two_places(table):
    table.building_deck.append(table.building_row[0])


def a_card_lost_and_one_made_up(table):
    table.worker_deck[0] = 99


def a_slave_in_the_worker_deck(table):
    table.slave_stack.append(table.worker_deck.pop())
    table.worker_deck.append(table.slave_stack.pop(0))


def a_tool_lost(table):
    table.tool_stack.pop()


def a_tool_copied(table):
    table.tools[0].append(table.tools[0][0])


def a_university_copied(table):
    table.university_stack.append(table.trained[NUMBER["craftsman_1"]])


def a_machine_idle_without_being_finished(table):
    table.finished[0].remove(NUMBER["machine_saw"])
    table.victory_points[0] = 0


def a_site_missing_a_supply(table):
    table.sites[0][NUMBER["pyramid"]].supplied[1] -= 1


def a_site_finished_and_left_standing(table):
    site = table.sites[0][NUMBER["pyramid"]]
    site.supplied = list(site.cost)


def a_slave_freed_that_nobody_holds(table):
    table.freed = frozenset({table.slave_stack[0]})


@pytest.mark.parametrize(
    ("edit", "expected"),
    [
        (a_card_in_two_places, r"card \d+ is in 2 places: the building row, the building deck"),
        (a_card_lost_and_one_made_up, r"card \d+ is in 0 places: nowhere; cards that do not exist"),
        (a_slave_in_the_worker_deck, r"card \d+ in the worker row or deck is not a worker"),
        (a_tool_lost, r"the \w+ is not in exactly one place"),
        (a_tool_copied, r"the \w+ is not in exactly one place"),
        (a_university_copied, r"Universities are not each in one place: \{"),
        (
            a_machine_idle_without_being_finished,
            r"seat 0's working machines \[\d+\] are not its finished machines \[\]",
        ),
        (a_site_missing_a_supply, r"site \d+ has \[.*\] but its crew brings \[.*\]"),
        (a_site_finished_and_left_standing, r"is finished but still under construction"),
        (a_slave_freed_that_nobody_holds, r"freed cards \[\d+\] are not all slaves players hold"),
    ],
    ids=lambda value: getattr(value, "__name__", "message"),
)
def test_a_position_against_a_rule_is_named(edit, expected):
    table = sound()
    edit(table)
    assert re.search(expected, "; ".join(invariants(table))), invariants(table)
