"""Hadrian's Wall's evaluation against the rulebook's scoring of the attacks.

H-17: "each player gains min(U, grey flag) disdain and the rest of the grey flag as valour,
where U is the sum over Cohorts of the attack cards beyond the Cohort's filled boxes."
"""

import pytest

import tabulae
from tabulae.games.hadrians_wall.components import GREY_FLAGS
from tabulae.games.hadrians_wall.evaluate import LATER_ATTACKS, attacks_to_come, undefended_chances
from tabulae.games.hadrians_wall.scoring import disdain_penalty
from tabulae.games.hadrians_wall.sheet import COHORT, DISDAIN, TEMPLE_FAVOURS

GAME = tabulae.load("hadrians_wall")


def year(number: int, difficulty: str = "easy"):
    """A solitaire game at the choice of Path card of year `number`."""
    state = GAME.new(1, seed=number, difficulty=difficulty)
    while state.year < number:
        state.sheets[0][COHORT : COHORT + 3] = [6, 6, 6]
        legal = state.legal_actions(0)
        state.apply(0, legal[-1] if state.phase != "choose" else legal[0])
    return state


def test_the_chances_of_undefended_cards_add_up_to_one():
    for cards in range(0, 13):
        for strength in ((0, 0, 0), (1, 2, 3), (6, 6, 6)):
            chances = undefended_chances(cards, strength, 1)
            assert sum(chance for _, chance in chances) == pytest.approx(1.0)
            assert all(0 <= beyond <= cards for beyond, _ in chances)


def test_full_cohorts_earn_every_grey_flag_as_valour():
    """Six boxes in each Cohort hold any attack of up to 6 cards on it; only 7 or 8 of
    year 6's 8 cards on one Cohort (a chance of 0.3%) could break through."""
    state = year(2)
    state.sheets[0][COHORT : COHORT + 3] = [6, 6, 6]
    later = sum(GREY_FLAGS[2:])
    expected = GREY_FLAGS[1] + LATER_ATTACKS * later
    assert expected - 0.02 < attacks_to_come(state, 0) < expected


def test_an_undefended_last_attack_on_hard_costs_its_disdain_penalty():
    """Year 6 on hard reveals 12 cards; with no Cohort boxes all strike home, so the grey
    flag of 4 is all disdain: 4 disdain on top of 2 held moves the penalty from 3 to 12."""
    state = year(6, "hard")
    sheet = state.sheets[0]
    sheet[COHORT : COHORT + 3] = [0, 0, 0]
    sheet[DISDAIN], sheet[TEMPLE_FAVOURS] = 2, 0
    assert attacks_to_come(state, 0) == pytest.approx(-(disdain_penalty(6) - disdain_penalty(2)))


def test_a_cohort_box_or_a_favour_before_the_attack_is_worth_points():
    state = year(3)
    sheet = state.sheets[0]
    sheet[COHORT : COHORT + 3] = [0, 1, 1]
    sheet[TEMPLE_FAVOURS] = 0
    weak = GAME.evaluate(state, 0)
    sheet[COHORT] = 1
    stronger = GAME.evaluate(state, 0)
    sheet[TEMPLE_FAVOURS] = 1
    favoured = GAME.evaluate(state, 0)
    assert weak < stronger < favoured
    assert stronger - weak > 1


def test_at_the_end_the_evaluation_is_the_score():
    state = year(6)
    while state.to_move:
        state.apply(0, state.legal_actions(0)[-1])
    assert GAME.evaluate(state, 0) == state.result().scores[0]
