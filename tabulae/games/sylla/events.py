"""Phase V, Events: cubes, rewards, prevention, the events that occur, removal and refill.

Each face-up untilted Legionary or Vestal gives its owner a cube of its type;
clockwise from the First Consul each places one cube a turn on an event showing
that type, `cube vestal epidemic` (S-23). Majorities on the three upper events
take a public token of the event's tendency, and on Decadence 1 prestige (S-24).
The two events with most cubes are prevented, ties settled by the First Consul
with `prevent <event>`; the other two occur, top first (S-25, S-26). A
card-turning event makes each player turn one eligible card of his face down,
`flip senator_plain` (S-27, S-28). Of the prevented two, the one with more
cubes leaves the game (never Decadence; a tie is the Consul's `remove
<event>`), releasing the cards it held unless another event in play could hold
them (S-29); a new event fills its slot.
"""

from __future__ import annotations

from tabulae.core import Action, IllegalAction
from tabulae.core.flow import lap_from

from .actions import CUBE_TYPES, TILTED, act
from .refusals import english, listed, refused
from .table import UP, SyllaTable


def begin(table: SyllaTable) -> None:
    table.tell("phase", round=table.round, phase="events")
    table.cubes = [[0] * table.players for _ in table.event_row]
    table.cubes_left = [
        [table.active(p, kind) for kind in CUBE_TYPES] for p in range(table.players)
    ]
    table.tell("cubes", cubes=[list(c) for c in table.cubes_left])
    table.queue = lap_from(table, table.first_consul)
    table.step = "cube"
    _prompt_cube(table, 0)


# -- placing cubes --------------------------------------------------------------------------


def _accepts(table: SyllaTable, kind: int) -> list[int]:
    """Slots of the events in play that show a cube type's symbol."""
    name = CUBE_TYPES[kind]
    return [
        slot
        for slot, e in enumerate(table.event_row)
        if e >= 0 and name in table.components.events[e].fought_by
    ]


def _prompt_cube(table: SyllaTable, start: int) -> None:
    """The next seat clockwise with a cube to place; a cube with no legal event is not placed."""
    n = table.players
    for k in range(n):
        seat = table.queue[(start + k) % n]
        left = table.cubes_left[seat]
        for kind in range(len(CUBE_TYPES)):
            if left[kind] and not _accepts(table, kind):
                left[kind] = 0
        if any(left):
            table.actor = seat
            return
    _rewards(table)


def legal_cube(table: SyllaTable, seat: int) -> list[Action]:
    actions = []
    for kind, name in enumerate(CUBE_TYPES):
        if table.cubes_left[seat][kind]:
            for slot in _accepts(table, kind):
                actions.append(act("cube", name, table.components.events[table.event_row[slot]].id))
    return actions


def why_cube(table: SyllaTable, seat: int, action: Action) -> IllegalAction:
    if action.kind != "cube" or len(action) != 3 or action[1] not in CUBE_TYPES:
        return refused(
            "cube.expected",
            "place a cube: a Legionary's on an event showing the Legionary, "
            "a Vestal's on one showing the Vestal",
        )
    kind, event = action[1], action[2]
    if not table.cubes_left[seat][CUBE_TYPES.index(kind)]:
        return refused(
            "cube.none_left", f"you have no {english(table, kind)} cube left to place", cube=kind
        )
    in_play = [table.components.events[e].id for e in table.event_row if e >= 0]
    if event not in in_play:
        return refused(
            "cube.not_in_play",
            f"that is not an event in play; in play: {listed(table, in_play)}",
            events=in_play,
        )
    return refused(
        "cube.symbol",
        f"{english(table, event)} does not show the {english(table, kind)} symbol: "
        "that cube cannot go there",
        event=event,
        cube=kind,
    )


def play_cube(table: SyllaTable, seat: int, action: Action) -> None:
    kind = CUBE_TYPES.index(action[1])
    slot = _slot(table, action.word(2))
    table.cubes[slot][seat] += 1
    table.cubes_left[seat][kind] -= 1
    table.tell("cube", seat=seat, cube=action[1], event=action[2])
    _prompt_cube(table, table.queue.index(seat) + 1)


def _slot(table: SyllaTable, event: str) -> int:
    return table.event_row.index(table.components.index("events", event))


# -- rewards and prevention -----------------------------------------------------------------


def _rewards(table: SyllaTable) -> None:
    """Majorities take a token of the event's tendency, or on Decadence 1 prestige (S-24)."""
    components = table.components
    for slot, e in enumerate(table.event_row):
        counts = table.cubes[slot]
        most = max(counts)
        if e < 0 or most == 0:
            continue
        card = components.events[e]
        for seat in lap_from(table, table.first_consul):
            if counts[seat] != most:
                continue
            if card.tendency is None:
                points = card.majority_prestige
                table.gain(seat, points)
                table.tell("prestige", seat=seat, points=points, source=card.id)
            else:
                tendency = components.index("tendencies", card.tendency)
                if table.supply(tendency) != 0:
                    table.take_token(seat, tendency, card.id, secret=False)
    _prevention(table)


def _prevention(table: SyllaTable) -> None:
    """The two events with most cubes are prevented; the Consul settles a tie (S-25)."""
    totals = _totals(table)
    active = [slot for slot, e in enumerate(table.event_row) if e >= 0]
    ranked = sorted((totals[slot] for slot in active), reverse=True)
    second = ranked[min(1, len(ranked) - 1)]
    sure = [slot for slot in active if totals[slot] > second]
    tied = [slot for slot in active if totals[slot] == second]
    need = min(2, len(active)) - len(sure)
    table.prevented = sure
    if need >= len(tied):
        table.prevented = sure + tied
        _occur(table)
        return
    table.tied, table.prevent_needed = tied, need
    table.step, table.actor = "prevent", table.first_consul


def _totals(table: SyllaTable) -> list[int]:
    return [sum(c) for c in table.cubes]


def legal_prevent(table: SyllaTable, seat: int) -> list[Action]:
    return [
        act("prevent", table.components.events[table.event_row[slot]].id) for slot in table.tied
    ]


def why_prevent(table: SyllaTable, seat: int, action: Action) -> IllegalAction:
    tied = [table.components.events[table.event_row[slot]].id for slot in table.tied]
    if action.kind != "prevent":
        return refused(
            "prevent.expected",
            f"as First Consul, choose the prevented event among the tied: {listed(table, tied)}",
            events=tied,
        )
    return refused(
        "prevent.not_tied",
        f"that event is not among the tied: {listed(table, tied)}",
        events=tied,
    )


def play_prevent(table: SyllaTable, seat: int, action: Action) -> None:
    slot = _slot(table, action.word(1))
    table.prevented.append(slot)
    table.tied.remove(slot)
    table.prevent_needed -= 1
    table.tell("prevent", seat=seat, event=action[1])
    if not table.prevent_needed:
        table.tied = []
        _occur(table)


# -- the events that occur ------------------------------------------------------------------


def _occur(table: SyllaTable) -> None:
    table.prevented.sort()
    table.tell(
        "prevented",
        events=[table.components.events[table.event_row[slot]].id for slot in table.prevented],
    )
    table.occurring = [
        slot for slot, e in enumerate(table.event_row) if e >= 0 and slot not in table.prevented
    ]
    table.flipping = []
    _resolve(table)


def _resolve(table: SyllaTable, resuming: bool = False) -> None:
    """Resolve the occurring events from the top down, pausing for players' choices.

    `resuming`: the top event has already happened and its cards are being turned (a
    player just chose); it goes on with the next player, and never happens again.
    """
    while table.occurring:
        if not resuming:
            _happen(table, table.occurring[0])
        if _prompt_flip(table):
            return
        table.occurring.pop(0)
        resuming = False
    _removal(table)


def _happen(table: SyllaTable, slot: int) -> None:
    components = table.components
    card = components.events[table.event_row[slot]]
    effect = card.effect
    table.tell("occurs", event=card.id)
    kind = effect["type"]
    if kind == "move_marker":
        if effect["marker"] == "famine":
            table.move_famine(effect["steps"], card.id)
        else:
            table.move_marker(
                components.index("tendencies", effect["marker"]), effect["steps"], card.id
            )
    elif kind == "move_rightmost_markers":
        markers = [components.index("tendencies", m) for m in effect["markers"]]
        rightmost = max(table.ladder[m] for m in markers)
        for m in markers:
            if table.ladder[m] == rightmost:
                table.move_marker(m, effect["steps"], card.id)
    elif kind == "flip_down":
        if table.occurred[slot] and not table.options["repeat_event_flips_again"]:
            table.tell("no_effect", event=card.id)
        else:
            table.flipping = lap_from(table, table.first_consul)
    table.occurred[slot] = True


def matches(
    table: SyllaTable, holds: str, card: int | None = None, kind: int | None = None
) -> bool:
    """Whether an event's filter takes a character card (`card`) or a kept building (`kind`)."""
    if kind is not None:
        return holds == "kept_building_or_crane_card" or (
            holds == table.components.buildings[kind].id
        )
    assert card is not None
    if table.is_crane(card):
        return holds == "kept_building_or_crane_card"
    design = table.components.design_of(card)
    return (holds == "christian" and design.christian) or holds == design.type


def _flip_names(table: SyllaTable, seat: int, holds: str | None) -> list[tuple[str, ...]]:
    """The distinct choices a seat has: face-up eligible cards by name (and tilted or not)."""
    if holds is None:  # an event that turns no cards
        return []
    names: list[tuple[str, ...]] = []
    for card, tilted, held in table.characters[seat]:
        if held == UP and matches(table, holds, card=card):
            name = (table.card_name(card), TILTED) if tilted else (table.card_name(card),)
            if name not in names:
                names.append(name)
    for kind, held in table.buildings[seat]:
        if held == UP and matches(table, holds, kind=kind):
            name = (table.components.buildings[kind].id,)
            if name not in names:
                names.append(name)
    return names


def _prompt_flip(table: SyllaTable) -> bool:
    """Flip for players with at most one kind of choice; True when one must choose."""
    event = table.event_row[table.occurring[0]]
    holds = table.components.events[event].holds
    while table.flipping:
        seat = table.flipping[0]
        names = _flip_names(table, seat, holds)
        if len(names) > 1:
            table.step, table.actor = "flip", seat
            return True
        if names:
            _flip(table, seat, event, names[0])
        table.flipping.pop(0)
    return False


def legal_flip(table: SyllaTable, seat: int) -> list[Action]:
    holds = table.components.events[table.event_row[table.occurring[0]]].holds
    return [act("flip", *name) for name in _flip_names(table, seat, holds)]


def why_flip(table: SyllaTable, seat: int, action: Action) -> IllegalAction:
    card = table.components.events[table.event_row[table.occurring[0]]]
    event = card.id
    cards = list(dict.fromkeys(name[0] for name in _flip_names(table, seat, card.holds)))
    return refused(
        "flip.expected",
        f"{english(table, event)} occurs: turn one of these cards face down: "
        f"{listed(table, cards)}",
        event=event,
        cards=cards,
    )


def play_flip(table: SyllaTable, seat: int, action: Action) -> None:
    _flip(table, seat, table.event_row[table.occurring[0]], tuple(action.args))
    table.flipping.pop(0)
    _resolve(table, resuming=True)


def _flip(table: SyllaTable, seat: int, event: int, name: tuple) -> None:
    tilted = len(name) > 1
    for i, (card, tilt, held) in enumerate(table.characters[seat]):
        if held == UP and tilt == tilted and table.card_name(card) == name[0]:
            table.characters[seat][i] = (card, tilt, event)
            break
    else:
        for i, (kind, held) in enumerate(table.buildings[seat]):
            if held == UP and table.components.buildings[kind].id == name[0]:
                table.buildings[seat][i] = (kind, event)
                break
    table.tell("face_down", seat=seat, card=name[0], event=table.components.events[event].id)


# -- removal and refill ---------------------------------------------------------------------


def _removal(table: SyllaTable) -> None:
    components = table.components
    candidates = [
        slot for slot in table.prevented if not components.events[table.event_row[slot]].permanent
    ]
    totals = _totals(table)
    if len(candidates) == 2 and totals[candidates[0]] == totals[candidates[1]]:
        table.tied = candidates
        table.step, table.actor = "remove", table.first_consul
        return
    if candidates:
        remove_event(table, max(candidates, key=lambda slot: totals[slot]))
    else:
        _end(table)


def legal_remove(table: SyllaTable, seat: int) -> list[Action]:
    return [act("remove", table.components.events[table.event_row[slot]].id) for slot in table.tied]


def why_remove(table: SyllaTable, seat: int, action: Action) -> IllegalAction:
    tied = [table.components.events[table.event_row[slot]].id for slot in table.tied]
    return refused(
        "remove.expected",
        f"as First Consul, choose the prevented event that leaves the game: {listed(table, tied)}",
        events=tied,
    )


def play_remove(table: SyllaTable, seat: int, action: Action) -> None:
    table.tied = []
    remove_event(table, _slot(table, action.word(1)))


def remove_event(table: SyllaTable, slot: int) -> None:
    components = table.components
    event = table.event_row[slot]
    table.event_row[slot] = -1
    table.tell("removed", event=components.events[event].id)
    _release(table, event)
    if table.event_deck:
        table.event_row[slot] = table.event_deck.pop()
        table.tell("drawn", event=components.events[table.event_row[slot]].id, slot=slot)
    table.occurred[slot] = False
    _end(table)


def _holder(table: SyllaTable, card: int | None = None, kind: int | None = None) -> int:
    """Another event in play that could turn this card face down, which then holds it."""
    for e in table.event_row:
        holds = table.components.events[e].holds if e >= 0 else None
        if holds and matches(table, holds, card=card, kind=kind):
            return e
    return UP


def _release(table: SyllaTable, event: int) -> None:
    """The cards a leaving event held turn face up, unless another event still holds them."""
    for seat in range(table.players):
        for i, (card, tilted, held) in enumerate(table.characters[seat]):
            if held == event:
                holder = _holder(table, card=card)
                table.characters[seat][i] = (card, tilted, holder)
                _tell_release(table, seat, table.card_name(card), holder)
        for i, (kind, held) in enumerate(table.buildings[seat]):
            if held == event:
                holder = _holder(table, kind=kind)
                table.buildings[seat][i] = (kind, holder)
                _tell_release(table, seat, table.components.buildings[kind].id, holder)


def _tell_release(table: SyllaTable, seat: int, name: str, holder: int) -> None:
    if holder == UP:
        table.tell("face_up", seat=seat, card=name)
    else:
        table.tell(
            "still_face_down", seat=seat, card=name, event=table.components.events[holder].id
        )


def _end(table: SyllaTable) -> None:
    table.cubes = [[0] * table.players for _ in table.event_row]
    table.prevented, table.occurring, table.flipping = [], [], []
    table.tell("cubes_returned")
    table.step = ""
