"""The Market: trade goods bought from a neighbour's Prospect card, a Neutral card or the Fate deck.

A purchase pays 1 resource and writes the good's number in an open Market box
whose traders threshold is met, in any order (H-10). The first six distinct
numbers give renown; duplicates are recorded and give nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabulae.core import Action, IllegalAction
from tabulae.core.flow import Move

from .areas import box_needs, not_built, number, word
from .components import (
    BUILDING_INDEX,
    DATA,
    MARKET_BOXES,
    UNIQUE_GOODS_RENOWN,
)
from .refusals import not_now, refused
from .rewards import gain, gain_all
from .sheet import (
    BUILT,
    MARKET,
    RESOURCE,
    TRADERS,
    affords,
    cost_of,
    lacking,
    pay,
)

if TYPE_CHECKING:
    from .table import HadriansWallTable


MARKET_SOURCES = ("left", "right", "deck", "neutral1", "neutral2")
"""Where a good comes from: a neighbour's Prospect card (left = next seat, right = previous
seat), the Fate deck, or a Neutral Prospect card (1-2 players)."""
MARKET_ACTIONS = {
    (box, source): Action("market", box, source)
    for box in range(1, len(MARKET_BOXES) + 1)
    for source in MARKET_SOURCES
}

_MARKET = BUILT + BUILDING_INDEX["market"]
_PURCHASE = cost_of(DATA["market"]["purchase_cost"])


def _goods(table: HadriansWallTable, seat: int) -> list[tuple[str, int, int | None]]:
    """(source, trade-good number, who receives the resource) for each way to buy now."""
    own = table.prospect_card(seat).trade_good
    found: list[tuple[str, int, int | None]] = [
        (w, card.trade_good, target)
        for w, card, target in table.offers(seat)
        if card.trade_good != own
    ]
    found.append(("deck", 0, None))
    return found


def legal_market(table: HadriansWallTable, seat: int) -> list[Action]:
    sheet = table.sheets[seat]
    if not sheet[_MARKET] or not affords(sheet, _PURCHASE):
        return []
    traders = sheet[TRADERS]
    goods = _goods(table, seat)
    return [
        MARKET_ACTIONS[box + 1, source]
        for box, (need, _) in enumerate(MARKET_BOXES)
        if not sheet[MARKET + box] and traders >= need
        for source, _, _ in goods
    ]


def play_market(table: HadriansWallTable, seat: int, action: Action) -> None:
    sheet = table.sheets[seat]
    box, source = action.number(1) - 1, action[2]
    pay(sheet, _PURCHASE)
    drawn = None
    if source == "deck":
        own = table.prospect_card(seat).trade_good
        card = table.draw_fate()
        while card.trade_good == own and not table.options["deck_draw_may_match_own_prospect"]:
            card = table.draw_fate()
        good, drawn = card.trade_good, card.id
    else:
        ((good, target),) = [(c.trade_good, t) for w, c, t in table.offers(seat) if w == source]
        table.hand_over(target, RESOURCE)
    goods = sheet[MARKET : MARKET + len(MARKET_BOXES)]
    unique_before = len({g for g in goods if g})
    sheet[MARKET + box] = good
    unique = len({g for g in goods if g} | {good})
    renown = 0
    if unique > unique_before:
        renown = UNIQUE_GOODS_RENOWN[unique - 1]
        for _ in range(renown):
            gain(sheet, table.pending[seat], "renown")
    gain_all(sheet, table.pending[seat], MARKET_BOXES[box][1])
    drawn_card: dict[str, Any] = {"fate_card": drawn} if drawn else {}
    table.tell(
        "market", seat=seat, box=box + 1, source=source, good=good, renown=renown, **drawn_card
    )


def why_market(table: HadriansWallTable, seat: int, action: Action) -> IllegalAction:
    sheet = table.sheets[seat]
    box = number(action, 0, 1, len(MARKET_BOXES))
    source = word(action, 1, MARKET_SOURCES)
    if box is None or source is None or len(action.args) != 2:
        return refused(
            "market_purchase", "a purchase names a Market box 1-8 and a source: 'market 3 deck'"
        )
    if not sheet[_MARKET]:
        return not_built("market", "Market")
    if sheet[MARKET + box - 1]:
        return refused("box_filled", f"Market box {box} is already filled", area="market", box=box)
    need = MARKET_BOXES[box - 1][0]
    if sheet[TRADERS] < need:
        return box_needs(
            f"Market box {box} needs {need} traders; you have {sheet[TRADERS]}",
            "market",
            box,
            "traders",
            need,
            sheet[TRADERS],
        )
    if source != "deck":
        offered = {w: c for w, c, _ in table.offers(seat)}
        if source not in offered:
            return refused(
                "no_prospect",
                f"there is no '{source}' Prospect card to buy from",
                source=source,
            )
        if offered[source].trade_good == table.prospect_card(seat).trade_good:
            return refused(
                "own_good", "you may not buy the trade good shown on your own Prospect card"
            )
    return lacking(sheet, _PURCHASE) or not_now()


MOVES = {"market": Move(legal_market, why_market, play_market)}


def actions(sources: tuple[str, ...]) -> tuple[Action, ...]:
    """Every purchase at a table whose sources of goods are those given."""
    return tuple(a for (_, s), a in MARKET_ACTIONS.items() if s in sources)
