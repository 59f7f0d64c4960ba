"""Arranging a Sylla table the way a rulebook example shows it, then playing it by notation.

A test starts a real game, makes the starting choices through the protocol, then
lays out the cards the example names (events in play, display, building row,
Great Work) in place of the shuffled ones, as players would set up the example.
`laid_out` does it on the position format: the arranging helpers change the position's
fields, and the table is read back through `from_position`, which refuses a lay-out
that breaks a rule.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from types import SimpleNamespace

from tabulae.core import Action
from tabulae.games.sylla import GAME
from tabulae.games.sylla.state import SyllaState
from tabulae.games.sylla.table import UP

Laid = SyllaState | SimpleNamespace  # a table, or a position's fields being laid out


def laid_out(state: SyllaState, *arrangements: Callable[[SimpleNamespace], object]) -> SyllaState:
    """`state` with each arrangement made on its position's fields, read back through the
    position format (so an arrangement that breaks a rule is refused with the reason)."""
    data = state.position()
    fields = SimpleNamespace(**json.loads(json.dumps(data["table"])))
    fields.components = state.components
    for arrange in arrangements:
        arrange(fields)
    del fields.components
    data["table"] = json.loads(json.dumps(vars(fields)))
    table = GAME.from_position(data)
    assert isinstance(table, SyllaState)
    return table


def new_table(
    players: int,
    starting: Mapping[int, Sequence[str]],
    seed: int = 0,
    **options,
) -> SyllaState:
    """A game whose seat N holds Revenue tile N+1 (so seat 0 is First Consul), past setup."""
    state = GAME.new(players, seed=seed, **options)
    assert isinstance(state, SyllaState)

    def tiles_in_seat_order(table: SimpleNamespace) -> None:
        table.revenue_tiles = list(range(players))
        table.first_consul = table.actor = 0

    state = laid_out(state, tiles_in_seat_order)
    for seat, designs in starting.items():
        for design in designs:
            play(state, seat, f"choose {design}")
    return state


def play(table: SyllaState, seat: int, *moves: str) -> None:
    """Play actions of `seat`."""
    for move in moves:
        table.apply(seat, Action.parse(move))


def card_of(state: Laid, design: str, pool: Iterable[int]) -> int:
    return next(c for c in pool if state.components.card_names[c] == design)


def give(state: Laid, seat: int, design: str, tilted: bool = False) -> None:
    """Give a seat a card of a design: from the deck, one nobody holds, or the display."""
    held = {c for cards in state.characters for c, _, _ in cards} | set(state.display)
    free = [c for c in range(len(state.components.cards)) if c not in held]
    card = card_of(state, design, [*state.deck, *free, *state.display])
    for pool in (state.deck, state.display):
        if card in pool:
            pool.remove(card)
    state.characters[seat].append((card, tilted, UP))


def arrange_display(state: Laid, designs: Sequence[str]) -> None:
    """Put the display back in the deck and deal these designs instead."""
    state.deck.extend(state.display)
    state.display = []
    for design in designs:
        card = card_of(state, design, state.deck)
        state.deck.remove(card)
        state.display.append(card)


def arrange_events(state: Laid, top_to_bottom: Sequence[str]) -> None:
    """The three events above Decadence, from the top; the deck keeps the rest."""
    components = state.components
    wanted = [components.index("events", e) for e in top_to_bottom]
    every = [i for i in range(len(components.events)) if not components.events[i].permanent]
    state.event_row[:3] = wanted
    state.event_deck = [i for i in every if i not in wanted]


def arrange_row(state: Laid, buildings: Sequence[str | None]) -> None:
    """The six tiles of the building row, left to right (None: an empty slot)."""
    components = state.components
    pool = [*state.building_stack, *(t for t in state.building_row if t >= 0)]
    row = []
    for kind in buildings:
        if kind is None:
            row.append(-1)
            continue
        tile = next(t for t in pool if components.buildings[components.tiles[t].kind].id == kind)
        pool.remove(tile)
        row.append(tile)
    state.building_row = row
    letters = components.letters_stacked
    state.building_stack = sorted(pool, key=lambda t: letters.index(components.tiles[t].letter))


def arrange_great_work(state: Laid, *works: str) -> None:
    """The Great Works of the coming rounds, in order (the first is this round's)."""
    components = state.components
    ids = [components.index("great_works", w) for w in works]
    rest = [
        w
        for w in range(len(components.great_works))
        if w not in ids and w != state.great_work_removed and w not in state.great_works_built
    ]
    state.great_work_stack = rest + ids[::-1]
    if state.great_work_removed in ids:
        state.great_work_removed = next(w for w in rest)
        state.great_work_stack.remove(state.great_work_removed)


def names(state: SyllaState, seat: int) -> list[tuple[str, bool, bool]]:
    """A seat's characters as (name, tilted, face down)."""
    return [(state.components.card_names[c], t, h != UP) for c, t, h in state.characters[seat]]


def keys(state: SyllaState, since: int = 0) -> list[str]:
    return [e.key for e in state.events[since:]]


def holding(state: SyllaState, seat: int, *designs: str, tilted: bool = False) -> None:
    """Replace a seat's characters with cards of these designs (`crane` for a Crane card)."""
    state.characters[seat] = []
    for design in designs:
        if design == "crane":
            crane = len(state.components.cards) + state.components.crane_cards - state.cranes_left
            state.cranes_left -= 1
            state.characters[seat].append((crane, tilted, UP))
        else:
            give(state, seat, design, tilted)


def building(state: SyllaState, seat: int, *kinds: str) -> None:
    """Give a seat kept buildings, face up."""
    for kind in kinds:
        state.buildings[seat].append((state.components.index("buildings", kind), UP))


def enter(state: SyllaState, phase: str) -> None:
    """Start a phase of the current round on the arranged table, as the phase marker moves."""
    from tabulae.games.sylla.flow import NEXT_PHASE, advance

    begin = {name: start for name, start in NEXT_PHASE.values()}[phase]
    state.phase, state.step = phase, ""
    begin(state)
    advance(state)


def started(players: int = 4, seed: int = 0, **options) -> SyllaState:
    """A game past the starting choice (everyone takes the first designs of the set)."""
    state = GAME.new(players, seed=seed, **options)
    assert isinstance(state, SyllaState)
    while state.step == "choose":
        seat = state.to_move[0]
        state.apply(seat, state.legal_actions(seat)[0])
    return state
