"""Playing the actions of a turn (rulebook "Przebieg gry", rulings B-09 to B-20).

Each play checks everything first and raises IllegalAction with a reason a
player can read, then changes the table. The first 3 actions of a turn are free
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
    from .table import BuildersTable

SLAVE_CARDS = frozenset(SLAVES)
MACHINE_CARDS = frozenset(MACHINES)
SLAVE_WORDS = frozenset(WORD[n] for n in SLAVES)


def refuse(reason: str, key: str, **args: object) -> IllegalAction:
    """A refusal: the English `reason`, and the catalog message `builders.refused.<key>`."""
    return IllegalAction(reason, f"builders.refused.{key}", args)


def afford(table: BuildersTable, seat: int, actions: int, sesterces: int, action: str) -> int:
    """What the extra actions among `actions` cost, once sure `seat` can pay it and `sesterces`.

    `action` is the action's kind, which the glossary names ("send": "Send a worker to work").
    """
    extra = table.extra_cost(actions)
    money = table.sesterces[seat]
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


def spend(table: BuildersTable, seat: int, actions: int, sesterces: int) -> None:
    table.actions_used += actions
    table.sesterces[seat] -= sesterces
    if table.bank is not None:
        table.bank += sesterces


def payout(table: BuildersTable, seat: int, sesterces: int) -> int:
    """Pay from the bank; a limited bank pays only what it holds (B-06)."""
    if table.bank is not None:
        sesterces = min(sesterces, table.bank)
        table.bank -= sesterces
    table.sesterces[seat] += sesterces
    return sesterces


def known(word: object) -> int:
    """The card a word of the notation names; refused if it names none."""
    number = NUMBER.get(word) if isinstance(word, str) else None
    if number is None:
        raise refuse(f"there is no card '{word}'", "no_card", word=str(word))
    return number


def side(table: BuildersTable, card: int) -> str:
    """A working card's word as the glossary names it: a freed slave by its citizen side."""
    return CITIZEN[card] or WORD[card] if card in table.freed else WORD[card]


def check_side(table: BuildersTable, card: int, word: str) -> None:
    """A slave card is written by the side it lies on: `slave_1`, or `citizen_1` once freed."""
    if word != side(table, card):
        raise refuse(f"{word} lies on its other side now", "other_side", card=side(table, card))


def start_construction(table: BuildersTable, seat: int, args: tuple) -> None:
    (word,) = arguments(args, 1, "start")
    building = known(word)
    if building not in table.building_row:
        raise refuse(f"{word} is not in the building row", "not_in_building_row", building=word)
    extra = afford(table, seat, 1, 0, "start")
    spend(table, seat, 1, extra)
    revealed = take_from_row(table.building_row, table.building_deck, building)
    table.sites[seat][building] = Site(building)
    table.events.append(
        Event(
            "builders.started",
            {"seat": seat, "building": word, "extra": extra, "revealed": card_word(revealed)},
        )
    )


def recruit(table: BuildersTable, seat: int, args: tuple) -> None:
    (word,) = arguments(args, 1, "hire")
    worker = known(word)
    if worker not in table.worker_row:
        raise refuse(f"{word} is not in the worker row", "not_in_worker_row", worker=word)
    extra = afford(table, seat, 1, 0, "hire")
    spend(table, seat, 1, extra)
    revealed = take_from_row(table.worker_row, table.worker_deck, worker)
    table.idle[seat].append(worker)
    table.events.append(
        Event(
            "builders.hired",
            {"seat": seat, "worker": word, "extra": extra, "revealed": card_word(revealed)},
        )
    )


def check_investment(table: BuildersTable) -> None:
    if table.investment_taken:
        raise refuse(
            "you have already taken an investment this turn (one per turn)", "one_investment"
        )


def buy(table: BuildersTable, seat: int, args: tuple) -> None:
    what, which = arguments(args, 2, "buy")
    check_investment(table)
    if what == "slave":
        if which not in SLAVE_WORDS or NUMBER[which] not in table.slave_stack:
            raise refuse(f"{which} is not in the investment row", "slave_not_offered", slave=which)
        price = RULES.slave_price
    elif what == "tool":
        if TOOL_WORDS.get(which) not in table.tool_stack:
            raise refuse(
                f"there is no tool '{which}' in the investment row", "tool_not_offered", tool=which
            )
        price = RULES.tool_price
    else:
        raise refuse(f"you can buy a slave or a tool, not '{what}'", "buy_what", what=str(what))
    extra = afford(table, seat, 1, price, "buy")
    spend(table, seat, 1, extra + price)
    table.investment_taken = True
    if what == "slave":
        table.slave_stack.remove(NUMBER[which])
        table.idle[seat].append(NUMBER[which])
    else:
        tool = TOOL_WORDS[which]
        table.tool_stack.remove(tool)
        table.tools[seat].append(tool)
        table.tools[seat].sort()
    table.events.append(
        Event(
            "builders.bought",
            {"seat": seat, "investment": what, "card": which, "price": price, "extra": extra},
        )
    )


def take_loan(table: BuildersTable, seat: int, args: tuple) -> None:
    arguments(args, 0, "loan")
    check_investment(table)
    if not table.loan_stack:
        raise refuse("no loan is left in the investment row", "no_loan")
    extra = afford(table, seat, 1, 0, "loan")
    spend(table, seat, 1, extra)
    table.investment_taken = True
    table.loan_stack -= 1
    table.loans[seat] += 1
    paid = payout(table, seat, RULES.loan_gain)
    table.events.append(Event("builders.loan", {"seat": seat, "sesterces": paid, "extra": extra}))


def train(table: BuildersTable, seat: int, args: tuple) -> None:
    word, material_word = arguments(args, 2, "train")
    card = known(word)
    check_investment(table)
    check_idle(table, seat, card, word)
    check_side(table, card, word)
    if card in MACHINE_CARDS:
        raise refuse("a machine cannot be trained", "machine_untrainable", card=word)
    if not table.skilled(card):
        raise refuse(
            f"{word} cannot be trained; only a worker or a citizen can",
            "slave_untrainable",
            card=word,
        )
    if card in table.trained:
        raise refuse(
            f"{word} is already trained (once per card)", "trained", card=side(table, card)
        )
    material = MATERIAL_WORDS.get(material_word)
    if material not in table.university_stack:
        raise refuse(
            f"there is no {material_word} University in the investment row",
            "no_university",
            material=str(material_word),
        )
    price = RULES.university_price
    extra = afford(table, seat, 1, price, "train")
    spend(table, seat, 1, extra + price)
    table.investment_taken = True
    table.university_stack.remove(material)
    table.trained[card] = material
    table.events.append(
        Event(
            "builders.trained",
            {
                "seat": seat,
                "card": side(table, card),
                "material": material_word,
                "price": price,
                "extra": extra,
            },
        )
    )


def send_to_work(table: BuildersTable, seat: int, args: tuple) -> None:
    if len(args) == 2:
        (word, building_word), tool_word = args, None
    else:
        word, building_word, tool_word = arguments(args, 3, "send")
    card = known(word)
    check_idle(table, seat, card, word)
    check_side(table, card, word)
    building = known(building_word)
    if building not in table.sites[seat]:
        raise refuse(
            f"{building_word} is not one of your buildings under construction",
            "not_your_site",
            building=building_word,
        )
    tool = NO_TOOL
    if tool_word is not None:
        if card in MACHINE_CARDS:
            raise refuse("a machine cannot carry a tool", "machine_no_tool", card=word)
        if not table.skilled(card):
            raise refuse(
                f"{word} cannot carry a tool; only a worker or a citizen can",
                "slave_no_tool",
                card=word,
            )
        if TOOL_WORDS.get(tool_word) not in table.tools[seat]:
            raise refuse(f"you have no idle tool '{tool_word}'", "no_tool", tool=str(tool_word))
        tool = TOOL_WORDS[tool_word]
    actions = table.sent_this_turn.get(building, 0) + 1
    wage = table.wage(card)
    extra = afford(table, seat, actions, wage, "send")
    spend(table, seat, actions, extra + wage)
    table.sent_this_turn[building] = actions
    table.idle[seat].remove(card)
    site = table.sites[seat][building]
    site.crew.append((card, tool))
    supplied, provides = site.supplied, table.provides(card)
    for material in range(4):
        supplied[material] += provides[material]
    if tool != NO_TOOL:
        table.tools[seat].remove(tool)
        supplied[tool] += 1
    sent = {"seat": seat, "card": side(table, card), "building": building_word}
    if tool_word is not None:
        sent["tool"] = tool_word
    sent |= {"wage": wage, "actions": actions, "extra": extra}
    key = "builders.sent" if tool_word is None else "builders.sent_with_tool"
    table.events.append(Event(key, sent))
    if site.finished():
        complete(table, seat, site)


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
    table.events.append(
        Event(
            "builders.completed",
            {"seat": seat, "building": printed.id, "sesterces": paid, "vp": printed.vp},
        )
    )


def take_sesterces(table: BuildersTable, seat: int, args: tuple) -> None:
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
    extra = afford(table, seat, spent, 0, "take")
    spend(table, seat, spent, extra)
    paid = payout(table, seat, gain)
    table.events.append(
        Event(
            "builders.took",
            {"seat": seat, "sesterces": paid, "actions": spent, "extra": extra},
        )
    )


def free_slave(table: BuildersTable, seat: int, args: tuple) -> None:
    (word,) = arguments(args, 1, "free")
    card = known(word)
    check_side(table, card, word)
    if card not in SLAVE_CARDS or card in table.freed:
        raise refuse(f"{word} is not a slave", "not_a_slave", card=side(table, card))
    check_idle(table, seat, card, word)
    extra = afford(table, seat, 1, 0, "free")
    spend(table, seat, 1, extra)
    table.freed = table.freed | {card}
    table.events.append(Event("builders.freed", {"seat": seat, "card": word, "extra": extra}))


def end_turn(table: BuildersTable, seat: int, args: tuple) -> None:
    arguments(args, 0, "end")
    vp = table.victory_points[seat]
    trigger = None
    if not table.last_round:
        if vp >= RULES.trigger_vp:
            trigger = Event("builders.last_round", {"seat": seat, "vp": vp})
        elif table.options["end_stuck_game"] and table.stuck():
            trigger = Event("builders.stuck", {"seat": seat})
        table.last_round = trigger is not None
    over = table.last_round and seat == table.last_seat
    if not over:
        table.active_seat = (seat + 1) % table.players
        if table.active_seat == table.first_player:
            table.round += 1
        table.actions_used, table.investment_taken, table.sent_this_turn = 0, False, {}
    table.events.append(
        Event(
            "builders.turn_ended",
            {
                "seat": seat,
                "vp": vp,
                "next_seat": None if over else table.active_seat,
                "round": table.round,
            },
        )
    )
    if trigger:
        table.events.append(trigger)
    if over:
        table.end_game()


def check_idle(table: BuildersTable, seat: int, card: int, word: str) -> None:
    if card in table.idle[seat]:
        return
    if any(card == worker for site in table.sites[seat].values() for worker, _ in site.crew):
        raise refuse(
            f"{word} is working on a building site; only an idle card can do that",
            "working",
            card=side(table, card),
        )
    raise refuse(f"{word} is not one of your idle cards", "not_idle", card=side(table, card))


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


PLAYS: dict[str, Callable[[BuildersTable, int, tuple], None]] = {
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
