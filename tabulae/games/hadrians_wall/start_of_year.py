"""The start of a year (H-02): the Fate card, two cards drawn, a Path chosen, income.

Every player takes the Fate card's items and draws two cards; everyone at once secretly
chooses one as his Path card, the other becoming his Prospect card. When all have chosen the
cards are revealed (with the Neutral Prospect cards of a game of one or two), and each player
takes his Prospect bonus and his income.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabulae.core import Action, IllegalAction

from .components import BUILDING_INDEX, CARD_INDEX, FATE_CARDS, INCOME, PLAYER_CARDS, POOL
from .refusals import not_an_action, refused
from .rewards import gain
from .sheet import BUILT, POOL_AT, PRODUCTION, RESOURCE
from .table import neutral_count

if TYPE_CHECKING:
    from .table import HadriansWallTable

PATH_ACTIONS = tuple(Action("path", c.id) for c in PLAYER_CARDS)
_INCOME = tuple((BUILT + BUILDING_INDEX[b], word) for b, word in INCOME.items())


def begin_year(table: HadriansWallTable) -> None:
    """The next year: its Fate card's items for everyone, and each player's two cards."""
    table.year += 1
    table.fate_card = table.top_fate(discard=True)
    card = FATE_CARDS[table.fate_card]
    for sheet in table.sheets:
        for i, n in enumerate(card.items):
            sheet[POOL_AT + i] += n
    items = {word: n for word, n in zip(POOL, card.items, strict=True) if n}
    table.tell("year", year=table.year, fate_card=card.id, items=items)
    for seat in range(table.players):
        deck = table.decks[seat]
        table.drawn[seat] = [deck.pop(), deck.pop()]
        cards = [PLAYER_CARDS[c].id for c in sorted(table.drawn[seat])]
        table.tell("drew", (seat,), seat=seat, cards=cards)
    table.chosen = [None] * table.players
    table.phase = "choose"


# -- choosing the Path card: everyone at once ----------------------------------------------------


def legal_choose(table: HadriansWallTable, seat: int) -> list[Action]:
    return [PATH_ACTIONS[c] for c in sorted(table.drawn[seat])]


def why_choose(table: HadriansWallTable, seat: int, action: Action) -> IllegalAction:
    shapeless = not_an_action(action)
    if shapeless:
        return shapeless
    legal = legal_choose(table, seat)
    cards = [a[1] for a in legal]
    if action[0] != "path":
        return refused(
            "choose_path",
            f"choose your Path card first: {' or '.join(str(a) for a in legal)}",
            cards=cards,
        )
    return refused("not_drawn", f"'{action}' is not one of your two drawn cards", cards=cards)


def play_choose(table: HadriansWallTable, seat: int, action: Action) -> None:
    table.chosen[seat] = CARD_INDEX[str(action[1])]
    table.tell("chose", seat=seat)


# -- the reveal and income -----------------------------------------------------------------------


def reveal(table: HadriansWallTable) -> None:
    """Everyone has chosen: the cards are revealed, income taken, and the actions begin."""
    for seat in range(table.players):
        path = table.chosen[seat]
        assert path is not None, "everyone has chosen"
        (prospect,) = [c for c in table.drawn[seat] if c != path]
        table.paths[seat].append(path)
        table.prospects[seat].append(prospect)
        table.drawn[seat] = []
    table.tell(
        "revealed",
        paths={str(s): PLAYER_CARDS[p[-1]].id for s, p in enumerate(table.paths)},
        prospects={str(s): PLAYER_CARDS[p[-1]].id for s, p in enumerate(table.prospects)},
    )
    count = neutral_count(table.players)
    if count:
        table.neutral_cards = [table.neutral_deck.pop() for _ in range(count)]
        table.neutral_pieces = [0] * count
        table.tell("neutral", cards=[PLAYER_CARDS[c].id for c in table.neutral_cards])
    for seat in range(table.players):
        _income(table, seat)
    table.phase = "actions"
    table.ended_year = [False] * table.players


def _income(table: HadriansWallTable, seat: int) -> None:
    """The Prospect bonus, then income from Production, Hotels, Workshops and Roads."""
    sheet, pending = table.sheets[seat], table.pending[seat]
    bonus = table.prospect_card(seat).prospect
    for i, n in enumerate(bonus):
        sheet[POOL_AT + i] += n
    sheet[RESOURCE] += sheet[PRODUCTION]
    income = {"resource": sheet[PRODUCTION], "civilian": 0, "builder": 0, "attribute": 0}
    for flag, word in _INCOME:
        if sheet[flag]:
            gain(sheet, pending, word)
            income["attribute" if word == "attribute_of_choice" else word] += 1
    table.tell(
        "income",
        seat=seat,
        prospect={p: n for p, n in zip(POOL, bonus, strict=True) if n},
        income={word: n for word, n in income.items() if n},
    )
