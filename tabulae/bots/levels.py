"""Levels: the opponents a player chooses by name, each a bot with a bounded think time.

A level is a bot spec and a one-line description a player can trust. `make_bot` takes a
level's name wherever it takes a bot's (``make_bot("hard")``), and parameters given with it
override the level's (tests shorten a search with ``iterations``). The raw bots stay
available under their own names for researchers; the level ``ismcts`` is today's search
with its default budget, kept so that progress is measured against it.

>>> LEVELS["medium"].bot, LEVELS["medium"].params["seconds"]
('ismcts', 1.0)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Level:
    """A named opponent: which bot plays, with which parameters, and what a player should
    expect of it (`label` and `about` are English; the interfaces translate them)."""

    name: str
    bot: str
    params: dict[str, Any] = field(default_factory=dict)
    label: str = ""
    about: str = ""

    def describe(self) -> dict[str, Any]:
        """The level as JSON: name, label, description and the bot spec it stands for."""
        return {
            "name": self.name,
            "label": self.label,
            "about": self.about,
            "bot": self.bot,
            "params": dict(self.params),
        }


LEVELS: dict[str, Level] = {
    level.name: level
    for level in (
        Level(
            "easy",
            "greedy",
            {},
            "Easy",
            "Looks one move ahead and takes what the game's evaluation likes best; answers at "
            "once.",
        ),
        Level(
            "medium",
            "ismcts",
            {
                "iterations": 500,
                "seconds": 1.0,
                "rollout": "informed",
                "group": 1,
                "reuse": 1,
                "rounds": 1,
            },
            "Medium",
            "Plays out 500 possible futures of each move, at most a second: a fair opponent.",
        ),
        Level(
            "hard",
            "ismcts",
            {"seconds": 2.0, "rollout": "informed", "group": 1, "reuse": 1, "rounds": 1},
            "Hard",
            "The strongest search there is, two seconds a move.",
        ),
        Level(
            "ismcts",
            "ismcts",
            {},
            "ISMCTS",
            "The search as it was, 1,000 futures a move (about a second), kept to measure "
            "progress against.",
        ),
    )
}
"""Every level by name, weakest first."""

FAIR = "medium"
"""The level a newcomer is offered first."""
STRONGEST = "hard"
"""The level whose search answers a player's request for a hint."""
