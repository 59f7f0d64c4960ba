"""Counting the actions a seat may take back, on the toy game's public moves and chance."""

from tabulae.core import Action, load
from tabulae.core.takeback import TakeBacks, may_take_back

TOY = "tests.plugin_games.tesserae:GAME"


def test_a_game_without_a_takeback_module_lets_nothing_be_taken_back():
    state = load(TOY).new(2, seed=5)
    before = state.clone()
    state.apply(0, Action("pass"))
    assert not may_take_back(before, 0, Action("pass"), state)


def test_the_run_grows_shrinks_and_ends_when_another_seat_acts():
    runs = TakeBacks()
    game = load("builders")
    state = game.new(2, seed=1)
    seat = state.to_move[0]
    for _ in range(3):
        before = state.clone()
        state.apply(seat, Action("take", 1))
        runs.played(before, seat, Action("take", 1), state)
    assert runs.allowed(seat) == 3 and runs.allowed(1 - seat) == 0
    runs.taken_back(2)
    assert runs.allowed(seat) == 1
    before = state.clone()
    state.apply(seat, Action("end"))
    runs.played(before, seat, Action("end"), state)
    before = state.clone()
    state.apply(1 - seat, Action("take", 1))
    runs.played(before, 1 - seat, Action("take", 1), state)
    assert runs.allowed(seat) == 0 and runs.allowed(1 - seat) == 1


def test_an_action_that_draws_on_the_random_stream_stands_whatever_the_game_says():
    game = load("hadrians_wall")
    state = game.new(1, seed=3)
    state.apply(0, state.legal_actions(0)[0])
    before = state.clone()
    action = state.legal_actions(0)[0]
    state.apply(0, action)
    assert may_take_back(before, 0, action, state)
    state.rng.next64()
    assert not may_take_back(before, 0, action, state)


def test_an_action_that_ends_the_game_stands():
    game = load("builders")
    state = game.new(2, seed=1)
    while state.result() is None:
        seat = state.to_move[0]
        before = state.clone()
        action = state.legal_actions(seat)[-1]
        state.apply(seat, action)
    assert action == Action("end") and game.take_back(before, seat, action, state)
    assert not may_take_back(before, seat, action, state)
