"""The position format: every position of random games reads back through JSON as a table that
plays on identically, and a malformed position is refused with the reason."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tabulae.core import BadPosition, Rng
from tabulae.core.conformance import snapshot
from tabulae.games.hadrians_wall import GAME, HadriansWallTable
from tabulae.games.hadrians_wall import sheet as S
from tabulae.games.hadrians_wall.components import BUILDING_INDEX, PLAYER_CARDS

from .helpers import end_year, in_year, play

DOCS = Path(__file__).parents[3] / "docs" / "positions" / "hadrians_wall.md"
SEEDS = 2  # random games per player count


def through_json(table: HadriansWallTable) -> dict[str, Any]:
    return json.loads(json.dumps(table.position()))


@pytest.mark.parametrize("players", range(1, 7))
def test_every_position_of_random_games_reads_back_and_plays_on_identically(players):
    positions = 0
    for seed in range(SEEDS):
        table = GAME.new(players, seed=seed, difficulty=("easy", "normal", "hard")[seed % 3])
        rng = Rng(seed)
        while table.result() is None:
            data = through_json(table)
            copy = GAME.from_position(data)
            assert snapshot(copy) == snapshot(table), f"step {positions} reads back otherwise"
            seat = table.to_move[rng.below(len(table.to_move))]
            legal = table.legal_actions(seat)
            action = legal[rng.below(len(legal))]
            assert copy.legal_actions(seat) == legal
            table.apply(seat, action)
            copy.apply(seat, action)
            assert copy.position() == table.position(), f"step {positions} plays on otherwise"
            positions += 1
        assert copy.result() == table.result()
    assert positions >= 60 + 40 * players  # 2,634 positions over the six player counts


def test_the_conformance_suite_reads_back_a_position_at_every_deep_check():
    from tabulae.core.conformance import check_game

    report = check_game(GAME, 3, 7, {"difficulty": "normal"}, deep_every=6)
    assert report.deep_checks >= 20 and report.positions == report.deep_checks


def test_a_position_names_its_game_and_version_and_holds_the_hidden_parts():
    table = GAME.new(2, seed=3)
    data = through_json(table)
    assert (data["format"], data["game"], data["version"]) == ("tabulae.position", GAME.id, 2)
    assert data["players"] == 2 and data["options"]["difficulty"] == "easy"
    assert data["table"]["drawn"] == table.drawn and data["table"]["chosen"] == [None, None]
    assert data["table"]["decks"] == table.decks and data["table"]["rng"] == table.rng.state
    assert "neighbours" not in data["table"]  # derived from the player count
    assert GAME.from_position(data).neighbours == ((("left", 1),), (("left", 0),))


# -- malformed positions --------------------------------------------------------------------------


def _in_actions(players: int = 3) -> dict[str, Any]:
    return through_json(in_year(players, seed=1))


def _card_in_two_places(data):
    table = data["table"]
    table["paths"][1][0] = table["decks"][1][0]
    table["chosen"][1] = table["decks"][1][0]


def _fate_card_in_two_places(data):
    data["table"]["fate_discard"].append(data["table"]["fate_deck"][0])


def _cohort_off_its_track(data):
    data["table"]["sheets"][0]["cohorts"]["centre"] = 9


def _traders_as_a_word(data):
    data["table"]["sheets"][2]["citizens"]["traders"] = "three"


def _unknown_area(data):
    data["table"]["sheets"][1]["granary"] = 1


def _building_twice(data):
    data["table"]["sheets"][0]["built"] = ["market", "market"]


def _building_that_does_not_exist(data):
    data["table"]["sheets"][0]["built"] = ["lighthouse"]


def _year_in_the_forum_beyond_the_last(data):
    data["table"]["sheets"][0]["forum"][1] = 7


def _scouting_map_row_too_long(data):
    data["table"]["sheets"][0]["scouting_map"][3] = "x....."


def _dead_as_a_number(data):
    data["table"]["sheets"][0]["ludus"]["blue"]["dead"] = 1


def _favour_of_an_unknown_kind(data):
    data["table"]["favours_used"][1]["bribe"] = {"left": 1}


def _written_in_version_1(data):
    data["version"] = 1


def _attack_phase_without_an_attack(data):
    data["table"]["phase"] = "attack"


def _seat_missing(data):
    data["table"]["ended_year"].pop()


def _player_card_that_does_not_exist(data):
    data["table"]["decks"][2][0] = len(PLAYER_CARDS)


def _unknown_reward_waiting(data):
    data["table"]["pending"][0] = ["gold"]


def _over_before_the_last_year(data):
    data["table"]["phase"] = "over"


def _area_left_out(data):
    del data["table"]["sheets"][1]["ludus"]["red"]["fought"]


def _year_as_a_word(data):
    data["table"]["year"] = "one"


def _unknown_phase(data):
    data["table"]["phase"] = "harvest"


def _more_players_than_the_game_seats(data):
    data["players"] = 7


def _favours_chosen_in_the_actions(data):
    data["table"]["favours_used"][2]["temple"]["left"] = 1


def _garbled_record(data):
    data["table"]["events"] = [{"key": "hadrians_wall.attack", "args": {}}]


MALFORMED: list[tuple[Callable[[dict], None], str]] = [
    (_card_in_two_places, "seat 1's player cards are not each in exactly one place"),
    (_fate_card_in_two_places, "the Fate cards are not each in exactly one place"),
    (_cohort_off_its_track, "sheets[0].cohorts.centre: a whole number, 0 to 6, not 9"),
    (_traders_as_a_word, "sheets[2].citizens.traders: a whole number, 0 to 9, not 'three'"),
    (_unknown_area, "sheets[1]: unknown granary"),
    (_building_twice, "sheets[0].built: market is listed twice"),
    (_building_that_does_not_exist, "sheets[0].built: 'lighthouse' is none of medium_granary, "),
    (_year_in_the_forum_beyond_the_last, "sheets[0].forum[1]: the year from 1 to 6, or 0"),
    (_scouting_map_row_too_long, "sheets[0].scouting_map: 4 rows of 5 cells, x filled and ."),
    (_dead_as_a_number, "sheets[0].ludus.blue.dead: true or false, not 1"),
    (_favour_of_an_unknown_kind, "favours_used[1]: unknown bribe"),
    (_written_in_version_1, "position version 1 is not the one this version of Tabulae reads"),
    (_attack_phase_without_an_attack, "year 1's attack revealed 0 Fate cards"),
    (_seat_missing, "ended_year: one per seat, 3, not 2"),
    (_player_card_that_does_not_exist, "decks[2]: player cards are numbered 0-"),
    (_unknown_reward_waiting, "pending[0]: rewards are cohort, "),
    (_over_before_the_last_year, "the game is over in year 1, before the year-6 attack"),
    (_area_left_out, "sheets[1].ludus.red: missing fought"),
    (_year_as_a_word, "year: a whole number, not a string ('one')"),
    (_unknown_phase, "phase: one of 'choose', 'actions', 'attack', 'over', not 'harvest'"),
    (_more_players_than_the_game_seats, "players"),
    (_favours_chosen_in_the_actions, "favours are being chosen outside the attack (actions)"),
]


@pytest.mark.parametrize(("spoil", "reason"), MALFORMED, ids=lambda x: getattr(x, "__name__", ""))
def test_a_malformed_position_is_refused_with_the_reason(spoil, reason):
    data = _in_actions()
    GAME.from_position(data)  # sound before it is spoilt
    spoil(data)
    with pytest.raises(BadPosition, match=re.escape(reason)):
        GAME.from_position(data)


def test_a_record_of_events_that_does_not_fit_is_refused():
    table = in_year(2, seed=4)
    end_year(table)
    while table.phase == "attack":
        play(table, table.to_move[0], "defend")
    data = through_json(table)
    GAME.from_position(data)
    defence = next(e for e in reversed(data["table"]["events"]) if e["key"].endswith("defence"))
    del defence["args"]["players"]
    with pytest.raises(BadPosition, match="the record of events does not fit the table"):
        GAME.from_position(data)


# -- the documentation ----------------------------------------------------------------------------


def test_every_field_of_the_position_is_documented():
    page = DOCS.read_text(encoding="utf-8")
    documented = set(re.findall(r"^\| `([\w.]+)` \|", page, re.MULTILINE))
    assert set(HadriansWallTable.declared()) <= documented
    assert set(S.AREAS) <= documented, "every area of the sheets has its row"


def _written_names(areas: dict[str, Any], where: str = "") -> set[str]:
    names = set()
    for name, part in areas.items():
        names.add(where + name)
        if isinstance(part, dict):
            names |= _written_names(part, f"{where}{name}.")
    return names


def test_a_sheet_is_written_by_every_number_it_keeps():
    """Each number of the sheet changes what is written, and reads back: no slot is left out."""
    fresh = S.new_sheet()
    for slot in range(S.SIZE):
        changed = list(fresh)
        changed[slot] += 1
        assert S.write(changed) != S.write(fresh), f"slot {slot} is not written"
        assert S.read(S.write(changed), "sheet") == changed


def test_a_sheet_is_written_by_the_names_of_the_printed_sheet():
    sheet = S.new_sheet()
    sheet[S.TRADERS], sheet[S.WALL], sheet[S.COHORT + 2] = 3, 4, 1
    sheet[S.BUILT + BUILDING_INDEX["market"]], sheet[S.MARKET + 1] = 1, 5
    sheet[S.DEAD + 1], sheet[S.COURT + 4], sheet[S.MAP] = 1, 2, 1 | 1 << 19
    written = S.write(sheet)
    assert written["citizens"]["traders"] == 3 and written["wall"] == 4
    assert written["cohorts"] == {"left": 0, "centre": 0, "right": 1}
    assert written["built"] == ["market"] and written["market"][:3] == [0, 5, 0]
    assert written["ludus"]["blue"]["dead"] is True
    assert written["courthouse"]["centre"] == [0, 2, 0]
    assert written["scouting_map"] == ["x....", ".....", ".....", "....x"]
    assert written["resource_production"] == 1, "the first circle is printed"


def test_favours_used_are_written_by_kind_and_cohort():
    table = in_year(2, seed=1)
    table.favours_used[1] = [0, 1, 0, 0, 0, 2]
    assert table.position()["table"]["favours_used"][1] == {
        "temple": {"left": 0, "centre": 1, "right": 0},
        "diplomat": {"left": 0, "centre": 0, "right": 2},
    }
