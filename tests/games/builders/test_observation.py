"""The Builders' observation, written for each player only when his cards change, is the
same as one written in full, field by field, from the position."""

import numpy as np
import pytest

from tabulae.core import Rng
from tabulae.games.builders import GAME
from tabulae.games.builders.observation import WORKING, Observation

from .positions import play

WORK = {card: i for i, card in enumerate(WORKING)}


def written_in_full(state, seat, layout):
    """Every field from the position, one by one, as the observation's table describes."""
    vector = np.zeros(layout.size, dtype=np.float32)
    field = {
        name: vector[layout.at[name] : layout.at[name] + int(np.prod(shape))].reshape(shape)
        for name, shape in layout.fields
    }
    n = state.players
    field["round"][0], field["last_round"][0], field["over"][0] = (
        state.round,
        state.last_round,
        state.game_over,
    )
    field["actions_used"][0] = state.actions_used
    field["free_actions_left"][0] = state.free_actions_left()
    field["investment_taken"][0] = state.investment_taken
    if not state.game_over:
        field["to_move"][(state.active_seat - seat) % n] = 1
    field["first_player"][(state.first_player - seat) % n] = 1
    field["bank"][0] = state.bank or 0
    field["building_deck"][0] = len(state.building_deck)
    field["worker_deck"][0] = len(state.worker_deck)
    field["slave_stack"][0] = len(state.slave_stack)
    field["loan_stack"][0] = state.loan_stack
    for material in state.tool_stack:
        field["tool_stack"][material] = 1
    for material in state.university_stack:
        field["university_stack"][material] = 1
    for building in state.building_row:
        field["building_row"][building - 1] = 1
    for card in state.worker_row:
        field["worker_row"][WORK[card]] = 1
    for card, material in state.trained.items():
        field["trained"][WORK[card], material] = 1
    for card in state.freed:
        field["freed"][WORK[card]] = 1
    for building, sent in state.sent_this_turn.items():
        field["sent_this_turn"][building - 1] = sent
    for k in range(n):
        p = (seat + k) % n
        field["sesterces"][k] = state.sesterces[p]
        field["vp"][k] = state.victory_points[p]
        field["loans"][k] = state.loans[p]
        for material in state.tools[p]:
            field["tools"][k, material] = 1
        for card in state.idle[p]:
            field["idle"][k, WORK[card]] = 1
        for building, site in state.sites[p].items():
            field["site"][k, building - 1] = 1
            field["supplied"][k, building - 1] = site.supplied
            for card, tool in site.crew:
                field["working"][k, WORK[card]] = 1
                if tool >= 0:
                    field["tool_on"][k, WORK[card], tool] = 1
        for building in state.finished[p]:
            field["finished"][k, building - 1] = 1
    return vector


def observe(layout, state, seat):
    vector = np.zeros(layout.size, dtype=np.float32)
    layout.encode(state, seat, vector)
    return vector


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_observation_of_a_game_in_play_is_the_one_written_in_full(players):
    """Random games of every option, each seat observing after some of the actions (so
    that one seat sees several players' turns between two looks, another every action),
    and at the end, once the settlement has changed everyone's holdings."""
    compared = 0
    for seed in range(12):
        options = {
            "limited_bank": seed % 2 == 1,
            "university_effect": ("set_to_3", "add_3")[seed % 3 == 0],
        }
        state = GAME.new(players, seed, **options)
        layout, rng = Observation(players, state.options), Rng(seed)
        while True:
            for seat in range(players):
                if seat == state.active_seat or rng.below(seat + 2) == 0 or not state.to_move:
                    expected = written_in_full(state, seat, layout)
                    assert np.array_equal(observe(layout, state, seat), expected)
                    compared += 1
            if not state.to_move:
                break
            actions = state.legal_actions(state.active_seat)
            state.apply(state.active_seat, actions[rng.below(len(actions))])
    assert compared > 1000


def test_each_position_is_observed_as_itself_not_as_the_one_seen_before():
    """A copy, or another game, is written afresh, and the game observed before is still
    written right when observed again."""
    layout = Observation(2, GAME.new(2, 0).options)
    first, other = GAME.new(2, 0), GAME.new(2, 1)
    play(first, "take 6")
    twin = first.clone()
    play(twin, "take 3")
    for state in (first, twin, other, first, twin):
        for seat in range(2):
            assert np.array_equal(
                observe(layout, state, seat), written_in_full(state, seat, layout)
            )
