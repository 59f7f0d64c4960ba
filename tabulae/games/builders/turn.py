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
from .notation import CITIZEN, MATERIAL_WORDS, NUMBER, TOOL_WORDS, WORD
from .site import NO_TOOL, Site

if TYPE_CHECKING:
    from .state import BuildersState

SLAVE_CARDS = frozenset(SLAVES)
MACHINE_CARDS = frozenset(MACHINES)
SLAVE_WORDS = frozenset(WORD[n] for n in SLAVES)


def refuse(reason: str, key: str, **args: object) -> IllegalAction:
    """A refusal: the English `reason`, and the catalog message `builders.refused.<key>`."""
    return IllegalAction(reason, f"builders.refused.{key}", args)


def afford(state: BuildersState, seat: int, actions: int, sesterces: int, action: str) -> int:
    """What the extra actions among `actions` cost, once sure `seat` can pay it and `sesterces`.

    `action` is the action's kind, which the glossary names ("send": "Send a worker to work").
    """
    extra = state.extra_cost(actions)
    money = state.money[seat]
    if money >= extra + sesterces:
        return extra
    short = f"and you have only {money} sesterces"
    if not extra:
        raise refuse(
            f"'{action}' costs {sesterces} sesterces {short}",
            "cost",
            action=action,
            price=sesterces,
            money=money,
        )
    if not sesterces:
        raise refuse(
            f"'{action}' costs {extra} for extra actions {short}",
            "extra",
            action=action,
            extra=extra,
            money=money,
        )
    raise refuse(
        f"'{action}' costs {sesterces} sesterces + {extra} for extra actions {short}",
        "both",
        action=action,
        price=sesterces,
        extra=extra,
        money=money,
    )


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


def known(word: object) -> int:
    """The card a word of the notation names; refused if it names none."""
    number = NUMBER.get(word) if isinstance(word, str) else None
    if number is None:
        raise refuse(f"there is no card '{word}'", "no_card", word=str(word))
    return number


def side(state: BuildersState, c: int) -> str:
    """A working card's word as the glossary names it: a freed slave by its citizen side."""
    return CITIZEN[c] or WORD[c] if c in state.freed else WORD[c]


def check_side(state: BuildersState, c: int, word: str) -> None:
    """A slave card is written by the side it lies on: `slave_1`, or `citizen_1` once freed."""
    if word != side(state, c):
        raise refuse(f"{word} lies on its other side now", "other_side", card=side(state, c))


def start_construction(state: BuildersState, seat: int, args: tuple) -> None:
    (word,) = arguments(args, 1, "start")
    b = known(word)
    if b not in state.building_row:
        raise refuse(f"{word} is not in the building row", "not_in_building_row", building=word)
    extra = afford(state, seat, 1, 0, "start")
    spend(state, seat, 1, extra)
    revealed = take_from_row(state.building_row, state.building_deck, b)
    state.sites[seat][b] = Site(b)
    state.events.append(
        Event(
            "builders.started",
            {"seat": seat, "building": word, "extra": extra, "revealed": card_word(revealed)},
        )
    )


def recruit(state: BuildersState, seat: int, args: tuple) -> None:
    (word,) = arguments(args, 1, "hire")
    w = known(word)
    if w not in state.worker_row:
        raise refuse(f"{word} is not in the worker row", "not_in_worker_row", worker=word)
    extra = afford(state, seat, 1, 0, "hire")
    spend(state, seat, 1, extra)
    revealed = take_from_row(state.worker_row, state.worker_deck, w)
    state.idle[seat].append(w)
    state.events.append(
        Event(
            "builders.hired",
            {"seat": seat, "worker": word, "extra": extra, "revealed": card_word(revealed)},
        )
    )


def check_investment(state: BuildersState) -> None:
    if state.invested:
        raise refuse(
            "you have already taken an investment this turn (one per turn)", "one_investment"
        )


def buy(state: BuildersState, seat: int, args: tuple) -> None:
    what, which = arguments(args, 2, "buy")
    check_investment(state)
    if what == "slave":
        if which not in SLAVE_WORDS or NUMBER[which] not in state.slave_stack:
            raise refuse(f"{which} is not in the investment row", "slave_not_offered", slave=which)
        price = RULES.slave_price
    elif what == "tool":
        if TOOL_WORDS.get(which) not in state.tool_stack:
            raise refuse(
                f"there is no tool '{which}' in the investment row", "tool_not_offered", tool=which
            )
        price = RULES.tool_price
    else:
        raise refuse(f"you can buy a slave or a tool, not '{what}'", "buy_what", what=str(what))
    extra = afford(state, seat, 1, price, "buy")
    spend(state, seat, 1, extra + price)
    state.invested = True
    if what == "slave":
        state.slave_stack.remove(NUMBER[which])
        state.idle[seat].append(NUMBER[which])
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
        raise refuse("no loan is left in the investment row", "no_loan")
    extra = afford(state, seat, 1, 0, "loan")
    spend(state, seat, 1, extra)
    state.invested = True
    state.loan_stack -= 1
    state.loans[seat] += 1
    paid = payout(state, seat, RULES.loan_gain)
    state.events.append(Event("builders.loan", {"seat": seat, "sesterces": paid, "extra": extra}))


def train(state: BuildersState, seat: int, args: tuple) -> None:
    word, material_word = arguments(args, 2, "train")
    c = known(word)
    check_investment(state)
    check_idle(state, seat, c, word)
    check_side(state, c, word)
    if c in MACHINE_CARDS:
        raise refuse("a machine cannot be trained", "machine_untrainable", card=word)
    if not state.skilled(c):
        raise refuse(
            f"{word} cannot be trained; only a worker or a citizen can",
            "slave_untrainable",
            card=word,
        )
    if c in state.trained:
        raise refuse(f"{word} is already trained (once per card)", "trained", card=side(state, c))
    material = MATERIAL_WORDS.get(material_word)
    if material not in state.university_stack:
        raise refuse(
            f"there is no {material_word} University in the investment row",
            "no_university",
            material=str(material_word),
        )
    price = RULES.university_price
    extra = afford(state, seat, 1, price, "train")
    spend(state, seat, 1, extra + price)
    state.invested = True
    state.university_stack.remove(material)
    state.trained[c] = material
    state.events.append(
        Event(
            "builders.trained",
            {
                "seat": seat,
                "card": side(state, c),
                "material": material_word,
                "price": price,
                "extra": extra,
            },
        )
    )


def send_to_work(state: BuildersState, seat: int, args: tuple) -> None:
    if len(args) == 2:
        (word, building), tool_word = args, None
    else:
        word, building, tool_word = arguments(args, 3, "send")
    c = known(word)
    check_idle(state, seat, c, word)
    check_side(state, c, word)
    b = known(building)
    if b not in state.sites[seat]:
        raise refuse(
            f"{building} is not one of your buildings under construction",
            "not_your_site",
            building=building,
        )
    tool = NO_TOOL
    if tool_word is not None:
        if c in MACHINE_CARDS:
            raise refuse("a machine cannot carry a tool", "machine_no_tool", card=word)
        if not state.skilled(c):
            raise refuse(
                f"{word} cannot carry a tool; only a worker or a citizen can",
                "slave_no_tool",
                card=word,
            )
        if TOOL_WORDS.get(tool_word) not in state.tools[seat]:
            raise refuse(f"you have no idle tool '{tool_word}'", "no_tool", tool=str(tool_word))
        tool = TOOL_WORDS[tool_word]
    k = state.sent.get(b, 0) + 1
    wage = state.wage(c)
    extra = afford(state, seat, k, wage, "send")
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
    sent = {"seat": seat, "card": side(state, c), "building": building}
    if tool_word is not None:
        sent["tool"] = tool_word
    sent |= {"wage": wage, "actions": k, "extra": extra}
    key = "builders.sent" if tool_word is None else "builders.sent_with_tool"
    state.events.append(Event(key, sent))
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
            {"seat": seat, "building": building.id, "sesterces": paid, "vp": building.vp},
        )
    )


def take_sesterces(state: BuildersState, seat: int, args: tuple) -> None:
    (gain,) = arguments(args, 1, "take")
    spent = RULES.take_sesterces.get(gain) if type(gain) is int else None
    if spent is None:
        choices = ", ".join(map(str, RULES.take_sesterces))
        raise refuse(
            f"you can take {choices} sesterces, not {gain}",
            "take",
            choices=choices,
            given=str(gain),
        )
    extra = afford(state, seat, spent, 0, "take")
    spend(state, seat, spent, extra)
    paid = payout(state, seat, gain)
    state.events.append(
        Event(
            "builders.took",
            {"seat": seat, "sesterces": paid, "actions": spent, "extra": extra},
        )
    )


def free_slave(state: BuildersState, seat: int, args: tuple) -> None:
    (word,) = arguments(args, 1, "free")
    c = known(word)
    check_side(state, c, word)
    if c not in SLAVE_CARDS or c in state.freed:
        raise refuse(f"{word} is not a slave", "not_a_slave", card=side(state, c))
    check_idle(state, seat, c, word)
    extra = afford(state, seat, 1, 0, "free")
    spend(state, seat, 1, extra)
    state.freed = state.freed | {c}
    state.events.append(Event("builders.freed", {"seat": seat, "card": word, "extra": extra}))


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


def check_idle(state: BuildersState, seat: int, c: int, word: str) -> None:
    if c in state.idle[seat]:
        return
    if any(c == w for site in state.sites[seat].values() for w, _ in site.crew):
        raise refuse(
            f"{word} is working on a building site; only an idle card can do that",
            "working",
            card=side(state, c),
        )
    raise refuse(f"{word} is not one of your idle cards", "not_idle", card=side(state, c))


USAGE = {
    "start": "start temple",
    "hire": "hire laborer_1",
    "buy": "buy slave slave_1 | buy tool mallet",
    "loan": "loan",
    "train": "train laborer_1 stone",
    "send": "send laborer_1 temple | send laborer_1 temple mallet",
    "take": "take 1 | take 3 | take 6",
    "free": "free slave_1",
    "end": "end",
}
"""How each action is written, as an example, for a refusal of a malformed one."""


def arguments(args: tuple, count: int, kind: str) -> tuple:
    if len(args) != count:
        raise refuse(f"write it as '{USAGE[kind]}'", "written", action=kind, usage=USAGE[kind])
    return args


def card_word(number: int | None) -> str | None:
    return None if number is None else WORD[number]


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
