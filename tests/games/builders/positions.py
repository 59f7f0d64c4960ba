"""Set up Builders positions for scenario tests by moving real cards where a test needs them."""

from __future__ import annotations

from tabulae.core import Action, IllegalAction
from tabulae.core.conformance import snapshot
from tabulae.games.builders import GAME
from tabulae.games.builders.cards import BUILDINGS, CREW, TOOLS
from tabulae.games.builders.notation import CITIZEN, WORD
from tabulae.games.builders.table import BuildersTable, Site

NUMBER = {card.id: card.number for card in (*BUILDINGS, *CREW)}
TOOL = {tool.word: tool.material for tool in TOOLS}


def new(players: int = 2, first: int = 0, **options) -> BuildersTable:
    """A fresh game with `first` as first player, at the start of his turn."""
    state = GAME.new(players, seed=0, **options)
    assert isinstance(state, BuildersTable)
    state.first_player = state.active_seat = first
    return state


def lift(state: BuildersTable, number: int) -> int:
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


def hand(state: BuildersTable, seat: int, *cards: str) -> list[int]:
    """Give `seat` these worker, slave or finished-machine cards, idle."""
    numbers = [lift(state, NUMBER[c]) for c in cards]
    state.idle[seat] += numbers
    return numbers


def site(state: BuildersTable, seat: int, building: str, *crew: str) -> Site:
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


def tool(state: BuildersTable, seat: int, word: str) -> None:
    """Give `seat` a tool from the investment row."""
    state.tool_stack.remove(TOOL[word])
    state.tools[seat].append(TOOL[word])
    state.tools[seat].sort()


# Where each kind of action names a card: these tests write cards by number, as the state
# holds them, and `action` writes them as the notation does, by the card's word.
CARD_PLACES = {"start": (1,), "hire": (1,), "free": (1,), "train": (1,), "send": (1, 2)}


def action(move: str, state: BuildersTable | None = None) -> Action:
    """An action written with card numbers ("send 38 23 saw") in the game's notation, a slave
    freed in `state` by its citizen side."""
    parsed = Action.parse(move)
    places = (2,) if parsed[:2] == ("buy", "slave") else CARD_PLACES.get(parsed.kind, ())
    freed = state.freed if state is not None else frozenset()

    def word(n: int) -> str:
        return CITIZEN[n] or WORD[n] if n in freed else WORD[n]

    return Action(
        *(
            word(arg) if i in places and type(arg) is int and 0 < arg < len(WORD) else arg
            for i, arg in enumerate(parsed)
        )
    )


def play(state: BuildersTable, *moves: str) -> None:
    """Play actions, cards written by number, for the seat to move."""
    for move in moves:
        state.apply(state.active_seat, action(move, state))


def refused(state: BuildersTable, move: str, seat: int | None = None) -> str:
    """The reason `move` is refused; fails if it is accepted or the refusal changes the state."""
    seat = state.active_seat if seat is None else seat
    before = snapshot(state)
    try:
        state.apply(seat, action(move, state))
    except IllegalAction as error:
        assert snapshot(state) == before, f"refusing '{move}' changed the state"
        assert action(move, state) not in state.legal_actions(seat)
        assert error.key is not None and error.key.startswith("builders.refused."), error.key
        return error.reason
    raise AssertionError(f"'{move}' was accepted")
