"""What a search needs to know of Hadrian's Wall beyond the rules: which actions are alike,
and how a player who knows the game fills a year without thinking long.

Near-identical actions: Scouts that place the same Prospect card's pattern for the same
rewards (the same icons covered, the same rows and columns completed) differ only in where
the pattern lies, and Market purchases from the same source differ only in the box, unless
the box pays a worker (the right column).

The quick judgement plays a year as a seasoned player does: hardly ever end the year while a
box can still be filled (unused pieces go back to the supply), spend favours on the attack,
send a Cohort reward to the weakest Cohort, give a chosen attribute point to a track whose
next box pays a reward (never to a full one, where it would be lost), and otherwise pick a
kind of action with the weight it deserves (the workers it costs against what it brings),
then one of that kind at random. The weights were found by playing thousands of solitaire
games with them; alone, the judgement averages about 39 points on easy, 30 on normal and 19
on hard over 2,000 seeded games each. Weights tuned to score about two points more alone
did not make the search that plays its simulations with them score more (docs/bots.md).
"""

from __future__ import annotations

from collections.abc import Hashable
from functools import lru_cache
from typing import Any

from tabulae.core import Action, Rng

from .components import ATTRIBUTE_BOXES, ATTRIBUTE_LENGTH, ATTRIBUTES, COHORTS, MARKET_BOXES
from .scouting import full_columns, mask_of, rewards
from .sheet import ATTRIBUTE, COHORT, MAP
from .table import HadriansWallTable

WEIGHTS = {
    "mine": 0.25,
    "guard": 1.0,
    "cippi": 1.0,
    "wall": 4.0,
    "fort": 2.0,
    "build": 2.0,
    "training": 2.0,
    "forum": 0.016,
    "landmark": 4.0,
    "citizen": 1.0,
    "market": 0.25,
    "perform": 1.0,
    "gladiator": 1.0,
    "battle": 1.0,
    "temple": 2.0,
    "bribe": 2.0,
    "ruling": 1.0,
    "diplomat": 0.125,
    "scout": 0.062,
    "pass": 0.001,
}
"""How readily the quick judgement takes each kind of action of the year, when it may."""


SOLITAIRE_HARD = {"depth": None, "rounds": None, "iterations": 1000, "c": 0.3}
"""How `hard` searches a solitaire game: its simulations played to the end of the game, where
the final score judges them instead of the estimate at the end of the year, at most 1,000 a
decision, spending them on the likeliest actions (`c=0.3`, about 1.3 s of one core). At 500 a
decision, judging at the end of the game scored about nine points a game more than at the end
of the year over 16 deals; at 1,000, the smaller exploration constant scored about two points
more than the default over nine deals, and 73.3 on easy over 30 (docs/bots.md)."""


REVIEW_SCORE = (2.0, 4.0, 8.0)
"""A game review's marks alone, in final points: a rung of the rulebook's scale is ten of
them; two is the least a player notices on the score sheet, and eight most of a rung."""


def review_thresholds(measure: str) -> tuple[float, float, float] | None:
    """A game review's marks alone as the rulebook's scale reads the score: `REVIEW_SCORE`;
    with rivals, the review's defaults."""
    return REVIEW_SCORE if measure == "score" else None


def level_params(level: str, players: int) -> dict[str, Any]:
    """The levels' search as Hadrian's Wall tunes it: `hard` alone plays `SOLITAIRE_HARD`."""
    return dict(SOLITAIRE_HARD) if level == "hard" and players == 1 else {}


def action_key(table: HadriansWallTable, seat: int, action: Action) -> Hashable:
    """Scouts alike in source and rewards, and purchases alike in source and box reward,
    share a key; every other action is its own."""
    kind = action[0]
    if kind == "scout":
        source = action[1]
        if source == "own":
            card = table.prospect_card(seat)
        else:
            ((card,),) = [(c,) for w, c, _ in table.offers(seat) if w == source]
        return (
            kind,
            source,
            _placed(card.pattern, action.number(2), action.number(3) - 1, table.sheets[seat][MAP]),
        )
    if kind == "market":
        return kind, action[2], MARKET_BOXES[action.number(1) - 1][1]
    return action


@lru_cache(maxsize=4096)
def _placed(pattern: str, orientation: int, cell: int, filled: int) -> tuple:
    """What a Scout's placement brings: the icons and rows it gains, the full columns after."""
    mask = mask_of(pattern, orientation, cell)
    assert mask is not None
    return tuple(rewards(filled, mask)), full_columns(filled | mask)


def rollout_action(
    table: HadriansWallTable, seat: int, legal: list[Action], rng: Rng
) -> Action | None:
    """A year's action as a seasoned player picks it at a glance (see the module's words)."""
    kind = legal[0][0]
    if kind == "cohort":
        sheet = table.sheets[seat]
        weakest = min(sheet[COHORT + _COHORTS[a[1]]] for a in legal)
        tied = [a for a in legal if sheet[COHORT + _COHORTS[a[1]]] == weakest]
        return tied[rng.below(len(tied))]
    if kind == "favour":
        return legal[0]
    if kind == "attribute":
        sheet = table.sheets[seat]
        ranked = {a: _attribute_rank(sheet, _ATTRIBUTES[a[1]]) for a in legal}
        open_ = [rank for rank in ranked.values() if rank is not None]
        if not open_:
            return None
        best = min(open_)
        tied = [a for a, rank in ranked.items() if rank == best]
        return tied[rng.below(len(tied))]
    if kind in _CHOICES:
        return None
    kinds: dict[str, list[Action]] = {}
    for action in legal:
        kinds.setdefault(action.kind, []).append(action)
    total = sum(WEIGHTS.get(k, 1.0) for k in kinds)
    point = rng.below(1 << 30) / (1 << 30) * total
    for k, members in kinds.items():
        point -= WEIGHTS.get(k, 1.0)
        if point < 0:
            return members[rng.below(len(members))]
    return legal[-1]


def _attribute_rank(sheet: list[int], index: int) -> tuple[bool, int] | None:
    """How gladly a chosen point goes to an attribute: first a track whose next box pays a
    reward, then the emptiest; never a full track (the point would be lost)."""
    filled = sheet[ATTRIBUTE + index]
    if filled >= ATTRIBUTE_LENGTH:
        return None
    return not ATTRIBUTE_BOXES[index][filled], filled


def year(table: HadriansWallTable) -> int:
    """The round a search may end its simulations at: the year, which ends after its attack."""
    return table.year


_COHORTS = {cohort: index for index, cohort in enumerate(COHORTS)}
_ATTRIBUTES = {attribute: index for index, attribute in enumerate(ATTRIBUTES)}
_CHOICES = frozenset(("path", "defend"))
