"""How a player stands, in VP, as an experienced player would judge it (for bots).

Finished buildings count in full and sesterces at their scoring value. A site
is worth its VP and sesterces for the share of materials it has, plus part of
the rest: more if the player's idle cards and tools could finish it, less for
what they could only bring (they are shared out over the sites nearest
completion first). Cards are also the engine of the rest of the game, worth more
early than late, and so are the sesterces that pay their wages: each one lacking
for the wages of the cards the sites count on holds that work back. Free actions
left in the turn are worth what taking sesterces would give for them. Loans and
slaves count what settling them will cost.

In the last round nothing is credited that the end will not pay: a player who has
played his last turn stands at his final score, and one in his last turn, or still
to play it, at the best final score one turn can still bring (finishing one building
and taking sesterces with the actions left).
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from .cards import BUILDINGS, RULES, SESTERCES_PER_VP
from .scoring import best_settlement

if TYPE_CHECKING:
    from .site import Site
    from .state import BuildersState

SESTERCE = 1 / SESTERCES_PER_VP
PROSPECT = 0.5  # share of the value still missing on a site that idle cards could bring
WITHIN_REACH = 0.7  # share of the value still missing when idle cards can finish the site
VP_PER_MATERIAL = 0.1  # a card's worth beyond the current sites, per material, early on
# What a sesterce lacking for the wages the sites count on costs, early on (beyond its own
# worth): the work it pays for waits. Enough that, short of money for two or three cards'
# wages, an early loan (10 now, 15 at the end) beats taking sesterces with the turn.
SHORTFALL = 0.3
FREE_ACTION = max(n / spent for n, spent in RULES.take_sesterces.items()) * SESTERCE
# A turn still to come, per action: what the poorest way of taking sesterces gives. Less
# than an action in hand, so ending a turn early costs, and more than nothing, so ending
# it when its free actions are spent is better than paying for one more.
NEXT_TURN_ACTION = min(n / spent for n, spent in RULES.take_sesterces.items()) * SESTERCE
MOST_SENT = 3  # cards sent to one building in a last turn (the third costs 3 actions)


def _takings(actions: int) -> tuple[int, ...]:
    """The most sesterces that 0, 1, …, `actions` actions can take (B-17)."""
    best = [0] * (actions + 1)
    for n in range(1, actions + 1):
        for gain, spent in RULES.take_sesterces.items():
            if spent <= n:
                best[n] = max(best[n], best[n - spent] + gain)
    return tuple(best)


TAKINGS = _takings(RULES.free_actions)


def estimate(state: BuildersState, seat: int) -> float:
    if state.over:
        return state.final[seat].tenths / 10
    if state.last_round or state.vp[state.seat] >= RULES.trigger_vp:
        return _last_round(state, seat)
    value = state.vp[seat] + SESTERCE * state.money[seat]
    if seat == state.seat:
        value += FREE_ACTION * state.free_actions_left()
    else:
        value += NEXT_TURN_ACTION * RULES.free_actions
    sites, wages = _sites(state, seat)
    value += sites
    cards = list(state.idle[seat])
    cards += [c for site in state.sites[seat].values() for c, _ in site.crew]
    # How far the game has yet to run, by the rivals' progress alone: a player's own
    # buildings must never make its cards look worth less than finishing them earned.
    rivals = max(vp for p, vp in enumerate(state.vp) if p != seat)
    to_run = max(0.0, 1 - rivals / RULES.trigger_vp)
    value += to_run * VP_PER_MATERIAL * sum(sum(state.provides(c)) for c in cards)
    value -= to_run * SHORTFALL * max(0, wages - state.money[seat])
    value -= state.loans[seat] * SESTERCE * RULES.loan_repay
    value -= len(state.slaves_of(seat)) * SESTERCE * RULES.freeing_at_scoring
    return value


def _sites(state: BuildersState, seat: int) -> tuple[float, int]:
    """Sites by what they have, plus a share for what idle cards and tools could bring;
    and the wages of the idle cards they count on.

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
    owed = 0
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
        owed += wages
    return value, owed


def _last_round(state: BuildersState, seat: int) -> float:
    """In the round that ends the game: the final score, or the best one turn can bring."""
    if seat == state.seat:
        return _last_turn(state, seat, state.free_actions_left(), state.sent) / 10
    order = [(p - state.first) % state.players for p in (seat, state.seat)]
    if order[0] > order[1]:  # still to play his last turn
        return _last_turn(state, seat, RULES.free_actions, {}) / 10
    return _final_tenths(state, seat, state.vp[seat], state.money[seat], []) / 10


def _final_tenths(
    state: BuildersState, seat: int, vp: int, money: int, returning: list[int]
) -> int:
    """The final score of `seat` with these VP and sesterces, once the cards in
    `returning` (those of a site about to be finished) are idle again."""
    slaves = state.slaves_of(seat)
    idle = state.idle[seat] + returning
    free = sum(c in idle for c in slaves)
    return best_settlement(vp, money, free, len(slaves), state.loans[seat])[0]


def _last_turn(state: BuildersState, seat: int, free: int, sent: dict[int, int]) -> int:
    """The best final score, in tenths, that `seat` can still reach with one turn in which
    `free` actions are left: finish at most one building (a site of his, or one started
    from the row) by sending up to three idle cards with tools, then take sesterces with
    the free actions left. Each plan counted is one the player can carry out, so ending
    the turn never loses what was credited before it."""
    money = state.money[seat]
    best = _final_tenths(state, seat, state.vp[seat], money + _taken(state, free), [])
    goals: list[tuple[int, list[int], int, int, list[int]]] = [
        (site.building, site.missing(), 0, sent.get(site.building, 0), _crew(site))
        for site in state.sites[seat].values()
    ]
    goals += [(b, list(BUILDINGS[b - 1].cost), 1, 0, []) for b in state.building_row]
    tools = [0, 0, 0, 0]
    for t in state.tools[seat]:
        tools[t] += 1
    for building, need, start, already, crew in goals:
        helpers = [
            c
            for c in state.idle[seat]
            if any(n and g for n, g in zip(need, state.provides(c), strict=True))
            or (state.skilled(c) and any(n and t for n, t in zip(need, tools, strict=True)))
        ]
        if not _covers(state, tuple(helpers), need, tools):
            continue
        for count in range(1, min(MOST_SENT, len(helpers)) + 1):
            actions = start + sum(already + k for k in range(1, count + 1))
            extra = max(0, actions - free) * RULES.extra_action_cost
            taken = _taken(state, max(0, free - actions))
            for cards in combinations(helpers, count):
                wages = sum(state.wage(c) for c in cards)
                if wages + extra > money + taken or not _covers(state, cards, need, tools):
                    continue
                finished = BUILDINGS[building - 1]
                paid = finished.coins if state.bank is None else min(finished.coins, state.bank)
                left = money + taken - wages - extra + paid
                vp = state.vp[seat] + finished.vp
                best = max(best, _final_tenths(state, seat, vp, left, list(cards) + crew))
    return best


def _crew(site: Site) -> list[int]:
    return [c for c, _ in site.crew]


def _taken(state: BuildersState, actions: int) -> int:
    """What `actions` free actions can take from the bank."""
    taken = TAKINGS[min(actions, RULES.free_actions)]
    return taken if state.bank is None else min(taken, state.bank)


def _covers(
    state: BuildersState, cards: tuple[int, ...], need: list[int], tools: list[int]
) -> bool:
    """Whether these cards, with at most one tool each on those that may carry one, cover
    `need`."""
    short = list(need)
    for c in cards:
        short = [max(0, n - g) for n, g in zip(short, state.provides(c), strict=True)]
    if any(n > t for n, t in zip(short, tools, strict=True)):
        return False
    return sum(short) <= sum(state.skilled(c) for c in cards)
