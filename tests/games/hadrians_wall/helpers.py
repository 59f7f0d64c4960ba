"""Set up positions for scenario tests: a game in its year, with sheets filled as a test needs.

A scenario that stands at a given year and holds given cards writes it into a position
(`position`, `deal`, `stack_fate`) and reads it with `GAME.from_position`, which refuses a
table the rules could not reach; small edits to a game in play use the helpers on a table."""

from __future__ import annotations

import json
from typing import Any

from tabulae.core import Action
from tabulae.core.conformance import snapshot
from tabulae.games.hadrians_wall import GAME, HadriansWallTable
from tabulae.games.hadrians_wall import sheet as S
from tabulae.games.hadrians_wall.data import BUILDING_INDEX, CARD_INDEX, FATE_CARDS, POOL


def in_year(players: int = 1, seed: int = 0, **options) -> HadriansWallTable:
    """A game in year 1's actions, every pool emptied so a test sets exactly what it needs."""
    state = GAME.new(players, seed=seed, **options)
    for seat in range(players):
        state.apply(seat, state.legal_actions(seat)[0])
    assert state.phase == "actions"
    for sheet in state.sheets:
        for i in range(len(POOL)):
            sheet[S.POOL_AT + i] = 0
    return state


def position(
    players: int = 1, seed: int = 0, year: int = 1, phase: str = "actions", **options
) -> dict[str, Any]:
    """The JSON position of a seeded game at `phase` of `year`, every earlier year played by
    each player taking his first drawn card as his Path, passing and defending without
    favours; in the actions, every pool is empty, so a scenario sets exactly what it needs."""
    table = GAME.new(players, seed=seed, **options)
    while (table.year, table.phase) != (year, phase):
        assert table.phase != "over", f"the game ended before {phase} of year {year}"
        if table.phase == "actions":
            end_year(table)
        else:
            for seat in table.to_move:
                table.apply(
                    seat,
                    table.legal_actions(seat)[0] if table.phase == "choose" else Action("defend"),
                )
    data = json.loads(json.dumps(table.position()))
    if phase == "actions":
        for sheet in data["table"]["sheets"]:
            sheet[S.POOL_AT : S.POOL_AT + len(POOL)] = [0] * len(POOL)
    return data


_HELD = ("decks", "drawn", "paths", "prospects")


def deal(data: dict[str, Any], seat: int, **held: tuple[str, ...]) -> None:
    """Give `seat` the named player cards, e.g. deal(data, 0, paths=("defender", "vanguard")):
    each is swapped with the card in its place, so every card stays in exactly one place."""
    table = data["table"]
    for pile, cards in held.items():
        for at, card in enumerate(cards):
            wanted = CARD_INDEX[card]
            ((source, where),) = [
                (other, i)
                for other in _HELD
                for i, c in enumerate(table[other][seat])
                if c == wanted
            ]
            table[source][seat][where] = table[pile][seat][at]
            table[pile][seat][at] = wanted
    if table["phase"] != "choose":
        table["chosen"][seat] = table["paths"][seat][-1]


def stack_fate(data: dict[str, Any], *fate_ids: str) -> None:
    """Put Fate cards on top of the deck of a position, the first named drawn first."""
    table = data["table"]
    indices = [i for f in fate_ids for i, c in enumerate(FATE_CARDS) if c.id == f]
    table["fate_deck"] = [i for i in table["fate_deck"] if i not in indices] + indices[::-1]


def give(state: HadriansWallTable, seat: int = 0, **pieces: int) -> None:
    """Set a player's workers and resources, e.g. give(state, resource=2, soldier=1)."""
    for name, amount in pieces.items():
        state.sheets[seat][S.POOL_AT + POOL.index(name)] = amount


def pool(state: HadriansWallTable, seat: int = 0) -> dict[str, int]:
    sheet = state.sheets[seat]
    return {p: sheet[S.POOL_AT + i] for i, p in enumerate(POOL) if sheet[S.POOL_AT + i]}


def build(state: HadriansWallTable, *buildings: str, seat: int = 0) -> None:
    """Mark buildings as built without paying (the position a rulebook example starts from)."""
    for b in buildings:
        state.sheets[seat][S.BUILT + BUILDING_INDEX[b]] = 1


def prospect(state: HadriansWallTable, seat: int, card: str) -> None:
    """Make `card` the seat's current Prospect card."""
    state.prospects[seat][-1] = CARD_INDEX[card]


def fate_on_top(state: HadriansWallTable, *fate_ids: str) -> None:
    """Put Fate cards on top of the deck, the first named drawn first."""
    indices = [i for f in fate_ids for i, c in enumerate(FATE_CARDS) if c.id == f]
    rest = [i for i in state.fate_deck if i not in indices]
    state.fate_deck = rest + list(reversed(indices))


def fate_with(**fields) -> str:
    """The id of the first Fate card whose fields match, e.g. fate_with(trade_good=6)."""
    for card in FATE_CARDS:
        if all(getattr(card, k) == v for k, v in fields.items()):
            return card.id
    raise LookupError(fields)


def play(state: HadriansWallTable, seat: int, *actions: str) -> None:
    for text in actions:
        state.apply(seat, Action.parse(text))


def refused(state: HadriansWallTable, seat: int, text: str) -> str:
    """Apply an action that must be refused; check nothing changed and return the reason."""
    from tabulae.core import IllegalAction

    before = snapshot(state)
    try:
        state.apply(seat, Action.parse(text))
    except IllegalAction as error:
        assert snapshot(state) == before, f"refusing '{text}' changed the state"
        return error.reason
    raise AssertionError(f"'{text}' was accepted")


def end_year(state: HadriansWallTable) -> None:
    """Everyone passes; the attack follows (favour choices left to the test)."""
    for seat in range(state.players):
        if not state.ended_year[seat]:
            while state.pending[seat]:
                state.apply(seat, state.legal_actions(seat)[0])
            state.apply(seat, Action("pass"))
