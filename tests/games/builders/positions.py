"""Set up Builders positions for scenario tests by moving real cards where a test needs them:
`set_up` writes a whole position and reads it back through the position format (so every
invariant holds); `hand`, `site` and `tool` move cards on a table in play."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tabulae.core import Action, IllegalAction
from tabulae.core.conformance import snapshot
from tabulae.games.builders import GAME
from tabulae.games.builders.actions import CITIZEN, WORD
from tabulae.games.builders.cards import BUILDINGS, CREW, TOOLS, provisions
from tabulae.games.builders.table import BuildersTable, Site

NUMBER = {card.id: card.number for card in (*BUILDINGS, *CREW)}
TOOL = {tool.word: tool.material for tool in TOOLS}


def new(players: int = 2, first: int = 0, **options) -> BuildersTable:
    """A fresh game with `first` as first player, at the start of his turn."""
    table = GAME.new(players, seed=0, **options)
    assert isinstance(table, BuildersTable)
    table.first_player = table.active_seat = first
    return table


def set_up(
    players: int = 2,
    first: int = 0,
    *,
    to_move: int | None = None,
    idle: Mapping[int, Sequence[str]] = {},
    sites: Mapping[int, Mapping[str, Sequence[str]]] = {},
    finished: Mapping[int, Sequence[str]] = {},
    tools: Mapping[int, Sequence[str]] = {},
    sesterces: Mapping[int, int] = {},
    loans: Mapping[int, int] = {},
    **options: Any,
) -> BuildersTable:
    """A game in its first round, `first` the first player and `to_move` (`first` unless
    given) at the start of his turn, written as a position and read back by the game.

    Cards are named by id: each is taken from the supply (a row refilled from its deck)
    or from the apprentices dealt
    and given, by seat, to the idle cards, to building sites with their crews, or to the
    finished buildings (which score their VP; a machine also joins the idle cards); tools
    by word. Sesterces and loans replace the seat's (a loan comes from the row, and a
    limited bank pays the sesterces)."""
    data = GAME.new(players, seed=0, **options).position()
    table = data["table"]
    table["first_player"], table["active_seat"] = first, first if to_move is None else to_move
    provides = provisions(data["options"]["fourth_apprentice"])

    def take(card_id: str) -> int:
        number = NUMBER[card_id]
        for row, deck in (("building_row", "building_deck"), ("worker_row", "worker_deck")):
            if number in table[row]:
                place = table[row].index(number)
                if table[deck]:
                    table[row][place] = table[deck].pop()
                else:
                    del table[row][place]
                return number
        for place in (table["building_deck"], table["worker_deck"], table["slave_stack"]):
            if number in place:
                place.remove(number)
                return number
        for place in table["idle"]:  # an apprentice dealt at the start
            if number in place:
                place.remove(number)
                return number
        raise AssertionError(f"{card_id} is not in the supply")

    for seat, cards in idle.items():
        table["idle"][seat] += [take(card) for card in cards]
    for seat, buildings in sites.items():
        for building, crew in buildings.items():
            number, working = take(building), [take(card) for card in crew]
            supplied = [sum(provides[card][m] for card in working) for m in range(4)]
            table["sites"][seat][str(number)] = {
                "building": number,
                "crew": [[card, -1] for card in working],
                "supplied": supplied,
            }
    for seat, buildings in finished.items():
        numbers = [take(building) for building in buildings]
        table["finished"][seat] += numbers
        table["victory_points"][seat] += sum(BUILDINGS[number - 1].vp for number in numbers)
        table["idle"][seat] += [number for number in numbers if BUILDINGS[number - 1].machine]
    for seat, words in tools.items():
        for word in words:
            table["tool_stack"].remove(TOOL[word])
            table["tools"][seat].append(TOOL[word])
        table["tools"][seat].sort()
    for seat, count in loans.items():
        table["loan_stack"] -= count - table["loans"][seat]
        table["loans"][seat] = count
    for seat, count in sesterces.items():
        if table["bank"] is not None:
            table["bank"] -= count - table["sesterces"][seat]
        table["sesterces"][seat] = count
    read = GAME.from_position(data)
    assert isinstance(read, BuildersTable)
    return read


def lift(table: BuildersTable, number: int) -> int:
    """Take a card out of the supply or a player's hands, wherever it lies."""
    places = [
        table.building_row,
        table.building_deck,
        table.worker_row,
        table.worker_deck,
        table.slave_stack,
        *table.idle,
    ]
    for place in places:
        if number in place:
            place.remove(number)
            return number
    raise AssertionError(f"card {number} is not in the supply")


def hand(table: BuildersTable, seat: int, *cards: str) -> list[int]:
    """Give `seat` these worker, slave or finished-machine cards, idle."""
    numbers = [lift(table, NUMBER[c]) for c in cards]
    table.idle[seat] += numbers
    return numbers


def site(table: BuildersTable, seat: int, building: str, *crew: str) -> Site:
    """Put a building under construction for `seat`, with cards already working on it."""
    number = lift(table, NUMBER[building])
    placed = Site(number)
    for name in crew:
        card = lift(table, NUMBER[name])
        placed.crew.append((card, -1))
        for m, n in enumerate(table.provides(card)):
            placed.supplied[m] += n
    table.sites[seat][number] = placed
    return placed


def tool(table: BuildersTable, seat: int, word: str) -> None:
    """Give `seat` a tool from the investment row."""
    table.tool_stack.remove(TOOL[word])
    table.tools[seat].append(TOOL[word])
    table.tools[seat].sort()


# Where each kind of action names a card: these tests write cards by number, as the table
# holds them, and `action` writes them as the notation does, by the card's word.
CARD_PLACES = {"start": (1,), "hire": (1,), "free": (1,), "train": (1,), "send": (1, 2)}


def action(move: str, table: BuildersTable | None = None) -> Action:
    """An action written with card numbers ("send 38 23 saw") in the game's notation, a slave
    freed in `table` by its citizen side."""
    parsed = Action.parse(move)
    places = (2,) if parsed[:2] == ("buy", "slave") else CARD_PLACES.get(parsed.kind, ())
    freed = table.freed if table is not None else frozenset()

    def word(n: int) -> str:
        return CITIZEN[n] or WORD[n] if n in freed else WORD[n]

    return Action(
        *(
            word(arg) if i in places and type(arg) is int and 0 < arg < len(WORD) else arg
            for i, arg in enumerate(parsed)
        )
    )


def play(table: BuildersTable, *moves: str) -> None:
    """Play actions, cards written by number, for the seat to move."""
    for move in moves:
        table.apply(table.active_seat, action(move, table))


def refused(table: BuildersTable, move: str, seat: int | None = None) -> str:
    """The reason `move` is refused; fails if it is accepted or the refusal changes the table."""
    seat = table.active_seat if seat is None else seat
    before = snapshot(table)
    try:
        table.apply(seat, action(move, table))
    except IllegalAction as error:
        assert snapshot(table) == before, f"refusing '{move}' changed the table"
        assert action(move, table) not in table.legal_actions(seat)
        assert error.key is not None and error.key.startswith("builders.refused."), error.key
        return error.reason
    raise AssertionError(f"'{move}' was accepted")
