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

from .actions import CUBE_TYPES, TILTED, act
from .refusals import english, listed, refused
from .table import UP, Table


def begin(s: Table) -> None:
    s.tell("phase", round=s.round, phase="events")
    s.cubes = [[0] * s.players for _ in s.row_events]
    s.cubes_left = [[s.active(p, kind) for kind in CUBE_TYPES] for p in range(s.players)]
    s.tell("cubes", cubes=[list(c) for c in s.cubes_left])
    s.queue = s.order_from(s.fc)
    s.step = "cube"
    _prompt_cube(s, 0)


# -- placing cubes --------------------------------------------------------------------------


def _accepts(s: Table, kind: int) -> list[int]:
    """Slots of the events in play that show a cube type's symbol."""
    name = CUBE_TYPES[kind]
    return [
        slot for slot, e in enumerate(s.row_events) if e >= 0 and name in s.comp.events[e].fought_by
    ]


def _prompt_cube(s: Table, start: int) -> None:
    """The next seat clockwise with a cube to place; a cube with no legal event is not placed."""
    n = s.players
    for k in range(n):
        seat = s.queue[(start + k) % n]
        left = s.cubes_left[seat]
        for kind in range(len(CUBE_TYPES)):
            if left[kind] and not _accepts(s, kind):
                left[kind] = 0
        if any(left):
            s.actor = seat
            return
    _rewards(s)


def legal_cube(s: Table, seat: int) -> list[Action]:
    actions = []
    for kind, name in enumerate(CUBE_TYPES):
        if s.cubes_left[seat][kind]:
            for slot in _accepts(s, kind):
                actions.append(act("cube", name, s.comp.events[s.row_events[slot]].id))
    return actions


def why_cube(s: Table, seat: int, action: Action) -> IllegalAction:
    if action.kind != "cube" or len(action) != 3 or action[1] not in CUBE_TYPES:
        return refused(
            "cube.expected",
            "place a cube: a Legionary's on an event showing the Legionary, "
            "a Vestal's on one showing the Vestal",
        )
    kind, event = action[1], action[2]
    if not s.cubes_left[seat][CUBE_TYPES.index(kind)]:
        return refused(
            "cube.none_left", f"you have no {english(s, kind)} cube left to place", cube=kind
        )
    in_play = [s.comp.events[e].id for e in s.row_events if e >= 0]
    if event not in in_play:
        return refused(
            "cube.not_in_play",
            f"that is not an event in play; in play: {listed(s, in_play)}",
            events=in_play,
        )
    return refused(
        "cube.symbol",
        f"{english(s, event)} does not show the {english(s, kind)} symbol: "
        "that cube cannot go there",
        event=event,
        cube=kind,
    )


def play_cube(s: Table, seat: int, action: Action) -> None:
    kind = CUBE_TYPES.index(action[1])
    slot = _slot(s, action[2])
    s.cubes[slot][seat] += 1
    s.cubes_left[seat][kind] -= 1
    s.tell("cube", seat=seat, cube=action[1], event=action[2])
    _prompt_cube(s, s.queue.index(seat) + 1)


def _slot(s: Table, event: str) -> int:
    return s.row_events.index(s.comp.index("events", event))


# -- rewards and prevention -----------------------------------------------------------------


def _rewards(s: Table) -> None:
    """Majorities take a token of the event's tendency, or on Decadence 1 prestige (S-24)."""
    comp = s.comp
    for slot, e in enumerate(s.row_events):
        counts = s.cubes[slot]
        most = max(counts)
        if e < 0 or most == 0:
            continue
        card = comp.events[e]
        for seat in s.order_from(s.fc):
            if counts[seat] != most:
                continue
            if card.tendency is None:
                points = card.majority_prestige
                s.gain(seat, points)
                s.tell("prestige", seat=seat, points=points, source=card.id)
            else:
                tendency = comp.index("tendencies", card.tendency)
                if s.supply(tendency) != 0:
                    s.take_token(seat, tendency, card.id, secret=False)
    _prevention(s)


def _prevention(s: Table) -> None:
    """The two events with most cubes are prevented; the Consul settles a tie (S-25)."""
    totals = _totals(s)
    active = [slot for slot, e in enumerate(s.row_events) if e >= 0]
    ranked = sorted((totals[slot] for slot in active), reverse=True)
    second = ranked[min(1, len(ranked) - 1)]
    sure = [slot for slot in active if totals[slot] > second]
    tied = [slot for slot in active if totals[slot] == second]
    need = min(2, len(active)) - len(sure)
    s.prevented = sure
    if need >= len(tied):
        s.prevented = sure + tied
        _occur(s)
        return
    s.tied, s.need = tied, need
    s.step, s.actor = "prevent", s.fc


def _totals(s: Table) -> list[int]:
    return [sum(c) for c in s.cubes]


def legal_prevent(s: Table, seat: int) -> list[Action]:
    return [act("prevent", s.comp.events[s.row_events[slot]].id) for slot in s.tied]


def why_prevent(s: Table, seat: int, action: Action) -> IllegalAction:
    tied = [s.comp.events[s.row_events[slot]].id for slot in s.tied]
    if action.kind != "prevent":
        return refused(
            "prevent.expected",
            f"as First Consul, choose the prevented event among the tied: {listed(s, tied)}",
            events=tied,
        )
    return refused(
        "prevent.not_tied",
        f"that event is not among the tied: {listed(s, tied)}",
        events=tied,
    )


def play_prevent(s: Table, seat: int, action: Action) -> None:
    slot = _slot(s, action[1])
    s.prevented.append(slot)
    s.tied.remove(slot)
    s.need -= 1
    s.tell("prevent", seat=seat, event=action[1])
    if not s.need:
        s.tied = []
        _occur(s)


# -- the events that occur ------------------------------------------------------------------


def _occur(s: Table) -> None:
    s.prevented.sort()
    s.tell("prevented", events=[s.comp.events[s.row_events[slot]].id for slot in s.prevented])
    s.occurring = [
        slot for slot, e in enumerate(s.row_events) if e >= 0 and slot not in s.prevented
    ]
    s.flipping = []
    _resolve(s)


def _resolve(s: Table, resuming: bool = False) -> None:
    """Resolve the occurring events from the top down, pausing for players' choices.

    `resuming`: the top event has already happened and its cards are being turned (a
    player just chose); it goes on with the next player, and never happens again.
    """
    while s.occurring:
        if not resuming:
            _happen(s, s.occurring[0])
        if _prompt_flip(s):
            return
        s.occurring.pop(0)
        resuming = False
    _removal(s)


def _happen(s: Table, slot: int) -> None:
    comp = s.comp
    card = comp.events[s.row_events[slot]]
    effect = card.effect
    s.tell("occurs", event=card.id)
    kind = effect["type"]
    if kind == "move_marker":
        if effect["marker"] == "famine":
            s.move_famine(effect["steps"], card.id)
        else:
            s.move_marker(comp.index("tendencies", effect["marker"]), effect["steps"], card.id)
    elif kind == "move_rightmost_markers":
        markers = [comp.index("tendencies", m) for m in effect["markers"]]
        rightmost = max(s.ladder[m] for m in markers)
        for m in markers:
            if s.ladder[m] == rightmost:
                s.move_marker(m, effect["steps"], card.id)
    elif kind == "flip_down":
        if s.occurred[slot] and not s.options["repeat_event_flips_again"]:
            s.tell("no_effect", event=card.id)
        else:
            s.flipping = s.order_from(s.fc)
    s.occurred[slot] = True


def matches(s: Table, holds: str, card: int | None = None, kind: int | None = None) -> bool:
    """Whether an event's filter takes a character card (`card`) or a kept building (`kind`)."""
    if kind is not None:
        return holds == "kept_building_or_crane_card" or (holds == s.comp.buildings[kind].id)
    assert card is not None
    if s.is_crane(card):
        return holds == "kept_building_or_crane_card"
    design = s.comp.design_of(card)
    return (holds == "christian" and design.christian) or holds == design.type


def _flip_names(s: Table, seat: int, holds: str) -> list[tuple[str, ...]]:
    """The distinct choices a seat has: face-up eligible cards by name (and tilted or not)."""
    names: list[tuple[str, ...]] = []
    for card, tilted, held in s.chars[seat]:
        if held == UP and matches(s, holds, card=card):
            name = (s.card_name(card), TILTED) if tilted else (s.card_name(card),)
            if name not in names:
                names.append(name)
    for kind, held in s.builds[seat]:
        if held == UP and matches(s, holds, kind=kind):
            name = (s.comp.buildings[kind].id,)
            if name not in names:
                names.append(name)
    return names


def _prompt_flip(s: Table) -> bool:
    """Flip for players with at most one kind of choice; True when one must choose."""
    event = s.row_events[s.occurring[0]]
    holds = s.comp.events[event].holds
    while s.flipping:
        seat = s.flipping[0]
        names = _flip_names(s, seat, holds)
        if len(names) > 1:
            s.step, s.actor = "flip", seat
            return True
        if names:
            _flip(s, seat, event, names[0])
        s.flipping.pop(0)
    return False


def legal_flip(s: Table, seat: int) -> list[Action]:
    holds = s.comp.events[s.row_events[s.occurring[0]]].holds
    return [act("flip", *name) for name in _flip_names(s, seat, holds)]


def why_flip(s: Table, seat: int, action: Action) -> IllegalAction:
    card = s.comp.events[s.row_events[s.occurring[0]]]
    event = card.id
    cards = list(dict.fromkeys(name[0] for name in _flip_names(s, seat, card.holds)))
    return refused(
        "flip.expected",
        f"{english(s, event)} occurs: turn one of these cards face down: {listed(s, cards)}",
        event=event,
        cards=cards,
    )


def play_flip(s: Table, seat: int, action: Action) -> None:
    _flip(s, seat, s.row_events[s.occurring[0]], tuple(action.args))
    s.flipping.pop(0)
    _resolve(s, resuming=True)


def _flip(s: Table, seat: int, event: int, name: tuple) -> None:
    tilted = len(name) > 1
    for i, (card, tilt, held) in enumerate(s.chars[seat]):
        if held == UP and tilt == tilted and s.card_name(card) == name[0]:
            s.chars[seat][i] = (card, tilt, event)
            break
    else:
        for i, (kind, held) in enumerate(s.builds[seat]):
            if held == UP and s.comp.buildings[kind].id == name[0]:
                s.builds[seat][i] = (kind, event)
                break
    s.tell("face_down", seat=seat, card=name[0], event=s.comp.events[event].id)


# -- removal and refill ---------------------------------------------------------------------


def _removal(s: Table) -> None:
    comp = s.comp
    candidates = [slot for slot in s.prevented if not comp.events[s.row_events[slot]].permanent]
    totals = _totals(s)
    if len(candidates) == 2 and totals[candidates[0]] == totals[candidates[1]]:
        s.tied = candidates
        s.step, s.actor = "remove", s.fc
        return
    if candidates:
        _remove(s, max(candidates, key=lambda slot: totals[slot]))
    else:
        _end(s)


def legal_remove(s: Table, seat: int) -> list[Action]:
    return [act("remove", s.comp.events[s.row_events[slot]].id) for slot in s.tied]


def why_remove(s: Table, seat: int, action: Action) -> IllegalAction:
    tied = [s.comp.events[s.row_events[slot]].id for slot in s.tied]
    return refused(
        "remove.expected",
        f"as First Consul, choose the prevented event that leaves the game: {listed(s, tied)}",
        events=tied,
    )


def play_remove(s: Table, seat: int, action: Action) -> None:
    s.tied = []
    _remove(s, _slot(s, action[1]))


def _remove(s: Table, slot: int) -> None:
    comp = s.comp
    event = s.row_events[slot]
    s.row_events[slot] = -1
    s.tell("removed", event=comp.events[event].id)
    _release(s, event)
    if s.event_deck:
        s.row_events[slot] = s.event_deck.pop()
        s.tell("drawn", event=comp.events[s.row_events[slot]].id, slot=slot)
    s.occurred[slot] = False
    _end(s)


def _holder(s: Table, card: int | None = None, kind: int | None = None) -> int:
    """Another event in play that could turn this card face down, which then holds it."""
    for e in s.row_events:
        holds = s.comp.events[e].holds if e >= 0 else None
        if holds and matches(s, holds, card=card, kind=kind):
            return e
    return UP


def _release(s: Table, event: int) -> None:
    """The cards a leaving event held turn face up, unless another event still holds them."""
    for seat in range(s.players):
        for i, (card, tilted, held) in enumerate(s.chars[seat]):
            if held == event:
                holder = _holder(s, card=card)
                s.chars[seat][i] = (card, tilted, holder)
                _tell_release(s, seat, s.card_name(card), holder)
        for i, (kind, held) in enumerate(s.builds[seat]):
            if held == event:
                holder = _holder(s, kind=kind)
                s.builds[seat][i] = (kind, holder)
                _tell_release(s, seat, s.comp.buildings[kind].id, holder)


def _tell_release(s: Table, seat: int, name: str, holder: int) -> None:
    if holder == UP:
        s.tell("face_up", seat=seat, card=name)
    else:
        s.tell("still_face_down", seat=seat, card=name, event=s.comp.events[holder].id)


def _end(s: Table) -> None:
    s.cubes = [[0] * s.players for _ in s.row_events]
    s.prevented, s.occurring, s.flipping = [], [], []
    s.tell("cubes_returned")
    s.step = ""
