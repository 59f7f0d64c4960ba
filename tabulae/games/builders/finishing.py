"""Finishing a building (rulebook "Ukończenie Budynku", "Maszyny", rulings B-15, B-16): not an
action. As soon as a site's crew covers every material of its building, the cards and their
tools return to the player's idle ones, the bank pays the sesterces printed on the card, and its
victory points count; a finished machine joins the idle cards as a worker paid nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .components import BUILDINGS
from .site import NO_TOOL, Site
from .turn import payout

if TYPE_CHECKING:
    from .table import BuildersTable


def complete(table: BuildersTable, seat: int, site: Site) -> None:
    """Completion is not an action (B-16): cards and tools return, the bank pays."""
    building = site.building
    del table.sites[seat][building]
    idle, tools = table.idle[seat], table.tools[seat]
    for card, tool in site.crew:
        idle.append(card)
        if tool != NO_TOOL:
            tools.append(tool)
    tools.sort()
    printed = BUILDINGS[building - 1]
    paid = payout(table, seat, printed.coins)
    table.victory_points[seat] += printed.vp
    table.finished[seat].append(building)
    if printed.machine:
        idle.append(building)
    table.tell("completed", seat=seat, building=printed.id, sesterces=paid, vp=printed.vp)
