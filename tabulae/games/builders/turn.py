"""Playing the actions of a turn (rulebook "Przebieg gry", rulings B-09 to B-20).

Each play checks everything first and raises IllegalAction with a reason a
player can read, then changes the state. The first 3 actions of a turn are free
and every further one costs 5 sesterces; one investment a turn; the k-th card
sent to one building in a turn costs k actions; a building is finished as soon
as every material is covered.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from tabulae.core import Event, IllegalAction

from .cards import BUILDINGS, MACHINES, RULES, SLAVES
from .notation import MATERIAL_WORDS, TOOL_WORDS
from .site import NO_TOOL, Site

if TYPE_CHECKING:
    from .state import BuildersState

SLAVE_CARDS = frozenset(SLAVES)
MACHINE_CARDS = frozenset(MACHINES)


def afford(state: BuildersState, seat: int, actions: int, sesterces: int, what: str) -> int:
    """What the extra actions among `actions` cost, once sure `seat` can pay it and `sesterces`."""
    extra = state.extra_cost(actions)
    money = state.money[seat]
    if money < extra + sesterces:
        parts = [f"{sesterces} sesterces"] if sesterces else []
        if extra:
            parts.append(f"{extra} for extra actions")
        raise IllegalAction(f"{what} costs {' + '.join(parts)} and you have only {money} sesterces")
    return extra


def spend(state: BuildersState, seat: int, actions: int, sesterces: int) -> None:
    state.used += actions
    state.money[seat] -= sesterces
    if state.bank is not None:
        state.bank += sesterces


def payout(state: BuildersState, seat: int, sesterces: int) -> int:
    """Pay from the bank; a limited bank pays only what it holds (B-06)."""
    if state.bank is not None:
        sesterces = min(sesterces, state.bank)
        state.bank -= sesterces
    state.money[seat] += sesterces
    return sesterces


def start_construction(state: BuildersState, seat: int, args: tuple) -> None:
    (b,) = arguments(args, 1, "start BUILDING")
    if b not in state.building_row:
        raise IllegalAction(f"building {b} is not in the building row")
    extra = afford(state, seat, 1, 0, "starting a building")
    spend(state, seat, 1, extra)
    revealed = take_from_row(state.building_row, state.building_deck, b)
    state.sites[seat][b] = Site(b)
    state.events.append(
        Event(
            "builders.started",
            {"seat": seat, "building": b, "extra": extra, "revealed": revealed},
        )
    )


def recruit(state: BuildersState, seat: int, args: tuple) -> None:
    (w,) = arguments(args, 1, "hire WORKER")
    if w not in state.worker_row:
        raise IllegalAction(f"worker {w} is not in the worker row")
    extra = afford(state, seat, 1, 0, "recruiting a worker")
    spend(state, seat, 1, extra)
    revealed = take_from_row(state.worker_row, state.worker_deck, w)
    state.idle[seat].append(w)
    state.events.append(
        Event("builders.hired", {"seat": seat, "worker": w, "extra": extra, "revealed": revealed})
    )


def check_investment(state: BuildersState) -> None:
    if state.invested:
        raise IllegalAction("you have already taken an investment this turn (one per turn)")


def buy(state: BuildersState, seat: int, args: tuple) -> None:
    what, which = arguments(args, 2, "buy slave CARD | buy tool TOOL")
    check_investment(state)
    if what == "slave":
        if which not in state.slave_stack:
            raise IllegalAction(f"slave {which} is not in the investment row")
        price = RULES.slave_price
    elif what == "tool":
        if TOOL_WORDS.get(which) not in state.tool_stack:
            raise IllegalAction(f"there is no tool '{which}' in the investment row")
        price = RULES.tool_price
    else:
        raise IllegalAction(f"you can buy a slave or a tool, not '{what}'")
    extra = afford(state, seat, 1, price, f"buying a {what}")
    spend(state, seat, 1, extra + price)
    state.invested = True
    if what == "slave":
        state.slave_stack.remove(which)
        state.idle[seat].append(which)
    else:
        tool = TOOL_WORDS[which]
        state.tool_stack.remove(tool)
        state.tools[seat].append(tool)
        state.tools[seat].sort()
    state.events.append(
        Event(
            "builders.bought",
            {"seat": seat, "investment": what, "card": which, "price": price, "extra": extra},
        )
    )


def take_loan(state: BuildersState, seat: int, args: tuple) -> None:
    arguments(args, 0, "loan")
    check_investment(state)
    if not state.loan_stack:
        raise IllegalAction("no loan is left in the investment row")
    extra = afford(state, seat, 1, 0, "taking a loan")
    spend(state, seat, 1, extra)
    state.invested = True
    state.loan_stack -= 1
    state.loans[seat] += 1
    paid = payout(state, seat, RULES.loan_gain)
    state.events.append(Event("builders.loan", {"seat": seat, "sesterces": paid, "extra": extra}))


def train(state: BuildersState, seat: int, args: tuple) -> None:
    c, word = arguments(args, 2, "train CARD MATERIAL")
    check_investment(state)
    check_idle(state, seat, c, "trained")
    if c in MACHINE_CARDS:
        raise IllegalAction("a machine cannot be trained")
    if not state.skilled(c):
        raise IllegalAction(f"slave {c} cannot be trained; only a worker or a citizen can")
    if c in state.trained:
        raise IllegalAction(f"card {c} is already trained (once per card)")
    material = MATERIAL_WORDS.get(word)
    if material not in state.university_stack:
        raise IllegalAction(f"there is no {word} University in the investment row")
    price = RULES.university_price
    extra = afford(state, seat, 1, price, "training a worker")
    spend(state, seat, 1, extra + price)
    state.invested = True
    state.university_stack.remove(material)
    state.trained[c] = material
    state.events.append(
        Event(
            "builders.trained",
            {"seat": seat, "card": c, "material": word, "price": price, "extra": extra},
        )
    )


def send_to_work(state: BuildersState, seat: int, args: tuple) -> None:
    if len(args) == 2:
        (c, b), word = args, None
    else:
        c, b, word = arguments(args, 3, "send CARD BUILDING [TOOL]")
    check_idle(state, seat, c, "sent to work")
    if b not in state.sites[seat]:
        raise IllegalAction(f"building {b} is not one of your buildings under construction")
    tool = NO_TOOL
    if word is not None:
        if c in MACHINE_CARDS:
            raise IllegalAction("a machine cannot carry a tool")
        if not state.skilled(c):
            raise IllegalAction(f"slave {c} cannot carry a tool; only a worker or a citizen can")
        if TOOL_WORDS.get(word) not in state.tools[seat]:
            raise IllegalAction(f"you have no idle tool '{word}'")
        tool = TOOL_WORDS[word]
    k = state.sent.get(b, 0) + 1
    wage = state.wage(c)
    extra = afford(state, seat, k, wage, f"sending card {c} (card {k} to this building)")
    spend(state, seat, k, extra + wage)
    state.sent[b] = k
    state.idle[seat].remove(c)
    site = state.sites[seat][b]
    site.crew.append((c, tool))
    supplied, provides = site.supplied, state.provides(c)
    for m in range(4):
        supplied[m] += provides[m]
    if tool != NO_TOOL:
        state.tools[seat].remove(tool)
        supplied[tool] += 1
    state.events.append(
        Event(
            "builders.sent",
            {
                "seat": seat,
                "card": c,
                "building": b,
                "tool": word,
                "wage": wage,
                "actions": k,
                "extra": extra,
            },
        )
    )
    if site.finished():
        complete(state, seat, site)


def complete(state: BuildersState, seat: int, site: Site) -> None:
    """Completion is not an action (B-16): cards and tools return, the bank pays."""
    b = site.building
    del state.sites[seat][b]
    idle, tools = state.idle[seat], state.tools[seat]
    for c, tool in site.crew:
        idle.append(c)
        if tool != NO_TOOL:
            tools.append(tool)
    tools.sort()
    building = BUILDINGS[b - 1]
    paid = payout(state, seat, building.coins)
    state.vp[seat] += building.vp
    state.built[seat].append(b)
    if building.machine:
        idle.append(b)
    state.events.append(
        Event(
            "builders.completed",
            {"seat": seat, "building": b, "sesterces": paid, "vp": building.vp},
        )
    )


def take_sesterces(state: BuildersState, seat: int, args: tuple) -> None:
    (gain,) = arguments(args, 1, "take 1 | take 3 | take 6")
    spent = RULES.take_sesterces.get(gain) if type(gain) is int else None
    if spent is None:
        choices = ", ".join(map(str, RULES.take_sesterces))
        raise IllegalAction(f"you can take {choices} sesterces, not {gain}")
    extra = afford(state, seat, spent, 0, f"taking {gain} sesterces")
    spend(state, seat, spent, extra)
    paid = payout(state, seat, gain)
    state.events.append(
        Event(
            "builders.took",
            {"seat": seat, "sesterces": paid, "actions": spent, "extra": extra},
        )
    )


def free_slave(state: BuildersState, seat: int, args: tuple) -> None:
    (c,) = arguments(args, 1, "free SLAVE")
    if c not in SLAVE_CARDS or c in state.freed:
        raise IllegalAction(f"card {c} is not a slave")
    check_idle(state, seat, c, "freed")
    extra = afford(state, seat, 1, 0, "freeing a slave")
    spend(state, seat, 1, extra)
    state.freed = state.freed | {c}
    state.events.append(Event("builders.freed", {"seat": seat, "card": c, "extra": extra}))


def end_turn(state: BuildersState, seat: int, args: tuple) -> None:
    arguments(args, 0, "end")
    vp = state.vp[seat]
    trigger = None
    if not state.last_round:
        if vp >= RULES.trigger_vp:
            trigger = Event("builders.last_round", {"seat": seat, "vp": vp})
        elif state.options["end_stuck_game"] and state.stuck():
            trigger = Event("builders.stuck", {"seat": seat})
        state.last_round = trigger is not None
    over = state.last_round and seat == state.last_seat
    if not over:
        state.seat = (seat + 1) % state.players
        if state.seat == state.first:
            state.round += 1
        state.used, state.invested, state.sent = 0, False, {}
    state.events.append(
        Event(
            "builders.turn_ended",
            {
                "seat": seat,
                "vp": vp,
                "next_seat": None if over else state.seat,
                "round": state.round,
            },
        )
    )
    if trigger:
        state.events.append(trigger)
    if over:
        state.finish()


def check_idle(state: BuildersState, seat: int, c: object, what: str) -> None:
    if c in state.idle[seat]:
        return
    if any(c == w for site in state.sites[seat].values() for w, _ in site.crew):
        raise IllegalAction(
            f"card {c} is working on a building site; only an idle card can be {what}"
        )
    raise IllegalAction(f"card {c} is not one of your idle workers")


def arguments(args: tuple, count: int, usage: str) -> tuple:
    if len(args) != count:
        raise IllegalAction(f"write it as '{usage}'")
    return args


def take_from_row(row: list[int], deck: list[int], taken: int) -> int | None:
    """Take a card from a row and refill its place from the deck, if any is left (B-07)."""
    place = row.index(taken)
    if deck:
        row[place] = deck.pop()
        return row[place]
    del row[place]
    return None


PLAYS: dict[str, Callable[[BuildersState, int, tuple], None]] = {
    "start": start_construction,
    "hire": recruit,
    "buy": buy,
    "loan": take_loan,
    "train": train,
    "send": send_to_work,
    "take": take_sesterces,
    "free": free_slave,
    "end": end_turn,
}
