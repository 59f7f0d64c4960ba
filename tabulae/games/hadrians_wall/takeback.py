"""Which actions of a year of Hadrian's Wall may be taken back.

Players act at their own pace during the year's actions (H-01), one action at a time, and
what they do is public. Hidden are the order of the Fate deck, of the Neutral deck and of
each player's own deck, and the secret Path/Prospect and favour choices until they are
revealed (rulings, "Hidden information"). So an action of the year may be taken back unless
it drew a Fate card (a market purchase from the supply, H-10) or ended the year: the last
pass reveals the attack cards (H-17). The Path/Prospect choice and the favours are secret
decisions revealed together, outside the year's actions, and stand.
"""

from __future__ import annotations

from tabulae.core import Action

from .table import HadriansWallTable


def take_back(
    before: HadriansWallTable, seat: int, action: Action, after: HadriansWallTable
) -> bool:
    """Whether the action was one of the year's, and left the year and the decks as they were."""
    return before.phase == "actions" and _year(before) == _year(after)


def _year(table: HadriansWallTable) -> tuple[int | str, ...]:
    """What an action of the year may not change: the year and its phase, what is left of the
    Fate and Neutral decks, and the Fate cards revealed."""
    return (
        table.year,
        table.phase,
        len(table.fate_deck),
        len(table.fate_discard),
        len(table.neutral_deck),
    )
