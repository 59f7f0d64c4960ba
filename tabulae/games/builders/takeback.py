"""Which actions of a turn of The Builders may be taken back.

Everything is public except the order of the building and worker decks (rulings, "Hidden
information"). Starting a construction or recruiting a worker takes a card from its row and
refills the row at once from the deck (B-10): the card dealt shows what was hidden, so such an
action stands (unless the deck was empty and nothing was dealt, B-07). Sending to work, an
investment, taking sesterces, freeing a slave and ending the turn show nothing hidden and draw
on no chance.
"""

from __future__ import annotations

from tabulae.core import Action, State


def take_back(before: State, seat: int, action: Action, after: State) -> bool:
    """Whether the action dealt no card from a deck (its event names the card `revealed`)."""
    return not any(event.args.get("revealed") for event in after.events[len(before.events) :])
