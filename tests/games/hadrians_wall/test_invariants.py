"""The invariants and the recount bite: each planted rule fault makes `check_game` fail with
its own message, and positions edited against a rule are named for what they break."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tabulae.core import Rng
from tabulae.core.conformance import ConformanceError, check_game
from tabulae.core.flow import Move, by_kind
from tabulae.games.hadrians_wall import (
    GAME,
    HadriansWall,
    HadriansWallState,
    HadriansWallTable,
    attack,
    flow,
    left_sheet,
    scouts,
    start_of_year,
    year,
)
from tabulae.games.hadrians_wall import sheet as S
from tabulae.games.hadrians_wall.components import (
    ATTACK_CARDS,
    GREY_FLAGS,
    SCOUT_NEEDS,
    TRAINING_BOXES,
)
from tabulae.games.hadrians_wall.scouting import PLACEMENTS

from .helpers import build, end_year, in_year


def planted(name: str, **methods: Callable) -> HadriansWall:
    """Hadrian's Wall with methods of its state replaced by defective ones."""
    state_type = type(f"{name}State", (HadriansWallState,), {"__slots__": (), **methods})
    game_type = type(
        name,
        (HadriansWall,),
        {
            "position_class": state_type,
            "start": lambda self, players, rng, options: state_type.setup(
                self, players, rng, options
            ),
        },
    )
    return game_type()


def replace_area(
    monkeypatch: pytest.MonkeyPatch,
    kind: str,
    legal: Callable | None = None,
    play: Callable | None = None,
) -> None:
    """Let an area of the sheets offer or play its actions otherwise than the engine does."""
    move = year.MOVES[kind]
    moves = {**year.MOVES, kind: Move(legal or move.legal, move.why, play or move.play)}
    monkeypatch.setattr(year, "AREAS", by_kind(year.acting, moves, year.AREAS.why))


def fails(game: HadriansWall, message: str, players: int = 3, seeds: int = 10, **options):
    with pytest.raises(ConformanceError, match=message):
        for seed in range(seeds):
            check_game(game, players, seed, {"difficulty": "normal", **options}, deep_every=10**6)


# -- planted faults -------------------------------------------------------------------------------


def training_twice_a_year(st: HadriansWallTable, seat: int) -> list:
    """The Training Grounds offered whenever a box is left, forgetting 'once a year'."""
    sheet = st.sheets[seat]
    if sheet[S.BUILDER] and not sheet[S.TRAINING + TRAINING_BOXES - 1]:
        return [left_sheet.TRAINING_ACTION]
    return []


def test_a_year_limit_exceeded(monkeypatch):
    """H-07: the Training Grounds, once a year (the year is written in the box)."""
    replace_area(monkeypatch, "training", training_twice_a_year)
    fails(GAME, r"broke its invariants: .*the Training Grounds were used more than 1 a year")


def scouting_over_filled_cells(st: HadriansWallTable, seat: int) -> list:
    """Every placement of every pattern offered, forgetting that filled cells are taken."""
    sheet = st.sheets[seat]
    k = sheet[S.SCOUTS]
    if k >= len(SCOUT_NEEDS) or sheet[S.PATRICIANS] < SCOUT_NEEDS[k] or not sheet[S.SOLDIER]:
        return []
    return [
        scouts.SCOUT_ACTIONS[source, orientation, cell + 1]
        for source, card, _ in st.patterns(seat)
        for orientation, cell, _ in PLACEMENTS[card.pattern]
    ]


def test_a_box_filled_twice(monkeypatch):
    """H-11: a pattern "may not leave the map or overlap filled cells"."""
    replace_area(monkeypatch, "scout", scouting_over_filled_cells)
    fails(GAME, r"broke its invariants: .*Scouts sent, and \d+ map cells filled", 4, 40)


def training_in_the_first_box(st: HadriansWallTable, seat: int, action) -> None:
    """The Training Grounds writing the year in box 1 every time, filled or not."""
    sheet = st.sheets[seat]
    sheet[S.BUILDER] -= 1
    sheet[S.TRAINING] = st.year
    st.tell("training", seat=seat, box=1, sword=False)


def test_a_box_filled_twice_in_the_record(monkeypatch):
    """H-04: filling a box grants its rewards; a filled box is not filled again."""
    replace_area(monkeypatch, "training", play=training_in_the_first_box)
    fails(GAME, r"broke its invariants: seat \d: 'training' filled \['1'\] more than once")


def test_a_resource_created_from_nothing(monkeypatch):
    """H-02: at the start of a year every player takes the Fate card's 8 items, no more."""
    begin_year = start_of_year.begin_year

    def begin_year_with_a_resource_more(table: HadriansWallTable) -> None:
        begin_year(table)
        table.sheets[0][S.RESOURCE] += 1

    monkeypatch.setattr(start_of_year, "begin_year", begin_year_with_a_resource_more)
    fails(GAME, r"broke its invariants: seat 0 holds .* before the reveal; the Fate card gives")


def end_year_keeping_pieces(table: HadriansWallTable) -> None:
    kept = [sheet[:5] for sheet in table.sheets]
    attack.begin_attack(table)
    for sheet, pieces in zip(table.sheets, kept, strict=True):
        for i, n in enumerate(pieces):
            sheet[i] += n


def test_unused_pieces_kept_past_the_year(monkeypatch):
    """H-17: "every player returns all unused workers and resources to the supply"."""
    monkeypatch.setitem(flow.AFTER, "actions", end_year_keeping_pieces)
    fails(GAME, r"broke its invariants: .*(after the year's end|before the reveal)")


def result_a_point_more(self: HadriansWallState):
    result = HadriansWallState.result(self)
    if result is None:
        return None
    return type(result).ranked([result.scores[0] + 1, *result.scores[1:]], result.tiebreaks)


def test_a_score_off_by_one_against_the_recount():
    """H-21: the score is the attribute boxes plus Path VP minus the disdain penalty."""
    game = planted("PointMore", result=result_a_point_more)
    fails(game, r"the result .* differs from its recount")


def test_an_attack_short_of_the_difficulty_table(monkeypatch):
    """H-23: the difficulty sets the attack cards per year (normal: 1, 2, 4, 6, 8, 10)."""
    short = {d: tuple(n - (year == 2) for year, n in enumerate(t)) for d, t in ATTACK_CARDS.items()}
    monkeypatch.setattr(attack, "ATTACK_CARDS", short)
    fails(GAME, r"broke its invariants: year 3's attack revealed 3 Fate cards, .* asks 4")


def test_an_attack_resolved_against_the_wrong_grey_flag(monkeypatch):
    """H-17: min(U, grey flag) disdain and the rest as valour; the flags are 1 2 2 3 3 4."""
    monkeypatch.setattr(attack, "GREY_FLAGS", (*GREY_FLAGS[:-1], GREY_FLAGS[-1] + 1))
    fails(GAME, r"broke its invariants: seat \d took \d+ disdain and \d+ valour from year 6")


def draw_fate_losing_the_card(self: HadriansWallState, discard: bool) -> int:
    return HadriansWallState.top_fate(self, False)


def test_a_fate_card_lost():
    """H-02, H-19: the year's Fate card goes on the discard pile, to be shuffled in again."""
    game = planted("LostCard", top_fate=draw_fate_losing_the_card)
    fails(game, r"broke its invariants: the Fate cards are not each in exactly one place")


# -- positions edited against a rule --------------------------------------------------------------


def fort_and_wall(state):
    state.sheets[0][S.FORT] = 3
    state.sheets[0][S.WALL] = 4


def cippi_without_its_fort_box(state):
    state.sheets[0][S.FORT] = 6
    state.sheets[0][S.CIPPI] = 3


def centre_column_without_the_granary(state):
    state.sheets[0][S.MINING] = 5


def large_without_small(state):
    build(state, "large_hotel")
    state.sheets[0][S.FORT] = 15


def temple_without_priests(state):
    build(state, "small_temple")
    state.sheets[0][S.PRIESTS] = 1
    state.sheets[0][S.TEMPLE] = 3


def disdain_removed_without_a_bribe(state):
    state.sheets[0][S.DISDAIN] = 1
    state.sheets[0][S.DISDAIN_REMOVED] = 1


def attribute_beyond_its_track(state):
    state.sheets[0][S.VALOUR] = 26


def two_diplomats_on_one_cohort(state):
    state.sheets[0][S.PATRICIANS] = 3
    state.sheets[0][S.DIPLOMATS] = 2
    state.sheets[0][S.SERVED] = 1


def a_path_card_twice(state):
    state.paths[0].append(state.prospects[0][-1])


def disdain_before_any_attack(state):
    state.sheets[0][S.DISDAIN] = 1


def a_building_marked_twice(state):
    state.sheets[0][S.BUILT] = 2


def a_market_box_without_the_market(state):
    state.sheets[0][S.MARKET] = 1


def a_forum_box_skipped(state):
    state.sheets[0][S.FORUM + 1] = 1


def two_rulings_of_one_column_in_a_year(state):
    state.sheets[0][S.COURT] = state.sheets[0][S.COURT + 1] = 1


def a_reward_the_game_does_not_know(state):
    state.pending[0].append("a_laurel_wreath")


def a_chosen_card_that_does_not_exist(state):
    state.chosen[0] = 99


def a_fate_card_that_does_not_exist(state):
    state.fate_discard.append(99)


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (fort_and_wall, "Wall box 4 is filled with only 3 Fort boxes"),
        (cippi_without_its_fort_box, "Cippi box 3 is filled with only 6 Fort boxes"),
        (centre_column_without_the_granary, "Mining & Foresting has 5 boxes filled, and 0 built"),
        (large_without_small, "the large_hotel stands without the building it needs first"),
        (temple_without_priests, "temple box 3 is filled below its priests or unbuilt"),
        (disdain_removed_without_a_bribe, "1 disdain removed, and 0 bribes given"),
        (attribute_beyond_its_track, "valour stands at 26, outside 0-25"),
        (two_diplomats_on_one_cohort, "2 Diplomats sent, serving [1, 0, 0]"),
        (a_path_card_twice, "player cards are not each in exactly one place"),
        (disdain_before_any_attack, "1 disdain circled after 0 attacks"),
        (a_building_marked_twice, "a building is marked other than built or not built"),
        (a_market_box_without_the_market, "Market box 1 is filled below its threshold or unbuilt"),
        (a_forum_box_skipped, "the Forum boxes are not filled in order: [0, 1, 0, 0]"),
        (two_rulings_of_one_column_in_a_year, "the left Courthouse column gave more than one"),
        (a_reward_the_game_does_not_know, "pending[0]: rewards are"),
        (a_chosen_card_that_does_not_exist, "chosen[0]: player cards are numbered 0-"),
        (a_fate_card_that_does_not_exist, "fate_discard: Fate cards are numbered 0-"),
    ],
)
def test_a_position_against_a_rule_is_named(edit, message):
    state = in_year(2, seed=3)
    assert GAME.invariants(state) == []
    edit(state)
    assert any(message in problem for problem in GAME.invariants(state)), GAME.invariants(state)


def test_favours_spent_beyond_those_held_are_named():
    state = in_year(1, seed=5, difficulty="hard")
    build(state, "small_temple")
    state.sheets[0][S.PRIESTS] = 1
    state.sheets[0][S.TEMPLE] = 2
    state.sheets[0][S.TEMPLE_FAVOURS] = 1
    end_year(state)
    assert state.phase == "attack" and GAME.invariants(state) == []
    state.favours_used[0][0] = 2
    assert any("spends 2 temple favours and holds 1" in p for p in GAME.invariants(state))


def test_the_recount_waits_for_the_end_and_agrees_with_the_result():
    state = GAME.new(3, seed=11, difficulty="hard")
    assert GAME.recount(state) is None
    rng = Rng(11)
    while state.result() is None:
        seat = state.to_move[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.below(len(legal))])
    final = GAME.recount(state)
    assert final == state.result()
    assert state.sheets[1][S.RENOWN] < 25 and state.sheets[1][S.DISDAIN] > 0
    state.sheets[1][S.RENOWN] += 1  # the recount reads the sheets as they stand
    assert GAME.recount(state).scores == (final.scores[0], final.scores[1] + 1, final.scores[2])
    state.sheets[1][S.DISDAIN] -= 1
    assert GAME.recount(state).tiebreaks[1][0] == final.tiebreaks[1][0] + 1
