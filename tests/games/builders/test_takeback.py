"""Which actions of a turn of The Builders may be taken back (undo within a turn)."""

from tabulae.core import Action
from tabulae.core.takeback import TakeBacks
from tabulae.games.builders.actions import WORD
from tabulae.games.builders.components import BUILDINGS

from .helpers import set_up


def played(state, runs: TakeBacks, seat: int, *actions: str) -> None:
    for text in actions:
        before = state.clone()
        state.apply(seat, Action.parse(text))
        runs.played(before, seat, Action.parse(text), state)


def test_a_card_taken_from_a_row_deals_a_hidden_card_and_stands():
    """Ruling B-10: start construction and recruit a worker each "take one card from the row
    and refill the row at once"; the order of the building and worker decks is hidden from all
    players until a card is drawn into a row ("Hidden information"). Buying a tool, sending a
    worker, taking sesterces and ending the turn show nothing hidden."""
    state, runs = set_up(), TakeBacks()
    building, apprentice = state.building_row[0], state.idle[0][0]
    played(state, runs, 0, f"start {WORD[building]}")
    assert runs.allowed(0) == 0, "the building row was refilled from the deck"
    played(state, runs, 0, "buy tool mallet")
    assert runs.allowed(0) == 1
    played(state, runs, 0, f"send {WORD[apprentice]} {WORD[building]} mallet", "end")
    assert runs.allowed(0) == 3 and runs.allowed(1) == 0, "ending the turn shows nothing"
    played(state, runs, 1, "take 1")
    assert runs.allowed(0) == 0, "the next player has acted"
    assert runs.allowed(1) == 1
    played(state, runs, 1, f"hire {WORD[state.worker_row[0]]}")
    assert runs.allowed(1) == 0, "the worker row was refilled from the deck"


def test_a_card_taken_from_a_row_whose_deck_is_empty_reveals_nothing():
    """Ruling B-07: "When the building deck or the worker deck is empty, its row is not
    refilled and shrinks as cards are taken": no hidden card is dealt."""
    row = ["camel_stable", "ziggurat", "stall", "house", "palace_of_assur"]
    started = {building.id: [] for building in BUILDINGS if building.id not in row}
    state, runs = set_up(buildings=row, sites={1: started}), TakeBacks()  # seat 1 started the rest
    assert not state.building_deck
    played(state, runs, 0, f"start {WORD[state.building_row[0]]}")
    assert runs.allowed(0) == 1
    assert len(state.building_row) == 4


def test_the_game_judges_each_action_on_its_own():
    state = set_up()
    before = state.clone()
    state.apply(0, Action("take", 3))
    assert state.game.take_back(before, 0, Action("take", 3), state)
    before = state.clone()
    hire = Action("hire", WORD[state.worker_row[0]])
    state.apply(0, hire)
    assert not state.game.take_back(before, 0, hire, state)
