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

from tabulae.core import Action, State


def take_back(before: State, seat: int, action: Action, after: State) -> bool:
    """Whether the action was one of the year's, and left the year and the decks as they were."""
    seen = before.view(None)
    return seen["phase"] == "actions" and _year(seen) == _year(after.view(None))


def _year(view: dict) -> tuple:
    """What of the public view an action of the year may not change: the year and its phase,
    and what is left of the Fate and Neutral decks and the Fate cards revealed."""
    return (
        view["year"],
        view["phase"],
        view["fate_deck"],
        view["fate_discard"],
        view["neutral_deck"],
    )
