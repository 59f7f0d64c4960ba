"""The Builders' observation, written for each player only when his cards change, is the
same as one written in full, field by field, from the position."""

import numpy as np
import pytest

from tabulae.core import Rng
from tabulae.games.builders import GAME
from tabulae.games.builders.observation import WORKING, Observation

from .helpers import play

WORK = {card: i for i, card in enumerate(WORKING)}


def written_in_full(table, seat, layout):
    """Every field from the position, one by one, as the observation's table describes."""
    vector = np.zeros(layout.size, dtype=np.float32)
    field = {
        name: vector[layout.at[name] : layout.at[name] + int(np.prod(shape))].reshape(shape)
        for name, shape in layout.fields
    }
    n = table.players
    field["round"][0], field["last_round"][0], field["over"][0] = (
        table.round,
        table.last_round,
        table.game_over,
    )
    field["actions_used"][0] = table.actions_used
    field["free_actions_left"][0] = table.free_actions_left()
    field["investment_taken"][0] = table.investment_taken
    if not table.game_over:
        field["to_move"][(table.active_seat - seat) % n] = 1
    field["first_player"][(table.first_player - seat) % n] = 1
    field["bank"][0] = table.bank or 0
    field["building_deck"][0] = len(table.building_deck)
    field["worker_deck"][0] = len(table.worker_deck)
    field["slave_stack"][0] = len(table.slave_stack)
    field["loan_stack"][0] = table.loan_stack
    for material in table.tool_stack:
        field["tool_stack"][material] = 1
    for material in table.university_stack:
        field["university_stack"][material] = 1
    for building in table.building_row:
        field["building_row"][building - 1] = 1
    for card in table.worker_row:
        field["worker_row"][WORK[card]] = 1
    for card, material in table.trained.items():
        field["trained"][WORK[card], material] = 1
    for card in table.freed:
        field["freed"][WORK[card]] = 1
    for building, sent in table.sent_this_turn.items():
        field["sent_this_turn"][building - 1] = sent
    for k in range(n):
        p = (seat + k) % n
        field["sesterces"][k] = table.sesterces[p]
        field["vp"][k] = table.victory_points[p]
        field["loans"][k] = table.loans[p]
        for material in table.tools[p]:
            field["tools"][k, material] = 1
        for card in table.idle[p]:
            field["idle"][k, WORK[card]] = 1
        for building, site in table.sites[p].items():
            field["site"][k, building - 1] = 1
            field["supplied"][k, building - 1] = site.supplied
            for card, tool in site.crew:
                field["working"][k, WORK[card]] = 1
                if tool >= 0:
                    field["tool_on"][k, WORK[card], tool] = 1
        for building in table.finished[p]:
            field["finished"][k, building - 1] = 1
    return vector


def observe(layout, table, seat):
    vector = np.zeros(layout.size, dtype=np.float32)
    layout.encode(table, seat, vector)
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
        table = GAME.new(players, seed, **options)
        layout, rng = Observation(players, table.options), Rng(seed)
        while True:
            for seat in range(players):
                if seat == table.active_seat or rng.below(seat + 2) == 0 or not table.to_move:
                    expected = written_in_full(table, seat, layout)
                    assert np.array_equal(observe(layout, table, seat), expected)
                    compared += 1
            if not table.to_move:
                break
            actions = table.legal_actions(table.active_seat)
            table.apply(table.active_seat, actions[rng.below(len(actions))])
    assert compared > 1000


def test_each_position_is_observed_as_itself_not_as_the_one_seen_before():
    """A copy, or another game, is written afresh, and the game observed before is still
    written right when observed again."""
    layout = Observation(2, GAME.new(2, 0).options)
    first, other = GAME.new(2, 0), GAME.new(2, 1)
    play(first, first.active_seat, "take 6")
    twin = first.clone()
    play(twin, twin.active_seat, "take 3")
    for table in (first, twin, other, first, twin):
        for seat in range(2):
            assert np.array_equal(
                observe(layout, table, seat), written_in_full(table, seat, layout)
            )
