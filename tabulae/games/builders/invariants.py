"""What the rules guarantee in every position of The Builders, checked after every action.

`broken(state)` lists, in words, every guarantee the position breaks: each card in exactly
one place, each tool and University too; sesterces conserved with a limited bank and never
below zero; loans counted; VP equal to what the finished buildings and machines are worth;
no finished site left under construction, each site supplied by exactly its crew; the
actions of the turn counted, paid and within one investment; the rows refilled while their
decks last; no one past 17 VP without the end having been triggered.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import TYPE_CHECKING

from .cards import BUILDINGS, CREW, MACHINES, MATERIALS, RULES, SLAVES, TOOLS, WORKERS
from .notation import NUMBER
from .site import NO_TOOL

if TYPE_CHECKING:
    from .state import BuildersState

INVESTMENTS = frozenset(("builders.bought", "builders.loan", "builders.trained"))
ONE_ACTION = frozenset(("builders.started", "builders.hired", "builders.freed", *INVESTMENTS))
SENT = frozenset(("builders.sent", "builders.sent_with_tool"))
COUNTED_ACTIONS = SENT | {"builders.took"}
MACHINE_CARDS = frozenset(MACHINES)
SLAVE_CARDS = frozenset(SLAVES)
WORKER_CARDS = frozenset(WORKERS)


def broken(state: BuildersState) -> list[str]:
    """Every rule guarantee `state` breaks, in words; empty when the position is sound."""
    problems: list[str] = []
    problems += _cards(state)
    problems += _tools_and_universities(state)
    problems += _sesterces_and_loans(state)
    problems += _buildings(state)
    problems += _turn(state)
    return problems


def _places(state: BuildersState) -> dict[int, list[str]]:
    """Where each card lies: buildings and machines as buildings, workers and slaves as crew."""
    places: dict[int, list[str]] = {}

    def put(cards: Iterable[int], where: str) -> None:
        for c in cards:
            places.setdefault(c, []).append(where)

    put(state.building_row, "the building row")
    put(state.building_deck, "the building deck")
    put(state.worker_row, "the worker row")
    put(state.worker_deck, "the worker deck")
    put(state.slave_stack, "the slave stack")
    for p in range(state.players):
        put(state.sites[p], f"seat {p}'s sites")
        put(state.built[p], f"seat {p}'s finished buildings")
        crew = state.idle[p] + _working(state, p)
        put([c for c in crew if c not in MACHINE_CARDS], f"seat {p}'s crew")
    return places


def _cards(state: BuildersState) -> list[str]:
    problems = []
    places = _places(state)
    for number in [b.number for b in BUILDINGS] + [c.number for c in CREW]:
        where = places.pop(number, [])
        if len(where) != 1:
            found = ", ".join(where) if where else "nowhere"
            problems.append(f"card {number} is in {len(where)} places: {found}")
    if places:
        problems.append(f"cards that do not exist: {sorted(places)}")
    for c in state.worker_row + state.worker_deck:
        if c not in WORKER_CARDS:
            problems.append(f"card {c} in the worker row or deck is not a worker")
    for c in state.slave_stack:
        if c not in SLAVE_CARDS:
            problems.append(f"card {c} in the slave stack is not a slave")
    for p in range(state.players):
        machines = [c for c in state.idle[p] + _working(state, p) if c in MACHINE_CARDS]
        finished = [b for b in state.built[p] if b in MACHINE_CARDS]
        if sorted(machines) != sorted(finished):
            problems.append(
                f"seat {p}'s working machines {sorted(machines)} are not its finished "
                f"machines {sorted(finished)}"
            )
    if len(state.building_row) > RULES.building_row or (
        len(state.building_row) < RULES.building_row and state.building_deck
    ):
        problems.append(f"the building row holds {len(state.building_row)} cards")
    if len(state.worker_row) > RULES.worker_row or (
        len(state.worker_row) < RULES.worker_row and state.worker_deck
    ):
        problems.append(f"the worker row holds {len(state.worker_row)} cards")
    held = {c for p in range(state.players) for c in state.idle[p] + _working(state, p)}
    if not state.freed <= SLAVE_CARDS & held:
        problems.append(f"freed cards {sorted(state.freed)} are not all slaves players hold")
    return problems


def _working(state: BuildersState, p: int) -> list[int]:
    return [c for site in state.sites[p].values() for c, _ in site.crew]


def _skilled(state: BuildersState, c: int) -> bool:
    return c in WORKER_CARDS or c in state.freed


def _tools_and_universities(state: BuildersState) -> list[str]:
    problems = []
    tools = Counter(state.tool_stack)
    for p in range(state.players):
        tools.update(state.tools[p])
        for site in state.sites[p].values():
            for c, t in site.crew:
                if t != NO_TOOL:
                    tools[t] += 1
                    if not _skilled(state, c):
                        problems.append(f"card {c} carries a tool but is no worker or citizen")
    for tool in TOOLS:
        if tools.pop(tool.material, 0) != 1:
            problems.append(f"the {tool.word} is not in exactly one place")
    if tools:
        problems.append(f"tools that do not exist: {sorted(tools)}")
    universities = Counter(state.university_stack) + Counter(state.trained.values())
    if sorted(universities.elements()) != list(range(len(MATERIALS))):
        problems.append(f"Universities are not each in one place: {dict(universities)}")
    for c in state.trained:
        if not _skilled(state, c):
            problems.append(f"card {c} is trained but is no worker or citizen")
    return problems


def _sesterces_and_loans(state: BuildersState) -> list[str]:
    problems = []
    for p, money in enumerate(state.money):
        if money < 0:
            problems.append(f"seat {p} holds {money} sesterces")
        if state.loans[p] < 0:
            problems.append(f"seat {p} has {state.loans[p]} loans")
    if state.options["limited_bank"]:
        held = (state.bank or 0) + sum(state.money)
        if state.bank is None or state.bank < 0 or held != RULES.bank:
            problems.append(
                f"sesterces are not conserved: {RULES.bank} in the box, bank {state.bank} "
                f"and players {sum(state.money)}"
            )
    elif state.bank is not None:
        problems.append(f"the unlimited bank is counted ({state.bank})")
    repaid = sum(s.repaid for s in state.final)
    if state.loan_stack < 0 or state.loan_stack + sum(state.loans) + repaid != RULES.loans:
        problems.append(
            f"loans are not conserved: {state.loan_stack} in the row, {state.loans} taken, "
            f"{repaid} repaid, of {RULES.loans}"
        )
    return problems


def _buildings(state: BuildersState) -> list[str]:
    problems = []
    for p in range(state.players):
        worth = sum(BUILDINGS[b - 1].vp for b in state.built[p])
        if state.vp[p] != worth:
            problems.append(f"seat {p} has {state.vp[p]} VP but its buildings are worth {worth}")
        for b, site in state.sites[p].items():
            if site.building != b or site.cost != BUILDINGS[b - 1].cost:
                problems.append(f"seat {p}'s site {b} is not building {b}")
            if site.finished():
                problems.append(f"building {b} is finished but still under construction")
            supplied = [0] * len(MATERIALS)
            for c, t in site.crew:
                for m, n in enumerate(state.provides(c)):
                    supplied[m] += n
                if t != NO_TOOL:
                    supplied[t] += 1
            if supplied != site.supplied:
                problems.append(f"site {b} has {site.supplied} but its crew brings {supplied}")
    if state.over:
        scored = [s.vp for s in state.final]
        if scored != state.vp:
            problems.append(f"the final VP {scored} are not the players' VP {state.vp}")
    elif not state.last_round:
        for p, vp in enumerate(state.vp):
            if p != state.seat and vp >= RULES.trigger_vp:
                problems.append(f"seat {p} ended a turn with {vp} VP but the end was not triggered")
    return problems


def _turn(state: BuildersState) -> list[str]:
    """The turn so far, from its events: the actions used, paid for, and one investment."""
    if state.over:
        return [] if state.final and not state.to_move else ["the game is over without scores"]
    problems = []
    if not 0 <= state.seat < state.players:
        problems.append(f"seat {state.seat} is to move")
    actions = extra = investments = 0
    sent: dict[int, list[int]] = {}
    for event in reversed(state.events):
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
    if state.used != actions:
        problems.append(f"{state.used} actions are counted this turn but {actions} were taken")
    owed = max(0, actions - RULES.free_actions) * RULES.extra_action_cost
    if extra != owed:
        problems.append(f"{extra} sesterces were paid for extra actions, not {owed}")
    if investments > 1 or state.invested != (investments == 1):
        problems.append(f"{investments} investments this turn, marked {state.invested}")
    for b, costs in sent.items():
        if sorted(costs) != list(range(1, len(costs) + 1)):
            problems.append(f"cards sent to building {b} this turn cost {costs} actions")
    counted = {b: len(costs) for b, costs in sent.items()}
    if counted != state.sent:
        problems.append(f"cards sent this turn {counted} are counted as {state.sent}")
    return problems
