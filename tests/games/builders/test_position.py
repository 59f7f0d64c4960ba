"""The position format of The Builders: it reads back every position of play, through JSON,
as a table that plays on identically; it refuses a malformed one with the reason; and its
documentation names every field."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tabulae.core import Action, BadPosition, Rng
from tabulae.core.conformance import check_game, snapshot
from tabulae.games.builders import GAME
from tabulae.games.builders.table import BuildersTable

from .helpers import NUMBER, set_up

DOCUMENTATION = Path(__file__).parents[3] / "docs" / "positions" / "builders.md"
SEEDS = range(16)
STRIDE = 5  # events between two positions read back
OPTIONS: list[dict[str, Any]] = [{}, {"limited_bank": True, "university_effect": "add_3"}]


def read(data: dict[str, Any]) -> BuildersTable:
    table = GAME.from_position(json.loads(json.dumps(data)))
    assert isinstance(table, BuildersTable)
    return table


def play(players: int, seed: int, options: dict[str, Any], stride: int = 0) -> tuple[int, Any]:
    """A seeded random game; with a `stride`, the table is replaced every `stride` actions by
    the one read back from its position (through JSON), after checking that it writes the
    same position. Returns how many positions were read, and the game's events and result."""
    table, rng, positions = GAME.new(players, seed, **options), Rng(seed), 0
    while table.to_move:
        if stride and len(table.events) % stride == 0:
            written = table.position()
            table = read(written)
            assert table.position() == written
            positions += 1
        legal = table.legal_actions(table.active_seat)
        table.apply(table.active_seat, legal[rng.below(len(legal))])
    return positions, snapshot((table.events, table.result(), table.position()))


@pytest.mark.parametrize("options", OPTIONS, ids=["default", "limited_bank,add_3"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_positions_of_random_games_read_back_and_play_on_identically(players, options):
    """A game whose table is read back from its position every few actions (positions of
    every kind: mid-turn, after an investment, in the last round, at the end) plays to the
    same events, result and final position as the same game played straight."""
    positions = 0
    for seed in SEEDS:
        read_back, game = play(players, seed, options, stride=STRIDE)
        assert game == play(players, seed, options)[1]
        positions += read_back
    assert positions >= 800, "about 5,600 positions over the player counts and options"


def test_conformance_reads_back_the_position_at_every_deep_check():
    report = check_game(GAME, 3, seed=1003, deep_every=8)
    assert report.deep_checks >= 10 and report.positions == report.deep_checks


def test_the_hidden_deck_order_is_written_and_read_back():
    table = GAME.new(2, seed=7)
    written = table.position()
    assert written["table"]["building_deck"] == table.building_deck
    assert written["table"]["worker_deck"] == table.worker_deck
    assert read(written).building_deck == table.building_deck


def test_a_finished_game_reads_back_with_its_settlements():
    table = set_up(finished={0: ["colossus_of_rhodes", "hanging_gardens", "town_hall"]})
    table.apply(0, Action("end"))
    table.apply(1, Action("end"))
    assert table.game_over
    copy = read(table.position())
    assert copy.settlements == table.settlements and copy.result() == table.result()


def changed(change: Callable[[dict[str, Any]], object]) -> dict[str, Any]:
    """The position of a fresh 2-player game (seat 0 to move), changed."""
    data = json.loads(json.dumps(set_up(sites={0: {"temple": ["laborer_1"]}}).position()))
    change(data["table"])
    return data


TEMPLE = str(NUMBER["temple"])
MALFORMED: list[tuple[str, Callable[[dict[str, Any]], object], str]] = [
    (
        "a card in two places",
        lambda t: t["building_deck"].append(t["building_row"][0]),
        r"card \d+ is in 2 places: the building row, the building deck",
    ),
    (
        "a card in no place",
        lambda t: t["worker_deck"].pop(),
        r"card \d+ is in 0 places: nowhere",
    ),
    (
        "a count off its track",
        lambda t: t["victory_points"].__setitem__(1, 3),
        "seat 1 has 3 VP but its buildings are worth 0",
    ),
    (
        "loans not conserved",
        lambda t: t.__setitem__("loan_stack", t["loan_stack"] + 1),
        "loans are not conserved",
    ),
    (
        "scores settled while the game goes on",
        lambda t: t.__setitem__("game_over", True),
        "settlements: the players settle when the game is over, and only then",
    ),
    (
        "a seat out of range",
        lambda t: t.__setitem__("active_seat", 2),
        "active_seat: seat 2 is not a seat of 2 players",
    ),
    (
        "a list by seat without every seat",
        lambda t: t["sesterces"].pop(),
        "sesterces: 1 entries for 2 players",
    ),
    (
        "a card that does not exist",
        lambda t: t["idle"][0].append(58),
        r"idle\[0\]: \[58\] not a card that works here \(30 to 57\)",
    ),
    (
        "a tool of no material",
        lambda t: t["tools"][1].append(4),
        r"tools\[1\]: \[4\] not a material",
    ),
    (
        "a site supplied by no one",
        lambda t: t["sites"][0][TEMPLE]["supplied"].__setitem__(0, 2),
        r"site \d+ has \[2, 1, 0, 2\] but its crew brings \[0, 1, 0, 2\]",
    ),
    (
        "a malformed crew",
        lambda t: t["sites"][0][TEMPLE]["crew"][0].append(1),
        r"sites\[0\]\[\d+\]: crew\[0\]: a \[card, tool\] pair",
    ),
    (
        "actions counted that no event took",
        lambda t: t.__setitem__("actions_used", 2),
        "2 actions are counted this turn but 0 were taken",
    ),
    (
        "a row short while its deck lasts",
        lambda t: t["building_deck"].append(t["building_row"].pop()),
        "the building row holds 4 cards",
    ),
    (
        "an event of the turn without what it records",
        lambda t: t["events"].append({"key": "builders.took", "args": {"seat": 0}}),
        r"events: an event of this turn lacks what it records \(KeyError\('actions'\)\)",
    ),
    (
        "a value of the wrong type",
        lambda t: t["sesterces"].__setitem__(0, "ten"),
        r"sesterces\[0\]: a whole number, not a string",
    ),
]


@pytest.mark.parametrize(
    ("change", "reason"),
    [(change, reason) for _, change, reason in MALFORMED],
    ids=[name for name, _, _ in MALFORMED],
)
def test_a_malformed_position_is_refused_with_the_reason(change, reason):
    with pytest.raises(BadPosition, match=reason):
        GAME.from_position(changed(change))


def test_the_unchanged_position_is_read():
    assert read(changed(lambda table: None)).sites[0][NUMBER["temple"]].crew == [
        (NUMBER["laborer_1"], -1)
    ]


def test_every_field_is_documented():
    documented = re.findall(r"^\| `(\w+)` \|", DOCUMENTATION.read_text(), re.MULTILINE)
    assert documented == list(BuildersTable.declared()), "every field, in declaration order"
