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
from collections.abc import Callable

from .actions import CUBE_TYPES
from .events import matches
from .table import ALL, UP, Table

AFTER_EVENTS = ("great_work", "ecclesia", "over")  # phases a round's removal has passed


def violations(s: Table) -> list[str]:
    """Every invariant `s` breaks, in words (empty when the position is sound)."""
    problems: list[str] = []
    for check in CHECKS:
        problems += check(s)
    return problems


def _seats(s: Table) -> list[str]:
    n = s.players
    per_seat = {
        "prestige": s.prestige,
        "money": s.money,
        "known tokens": s.known,
        "private tokens": s.hidden,
        "characters": s.chars,
        "buildings": s.builds,
        "starting picks": s.picks,
        "readiness": s.ready,
        "cubes left": s.cubes_left,
        "commitments": s.commits,
    }
    problems = [
        f"{what} for {len(v)} seats, not {n}" for what, v in per_seat.items() if len(v) != n
    ]
    if len(set(s.revenue)) != n:
        problems.append(f"revenue tiles {s.revenue} are not one each for {n} seats")
    if not 0 <= s.fc < n:
        problems.append(f"the First Consul is seat {s.fc}, not a seat of the game")
    if not 1 <= s.round <= s.comp.rounds:
        problems.append(f"round {s.round} outside 1..{s.comp.rounds}")
    return problems


def _cards(s: Table) -> list[str]:
    comp = s.comp
    total = len(comp.cards)
    owned = [card for hand in s.chars for card, _, _ in hand]
    characters = [card for card in owned if card < total]
    cranes = sorted(card for card in owned if card >= total)
    choose = s.count.starting_characters
    problems = []
    if s.phase == "setup":
        for seat, picks in enumerate(s.picks):
            own = comp.set_cards[s.revenue[seat]]
            if len(set(picks)) != len(picks) or not set(picks) <= set(own):
                problems.append(f"seat {seat} picked {picks}, not distinct cards of its own set")
            if len(picks) > choose or s.ready[seat] != (len(picks) == choose):
                problems.append(f"seat {seat} picked {len(picks)} of {choose} starting characters")
        if characters or s.deck or s.display:
            problems.append("character cards are dealt before everyone has chosen")
    elif any(s.picks):
        problems.append("starting picks are still hidden after the choice")
    else:
        for seat, hand in enumerate(s.chars):
            if sum(card < total for card, _, _ in hand) < choose:
                problems.append(f"seat {seat} holds fewer than its {choose} starting characters")
        places = s.deck + s.display + characters
        if len(places) != total or set(places) != set(range(total)):
            doubled = sorted(c for c, k in Counter(places).items() if k > 1)
            problems.append(
                f"{len(places)} character cards in the deck, display and hands, not each of the "
                f"{total} once (twice: {doubled})"
            )
    dealt = comp.crane_cards - s.cranes_left
    if not 0 <= dealt <= comp.crane_cards or cranes != list(range(total, total + dealt)):
        problems.append(f"Crane cards held {cranes} do not match the {s.cranes_left} left")
    if len(s.display) > s.count.display_size:
        problems.append(f"{len(s.display)} cards on a display of {s.count.display_size}")
    if not 0 <= s.deck_known <= len(s.deck):
        problems.append(f"{s.deck_known} known cards under a deck of {len(s.deck)}")
    return problems


def _tiles(s: Table) -> list[str]:
    comp = s.comp
    tiles = s.stack + [t for t in s.row if t >= 0]
    problems = []
    if len(set(tiles)) != len(tiles):
        problems.append("a building tile is in the stack or the row twice")
    if len(s.row) != len(comp.slot_colours):
        problems.append(f"a building row of {len(s.row)} slots")
    in_box = Counter(t.kind for t in comp.tiles)
    kept = Counter(kind for b in s.builds for kind, _ in b)
    seen = Counter(comp.tiles[t].kind for t in tiles) + kept
    for kind, count in seen.items():
        if count > in_box[kind]:
            problems.append(f"{count} {comp.buildings[kind].id} tiles; the box has {in_box[kind]}")
    for kind in kept:
        if not comp.buildings[kind].kept:
            problems.append(f"a {comp.buildings[kind].id} is kept, but it acts once and goes")
    return problems


def _events(s: Table) -> list[str]:
    comp = s.comp
    row = [e for e in s.row_events if e >= 0]
    problems = []
    if len(s.row_events) != 4 or not comp.events[s.row_events[3]].permanent:
        problems.append("Decadence is not in the bottom slot of four")
    if len(set(row + s.event_deck)) != len(row) + len(s.event_deck):
        problems.append("an event is in play or in the event deck twice")
    gone = len(comp.events) - len(row) - len(s.event_deck)
    finished = s.round - 1 + (s.phase in AFTER_EVENTS)
    if gone != finished:
        problems.append(f"{gone} events have left the game after {finished} Events phases")
    for slot, e in enumerate(s.row_events):
        if e < 0 and s.occurred[slot]:
            problems.append(f"an empty event slot {slot} is marked as occurred")
    return problems


def _face_down(s: Table) -> list[str]:
    comp = s.comp
    problems = []
    for seat in range(s.players):
        for card, _, event in s.chars[seat]:
            if event != UP and not _can_hold(s, event, card=card):
                problems.append(
                    f"seat {seat}'s {s.card_name(card)} is face down, held by no event that can"
                )
        for kind, event in s.builds[seat]:
            if event != UP and not _can_hold(s, event, kind=kind):
                problems.append(
                    f"seat {seat}'s {comp.buildings[kind].id} is face down, held by no event "
                    "that can"
                )
    return problems


def _can_hold(s: Table, event: int, card: int | None = None, kind: int | None = None) -> bool:
    holds = s.comp.events[event].holds if event in s.row_events else None
    return holds is not None and matches(s, holds, card=card, kind=kind)


def _money_and_tokens(s: Table) -> list[str]:
    comp = s.comp
    problems = [f"seat {p} has {m} deniers" for p, m in enumerate(s.money) if m < 0]
    bank = s.bank()
    if bank is not None and bank < 0:
        problems.append(f"players hold {sum(s.money)} deniers; the box has {comp.coins}")
    for seat in range(s.players):
        if any(k < 0 for k in s.known[seat]):
            problems.append(f"seat {seat} holds {s.known[seat]} tokens")
        for colour, possible in s.hidden[seat]:
            if not possible >> colour & 1 or possible & ~ALL or possible & (possible - 1) == 0:
                problems.append(
                    f"seat {seat}'s private token {colour} has possible colours {possible:b}"
                )
    if s.options["open_screens"] and any(s.hidden):
        problems.append("a token is private although screens are open")
    if s.options["limited_tokens"]:
        for t, name in enumerate(comp.tendencies):
            held = sum(s.tokens(p)[t] for p in range(s.players))
            if held > comp.tokens_per_tendency:
                problems.append(
                    f"{held} {name} tokens held; the supply has {comp.tokens_per_tendency}"
                )
    return problems


def _tracks(s: Table) -> list[str]:
    comp = s.comp
    top = len(comp.ladder_values)
    problems = [
        f"the {name} marker is on {pos}, off the ladder 1..{top}"
        for name, pos in zip(comp.tendencies, s.ladder, strict=True)
        if not 1 <= pos <= top
    ]
    if not comp.famine_min <= s.famine <= comp.famine_max:
        problems.append(f"the Famine marker is on {s.famine}")
    for seat, points in enumerate(s.prestige):
        if points < comp.prestige_floor:
            problems.append(f"seat {seat} has {points} prestige, below {comp.prestige_floor}")
    return problems


def _great_works(s: Table) -> list[str]:
    current = [s.gw_current] if s.gw_current >= 0 else []
    works = [*s.gw_stack, s.gw_removed, *s.gw_built, *current]
    problems = []
    if sorted(works) != list(range(len(s.comp.great_works))):
        problems.append(f"the Great Works {works} are not each card once")
    finished = s.round - 1 + (s.phase in ("ecclesia", "over"))
    if len(s.gw_built) != finished:
        problems.append(f"{len(s.gw_built)} Great Works built after {finished} rounds")
    if (s.gw_current >= 0) != (s.step == "commit"):
        problems.append("a Great Work is current outside its commitment")
    return problems


def _tilt_and_cubes(s: Table) -> list[str]:
    problems = []
    if s.phase in ("first_consul", "recruitment") and any(t for h in s.chars for _, t, _ in h):
        problems.append(f"a card is tilted in the {s.phase} phase")
    if s.phase != "events" and any(any(c) for c in s.cubes):
        problems.append(f"cubes on events in the {s.phase} phase")
    if s.step != "cube":
        return problems
    for seat in range(s.players):
        fighters = [s.active(seat, kind) for kind in CUBE_TYPES]
        placed = sum(c[seat] for c in s.cubes)
        left = s.cubes_left[seat]
        if placed + sum(left) > sum(fighters) or any(
            k > f for k, f in zip(left, fighters, strict=True)
        ):
            problems.append(
                f"seat {seat} placed {placed} cubes and has {left} left from {fighters} fighters"
            )
    return problems


def _this_phase(s: Table) -> list[str]:
    """Limits per phase, counted in the log since the phase began."""
    start = len(s.events)
    while start and s.events[start - 1].key != "sylla.phase":
        start -= 1
    occurs: Counter[str] = Counter()
    turned: Counter[tuple[str, int]] = Counter()
    taverns: Counter[str] = Counter()
    recruits: Counter[int] = Counter()
    offered = 0
    for e in s.events[start:]:
        if e.key == "sylla.occurs":
            occurs[e.args["event"]] += 1
        elif e.key == "sylla.face_down":
            turned[e.args["event"], e.args["seat"]] += 1
        elif e.key == "sylla.tavern":
            taverns[e.args["marker"]] += 1
        elif e.key == "sylla.recruit":
            recruits[e.args["seat"]] += 1
        elif e.key == "sylla.offer":
            offered += 1
    problems = [
        f"{event} occurred {n} times in one Events phase" for event, n in occurs.items() if n > 1
    ]
    if sum(occurs.values()) > 2:
        problems.append(f"{sum(occurs.values())} events occurred in one Events phase")
    problems += [
        f"{event} turned {n} cards of seat {seat} face down in one phase"
        for (event, seat), n in turned.items()
        if n > 1
    ]
    problems += [f"Taverns moved {m} {n} times in one phase" for m, n in taverns.items() if n > 1]
    share = s.count.recruits_per_player
    problems += [
        f"seat {seat} recruited {n} cards in one phase, not {share}"
        for seat, n in recruits.items()
        if n > share
    ]
    limit = s.count.tiles_offered_per_round
    if limit is not None and offered > limit:
        problems.append(f"{offered} tiles offered in one Buildings phase, not {limit}")
    return problems


CHECKS: tuple[Callable[[Table], list[str]], ...] = (
    _seats,
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
