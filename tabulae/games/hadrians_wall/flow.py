"""The year of Hadrian's Wall on one screen: its decisions, and what follows when they are made.

A year (rulings, round structure) is three decisions, each a core `Step`:

- ``choose``: everyone at once secretly picks which of his two drawn cards is his Path
  (`start_of_year`); when all have chosen, the cards are revealed and income taken;
- ``actions``: everyone who has not ended his year acts, one action at a time, placing the
  rewards that wait for his choice first (`year`); when all have passed, the year ends and
  the Picts attack (`attack`);
- ``attack``: everyone holding a usable favour at once secretly chooses which attack cards
  to ignore; when all have decided, the attack is resolved and the next year begins, or,
  after the sixth, the game ends.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from tabulae.core.flow import Step, simultaneous

from . import attack, start_of_year, year
from .components import POOL, YEARS
from .scoring import final_result
from .sheet import POOL_AT

if TYPE_CHECKING:
    from .table import HadriansWallTable


def _choosing(table: HadriansWallTable) -> tuple[int, ...]:
    return simultaneous(table, table.chosen)


STEPS: dict[str, Step] = {
    "choose": Step(
        _choosing, start_of_year.legal_choose, start_of_year.why_choose, start_of_year.play_choose
    ),
    "actions": Step(
        year.acting, year.legal_action, year.why_action, year.play_action, year.allows_action
    ),
    "attack": Step(
        attack.deciding,
        attack.legal_favour,
        attack.why_favour,
        attack.play_favour,
        attack.allows_favour,
    ),
}


def advance(table: HadriansWallTable) -> None:
    """When nobody has a decision left to make, the year moves on until someone has."""
    if table.phase == "actions" and False in table.ended_year:
        return  # someone is still acting: the year's most common moment, answered at once
    while table.phase != "over" and not STEPS[table.phase].seats(table):
        AFTER[table.phase](table)


def _after_the_attack(table: HadriansWallTable) -> None:
    attack.resolve_attack(table)
    if table.year < YEARS:
        start_of_year.begin_year(table)
    else:
        _end_game(table)


def _end_game(table: HadriansWallTable) -> None:
    """After the year-6 attack: the workers it gave are lost, and the game is scored."""
    for sheet in table.sheets:
        for i in range(len(POOL)):
            sheet[POOL_AT + i] = 0
    table.phase = "over"
    result = final_result(table.sheets, table.paths)
    table.tell("over", scores=list(result.scores), ranks=list(result.ranks))


AFTER: dict[str, Callable[[HadriansWallTable], None]] = {
    "choose": start_of_year.reveal,
    "actions": attack.begin_attack,
    "attack": _after_the_attack,
}
"""What follows when a decision has been made by everyone."""
