"""The turn (rulebook "Przebieg gry", rulings B-09 to B-20), run by the core `Flow`.

A game is one decision repeated: the turn of the active seat, who takes actions until he ends
it. What may be taken is `legal.legal_actions`, why anything else is refused
`refusals.why`, and here is what each action does. The first 3 actions of a turn are free
and every further one costs 5 sesterces; one investment a turn; the k-th card sent to one
building in a turn costs k actions; a building is finished as soon as every material is
covered. Ending the turn passes it clockwise; the round after a player reached 17 VP is the
last, and the game ends after the turn of the player to the right of the first player.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tabulae.core import Action
from tabulae.core.actions import Arg
from tabulae.core.flow import Step

from .actions import MATERIAL_WORDS, NUMBER, TOOL_WORDS, WORD
from .components import BUILDINGS, RULES
from .legal import allows, legal_actions
from .refusals import why
from .scoring import end_game
from .site import NO_TOOL, Site

if TYPE_CHECKING:
    from .table import BuildersTable


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


def start_construction(table: BuildersTable, seat: int, args: tuple[Arg, ...]) -> None:
    (word,) = args
    building = NUMBER[str(word)]
    extra = table.extra_cost(1)
    spend(table, seat, 1, extra)
    revealed = take_from_row(table.building_row, table.building_deck, building)
    table.sites[seat][building] = Site(building)
    table.tell("started", seat=seat, building=word, extra=extra, revealed=card_word(revealed))


def recruit(table: BuildersTable, seat: int, args: tuple[Arg, ...]) -> None:
    (word,) = args
    worker = NUMBER[str(word)]
    extra = table.extra_cost(1)
    spend(table, seat, 1, extra)
    revealed = take_from_row(table.worker_row, table.worker_deck, worker)
    table.idle[seat].append(worker)
    table.tell(
        "hired",
        seat=seat,
        worker=table.told(str(word)),
        extra=extra,
        revealed=table.told(card_word(revealed)),
    )


def buy(table: BuildersTable, seat: int, args: tuple[Arg, ...]) -> None:
    what, which = map(str, args)
    price = RULES.slave_price if what == "slave" else RULES.tool_price
    extra = table.extra_cost(1)
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
    table.tell("bought", seat=seat, investment=what, card=which, price=price, extra=extra)


def take_loan(table: BuildersTable, seat: int, args: tuple[Arg, ...]) -> None:
    extra = table.extra_cost(1)
    spend(table, seat, 1, extra)
    table.investment_taken = True
    table.loan_stack -= 1
    table.loans[seat] += 1
    paid = payout(table, seat, RULES.loan_gain)
    table.tell("loan", seat=seat, sesterces=paid, extra=extra)


def train(table: BuildersTable, seat: int, args: tuple[Arg, ...]) -> None:
    word, material_word = map(str, args)
    card, material = NUMBER[word], MATERIAL_WORDS[material_word]
    price = RULES.university_price
    extra = table.extra_cost(1)
    spend(table, seat, 1, extra + price)
    table.investment_taken = True
    table.university_stack.remove(material)
    table.trained[card] = material
    table.tell(
        "trained",
        seat=seat,
        card=table.told(table.side(card)),
        material=material_word,
        price=price,
        extra=extra,
    )


def send_to_work(table: BuildersTable, seat: int, args: tuple[Arg, ...]) -> None:
    word, building_word, *equipped = map(str, args)
    card, building = NUMBER[word], NUMBER[building_word]
    actions = table.sent_this_turn.get(building, 0) + 1
    wage = table.wage(card)
    extra = table.extra_cost(actions)
    spend(table, seat, actions, extra + wage)
    table.sent_this_turn[building] = actions
    table.idle[seat].remove(card)
    site = table.sites[seat][building]
    tool = TOOL_WORDS[equipped[0]] if equipped else NO_TOOL
    site.crew.append((card, tool))
    supplied, provides = site.supplied, table.provides(card)
    for material in range(4):
        supplied[material] += provides[material]
    told = table.told(table.side(card))
    sent: dict[str, Any] = {"seat": seat, "card": told, "building": building_word}
    if tool != NO_TOOL:
        table.tools[seat].remove(tool)
        supplied[tool] += 1
        sent["tool"] = equipped[0]
    sent |= {"wage": wage, "actions": actions, "extra": extra}
    table.tell("sent_with_tool" if equipped else "sent", **sent)
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
    table.tell("completed", seat=seat, building=printed.id, sesterces=paid, vp=printed.vp)


def take_sesterces(table: BuildersTable, seat: int, args: tuple[Arg, ...]) -> None:
    gain = int(args[0])
    spent = RULES.take_sesterces[gain]
    extra = table.extra_cost(spent)
    spend(table, seat, spent, extra)
    paid = payout(table, seat, gain)
    table.tell("took", seat=seat, sesterces=paid, actions=spent, extra=extra)


def free_slave(table: BuildersTable, seat: int, args: tuple[Arg, ...]) -> None:
    (word,) = args
    extra = table.extra_cost(1)
    spend(table, seat, 1, extra)
    table.freed = table.freed | {NUMBER[str(word)]}
    table.tell("freed", seat=seat, card=word, extra=extra)


def end_turn(table: BuildersTable, seat: int, args: tuple[Arg, ...]) -> None:
    vp = table.victory_points[seat]
    trigger: tuple[str, dict[str, Any]] | None = None
    if not table.last_round:
        if vp >= RULES.trigger_vp:
            trigger = ("last_round", {"seat": seat, "vp": vp})
        elif table.options["end_stuck_game"] and table.stuck():
            trigger = ("stuck", {"seat": seat})
        table.last_round = trigger is not None
    over = table.last_round and seat == table.last_seat
    if not over:
        table.active_seat = (seat + 1) % table.players
        if table.active_seat == table.first_player:
            table.round += 1
        table.actions_used, table.investment_taken, table.sent_this_turn = 0, False, {}
    next_seat = None if over else table.active_seat
    table.tell("turn_ended", seat=seat, vp=vp, next_seat=next_seat, round=table.round)
    if trigger:
        key, told = trigger
        table.tell(key, **told)
    if over:
        end_game(table)


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


PLAYS: dict[str, Callable[[BuildersTable, int, tuple[Arg, ...]], None]] = {
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
"""What each action does, by the action's word: a legal action, so nothing is checked again."""


def play(table: BuildersTable, seat: int, action: Action) -> None:
    PLAYS[str(action[0])](table, seat, action[1:])


def active(table: BuildersTable) -> tuple[int, ...]:
    return (table.active_seat,)


STEPS = {"turn": Step(active, legal_actions, why, play, allows)}
"""The one decision of The Builders: what the active seat does next in his turn."""
