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
# A turn still to come, per action: what the poorest way of taking sesterces gives. Less
# than an action in hand, so ending a turn early costs, and more than nothing, so ending
# it when its free actions are spent is better than paying for one more.
NEXT_TURN_ACTION = min(n / spent for n, spent in RULES.take_sesterces.items()) * SESTERCE


def estimate(state: BuildersState, seat: int) -> float:
    if state.over:
        return state.final[seat].tenths / 10
    value = state.vp[seat] + SESTERCE * state.money[seat]
    if seat == state.seat:
        value += FREE_ACTION * state.free_actions_left()
    else:
        value += NEXT_TURN_ACTION * RULES.free_actions
    value += _sites(state, seat)
    cards = list(state.idle[seat])
    cards += [c for site in state.sites[seat].values() for c, _ in site.crew]
    # How far the game has yet to run, by the rivals' progress alone: a player's own
    # buildings must never make its cards look worth less than finishing them earned.
    rivals = max(vp for p, vp in enumerate(state.vp) if p != seat)
    to_run = max(0.0, 1 - rivals / RULES.trigger_vp)
    value += to_run * VP_PER_MATERIAL * sum(sum(state.provides(c)) for c in cards)
    value -= state.loans[seat] * SESTERCE * RULES.loan_repay
    value -= len(state.slaves_of(seat)) * SESTERCE * RULES.freeing_at_scoring
    return value


def _sites(state: BuildersState, seat: int) -> float:
    """Sites by what they have, plus a share for what idle cards and tools could bring.

    Idle cards go whole to the sites nearest completion first, each to the first site
    it helps, since a card's materials all go where the card is sent, and its wage is
    owed; tools are shared out by material.
    """
    idle = list(state.idle[seat])
    tools = [0, 0, 0, 0]
    for t in state.tools[seat]:
        tools[t] += 1
    sites = []
    for site in state.sites[seat].values():
        total = sum(site.cost)
        covered = sum(min(s, n) for s, n in zip(site.supplied, site.cost, strict=True))
        sites.append((covered / total, site))
    value = 0.0
    for share, site in sorted(sites, key=lambda s: -s[0]):
        building = BUILDINGS[site.building - 1]
        worth = building.vp + SESTERCE * building.coins
        need = site.missing()
        missing = sum(need)
        for m, n in enumerate(tools):
            brought = min(need[m], n)
            tools[m] -= brought
            need[m] -= brought
        wages = 0
        for c in list(idle):
            gives = state.provides(c)
            if any(n and g for n, g in zip(need, gives, strict=True)):
                idle.remove(c)
                wages += state.wage(c)
                need = [max(0, n - g) for n, g in zip(need, gives, strict=True)]
        reachable = missing - sum(need)
        prospect = WITHIN_REACH if reachable == missing else PROSPECT * reachable / missing
        value += worth * (share + (1 - share) * prospect) - SESTERCE * wages
    return value
