"""The Sylla position's data: everything on the table and behind the screens, and its copies.

Owned cards are tuples, replaced when they change, so a copy is a shallow copy
of each list. A character (or Crane card) is ``(card, tilted, held)`` and a kept
building is ``(kind, held)``, where ``held`` is -1 for a face-up card and else
the index of the event that turned it face down and holds it (S-27..S-29).

Tokens: ``known[p]`` counts tokens whose colour every player knows (the First
Consul's, the events', and those shown in a crisis); ``hidden[p]`` lists the
others as ``(colour, possible)`` pairs, ``possible`` being the bit mask of the
colours the other players cannot yet rule out. A crisis reveals one colour's
count, which turns that colour's hidden tokens into known ones and rules it out
for the rest. This is exactly what the other seats know, so `determinize`
re-samples each hidden colour within its mask.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from tabulae.core import Event, Game, Rng, State

from .actions import CAP
from .components import EDITIONS, Components, load

UP = -1  # a face-up card's `held`
ALL = 0b111  # every tendency possible


class Table(State):
    __slots__ = (
        "game",
        "players",
        "options",
        "events",
        "rng",
        "count",
        "round",
        "phase",
        "step",
        "actor",
        "fc",
        "prestige",
        "money",
        "known",
        "hidden",
        "ladder",
        "famine",
        "revenue",
        "chars",
        "builds",
        "picks",
        "ready",
        "deck",
        "deck_known",
        "display",
        "stack",
        "row",
        "event_deck",
        "row_events",
        "occurred",
        "cubes",
        "gw_stack",
        "gw_removed",
        "gw_current",
        "gw_built",
        "cranes_left",
        "queue",
        "high",
        "leader",
        "leader_pay",
        "seller",
        "offer",
        "offered",
        "owed",
        "tokens_due",
        "uses",
        "moved",
        "cubes_left",
        "prevented",
        "tied",
        "need",
        "occurring",
        "flipping",
        "commits",
        "final",
    )

    game: Game
    players: int
    options: Mapping[str, Any]
    events: list[Event]
    rng: Rng
    chars: list[list[tuple[int, bool, int]]]  # per seat: (card, tilted, held)
    builds: list[list[tuple[int, int]]]  # per seat: (building kind, held)
    hidden: list[list[tuple[int, int]]]  # per seat: (colour, possible colours mask)

    @property
    def comp(self) -> Components:
        """The edition's components: static, shared, and kept out of the position itself."""
        return EDITIONS.get(self.options["edition"]) or load(self.options["edition"])

    # -- the protocol ----------------------------------------------------------------------

    @property
    def to_move(self) -> tuple[int, ...]:
        step = self.step
        if step == "choose":
            return tuple(p for p in range(self.players) if not self.ready[p])
        if step == "commit":
            return tuple(p for p in range(self.players) if self.commits[p] is None)
        if step == "over":
            return ()
        return (self.actor,)

    # -- copies ----------------------------------------------------------------------------

    def clone(self) -> Table:
        twin = type(self).__new__(type(self))
        twin.game = self.game
        twin.players = self.players
        twin.options = self.options
        twin.events = list(self.events)
        twin.rng = self.rng.clone()
        twin.count = self.count
        twin.round = self.round
        twin.phase = self.phase
        twin.step = self.step
        twin.actor = self.actor
        twin.fc = self.fc
        twin.prestige = list(self.prestige)
        twin.money = list(self.money)
        twin.known = [list(k) for k in self.known]
        twin.hidden = [list(h) for h in self.hidden]
        twin.ladder = list(self.ladder)
        twin.famine = self.famine
        twin.revenue = self.revenue
        twin.chars = [list(c) for c in self.chars]
        twin.builds = [list(b) for b in self.builds]
        twin.picks = [list(p) for p in self.picks]
        twin.ready = list(self.ready)
        twin.deck = list(self.deck)
        twin.deck_known = self.deck_known
        twin.display = list(self.display)
        twin.stack = list(self.stack)
        twin.row = list(self.row)
        twin.event_deck = list(self.event_deck)
        twin.row_events = list(self.row_events)
        twin.occurred = list(self.occurred)
        twin.cubes = [list(c) for c in self.cubes]
        twin.gw_stack = list(self.gw_stack)
        twin.gw_removed = self.gw_removed
        twin.gw_current = self.gw_current
        twin.gw_built = list(self.gw_built)
        twin.cranes_left = self.cranes_left
        twin.queue = list(self.queue)
        twin.high = self.high
        twin.leader = self.leader
        twin.leader_pay = self.leader_pay
        twin.seller = self.seller
        twin.offer = self.offer
        twin.offered = self.offered
        twin.owed = self.owed
        twin.tokens_due = self.tokens_due
        twin.uses = list(self.uses)
        twin.moved = list(self.moved)
        twin.cubes_left = [list(c) for c in self.cubes_left]
        twin.prevented = list(self.prevented)
        twin.tied = list(self.tied)
        twin.need = self.need
        twin.occurring = list(self.occurring)
        twin.flipping = list(self.flipping)
        twin.commits = list(self.commits)
        twin.final = dict(self.final)
        return twin

    def determinize(self, seat: int | None, rng: Rng) -> Table:
        """A copy with what `seat` cannot know re-sampled (see rulings, Hidden information).

        Re-sampled: the other seats' unrevealed starting choices and Great Work
        commitments, the colours of their hidden tokens, the order of the
        character deck (below the known bottom cards it keeps, and with a card
        of the visible set numeral on top), of each letter of the building
        stack, of the event deck and of the Great Works under the visible one.
        Money totals stay: every payment is public, so they follow from the record.
        The copy keeps only the events `seat` has seen.
        """
        twin = self.clone()
        twin.rng = Rng(rng.next64())
        twin.events = [e for e in self.events if e.audience is None or seat in e.audience]
        others = [p for p in range(self.players) if p != seat]
        for p in others:
            if self.picks[p] and self.step == "choose":
                own = self.comp.set_cards[self.revenue[p]]
                twin.picks[p] = rng.sample(own, len(self.picks[p]))
            if self.step == "commit" and self.commits[p] is not None:
                twin.commits[p] = (rng.below(2) == 1, rng.below(min(self.money[p], CAP) + 1))
        if not self.options["open_screens"] and self.step != "over":
            _resample_tokens(twin, others, rng)
        _resample_deck(twin, rng)
        _resample_stack(twin, rng)
        twin.event_deck.sort()
        rng.shuffle(twin.event_deck)
        if len(twin.gw_stack) > 1:
            below = sorted(twin.gw_stack[:-1])
            rng.shuffle(below)
            twin.gw_stack[:-1] = below
        return twin

    # -- reading the table -----------------------------------------------------------------

    def name(self, seat: int) -> str:
        return f"{self.comp.colours[seat]} (seat {seat})"

    def order_from(self, seat: int) -> list[int]:
        """Clockwise from `seat`, `seat` first."""
        n = self.players
        return [(seat + i) % n for i in range(n)]

    def is_crane(self, card: int) -> bool:
        return self.comp.card_types[card] == "crane"

    def hexes(self, card: int) -> tuple[str, ...]:
        return self.comp.card_hexes[card]

    def card_name(self, card: int) -> str:
        """The design id of a character card, or `crane` for a Crane card."""
        return self.comp.card_names[card]

    def active(self, seat: int, kind: str) -> int:
        """Face-up, untilted characters of a type: the ones whose ability works now."""
        types = self.comp.card_types
        return sum(
            1
            for card, tilted, held in self.chars[seat]
            if not tilted and held == UP and types[card] == kind
        )

    def senators(self, seat: int) -> int:
        """Face-up Senators: votes in the election (tilting does not matter there, S-08)."""
        types = self.comp.card_types
        return sum(
            1 for card, _, held in self.chars[seat] if held == UP and types[card] == "senator"
        )

    def face_up_buildings(self, seat: int, kind: str) -> int:
        k = self.comp.index("buildings", kind)
        return sum(1 for b, held in self.builds[seat] if b == k and held == UP)

    def tokens(self, seat: int) -> list[int]:
        """The true count of each tendency's tokens a seat holds."""
        counts = list(self.known[seat])
        for colour, _ in self.hidden[seat]:
            counts[colour] += 1
        return counts

    def screened(self, seat: int | None, owner: int) -> bool:
        """Whether `owner`'s money and tokens are hidden from `seat`."""
        return not (seat == owner or self.options["open_screens"] or self.step == "over")

    def tell(self, key: str, audience: tuple[int, ...] | None = None, **args: Any) -> None:
        self.events.append(Event(f"sylla.{key}", args, audience))

    @staticmethod
    def by_seat(values: Iterable[Any]) -> dict[str, Any]:
        """One value per player as an event argument: keyed by seat, so that each value is
        shown with its player's name."""
        return {str(seat): value for seat, value in enumerate(values)}

    # -- changing the table ----------------------------------------------------------------

    def bank(self) -> int | None:
        """Deniers left in the bank, or None when the bank is unlimited (S-41)."""
        if not self.options["limited_bank"]:
            return None
        return self.comp.coins - sum(self.money)

    def earn(self, seat: int, amount: int) -> int:
        """Pay `amount` from the bank (only what it holds when limited); returns the sum paid."""
        left = self.bank()
        if left is not None:
            amount = min(amount, left)
        self.money[seat] += amount
        return amount

    def spend(self, seat: int, amount: int) -> None:
        self.money[seat] -= amount

    def gain(self, seat: int, points: int) -> None:
        self.prestige[seat] += points

    def lose(self, seat: int, points: int) -> int:
        """Lose prestige down to the floor (S-07); returns the points actually lost."""
        before = self.prestige[seat]
        self.prestige[seat] = max(self.comp.prestige_floor, before - points)
        return before - self.prestige[seat]

    def supply(self, tendency: int) -> int | None:
        """Tokens of a tendency left in the supply, or None when unlimited (S-41)."""
        if not self.options["limited_tokens"]:
            return None
        held = sum(self.tokens(p)[tendency] for p in range(self.players))
        return self.comp.tokens_per_tendency - held

    def available_tendencies(self) -> list[int]:
        return [t for t in range(len(self.comp.tendencies)) if self.supply(t) != 0]

    def take_token(self, seat: int, tendency: int, source: str, secret: bool) -> None:
        """A token to a seat: in public, or behind the screen with its colour private."""
        name = self.comp.tendencies[tendency]
        if secret and not self.options["open_screens"]:
            self.hidden[seat].append((tendency, ALL))
            self.tell("token_hidden", seat=seat, source=source)
            self.tell("token", (seat,), seat=seat, tendency=name, source=source)
        else:
            self.known[seat][tendency] += 1
            self.tell("token", seat=seat, tendency=name, source=source)

    def move_marker(self, marker: int, steps: int, cause: str) -> None:
        """Move a ladder marker (clamped at both ends, S-05)."""
        before = self.ladder[marker]
        after = min(len(self.comp.ladder_values), max(1, before + steps))
        self.ladder[marker] = after
        self.tell(
            "marker", marker=self.comp.tendencies[marker], before=before, after=after, cause=cause
        )

    def move_famine(self, steps: int, cause: str) -> None:
        """Move the Famine marker (clamped to its track, S-06)."""
        before = self.famine
        self.famine = min(self.comp.famine_max, max(self.comp.famine_min, before + steps))
        self.tell("famine", before=before, after=self.famine, cause=cause)


def _resample_tokens(twin: Table, others: list[int], rng: Rng) -> None:
    """New colours for the hidden tokens of `others`, each within its possible colours.

    With limited tokens the supply is public, so the colours of all those hidden
    tokens together are known: they are dealt out again within the masks.
    """
    colours = len(twin.comp.tendencies)
    if twin.options["limited_tokens"]:
        _redeal_tokens(twin, others, rng)
        return
    for p in others:
        fresh = []
        for _, mask in twin.hidden[p]:
            options = [c for c in range(colours) if mask >> c & 1]
            fresh.append((options[rng.below(len(options))], mask))
        twin.hidden[p] = fresh


def _redeal_tokens(twin: Table, others: list[int], rng: Rng) -> None:
    """Deal the known multiset of hidden colours to the hidden tokens, respecting masks."""
    colours = len(twin.comp.tendencies)
    totals = [0] * colours
    groups: dict[int, list[tuple[int, int]]] = {}
    for p in others:
        for i, (colour, mask) in enumerate(twin.hidden[p]):
            totals[colour] += 1
            groups.setdefault(mask, []).append((p, i))
    masks = sorted(groups)
    plan = _split(masks, [len(groups[m]) for m in masks], totals, colours)
    for mask, counts in zip(masks, plan, strict=True):
        dealt = [c for c in range(colours) for _ in range(counts[c])]
        rng.shuffle(dealt)
        for (p, i), colour in zip(groups[mask], dealt, strict=True):
            twin.hidden[p][i] = (colour, mask)


def _split(masks: list[int], sizes: list[int], totals: list[int], colours: int) -> list[list[int]]:
    """How many tokens of each mask group take each colour, so that colour totals match.

    A small search (three colours, at most seven masks); the true colours prove a
    split exists, and the first found depends only on the public counts.
    """
    if not masks:
        return []
    allowed = [c for c in range(colours) if masks[0] >> c & 1]

    def shares(n: int, cs: list[int]) -> Iterator[dict[int, int]]:
        if len(cs) == 1:
            if n <= totals[cs[0]]:
                yield {cs[0]: n}
            return
        for k in range(min(n, totals[cs[0]]) + 1):
            for rest in shares(n - k, cs[1:]):
                yield {cs[0]: k, **rest}

    for share in shares(sizes[0], allowed):
        counts = [share.get(c, 0) for c in range(colours)]
        left = [t - k for t, k in zip(totals, counts, strict=True)]
        try:
            return [counts, *_split(masks[1:], sizes[1:], left, colours)]
        except ValueError:
            continue
    raise ValueError("no split")


def _resample_deck(twin: Table, rng: Rng) -> None:
    """Shuffle the unknown top part of the character deck, keeping the top card's set."""
    unknown = sorted(twin.deck[twin.deck_known :])
    if len(unknown) < 2:
        return
    top_set = twin.comp.cards[twin.deck[-1]][0]
    rng.shuffle(unknown)
    same = [i for i, c in enumerate(unknown) if twin.comp.cards[c][0] == top_set]
    pick = same[rng.below(len(same))]
    unknown[pick], unknown[-1] = unknown[-1], unknown[pick]
    twin.deck[twin.deck_known :] = unknown


def _resample_stack(twin: Table, rng: Rng) -> None:
    """Shuffle the building stack within each run of one letter (C, B, A from the bottom)."""
    tiles = twin.comp.tiles
    stack = twin.stack
    start = 0
    while start < len(stack):
        end = start
        letter = tiles[stack[start]].letter
        while end < len(stack) and tiles[stack[end]].letter == letter:
            end += 1
        run = sorted(stack[start:end])
        rng.shuffle(run)
        stack[start:end] = run
        start = end
