"""What holds in every Sylla position, as a player would state it; `Game.invariants` reads it.

The conformance suite checks these after every action of every checked game; `apply` never
runs them. Each is a rule's consequence:

- every seat has its own screen, cards, buildings and counters (S-01, S-02);
- each player chooses his starting characters from his own set (S-02, S-03); after the
  choice each of the 40 character cards is in exactly one place: the deck, the display or
  one player's hand, which never holds fewer than the starting ones; Crane cards are dealt
  from their pile in order (S-19); building tiles are never more than the box holds of
  their kind;
- Decadence stays in the bottom slot (S-26); an event is in play or in the deck at most
  once, and exactly one event has left the game per finished Events phase (S-29);
- a face-down card is held by an event in play that can turn it (S-27, S-29);
- deniers and tokens are never negative, nor above the box with `limited_bank` and
  `limited_tokens` (S-41); a private token's colour is one still possible for it;
- the Res Publica and Famine markers stay on their tracks (S-05, S-06); prestige never
  falls below the floor (S-07);
- the Great Works are the stack, the one removed, the current one and one built per
  finished round, each exactly once (S-04, S-31);
- cards stand untilted until the Buildings phase of their round (S-37); cubes exist only
  in phase V, no more than a seat's Legionaries and Vestals give (S-23);
- within one phase: each event occurs at most once and two at most, each turns at most one
  card of each player (S-26..S-28); a Tavern moves each marker at most once (S-22); each
  player recruits his share (S-11); no more tiles are offered than the player count allows
  (S-16).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sized
from typing import Any

from .actions import CUBE_TYPES
from .components import Components
from .events import matches
from .table import ALL, UP, SyllaTable

AFTER_EVENTS = ("great_work", "ecclesia", "over")  # phases a round's removal has passed


class _Box:
    """What an edition's box holds, counted once for every check of its games."""

    __slots__ = ("characters", "components", "in_box", "kept", "tile_kinds")

    def __init__(self, components: Components) -> None:
        self.components = components
        self.characters = frozenset(range(len(components.cards)))  # the character cards
        self.tile_kinds = tuple(tile.kind for tile in components.tiles)  # by tile
        self.in_box = Counter(self.tile_kinds)  # building tiles by kind
        self.kept = frozenset(k for k, kind in enumerate(components.buildings) if kind.kept)


_BOXES: dict[int, _Box] = {}


def _box(components: Components) -> _Box:
    box = _BOXES.get(id(components))
    if box is None or box.components is not components:
        box = _BOXES[id(components)] = _Box(components)
    return box


_ALLOWED: dict[tuple[int, int], frozenset[int]] = {}
"""The whole numbers from low up to high, excluded, by (low, high): the counts of the
components and seats that `_places` checks values against."""


def invariants(table: SyllaTable) -> list[str]:
    """Every invariant `s` breaks, in words (empty when the position is sound)."""
    problems = _seats(table) + _places(table)
    if problems:  # the other checks read the table through these indices
        return problems
    for check in CHECKS:
        problems += check(table)
    return problems


def _seats(table: SyllaTable) -> list[str]:
    n = table.players
    per_seat: dict[str, Sized] = {
        "prestige": table.prestige,
        "money": table.money,
        "known tokens": table.known_tokens,
        "private tokens": table.private_tokens,
        "characters": table.characters,
        "buildings": table.buildings,
        "starting picks": table.starting_picks,
        "readiness": table.ready,
        "cubes left": table.cubes_left,
        "commitments": table.commitments,
    }
    problems = [
        f"{what} for {len(v)} seats, not {n}" for what, v in per_seat.items() if len(v) != n
    ]
    if len(set(table.revenue_tiles)) != n:
        problems.append(f"revenue tiles {table.revenue_tiles} are not one each for {n} seats")
    if not 0 <= table.first_consul < n:
        problems.append(f"the First Consul is seat {table.first_consul}, not a seat of the game")
    if not 1 <= table.round <= table.components.rounds:
        problems.append(f"round {table.round} outside 1..{table.components.rounds}")
    return problems


PHASE_OF_STEP = {
    "choose": "setup",
    "elect": "first_consul",
    "consul_token": "first_consul",
    "recruit": "recruitment",
    "offer": "buildings",
    "auction": "buildings",
    "pay": "buildings",
    "insula": "buildings",
    "revenue": "revenue",
    "cube": "events",
    "prevent": "events",
    "flip": "events",
    "remove": "events",
    "commit": "great_work",
    "free": "ecclesia",
    "over": "over",
}


def _places(table: SyllaTable) -> list[str]:
    """Every seat, card, tile, event, Great Work, slot and colour the table names exists, and
    the decision it waits for is one of its phase."""
    components, n = table.components, table.players
    cards, cranes = len(components.cards), components.crane_cards
    tiles, events, works = (
        len(components.tiles),
        len(components.events),
        len(components.great_works),
    )
    colours, slots = len(components.tendencies), len(components.slot_colours)
    problems: list[str] = []

    def among(what: str, values: Iterable[int], low: int, high: int) -> None:
        allowed = _ALLOWED.get((low, high))
        if allowed is None:
            allowed = _ALLOWED[low, high] = frozenset(range(low, high))
        if not allowed.issuperset(values):
            wrong = [v for v in values if not low <= v < high]
            problems.append(f"{what} {wrong} outside {low}..{high - 1}")

    among("seats", [table.actor, *table.queue, *table.flipping], 0, n)
    among("the highest bidder and the seller", [table.high_bidder, table.seller], -1, n)
    among("revenue tiles", table.revenue_tiles, 0, len(components.set_numerals))
    among(
        "character cards",
        [*table.deck, *table.display, *(c for picks in table.starting_picks for c in picks)],
        0,
        cards,
    )
    among(
        "cards in front of the players",
        [c for hand in table.characters for c, _, _ in hand],
        0,
        cards + cranes,
    )
    among(
        "kept buildings",
        [k for kept in table.buildings for k, _ in kept],
        0,
        len(components.buildings),
    )
    holders = [h for hand in table.characters for _, _, h in hand]
    among(
        "events holding cards",
        holders + [h for kept in table.buildings for _, h in kept],
        -1,
        events,
    )
    among("building tiles", table.building_stack, 0, tiles)
    among("building row tiles", table.building_row, -1, tiles)
    among("events", table.event_deck, 0, events)
    among("events in play", table.event_row, -1, events)
    among(
        "Great Works",
        [*table.great_work_stack, table.great_work_removed, *table.great_works_built],
        0,
        works,
    )
    among("the current Great Work", [table.great_work_current], -1, works)
    among("event slots", [*table.prevented, *table.tied, *table.occurring], 0, 4)
    among("the building row slot for sale", [table.offered_slot], -1, slots)
    among(
        "private token colours", [c for mine in table.private_tokens for c, _ in mine], 0, colours
    )
    sizes: dict[str, tuple[Sized, int]] = {
        "ladder markers": (table.ladder, colours),
        "markers a Tavern moved": (table.markers_moved, colours + 1),
        "event slots marked as occurred": (table.occurred, 4),
        "event slots": (table.event_row, 4),
        "event slots with cubes": (table.cubes, 4),
        "building row slots": (table.building_row, slots),
    }
    problems += [
        f"{len(v)} {what}, not {size}" for what, (v, size) in sizes.items() if len(v) != size
    ]
    problems += [
        f"seat {p} has known tokens of {len(k)} tendencies, not {colours}"
        for p, k in enumerate(table.known_tokens)
        if len(k) != colours
    ]
    problems += [
        f"cubes of {len(c)} seats on an event slot, not {n}" for c in table.cubes if len(c) != n
    ]
    problems += [
        f"seat {p} has {len(c)} kinds of cubes left, not {len(CUBE_TYPES)}"
        for p, c in enumerate(table.cubes_left)
        if len(c) != len(CUBE_TYPES)
    ]
    if table.step == "":
        problems.append("the table waits for no decision")
    elif PHASE_OF_STEP[table.step] != table.phase:
        problems.append(f"the decision {table.step!r} is not taken in the {table.phase} phase")
    return problems


def _cards(table: SyllaTable) -> list[str]:
    components = table.components
    total = len(components.cards)
    owned = [card for hand in table.characters for card, _, _ in hand]
    characters = [card for card in owned if card < total]
    cranes = sorted([card for card in owned if card >= total])
    choose = table.player_count.starting_characters
    problems = []
    if table.phase == "setup":
        for seat, picks in enumerate(table.starting_picks):
            own = components.set_cards[table.revenue_tiles[seat]]
            if len(set(picks)) != len(picks) or not set(picks) <= set(own):
                problems.append(f"seat {seat} picked {picks}, not distinct cards of its own set")
            if len(picks) > choose or table.ready[seat] != (len(picks) == choose):
                problems.append(f"seat {seat} picked {len(picks)} of {choose} starting characters")
        if characters or table.deck or table.display:
            problems.append("character cards are dealt before everyone has chosen")
    elif any(table.starting_picks):
        problems.append("starting picks are still hidden after the choice")
    else:
        # each seat holds at least its cards less every Crane card dealt: count only if short
        if min(map(len, table.characters), default=0) - len(cranes) < choose:
            for seat, hand in enumerate(table.characters):
                if sum(card < total for card, _, _ in hand) < choose:
                    problems.append(
                        f"seat {seat} holds fewer than its {choose} starting characters"
                    )
        places = table.deck + table.display + characters
        if len(places) != total or set(places) != _box(components).characters:
            doubled = sorted(c for c, k in Counter(places).items() if k > 1)
            problems.append(
                f"{len(places)} character cards in the deck, display and hands, not each of the "
                f"{total} once (twice: {doubled})"
            )
    dealt = components.crane_cards - table.cranes_left
    if not 0 <= dealt <= components.crane_cards or cranes != list(range(total, total + dealt)):
        problems.append(f"Crane cards held {cranes} do not match the {table.cranes_left} left")
    if len(table.display) > table.player_count.display_size:
        problems.append(
            f"{len(table.display)} cards on a display of {table.player_count.display_size}"
        )
    if not 0 <= table.deck_known <= len(table.deck):
        problems.append(f"{table.deck_known} known cards under a deck of {len(table.deck)}")
    return problems


def _tiles(table: SyllaTable) -> list[str]:
    components = table.components
    tiles = table.building_stack + [t for t in table.building_row if t >= 0]
    problems = []
    if len(set(tiles)) != len(tiles):
        problems.append("a building tile is in the stack or the row twice")
    if len(table.building_row) != len(components.slot_colours):
        problems.append(f"a building row of {len(table.building_row)} slots")
    box = _box(components)
    in_box = box.in_box
    kept = [kind for b in table.buildings for kind, _ in b]
    seen = Counter([box.tile_kinds[t] for t in tiles])
    seen.update(kept)
    for kind, count in seen.items():
        if count > in_box[kind]:
            problems.append(
                f"{count} {components.buildings[kind].id} tiles; the box has {in_box[kind]}"
            )
    if not box.kept.issuperset(kept):
        for kind in dict.fromkeys(kept):
            if not components.buildings[kind].kept:
                problems.append(
                    f"a {components.buildings[kind].id} is kept, but it acts once and goes"
                )
    return problems


def _events(table: SyllaTable) -> list[str]:
    components = table.components
    row = [e for e in table.event_row if e >= 0]
    problems = []
    if len(table.event_row) != 4 or not components.events[table.event_row[3]].permanent:
        problems.append("Decadence is not in the bottom slot of four")
    if len(set(row + table.event_deck)) != len(row) + len(table.event_deck):
        problems.append("an event is in play or in the event deck twice")
    gone = len(components.events) - len(row) - len(table.event_deck)
    finished = table.round - 1 + (table.phase in AFTER_EVENTS)
    if gone != finished:
        problems.append(f"{gone} events have left the game after {finished} Events phases")
    for slot, e in enumerate(table.event_row):
        if e < 0 and table.occurred[slot]:
            problems.append(f"an empty event slot {slot} is marked as occurred")
    return problems


def _face_down(table: SyllaTable) -> list[str]:
    components = table.components
    problems = []
    for seat in range(table.players):
        for card, _, event in table.characters[seat]:
            if event != UP and not _can_hold(table, event, card=card):
                problems.append(
                    f"seat {seat}'s {table.card_name(card)} is face down, held by no event that can"
                )
        for kind, event in table.buildings[seat]:
            if event != UP and not _can_hold(table, event, kind=kind):
                problems.append(
                    f"seat {seat}'s {components.buildings[kind].id} is face down, held by no event "
                    "that can"
                )
    return problems


def _can_hold(
    table: SyllaTable, event: int, card: int | None = None, kind: int | None = None
) -> bool:
    holds = table.components.events[event].holds if event in table.event_row else None
    return holds is not None and matches(table, holds, card=card, kind=kind)


def _money_and_tokens(table: SyllaTable) -> list[str]:
    components = table.components
    problems = [f"seat {p} has {m} deniers" for p, m in enumerate(table.money) if m < 0]
    bank = table.bank()
    if bank is not None and bank < 0:
        problems.append(f"players hold {sum(table.money)} deniers; the box has {components.coins}")
    for seat in range(table.players):
        if min(table.known_tokens[seat], default=0) < 0:
            problems.append(f"seat {seat} holds {table.known_tokens[seat]} tokens")
        for colour, possible in table.private_tokens[seat]:
            if not possible >> colour & 1 or possible & ~ALL or possible & (possible - 1) == 0:
                problems.append(
                    f"seat {seat}'s private token {colour} has possible colours {possible:b}"
                )
    if table.options["open_screens"] and any(table.private_tokens):
        problems.append("a token is private although screens are open")
    if table.options["limited_tokens"]:
        tokens = [table.tokens(p) for p in range(table.players)]
        for t, name in enumerate(components.tendencies):
            held = sum(mine[t] for mine in tokens)
            if held > components.tokens_per_tendency:
                problems.append(
                    f"{held} {name} tokens held; the supply has {components.tokens_per_tendency}"
                )
    return problems


def _tracks(table: SyllaTable) -> list[str]:
    components = table.components
    top = len(components.ladder_values)
    problems = [
        f"the {name} marker is on {pos}, off the ladder 1..{top}"
        for name, pos in zip(components.tendencies, table.ladder, strict=True)
        if not 1 <= pos <= top
    ]
    if not components.famine_min <= table.famine <= components.famine_max:
        problems.append(f"the Famine marker is on {table.famine}")
    for seat, points in enumerate(table.prestige):
        if points < components.prestige_floor:
            problems.append(f"seat {seat} has {points} prestige, below {components.prestige_floor}")
    return problems


def _great_works(table: SyllaTable) -> list[str]:
    current = [table.great_work_current] if table.great_work_current >= 0 else []
    works = [*table.great_work_stack, table.great_work_removed, *table.great_works_built, *current]
    problems = []
    if sorted(works) != list(range(len(table.components.great_works))):
        problems.append(f"the Great Works {works} are not each card once")
    finished = table.round - 1 + (table.phase in ("ecclesia", "over"))
    if len(table.great_works_built) != finished:
        problems.append(f"{len(table.great_works_built)} Great Works built after {finished} rounds")
    if (table.great_work_current >= 0) != (table.step == "commit"):
        problems.append("a Great Work is current outside its commitment")
    return problems


def _tilt_and_cubes(table: SyllaTable) -> list[str]:
    problems = []
    if table.phase in ("first_consul", "recruitment") and any(
        t for h in table.characters for _, t, _ in h
    ):
        problems.append(f"a card is tilted in the {table.phase} phase")
    if table.phase != "events" and any(any(c) for c in table.cubes):
        problems.append(f"cubes on events in the {table.phase} phase")
    if table.step != "cube":
        return problems
    for seat in range(table.players):
        fighters = [table.active(seat, kind) for kind in CUBE_TYPES]
        placed = sum(c[seat] for c in table.cubes)
        left = table.cubes_left[seat]
        if placed + sum(left) > sum(fighters) or any(
            k > f for k, f in zip(left, fighters, strict=True)
        ):
            problems.append(
                f"seat {seat} placed {placed} cubes and has {left} left from {fighters} fighters"
            )
    return problems


def _this_phase(table: SyllaTable) -> list[str]:
    """Limits per phase, counted in the log since the phase began."""
    occurs: list[str] = []
    turned: list[tuple[str, int]] = []
    taverns: list[str] = []
    recruits: list[int] = []
    offered = 0
    for e in reversed(table.events):
        key = e.key
        if key == "sylla.phase":
            break
        if key == "sylla.occurs":
            occurs.append(e.args["event"])
        elif key == "sylla.face_down":
            turned.append((e.args["event"], e.args["seat"]))
        elif key == "sylla.tavern":
            taverns.append(e.args["marker"])
        elif key == "sylla.recruit":
            recruits.append(e.args["seat"])
        elif key == "sylla.offer":
            offered += 1
    for found in (occurs, turned, taverns, recruits):
        found.reverse()  # in the order they happened
    problems = [f"{event} occurred {n} times in one Events phase" for event, n in _repeated(occurs)]
    if len(occurs) > 2:
        problems.append(f"{len(occurs)} events occurred in one Events phase")
    problems += [
        f"{event} turned {n} cards of seat {seat} face down in one phase"
        for (event, seat), n in _repeated(turned)
    ]
    problems += [f"Taverns moved {m} {n} times in one phase" for m, n in _repeated(taverns)]
    share = table.player_count.recruits_per_player
    if recruits:
        problems += [
            f"seat {seat} recruited {n} cards in one phase, not {share}"
            for seat, n in Counter(recruits).items()
            if n > share
        ]
    limit = table.player_count.tiles_offered_per_round
    if limit is not None and offered > limit:
        problems.append(f"{offered} tiles offered in one Buildings phase, not {limit}")
    return problems


def _repeated(items: list[Any]) -> list[tuple[Any, int]]:
    """Each item that `items` holds more than once, with its count, in order of first showing."""
    if len(set(items)) == len(items):
        return []
    return [(item, n) for item, n in Counter(items).items() if n > 1]


CHECKS: tuple[Callable[[SyllaTable], list[str]], ...] = (
    _cards,
    _tiles,
    _events,
    _face_down,
    _money_and_tokens,
    _tracks,
    _great_works,
    _tilt_and_cubes,
    _this_phase,
)
