"""How a player stands, in VP, as an experienced player would judge it (for bots).

Finished buildings count in full and sesterces at their scoring value. A site
is worth its VP and sesterces in proportion to the materials already covered.
Workers, tools and machines are the engine that builds the rest: worth more
early than late, so they are weighed by the share of the race to 17 VP still
to run. Loans and slaves count what it will cost to settle them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import BUILDINGS, RULES, SESTERCES_PER_VP

if TYPE_CHECKING:
    from .state import BuildersState

VP_PER_MATERIAL = 0.4  # a material a card brings, over the uses left in a full game
VP_PER_TOOL = 0.3
WAGE_WEIGHT = 0.05  # a wage is paid at every use


def estimate(state: BuildersState, seat: int) -> float:
    if state.over:
        return state.final[seat].tenths / 10
    sesterce = 1 / SESTERCES_PER_VP
    value = state.vp[seat] + sesterce * state.money[seat]
    for site in state.sites[seat].values():
        building = BUILDINGS[site.building - 1]
        covered = sum(min(s, n) for s, n in zip(site.supplied, site.cost, strict=True))
        value += covered / sum(site.cost) * (building.vp + sesterce * building.coins)
    to_run = max(0.0, 1 - max(state.vp) / RULES.trigger_vp)
    cards = list(state.idle[seat])
    cards += [c for site in state.sites[seat].values() for c, _ in site.crew]
    strength = sum(
        VP_PER_MATERIAL * sum(state.provides(c)) - WAGE_WEIGHT * state.wage(c) for c in cards
    )
    tools = len(state.tools[seat]) + sum(
        1 for site in state.sites[seat].values() for _, t in site.crew if t >= 0
    )
    value += to_run * (strength + VP_PER_TOOL * tools)
    value -= state.loans[seat] * sesterce * RULES.loan_repay
    value -= len(state.slaves_of(seat)) * sesterce * RULES.freeing_at_scoring
    return value
