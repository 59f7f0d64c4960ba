"""The building row and the worker row (ruling B-07): a card taken from a row is replaced at
once from the top of its deck, and the row shrinks once the deck is spent."""

from __future__ import annotations

from .actions import WORD


def take_from_row(row: list[int], deck: list[int], taken: int) -> int | None:
    """Take a card from a row and refill its place from the deck, if any is left: the card
    revealed, if any."""
    place = row.index(taken)
    if deck:
        row[place] = deck.pop()
        return row[place]
    del row[place]
    return None


def card_word(number: int | None) -> str | None:
    return None if number is None else WORD[number]
