"""How a player stands, in VP, as an experienced player would judge it (for bots).

Finished buildings count in full and sesterces at their scoring value. A site
is worth its VP and sesterces for the share of materials it has, plus part of
the rest: more if the player's idle cards and tools could finish it, less for
what they could only bring (they are shared out over the sites nearest
completion first). Cards are also the engine of the rest of the game, worth more
early than late. Free actions left in the turn are worth what taking sesterces
would give for them. Loans and slaves count what settling them will cost.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import BUILDINGS, RULES, SESTERCES_PER_VP

if TYPE_CHECKING:
    from .state import BuildersState

SESTERCE = 1 / SESTERCES_PER_VP
PROSPECT = 0.5  # share of the value still missing on a site that idle cards could bring
WITHIN_REACH = 0.7  # share of the value still missing when idle cards can finish the site
VP_PER_MATERIAL = 0.1  # a card's worth beyond the current sites, per material, early on
FREE_ACTION = max(n / spent for n, spent in RULES.take_sesterces.items()) * SESTERCE


def estimate(state: BuildersState, seat: int) -> float:
    if state.over:
        return state.final[seat].tenths / 10
    value = state.vp[seat] + SESTERCE * state.money[seat]
    if seat == state.seat:
        value += FREE_ACTION * state.free_actions_left()
    value += _sites(state, seat)
    cards = list(state.idle[seat])
    cards += [c for site in state.sites[seat].values() for c, _ in site.crew]
    to_run = max(0.0, 1 - max(state.vp) / RULES.trigger_vp)
    value += to_run * VP_PER_MATERIAL * sum(sum(state.provides(c)) for c in cards)
    value -= state.loans[seat] * SESTERCE * RULES.loan_repay
    value -= len(state.slaves_of(seat)) * SESTERCE * RULES.freeing_at_scoring
    return value


def _sites(state: BuildersState, seat: int) -> float:
    """Sites by what they have, plus a share for what idle cards and tools could bring."""
    pool = [0, 0, 0, 0]
    for c in state.idle[seat]:
        for m, n in enumerate(state.provides(c)):
            pool[m] += n
    for t in state.tools[seat]:
        pool[t] += 1
    sites = []
    for site in state.sites[seat].values():
        total = sum(site.cost)
        covered = sum(min(s, n) for s, n in zip(site.supplied, site.cost, strict=True))
        sites.append((covered / total, site))
    value = 0.0
    for share, site in sorted(sites, key=lambda s: -s[0]):
        building = BUILDINGS[site.building - 1]
        worth = building.vp + SESTERCE * building.coins
        reachable = missing = 0
        for m in range(4):
            need = max(0, site.cost[m] - site.supplied[m])
            brought = min(need, pool[m])
            pool[m] -= brought
            reachable += brought
            missing += need
        prospect = WITHIN_REACH if reachable == missing else PROSPECT * reachable / missing
        value += worth * (share + (1 - share) * prospect)
    return value
