"""Which actions of a year of Hadrian's Wall may be taken back (undo within a turn)."""

from tabulae.core import Action
from tabulae.core.takeback import TakeBacks
from tabulae.games.hadrians_wall import GAME
from tabulae.games.hadrians_wall import sheet as S

from .helpers import build, fate_on_top, fate_with, give, in_year, prospect


def played(state, runs: TakeBacks, seat: int, *actions: str) -> None:
    for text in actions:
        before = state.clone()
        state.apply(seat, Action.parse(text))
        runs.played(before, seat, Action.parse(text), state)


def market(players: int = 3):
    """Year 1's actions with seat 0 holding a Market, 6 traders and 2 resources."""
    state = in_year(players=players)
    build(state, "market")
    state.sheets[0][S.TRADERS] = 6
    prospect(state, 0, "forager")  # trade good 3
    prospect(state, 1, "defender")  # 1
    prospect(state, 2, "merchant")  # 4
    give(state, resource=2)
    return state


def test_buying_from_a_neighbour_may_be_taken_back_but_a_fate_draw_stands():
    """Ruling H-10: a trade good is bought by giving a resource "to a neighbour, taking the
    number on that neighbour's current Prospect card" or "to the supply, drawing the top Fate
    card"; the order of the Fate deck is hidden from all players until revealed ("Hidden
    information"). H-01: during the year players act "one at a time in the order they arrive"."""
    state, runs = market(), TakeBacks()
    played(state, runs, 0, "market 1 left")
    assert runs.allowed(0) == 1
    fate_on_top(state, fate_with(trade_good=6))
    played(state, runs, 0, "market 2 deck")
    assert runs.allowed(0) == 0, "the Fate card drawn was hidden"


def test_the_run_ends_when_a_neighbour_acts():
    state, runs = market(), TakeBacks()
    played(state, runs, 0, "market 1 left", "market 2 right")
    assert runs.allowed(0) == 2
    played(state, runs, 1, "pass")
    assert runs.allowed(0) == 0 and runs.allowed(1) == 1


def test_passing_may_be_taken_back_until_the_last_pass_reveals_the_attack():
    """Ruling H-17: when every player has passed, "reveal attack cards from the Fate deck"."""
    state, runs = in_year(players=2), TakeBacks()
    played(state, runs, 0, "pass")
    assert runs.allowed(0) == 1, "the year goes on for the other player"
    played(state, runs, 1, "pass")
    assert state.phase != "actions"
    assert runs.allowed(1) == 0, "the last pass revealed the attack"


def test_the_secret_path_choice_stands():
    """Ruling H-02: each player "in secret, assigns one as his Path card and the other as his
    Prospect card … then all reveal together": it is no action of the year."""
    state = GAME.new(1, seed=2)
    before = state.clone()
    choice = state.legal_actions(0)[0]
    state.apply(0, choice)
    assert state.phase == "actions"
    assert not GAME.take_back(before, 0, choice, state)
