"""How a player stands, in VP, as an experienced player would judge it (for bots).

Before the last round: finished buildings count in full and sesterces at their scoring
value. A site is worth its VP and sesterces for the share of materials it has, plus part
of the rest: more if the player's idle cards and tools could finish it, less for what
they could only bring (they are shared out over the sites nearest completion first).
Once the worker deck is empty, the materials brought to a site that nothing in hand can
finish count only in part: its cards are held there until a worker from the row, a
slave, a tool or a University brings what it lacks. Cards are also the engine of the
rest of the game, worth more early than late, and so are the sesterces that pay their
wages. Free actions left in the turn are worth what taking sesterces would give for
them. Loans and slaves count what settling them will cost.

Once the end is certain (the last round, or the player to move holding 17 VP with his
free actions spent, so that his turn can only end in the last round or the end), nothing
is credited that the end will not pay: each player stands at his final score as settled
now, plus what taking sesterces can still bring in his last turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .components import BUILDINGS, RULES, SESTERCES_PER_VP
from .scoring import best_settlement
from .site import brings_lacking

if TYPE_CHECKING:
    from .table import BuildersTable

SESTERCE = 1 / SESTERCES_PER_VP
PROSPECT = 0.5  # share of the value still missing on a site that idle cards could bring
WITHIN_REACH = 0.7  # share of the value still missing when idle cards can finish the site
STUCK = 0.25  # what the materials brought count on a site nothing can finish, deck empty
VP_PER_MATERIAL = 0.1  # a card's worth beyond the current sites, per material, early on
# What a sesterce lacking for the wages of the idle cards the sites count on costs, early
# on (beyond its own worth): the work it pays for waits. Enough that, short of money for
# two or three cards' wages, an early loan (10 now, 15 at the end) beats taking sesterces.
SHORTFALL = 0.3
FREE_ACTION = max(amount / spent for amount, spent in RULES.take_sesterces.items()) * SESTERCE
# A turn still to come, per action: what the poorest way of taking sesterces gives. Less
# than an action in hand, so ending a turn early costs, and more than nothing, so ending
# it when its free actions are spent is better than paying for one more.
NEXT_TURN_ACTION = min(amount / spent for amount, spent in RULES.take_sesterces.items()) * SESTERCE
# What each building is worth finished: its VP and its sesterces.
WORTH = [building.vp + SESTERCE * building.coins for building in BUILDINGS]


def estimate(table: BuildersTable, seat: int) -> float:
    if table.game_over:
        return table.settlements[seat].tenths / 10
    if _end_certain(table):
        return _last_round(table, seat)
    value = table.victory_points[seat] + SESTERCE * table.sesterces[seat]
    if seat == table.active_seat:
        value += FREE_ACTION * table.free_actions_left()
    else:
        value += NEXT_TURN_ACTION * RULES.free_actions
    sites, wages = _sites(table, seat)
    value += sites
    cards = list(table.idle[seat])
    cards += [card for site in table.sites[seat].values() for card, _ in site.crew]
    # How far the game has yet to run, by the rivals' progress alone: a player's own
    # buildings must never make its cards look worth less than finishing them earned.
    rivals = max(points for other, points in enumerate(table.victory_points) if other != seat)
    to_run = max(0.0, 1 - rivals / RULES.trigger_vp)
    value += to_run * VP_PER_MATERIAL * sum(sum(table.provides(card)) for card in cards)
    value -= to_run * SHORTFALL * max(0, wages - table.sesterces[seat])
    value -= table.loans[seat] * SESTERCE * RULES.loan_repay
    value -= len(table.slaves_of(seat)) * SESTERCE * RULES.freeing_at_scoring
    return value


def _sites(table: BuildersTable, seat: int) -> tuple[float, int]:
    """Sites by what they have, plus a share for what idle cards and tools could bring;
    and the wages of the idle cards they count on.

    Idle cards go whole to the sites nearest completion first, each to the first site
    it helps, since a card's materials all go where the card is sent, and its wage is
    owed, and so are the actions sending it takes to a site it finishes; sites that all
    the idle cards together could finish come first. Tools are shared out by material,
    as many as idle cards could carry. Once the worker deck is empty, the materials
    brought to a site they cannot finish count only `STUCK`.
    """
    provides, wage = table.provides, table.wage
    idle = [(card, provides(card)) for card in table.idle[seat]]
    tools = [0, 0, 0, 0]
    carriers = sum(table.skilled(card) for card, _ in idle)  # a tool goes only on a skilled card
    for tool in table.tools[seat][:carriers]:
        tools[tool] += 1
    pool = list(tools)
    for _, gives in idle:
        pool = [amount + given for amount, given in zip(pool, gives, strict=True)]
    sites = []
    for site in table.sites[seat].values():
        need = site.missing()
        total = sum(site.cost)
        hopeless = any(amount > held for amount, held in zip(need, pool, strict=True))
        sites.append((hopeless, -(total - sum(need)) / total, site, need))
    stuck = 1.0 if table.worker_deck else STUCK
    value = 0.0
    owed = 0
    for _, behind, site, need in sorted(sites, key=lambda ranked: ranked[:2]):
        share = -behind
        worth = WORTH[site.building - 1]
        missing = sum(need)
        for material, amount in enumerate(tools):
            brought = min(need[material], amount)
            tools[material] -= brought
            need[material] -= brought
        wages = sending = 0
        left = []
        for card, gives in idle:
            if brings_lacking(need, gives):
                wages += wage(card)
                sending += 1
                need = [max(0, amount - given) for amount, given in zip(need, gives, strict=True)]
            else:
                left.append((card, gives))
        idle = left
        owed += wages
        reachable = missing - sum(need)
        if reachable == missing:
            # Sending them takes an action each, at the least (one a turn), each worth
            # what it would take in sesterces.
            value += worth * (share + (1 - share) * WITHIN_REACH) - SESTERCE * wages
            value -= FREE_ACTION * sending
        else:
            prospect = PROSPECT * reachable / missing
            value += worth * (stuck * share + (1 - share) * prospect) - SESTERCE * wages
    return value, owed


def _end_certain(table: BuildersTable) -> bool:
    """Whether the rest of the game is the last round: it has begun, or the player to move
    holds 17 VP and has no free action left, so his turn can only end it or buy actions.

    While he still has a free action, the position is judged as before: finishing the
    building that reaches 17 VP must never cost the credit of what his cards could still
    do, or a player far ahead would never end the game. Once his free actions are spent,
    whatever he does is judged at what the end pays, so he buys no action to take 1."""
    mover = table.active_seat
    return table.last_round or (
        table.victory_points[mover] >= RULES.trigger_vp and not table.free_actions_left()
    )


def _last_round(table: BuildersTable, seat: int) -> float:
    """The final score as settled now, plus the sesterces the last turn can still take."""
    return _final(table, seat) + _turn_left(table, seat)


def _final(table: BuildersTable, seat: int) -> float:
    """The final score of `seat`'s holdings now, settled as at the end (B-21, B-22)."""
    slaves = table.slaves_of(seat)
    idle = sum(card in table.idle[seat] for card in slaves)
    money, vp, loans = table.sesterces[seat], table.victory_points[seat], table.loans[seat]
    return best_settlement(vp, money, idle, len(slaves), loans)[0] / 10


def _turn_left(table: BuildersTable, seat: int) -> float:
    """What taking sesterces can still bring `seat` in the turns left to him."""
    if seat == table.active_seat:
        return FREE_ACTION * table.free_actions_left()
    order = [(other - table.first_player) % table.players for other in (seat, table.active_seat)]
    return FREE_ACTION * RULES.free_actions if order[0] > order[1] else 0.0
