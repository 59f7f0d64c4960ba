"""The Sylla position format: written complete, read back checked, and playing on identically.

`state.position()` writes every field of the table (hidden parts included) as versioned
JSON; `GAME.from_position` checks each value's type, then the rules' invariants, and refuses
a malformed position with the reason.
"""

import json
import re
from pathlib import Path

import pytest

from tabulae.core import BadPosition, Rng
from tabulae.core.conformance import check_game, snapshot
from tabulae.games.sylla import GAME
from tabulae.games.sylla.state import SyllaState

from .helpers import started

DOCS = Path(__file__).parents[3] / "docs" / "positions" / "sylla.md"


def through_json(state):
    return json.loads(json.dumps(state.position()))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_position_of_random_games_reads_back_and_plays_on_identically(players):
    """A game carried from each position to the next only through its position format plays
    the same game as one kept in memory: the same legal actions at every step, the same
    events, the same result and the same final table."""
    positions = 0
    for seed in range(4):
        options = {
            "open_screens": seed == 1,
            "limited_bank": seed == 2,
            "limited_tokens": seed == 2,
        }
        kept = GAME.new(players, seed=seed, **options)
        carried = kept
        rng = Rng(100 + seed)
        while kept.to_move:
            data = through_json(carried)
            carried = GAME.from_position(data)
            positions += 1
            assert type(carried) is SyllaState
            assert through_json(carried) == data
            movers = kept.to_move
            assert carried.to_move == movers
            seat = movers[rng.below(len(movers))]
            actions = kept.legal_actions(seat)
            assert carried.legal_actions(seat) == actions
            action = actions[rng.below(len(actions))]
            kept.apply(seat, action)
            carried.apply(seat, action)
        assert carried.events == kept.events
        assert carried.result() == kept.result() is not None
        assert snapshot(carried) == snapshot(kept)
    assert positions > 700  # thousands over the three player counts


def test_the_conformance_suite_reads_back_the_position_at_every_deep_check():
    report = check_game(GAME, 4, 2000, {}, deep_every=24)
    assert report.positions == report.deep_checks >= 10


def test_a_position_is_versioned_json_holding_the_hidden_parts():
    state = started(3, seed=4)
    data = through_json(state)
    assert data["format"] == "tabulae.position" and data["game"] == "sylla"
    assert data["version"] == 1 and data["players"] == 3
    table = data["table"]
    assert table["deck"] == state.deck and table["event_deck"] == state.event_deck
    assert table["rng"] == state.rng.state
    assert len(table["events"]) == len(state.events)
    not_written = {"game", "players", "options", "components"}
    assert set(table) == set(SyllaState.declared()) - not_written


# -- malformed positions are refused with the reason --------------------------------------------


def refused(change, players=4, seed=3, **options):
    """The reason `from_position` gives for a started game's position after `change`."""
    data = through_json(started(players, seed=seed, **options))
    change(data, data["table"])
    with pytest.raises(BadPosition) as error:
        GAME.from_position(data)
    return str(error.value)


def test_a_card_in_two_places_is_refused():
    def doubled(data, table):
        table["deck"][0] = table["display"][0]

    card = through_json(started(seed=3))["table"]["display"][0]
    assert re.fullmatch(
        rf"40 character cards in the deck, display and hands, not each of the 40 once "
        rf"\(twice: \[{card}\]\)",
        refused(doubled),
    )


def test_a_marker_off_its_track_is_refused():
    def famine(data, table):
        table["famine"] = 12

    def ladder(data, table):
        table["ladder"][1] = 0

    assert refused(famine) == "the Famine marker is on 12"
    assert refused(ladder) == "the health marker is on 0, off the ladder 1..7"


def test_a_decision_of_another_phase_is_refused():
    def auction_in_the_election(data, table):
        table["step"] = "auction"

    def no_such_phase(data, table):
        table["phase"] = "feast"

    assert refused(auction_in_the_election) == (
        "the decision 'auction' is not taken in the first_consul phase"
    )
    assert refused(no_such_phase).startswith("phase: one of 'setup', 'first_consul'")
    assert refused(no_such_phase).endswith(", not 'feast'")


def test_a_seat_out_of_range_is_refused():
    def consul(data, table):
        table["first_consul"] = 4

    def actor(data, table):
        table["actor"] = -1

    def hands(data, table):
        table["money"].append(3)

    assert refused(consul) == "the First Consul is seat 4, not a seat of the game"
    assert refused(actor) == "seats [-1] outside 0..3"
    assert refused(hands) == "money for 5 seats, not 4"


def test_a_card_the_edition_does_not_have_is_refused():
    def unknown_card(data, table):
        table["display"][0] = 77

    def unknown_event(data, table):
        table["event_row"][0] = 30

    assert refused(unknown_card) == "character cards [77] outside 0..39"
    assert refused(unknown_event) == "events in play [30] outside -1..9"


def test_a_value_of_the_wrong_type_is_refused_with_its_place():
    def money(data, table):
        table["money"][2] = "7"

    def character(data, table):
        table["characters"][1][0] = [3, "no", -1]

    assert refused(money) == "money[2]: a whole number, not a string ('7')"
    assert refused(character) == "characters[1][0][1]: true or false, not a string ('no')"


def test_a_private_token_of_a_colour_already_ruled_out_is_refused():
    def ruled_out(data, table):
        table["private_tokens"][0] = [[2, 0b011]]

    assert refused(ruled_out) == "seat 0's private token 2 has possible colours 11"


def test_money_beyond_the_box_is_refused_with_a_limited_bank():
    def rich(data, table):
        table["money"] = [30, 30, 1, 0]

    assert refused(rich, limited_bank=True) == "players hold 61 deniers; the box has 60"


def test_a_position_of_another_version_game_or_shape_is_refused():
    def version(data, table):
        data["version"] = 2

    def game(data, table):
        data["game"] = "builders"

    def missing(data, table):
        del table["famine"]
        table["fc"] = 0

    def players(data, table):
        data["players"] = 5

    assert refused(version) == (
        "position version 2 is not the one this version of Tabulae reads (1)"
    )
    assert refused(game) == "a position of 'builders', not of 'sylla'"
    assert refused(missing) == "table: missing famine; unknown fc"
    assert "5" in refused(players)


# -- the documentation ---------------------------------------------------------------------------


def test_every_field_of_the_position_is_documented():
    page = DOCS.read_text(encoding="utf-8")
    documented = re.findall(r"^\| `(\w+)` \|", page, flags=re.MULTILINE)
    assert documented == list(SyllaState.declared())


def test_the_example_on_the_page_reads_back():
    page = DOCS.read_text(encoding="utf-8")
    example = page.split("## An example")[1].split("```json")[1].split("```")[0]
    state = GAME.from_position(json.loads(example))
    assert state.step == "choose" and state.to_move == (0, 1)
    assert state.building_row == [10, 5, 11, 9, 7, 0]
