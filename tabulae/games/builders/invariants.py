"""What the rules guarantee in every position of The Builders, checked after every action.

`invariants(table)` lists, in words, every guarantee the position breaks: each card in exactly
one place, each tool and University too; sesterces conserved with a limited bank and never
below zero; loans counted; VP equal to what the finished buildings and machines are worth;
no finished site left under construction, each site supplied by exactly its crew; the
actions of the turn counted, paid and within one investment; the rows refilled while their
decks last; no one past 17 VP without the end having been triggered.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sized
from typing import TYPE_CHECKING

from .actions import NUMBER
from .components import (
    BUILDINGS,
    CREW,
    LAST_CARD,
    MACHINES,
    MATERIALS,
    RULES,
    SLAVES,
    TOOLS,
    WORKERS,
    provisions,
)
from .site import NO_TOOL

if TYPE_CHECKING:
    from .table import BuildersTable

INVESTMENTS = frozenset(("builders.bought", "builders.loan", "builders.trained"))
ONE_ACTION = frozenset(("builders.started", "builders.hired", "builders.freed", *INVESTMENTS))
SENT = frozenset(("builders.sent", "builders.sent_with_tool"))
COUNTED_ACTIONS = SENT | {"builders.took"}
MACHINE_CARDS = frozenset(MACHINES)
SLAVE_CARDS = frozenset(SLAVES)
WORKER_CARDS = frozenset(WORKERS)
CARDS = tuple(building.number for building in BUILDINGS) + tuple(card.number for card in CREW)
"""Every card in the box, by number: buildings and machines, then workers and slaves."""
IN_THE_BOX = frozenset(CARDS)
TOOL_MATERIALS = sorted(tool.material for tool in TOOLS)
"""The tools in the box by material, one of each material."""
UNIVERSITIES = list(range(len(MATERIALS)))
"""The Universities in the box by material, one of each material."""
VP = tuple(building.vp for building in BUILDINGS)
COST = tuple(building.cost for building in BUILDINGS)
"""What each building and machine is worth and costs, by card number less one."""


def malformed(table: BuildersTable) -> list[str]:
    """What makes a position read from data unfit to check or play: a list by seat without
    one entry per player, a seat, card or material out of range, settlements out of phase.
    Empty for every position play reaches; `invariants` then checks the rules' guarantees."""
    problems = []
    players = table.players
    by_seat: dict[str, Sized] = {
        "sesterces": table.sesterces,
        "idle": table.idle,
        "tools": table.tools,
        "sites": table.sites,
        "finished": table.finished,
        "loans": table.loans,
        "victory_points": table.victory_points,
    }
    for name, values in by_seat.items():
        if len(values) != players:
            problems.append(f"{name}: {len(values)} entries for {players} players, one by seat")
    for name, seat in (("first_player", table.first_player), ("active_seat", table.active_seat)):
        if not 0 <= seat < players:
            problems.append(
                f"{name}: seat {seat} is not a seat of {players} players (0 to {players - 1})"
            )
    if problems:
        return problems
    buildings = range(1, len(BUILDINGS) + 1)
    working = range(MACHINES[0], LAST_CARD + 1)  # machines, workers and slaves
    materials = range(len(MATERIALS))
    held = {
        "building_deck": (table.building_deck, buildings, "building"),
        "building_row": (table.building_row, buildings, "building"),
        "worker_deck": (table.worker_deck, working, "card"),
        "worker_row": (table.worker_row, working, "card"),
        "slave_stack": (table.slave_stack, working, "card"),
        "tool_stack": (table.tool_stack, materials, "material"),
        "university_stack": (table.university_stack, materials, "material"),
        "trained": (table.trained, working, "card"),
        "freed": (table.freed, working, "card"),
        "sent_this_turn": (table.sent_this_turn, buildings, "building"),
    }
    for seat in range(players):
        held |= {
            f"idle[{seat}]": (table.idle[seat], working, "card"),
            f"tools[{seat}]": (table.tools[seat], materials, "material"),
            f"sites[{seat}]": (table.sites[seat], buildings, "building"),
            f"finished[{seat}]": (table.finished[seat], buildings, "building"),
        }
        for site in table.sites[seat].values():
            held[f"sites[{seat}][{site.building}].crew"] = (
                [card for card, _ in site.crew],
                working,
                "card",
            )
    if not set(table.trained.values()) <= set(materials):
        problems.append(f"trained: a University's material is from 0 to {len(MATERIALS) - 1}")
    for name, (values, allowed, kind) in held.items():
        wrong = sorted(value for value in values if value not in allowed)
        if wrong:
            problems.append(
                f"{name}: {wrong} not a {kind} that works here ({allowed.start} to "
                f"{allowed.stop - 1})"
            )
    if table.round < 1 or table.actions_used < 0:
        problems.append(f"round {table.round} and {table.actions_used} actions used this turn")
    if table.game_over != bool(table.settlements):
        problems.append(
            "settlements: the players settle when the game is over, and only then"
            f" (game_over is {str(table.game_over).lower()})"
        )
    elif table.game_over and len(table.settlements) != players:
        problems.append(f"settlements: {len(table.settlements)} for {players} players")
    return problems


def invariants(table: BuildersTable) -> list[str]:
    """Every rule guarantee `table` breaks, in words; empty when the position is sound."""
    crews = [table.idle[seat] + _working(table, seat) for seat in range(table.players)]
    problems: list[str] = []
    problems += _cards(table, crews)
    problems += _tools_and_universities(table)
    problems += _sesterces_and_loans(table)
    problems += _buildings(table)
    problems += _turn(table)
    return problems


def _places(table: BuildersTable) -> dict[int, list[str]]:
    """Where each card lies: buildings and machines as buildings, workers and slaves as crew."""
    places: dict[int, list[str]] = {}

    def put(cards: Iterable[int], where: str) -> None:
        for card in cards:
            places.setdefault(card, []).append(where)

    put(table.building_row, "the building row")
    put(table.building_deck, "the building deck")
    put(table.worker_row, "the worker row")
    put(table.worker_deck, "the worker deck")
    put(table.slave_stack, "the slave stack")
    for seat in range(table.players):
        put(table.sites[seat], f"seat {seat}'s sites")
        put(table.finished[seat], f"seat {seat}'s finished buildings")
        crew = table.idle[seat] + _working(table, seat)
        put([card for card in crew if card not in MACHINE_CARDS], f"seat {seat}'s crew")
    return places


def _cards(table: BuildersTable, crews: list[list[int]]) -> list[str]:
    """Each card in exactly one place, the rows refilled while their decks last, the
    machines working where they were finished, and only held slaves freed.

    `crews` holds each seat's idle and working cards. A position where every card lies
    once is found by counting; only a broken one is searched for where each card lies."""
    problems = []
    laid = (
        table.building_row
        + table.building_deck
        + table.worker_row
        + table.worker_deck
        + table.slave_stack
    )
    for seat, crew in enumerate(crews):
        laid += table.sites[seat]
        laid += table.finished[seat]
        if MACHINE_CARDS.isdisjoint(crew):
            laid += crew
        else:
            laid += [card for card in crew if card not in MACHINE_CARDS]
    if len(laid) != len(CARDS) or set(laid) != IN_THE_BOX:
        problems += _misplaced(table)
    if not WORKER_CARDS.issuperset(table.worker_row) or not WORKER_CARDS.issuperset(
        table.worker_deck
    ):
        for card in table.worker_row + table.worker_deck:
            if card not in WORKER_CARDS:
                problems.append(f"card {card} in the worker row or deck is not a worker")
    if not SLAVE_CARDS.issuperset(table.slave_stack):
        for card in table.slave_stack:
            if card not in SLAVE_CARDS:
                problems.append(f"card {card} in the slave stack is not a slave")
    for seat, crew in enumerate(crews):
        machines = [card for card in crew if card in MACHINE_CARDS]
        finished = [building for building in table.finished[seat] if building in MACHINE_CARDS]
        if sorted(machines) != sorted(finished):
            problems.append(
                f"seat {seat}'s working machines {sorted(machines)} are not its finished "
                f"machines {sorted(finished)}"
            )
    if len(table.building_row) > RULES.building_row or (
        len(table.building_row) < RULES.building_row and table.building_deck
    ):
        problems.append(f"the building row holds {len(table.building_row)} cards")
    if len(table.worker_row) > RULES.worker_row or (
        len(table.worker_row) < RULES.worker_row and table.worker_deck
    ):
        problems.append(f"the worker row holds {len(table.worker_row)} cards")
    if table.freed and not table.freed <= SLAVE_CARDS & {card for crew in crews for card in crew}:
        problems.append(f"freed cards {sorted(table.freed)} are not all slaves players hold")
    return problems


def _misplaced(table: BuildersTable) -> list[str]:
    """Each card not in exactly one place, with the places it is in, and cards not in the box."""
    problems = []
    places = _places(table)
    for number in CARDS:
        where = places.pop(number, [])
        if len(where) != 1:
            found = ", ".join(where) if where else "nowhere"
            problems.append(f"card {number} is in {len(where)} places: {found}")
    if places:
        problems.append(f"cards that do not exist: {sorted(places)}")
    return problems


def _working(table: BuildersTable, seat: int) -> list[int]:
    return [card for site in table.sites[seat].values() for card, _ in site.crew]


def _skilled(table: BuildersTable, card: int) -> bool:
    return card in WORKER_CARDS or card in table.freed


def _tools_and_universities(table: BuildersTable) -> list[str]:
    """Each tool and each University in exactly one place, and only workers and citizens
    carrying tools or trained (B-13, B-14)."""
    problems = []
    tools = list(table.tool_stack)
    for seat in range(table.players):
        tools += table.tools[seat]
        for site in table.sites[seat].values():
            for card, tool in site.crew:
                if tool != NO_TOOL:
                    tools.append(tool)
                    if not _skilled(table, card):
                        problems.append(f"card {card} carries a tool but is no worker or citizen")
    if sorted(tools) != TOOL_MATERIALS:
        counted = Counter(tools)
        for printed in TOOLS:
            if counted.pop(printed.material, 0) != 1:
                problems.append(f"the {printed.word} is not in exactly one place")
        if counted:
            problems.append(f"tools that do not exist: {sorted(counted)}")
    if sorted(table.university_stack + list(table.trained.values())) != UNIVERSITIES:
        universities = Counter(table.university_stack) + Counter(table.trained.values())
        problems.append(f"Universities are not each in one place: {dict(universities)}")
    for card in table.trained:
        if not _skilled(table, card):
            problems.append(f"card {card} is trained but is no worker or citizen")
    return problems


def _sesterces_and_loans(table: BuildersTable) -> list[str]:
    problems = []
    for seat, money in enumerate(table.sesterces):
        if money < 0:
            problems.append(f"seat {seat} holds {money} sesterces")
        if table.loans[seat] < 0:
            problems.append(f"seat {seat} has {table.loans[seat]} loans")
    if table.options["limited_bank"]:
        held = (table.bank or 0) + sum(table.sesterces)
        if table.bank is None or table.bank < 0 or held != RULES.bank:
            problems.append(
                f"sesterces are not conserved: {RULES.bank} in the box, bank {table.bank} "
                f"and players {sum(table.sesterces)}"
            )
    elif table.bank is not None:
        problems.append(f"the unlimited bank is counted ({table.bank})")
    repaid = sum(settled.repaid for settled in table.settlements)
    if table.loan_stack < 0 or table.loan_stack + sum(table.loans) + repaid != RULES.loans:
        problems.append(
            f"loans are not conserved: {table.loan_stack} in the row, {table.loans} taken, "
            f"{repaid} repaid, of {RULES.loans}"
        )
    return problems


def _buildings(table: BuildersTable) -> list[str]:
    """VP equal to what the finished buildings and machines are worth, each site its own
    building, unfinished and supplied by exactly its crew, and no one past 17 VP unless the
    end is triggered (B-20)."""
    problems = []
    # what an untrained card brings is as printed; `provides` teaches the trained ones
    printed, trained, provides = (
        provisions(table.options["fourth_apprentice"]),
        table.trained,
        table.provides,
    )
    for seat in range(table.players):
        worth = sum([VP[building - 1] for building in table.finished[seat]])
        if table.victory_points[seat] != worth:
            problems.append(
                f"seat {seat} has {table.victory_points[seat]} VP but its buildings are worth "
                f"{worth}"
            )
        for building, site in table.sites[seat].items():
            if site.building != building or site.cost != COST[building - 1]:
                problems.append(f"seat {seat}'s site {building} is not building {building}")
            if site.finished():
                problems.append(f"building {building} is finished but still under construction")
            supplied = [0, 0, 0, 0]
            for card, tool in site.crew:
                stone, wood, architecture, decoration = (
                    provides(card) if card in trained else printed[card]
                )
                supplied[0] += stone
                supplied[1] += wood
                supplied[2] += architecture
                supplied[3] += decoration
                if tool != NO_TOOL:
                    supplied[tool] += 1
            if supplied != site.supplied:
                problems.append(
                    f"site {building} has {site.supplied} but its crew brings {supplied}"
                )
    if table.game_over:
        scored = [settled.victory_points for settled in table.settlements]
        if scored != table.victory_points:
            problems.append(f"the final VP {scored} are not the players' VP {table.victory_points}")
    elif not table.last_round:
        for seat, points in enumerate(table.victory_points):
            if seat != table.active_seat and points >= RULES.trigger_vp:
                problems.append(
                    f"seat {seat} ended a turn with {points} VP but the end was not triggered"
                )
    return problems


def _turn(table: BuildersTable) -> list[str]:
    """The turn so far, from its events: the actions used, paid for, and one investment."""
    if table.game_over:
        return [] if table.settlements else ["the game is over without scores"]
    problems = []
    if not 0 <= table.active_seat < table.players:
        problems.append(f"seat {table.active_seat} is to move")
    actions = extra = investments = 0
    sent: dict[int, list[int]] = {}
    for event in reversed(table.events):
        if event.key in ("builders.turn_ended", "builders.setup"):
            break
        args = event.args
        if event.key in ONE_ACTION:
            actions += 1
        elif event.key in COUNTED_ACTIONS:
            actions += args["actions"]
        if event.key in SENT:
            sent.setdefault(NUMBER[args["building"]], []).append(args["actions"])
        investments += event.key in INVESTMENTS
        extra += args.get("extra", 0)
    if table.actions_used != actions:
        problems.append(
            f"{table.actions_used} actions are counted this turn but {actions} were taken"
        )
    owed = max(0, actions - RULES.free_actions) * RULES.extra_action_cost
    if extra != owed:
        problems.append(f"{extra} sesterces were paid for extra actions, not {owed}")
    if investments > 1 or table.investment_taken != (investments == 1):
        problems.append(f"{investments} investments this turn, marked {table.investment_taken}")
    for building, costs in sent.items():
        if sorted(costs) != list(range(1, len(costs) + 1)):
            problems.append(f"cards sent to building {building} this turn cost {costs} actions")
    counted = {building: len(costs) for building, costs in sent.items()}
    if counted != table.sent_this_turn:
        problems.append(f"cards sent this turn {counted} are counted as {table.sent_this_turn}")
    return problems
