"""Set up Builders positions for scenario tests by moving real cards where a test needs them."""

from __future__ import annotations

from tabulae.core import Action, IllegalAction
from tabulae.core.conformance import snapshot
from tabulae.games.builders import GAME
from tabulae.games.builders.cards import BUILDINGS, CREW, TOOLS
from tabulae.games.builders.state import BuildersState, Site

NUMBER = {card.id: card.number for card in (*BUILDINGS, *CREW)}
TOOL = {tool.word: tool.material for tool in TOOLS}


def new(players: int = 2, first: int = 0, **options) -> BuildersState:
    """A fresh game with `first` as first player, at the start of his turn."""
    state = GAME.new(players, seed=0, **options)
    assert isinstance(state, BuildersState)
    state.first = state.seat = first
    return state


def lift(state: BuildersState, number: int) -> int:
    """Take a card out of the supply or a player's hands, wherever it lies."""
    places = [
        state.building_row,
        state.building_deck,
        state.worker_row,
        state.worker_deck,
        state.slave_stack,
        *state.idle,
    ]
    for place in places:
        if number in place:
            place.remove(number)
            return number
    raise AssertionError(f"card {number} is not in the supply")


def hand(state: BuildersState, seat: int, *cards: str) -> list[int]:
    """Give `seat` these worker, slave or finished-machine cards, idle."""
    numbers = [lift(state, NUMBER[c]) for c in cards]
    state.idle[seat] += numbers
    return numbers


def site(state: BuildersState, seat: int, building: str, *crew: str) -> Site:
    """Put a building under construction for `seat`, with cards already working on it."""
    number = lift(state, NUMBER[building])
    placed = Site(number)
    for name in crew:
        card = lift(state, NUMBER[name])
        placed.crew.append((card, -1))
        for m, n in enumerate(state.provides(card)):
            placed.supplied[m] += n
    state.sites[seat][number] = placed
    return placed


def tool(state: BuildersState, seat: int, word: str) -> None:
    """Give `seat` a tool from the investment row."""
    state.tool_stack.remove(TOOL[word])
    state.tools[seat].append(TOOL[word])
    state.tools[seat].sort()


def play(state: BuildersState, *moves: str) -> None:
    """Play actions in notation for the seat to move."""
    for move in moves:
        state.apply(state.seat, Action.parse(move))


def refused(state: BuildersState, move: str, seat: int | None = None) -> str:
    """The reason `move` is refused; fails if it is accepted or the refusal changes the state."""
    seat = state.seat if seat is None else seat
    before = snapshot(state)
    try:
        state.apply(seat, Action.parse(move))
    except IllegalAction as error:
        assert snapshot(state) == before, f"refusing '{move}' changed the state"
        assert Action.parse(move) not in state.legal_actions(seat)
        return error.reason
    raise AssertionError(f"'{move}' was accepted")
