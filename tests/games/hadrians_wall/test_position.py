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
from tabulae.games.hadrians_wall.data import PLAYER_CARDS

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
    assert (data["format"], data["game"], data["version"]) == ("tabulae.position", GAME.id, 1)
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
    data["table"]["sheets"][0][S.COHORT + 1] = 9


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


def _sheet_cut_short(data):
    data["table"]["sheets"][1].pop()


def _year_as_a_word(data):
    data["table"]["year"] = "one"


def _unknown_phase(data):
    data["table"]["phase"] = "harvest"


def _more_players_than_the_game_seats(data):
    data["players"] = 7


def _favours_chosen_in_the_actions(data):
    data["table"]["favours_used"][2][0] = 1


def _garbled_record(data):
    data["table"]["events"] = [{"key": "hadrians_wall.attack", "args": {}}]


MALFORMED: list[tuple[Callable[[dict], None], str]] = [
    (_card_in_two_places, "seat 1's player cards are not each in exactly one place"),
    (_fate_card_in_two_places, "the Fate cards are not each in exactly one place"),
    (_cohort_off_its_track, "seat 0: the centre Cohort stands at 9, outside 0-"),
    (_attack_phase_without_an_attack, "year 1's attack revealed 0 Fate cards"),
    (_seat_missing, "ended_year: one per seat, 3, not 2"),
    (_player_card_that_does_not_exist, "decks[2]: player cards are numbered 0-"),
    (_unknown_reward_waiting, "pending[0]: rewards are cohort, "),
    (_over_before_the_last_year, "the game is over in year 1, before the year-6 attack"),
    (_sheet_cut_short, f"sheets[1]: {S.SIZE} numbers, not {S.SIZE - 1}"),
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
    documented = set(re.findall(r"^\| `(\w+)` \|", page, re.MULTILINE))
    assert set(HadriansWallTable.declared()) <= documented
    assert set(S.LAYOUT) <= documented, "every part of the sheet layout has its row"
