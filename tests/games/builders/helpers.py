"""Set up Builders positions for scenario tests: `set_up` writes a whole position, moving
real cards where a test needs them, and reads it back through the position format, so every
invariant holds and a position the rules cannot reach is refused."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tabulae.core import Action, IllegalAction
from tabulae.core.conformance import snapshot
from tabulae.games.builders import GAME
from tabulae.games.builders.actions import CITIZEN, NUMBER, WORD
from tabulae.games.builders.components import BUILDINGS, MATERIALS, RULES, TOOLS, provisions
from tabulae.games.builders.table import BuildersTable

TOOL = {tool.word: tool.material for tool in TOOLS}


def set_up(
    players: int = 2,
    first: int = 0,
    *,
    to_move: int | None = None,
    round: int = 1,
    last_round: bool = False,
    idle: Mapping[int, Sequence[str]] = {},
    sites: Mapping[int, Mapping[str, Sequence[str]]] = {},
    finished: Mapping[int, Sequence[str]] = {},
    tools: Mapping[int, Sequence[str]] = {},
    trained: Mapping[str, str] = {},
    sesterces: Mapping[int, int] = {},
    loans: Mapping[int, int] = {},
    buildings: Sequence[str] | None = None,
    workers: Sequence[str] | None = None,
    slaves: Sequence[str] | None = None,
    **options: Any,
) -> BuildersTable:
    """A game in round `round` (the last round if `last_round`), `first` the first player
    and `to_move` (`first` unless given) at the start of his turn, written as a position and
    read back by the game.

    Cards are named by id: each is taken from the supply (a row refilled from its deck)
    or from the apprentices dealt, and given, by seat, to the idle cards, to building sites
    with their crews, or to the finished buildings (which score their VP; a machine also
    joins the idle cards); a slave named by its citizen side (`citizen_1`) has been freed.
    Tools are named by word, and `trained` gives a card the University of a material
    (`{"craftsman_1": "wood"}`). Sesterces and loans replace the seat's (a loan comes from
    the row, and a limited bank pays the sesterces). `buildings`, `workers` and `slaves`,
    when given, are all that is left of the supply, in the order the cards come up: the
    row's first, then the deck's from its top; every other card must have been given."""
    data = GAME.new(players, seed=0, **options).position()
    table = data["table"]
    table["first_player"], table["active_seat"] = first, first if to_move is None else to_move
    table["round"], table["last_round"] = round, last_round
    provides = provisions(data["options"]["fourth_apprentice"])

    def take(card_id: str) -> int:
        number = NUMBER[card_id]
        if CITIZEN[number] == card_id:
            table["freed"].append(number)
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

    taught = {NUMBER[card]: MATERIALS.index(material) for card, material in trained.items()}

    def supplied(crew: Sequence[int]) -> list[int]:
        """What a crew brings, a University setting its material to 3 or adding 3 (B-05)."""
        total = [0] * len(MATERIALS)
        for card in crew:
            brings = list(provides[card])
            if card in taught:
                level, material = RULES.university_level, taught[card]
                added = data["options"]["university_effect"] == "add_3"
                brings[material] = (
                    brings[material] + level if added else max(brings[material], level)
                )
            total = [held + given for held, given in zip(total, brings, strict=True)]
        return total

    for seat, cards in idle.items():
        table["idle"][seat] += [take(card) for card in cards]
    for seat, buildings_started in sites.items():
        for building, crew in buildings_started.items():
            number, working = take(building), [take(card) for card in crew]
            table["sites"][seat][str(number)] = {
                "building": number,
                "crew": [[card, -1] for card in working],
                "supplied": supplied(working),
            }
    for seat, buildings_finished in finished.items():
        numbers = [take(building) for building in buildings_finished]
        table["finished"][seat] += numbers
        table["victory_points"][seat] += sum(BUILDINGS[number - 1].vp for number in numbers)
        table["idle"][seat] += [number for number in numbers if BUILDINGS[number - 1].machine]
    for seat, words in tools.items():
        for word in words:
            table["tool_stack"].remove(TOOL[word])
            table["tools"][seat].append(TOOL[word])
        table["tools"][seat].sort()
    for card, material in taught.items():
        table["university_stack"].remove(material)
        table["trained"][str(card)] = material
    for seat, count in loans.items():
        table["loan_stack"] -= count - table["loans"][seat]
        table["loans"][seat] = count
    for seat, count in sesterces.items():
        if table["bank"] is not None:
            table["bank"] -= count - table["sesterces"][seat]
        table["sesterces"][seat] = count
    for row, deck, left in (
        ("building_row", "building_deck", buildings),
        ("worker_row", "worker_deck", workers),
    ):
        if left is not None:
            numbers = [NUMBER[card] for card in left]
            unplaced = set(table[row] + table[deck]) - set(numbers)
            assert not unplaced, f"given to no one: {sorted(WORD[n] for n in unplaced)}"
            size = RULES.building_row if row == "building_row" else RULES.worker_row
            table[row], table[deck] = numbers[:size], numbers[size:][::-1]
    if slaves is not None:
        numbers = [NUMBER[card] for card in slaves]
        unplaced = set(table["slave_stack"]) - set(numbers)
        assert not unplaced, f"given to no one: {sorted(WORD[n] for n in unplaced)}"
        table["slave_stack"] = numbers
    read = GAME.from_position(data)
    assert isinstance(read, BuildersTable)
    return read


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


def play(table: BuildersTable, seat: int, *moves: str) -> None:
    """Play actions of `seat`, cards written by number."""
    for move in moves:
        table.apply(seat, action(move, table))


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
