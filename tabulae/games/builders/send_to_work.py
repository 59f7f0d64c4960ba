"""Sending a worker to work (rulebook "Wysłanie Robotnika do pracy", rulings B-12, B-13, B-15):
the seat puts one of its idle cards on one of its buildings under construction, paying its wage;
a worker or a citizen may carry one idle tool, which brings one more of its material. The k-th
card sent to one building in a turn costs k actions. A card stays on its site until the building
is finished (`finishing`), which happens as soon as its materials are covered.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabulae.core import Action, IllegalAction
from tabulae.core.flow import Move

from .actions import CITIZEN_SEND, NUMBER, SEND, TOOL_WORDS
from .components import MACHINE_CARDS, WAGES, WORKERS
from .finishing import complete
from .refusals import card_named, malformed, no_card, not_idle, other_side, refused
from .site import NO_TOOL
from .turn import EXTRA_ACTION, FREE_ACTIONS, price, spend

if TYPE_CHECKING:
    from .table import BuildersTable

USAGE = "send laborer_1 temple | send laborer_1 temple mallet"


Sends = dict[int, tuple[Action, tuple[Action, ...]]]
"""A card's sends by building: without a tool, and with a tool of each material."""


def _sends(rows: dict[int, tuple[Action, ...]]) -> Sends:
    return {building: (row[0], row[1:]) for building, row in rows.items()}


CREW: dict[int, tuple[Sends, int, bool]] = {
    card: (_sends(rows), WAGES[card], card in WORKERS) for card, rows in SEND.items()
}
"""What sending each card takes, unless it is a freed slave: its sends, its wage, and whether
it may carry a tool (a worker may, a machine or a slave may not)."""
CITIZENS: dict[int, Sends] = {card: _sends(rows) for card, rows in CITIZEN_SEND.items()}
"""The sends of each freed slave, who is paid a citizen's wage and may carry a tool."""


def legal_send(table: BuildersTable, seat: int) -> list[Action]:
    """Every idle card to every site, with each tool a worker or citizen may carry, as far as
    the seat can pay for its wage and the actions it takes."""
    idle, sites = table.idle[seat], table.sites[seat]
    if not idle or not sites:
        return []
    freed = table.freed
    if freed:
        citizen = table.options["citizen_wage"]
        crew = [(CITIZENS[card], citizen, True) if card in freed else CREW[card] for card in idle]
    else:
        crew = list(map(CREW.__getitem__, idle))
    tools, money, used = table.tools[seat], table.sesterces[seat], table.actions_used
    free = FREE_ACTIONS - used if used < FREE_ACTIONS else 0
    sent = table.sent_this_turn
    actions: list[Action] = []
    for building in sites:
        needed = sent.get(building, 0) + 1 if sent else 1  # the k-th card sent there: k actions
        budget = money - (needed - free) * EXTRA_ACTION if needed > free else money
        if budget < 0:
            continue
        for sends, wage, equip in crew:
            if wage <= budget:
                plain, tooled = sends[building]
                actions.append(plain)
                if equip and tools:
                    actions += map(tooled.__getitem__, tools)
    return actions


def why_send(table: BuildersTable, seat: int, action: Action) -> IllegalAction:
    if len(action) == 3:
        word, building_word, tool_word = action[1], action[2], None
    elif len(action) == 4:
        word, building_word, tool_word = action[1], action[2], action[3]
    else:
        return malformed("send", USAGE)
    card = card_named(word)
    if card is None:
        return no_card(word)
    refusal = not_idle(table, seat, card, word) or other_side(table, card, word)
    if refusal is not None:
        return refusal
    building = card_named(building_word)
    if building is None:
        return no_card(building_word)
    if building not in table.sites[seat]:
        return refused(
            "not_your_site",
            f"{building_word} is not one of your buildings under construction",
            building=building_word,
        )
    if tool_word is not None:
        if card in MACHINE_CARDS:
            return refused("machine_no_tool", "a machine cannot carry a tool", card=word)
        if not table.skilled(card):
            return refused(
                "slave_no_tool",
                f"{word} cannot carry a tool; only a worker or a citizen can",
                card=word,
            )
        if not isinstance(tool_word, str) or TOOL_WORDS.get(tool_word) not in table.tools[seat]:
            return refused("no_tool", f"you have no idle tool '{tool_word}'", tool=str(tool_word))
    actions = table.sent_this_turn.get(building, 0) + 1
    return price(table, seat, actions, table.wage(card), "send")


def play_send(table: BuildersTable, seat: int, action: Action) -> None:
    word, building_word, *equipped = map(str, action.args)
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


MOVE = Move(legal_send, why_send, play_send)
