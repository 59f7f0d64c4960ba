"""The Sylla position: everything on the table and behind the screens, each field declared once.

The fields below are the position: `tabulae.core.Table` derives from them its slots, its
copies and the position format (`docs/positions/sylla.md`). Owned cards are tuples, replaced
when they change. A character (or Crane card) is ``(card, tilted, held)`` and a kept building
is ``(kind, held)``, where ``held`` is -1 for a face-up card and else the index of the event
that turned it face down and holds it (S-27..S-29).

Tokens: ``known_tokens[p]`` counts tokens whose colour every player knows (the First
Consul's, the events', and those shown in a crisis); ``private_tokens[p]`` lists the others as
``(colour, possible)`` pairs, ``possible`` being the bit mask of the colours the other
players cannot yet rule out. A crisis reveals one colour's count, which turns that colour's
private tokens into known ones and rules it out for the rest. This is exactly what the other
seats know, so `determinize` re-samples each private colour within its mask.

Indices: a card is its place in the edition's card list (Crane cards follow the 40
characters), a tile its place in the tile list, an event or a Great Work its place in its
list; -1 stands for "none" in a slot or a seat field.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Annotated, Any, Literal

from tabulae.core import DERIVED, FACE_DOWN, Rng, Table, visible

from .actions import CAP
from .components import Components, PlayerCount, load

UP = -1  # a face-up card's `held`
ALL = 0b111  # every tendency possible

Phase = Literal[
    "setup",
    "first_consul",
    "recruitment",
    "buildings",
    "revenue",
    "events",
    "great_work",
    "famine_and_crisis",
    "end_of_round",
    "end_of_game",
    "ecclesia",
    "over",
]
Decision = Literal[
    "",  # between phases, never seen outside `apply`
    "choose",
    "elect",
    "consul_token",
    "recruit",
    "offer",
    "auction",
    "pay",
    "insula",
    "revenue",
    "cube",
    "prevent",
    "flip",
    "remove",
    "commit",
    "free",
    "over",
]
Character = tuple[int, bool, int]  # (card, tilted, held)
Building = tuple[int, int]  # (building kind, held)
PrivateToken = tuple[int, int]  # (colour, possible colours mask)
BuildingUse = Literal["temple", "tavern"]  # a Private temple's or a Tavern's use


class SyllaTable(Table):
    """A Sylla position. Seats are 0..players-1, clockwise."""

    position_version = 1

    rng: Rng  # the table's own shuffles: the character deck once everyone has chosen
    # -- the round ---------------------------------------------------------------------------
    round: int  # the round, 1..5 ("runda")
    phase: Phase  # the phase of the round the phase marker shows
    step: Decision  # the decision the phase waits for
    actor: int  # the seat that decides, for a decision of one player
    first_consul: int  # the seat of the First Consul ("Pierwszy Konsul")
    # -- the players, by seat ----------------------------------------------------------------
    revenue_tiles: tuple[int, ...]  # each seat's Revenue tile: the character set it chose from
    prestige: list[int]  # prestige points on the score track
    money: list[int]  # deniers behind the screen
    known_tokens: list[list[int]]  # Res Publica tokens whose colour all know, by tendency
    private_tokens: list[list[PrivateToken]]  # the others, taken behind the screen
    characters: list[list[Character]]  # the characters (and Crane cards) in front of a player
    buildings: list[list[Building]]  # the buildings a player keeps in front of him
    starting_picks: list[list[int]]  # starting characters chosen so far, secretly (S-03)
    ready: list[bool]  # whether a seat has chosen all its starting characters
    # -- the Res Publica ---------------------------------------------------------------------
    ladder: list[int]  # each tendency's marker on the ladder, 1..7
    famine: int  # the Famine marker on its track
    # -- the characters ----------------------------------------------------------------------
    deck: list[int]  # the character deck, bottom first
    deck_known: int  # cards at the bottom of the deck whose order all know (put back, S-11)
    display: list[int]  # the characters on display for recruitment
    cranes_left: int  # Crane cards left in their pile
    # -- the buildings -----------------------------------------------------------------------
    building_stack: list[int]  # the tile stack, bottom first: C, then B, then A
    building_row: list[int]  # the tile on each coloured slot of the building row, -1: empty
    # -- the events --------------------------------------------------------------------------
    event_deck: Annotated[list[int], FACE_DOWN]  # the event deck, bottom first
    event_row: list[int]  # the event in each of the four slots, top first; Decadence last
    occurred: list[bool]  # whether the event in a slot has occurred while in play
    cubes: list[list[int]]  # cubes on each event slot, by seat (phase V)
    cubes_left: list[list[int]]  # each seat's Legionary and Vestal cubes still to place
    # -- the Great Works ---------------------------------------------------------------------
    great_work_stack: list[int]  # the Great Work cards, bottom first; the top one is next
    great_work_removed: int  # the card removed at setup, known to all (S-04)
    great_work_current: int  # the card being committed to (phase VI), -1: none
    great_works_built: list[int]  # the cards built, one per finished round
    commitments: list[tuple[bool, int] | None]  # each seat's secret thumb and deniers
    # -- the decision under way --------------------------------------------------------------
    queue: list[int]  # the seats still to act in this phase, in turn
    high_bid: int  # the highest bid so far: votes in the election, cards in an auction
    high_bidder: int  # the seat that made it, -1: none yet
    high_bid_deniers: int  # the deniers of the election's highest bid (Senators vote free)
    seller: int  # the seat that offers the next building tile
    offered_slot: int  # the building row slot of the tile for sale, -1: none yet
    tiles_offered: int  # tiles offered this Buildings phase
    cards_owed: int  # cards the buyer still has to tilt to pay
    tokens_due: int  # tokens of his choice an Insula still gives the buyer
    building_uses: list[BuildingUse]  # the Private temple and Tavern uses left to the seat in turn
    markers_moved: list[bool]  # markers a Tavern has moved this phase: tendencies, then Famine
    prevented: list[int]  # the slots of the prevented events
    tied: list[int]  # the slots the First Consul chooses among (to prevent, or to remove)
    prevent_needed: int  # how many of the tied events the First Consul still prevents
    occurring: list[int]  # the slots of the events still to occur, top first
    flipping: list[int]  # the seats still to turn a card face down for the occurring event
    final: dict[str, Any]  # the final score sheet, once the game is over
    # -- the edition -------------------------------------------------------------------------
    components: Annotated[Components, DERIVED]  # the edition's components: static and shared

    def restore(self) -> None:
        self.components = load(self.options["edition"])

    @property
    def player_count(self) -> PlayerCount:
        """The rules that change with the number of players."""
        return self.components.player_counts[self.players]

    # -- the protocol ----------------------------------------------------------------------

    def determinize(self, seat: int | None, rng: Rng) -> SyllaTable:
        """A copy with what `seat` cannot know re-sampled (see rulings, Hidden information).

        Re-sampled: the other seats' unrevealed starting choices and Great Work
        commitments, the colours of their private tokens, the order of the
        character deck (below the known bottom cards it keeps, and with a card
        of the visible set numeral on top), of each letter of the building
        stack, of the event deck and of the Great Works under the visible one.
        Money totals stay: every payment is public, so they follow from the record.
        The copy keeps only the events `seat` has seen.
        """
        twin = self.clone()
        twin.rng = Rng(rng.next64())
        twin.events = list(visible(self.events, seat))
        others = [p for p in range(self.players) if p != seat]
        for p in others:
            if self.starting_picks[p] and self.step == "choose":
                own = self.components.set_cards[self.revenue_tiles[p]]
                twin.starting_picks[p] = rng.sample(own, len(self.starting_picks[p]))
            if self.step == "commit" and self.commitments[p] is not None:
                twin.commitments[p] = (
                    rng.below(2) == 1,
                    rng.below(min(self.money[p], CAP) + 1),
                )
        if not self.options["open_screens"] and self.step != "over":
            _resample_tokens(twin, others, rng)
        _resample_deck(twin, rng)
        _resample_stack(twin, rng)
        twin.shuffle_face_down(rng)  # the event deck
        if len(twin.great_work_stack) > 1:
            below = sorted(twin.great_work_stack[:-1])
            rng.shuffle(below)
            twin.great_work_stack[:-1] = below
        return twin

    # -- reading the table -----------------------------------------------------------------

    def name(self, seat: int) -> str:
        return f"{self.components.colours[seat]} (seat {seat})"

    def is_crane(self, card: int) -> bool:
        return self.components.card_types[card] == "crane"

    def hexes(self, card: int) -> tuple[str, ...]:
        return self.components.card_hexes[card]

    def card_name(self, card: int) -> str:
        """The design id of a character card, or `crane` for a Crane card."""
        return self.components.card_names[card]

    def active(self, seat: int, kind: str) -> int:
        """Face-up, untilted characters of a type: the ones whose ability works now."""
        types = self.components.card_types
        return sum(
            1
            for card, tilted, held in self.characters[seat]
            if not tilted and held == UP and types[card] == kind
        )

    def senators(self, seat: int) -> int:
        """Face-up Senators: votes in the election (tilting does not matter there, S-08)."""
        types = self.components.card_types
        return sum(
            1 for card, _, held in self.characters[seat] if held == UP and types[card] == "senator"
        )

    def face_up_buildings(self, seat: int, kind: str) -> int:
        k = self.components.index("buildings", kind)
        return sum(1 for b, held in self.buildings[seat] if b == k and held == UP)

    def tokens(self, seat: int) -> list[int]:
        """The true count of each tendency's tokens a seat holds."""
        counts = list(self.known_tokens[seat])
        for colour, _ in self.private_tokens[seat]:
            counts[colour] += 1
        return counts

    def screened(self, seat: int | None, owner: int) -> bool:
        """Whether `owner`'s money and tokens are hidden from `seat`."""
        return not (seat == owner or self.options["open_screens"] or self.step == "over")

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
        return self.components.coins - sum(self.money)

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
        self.prestige[seat] = max(self.components.prestige_floor, before - points)
        return before - self.prestige[seat]

    def supply(self, tendency: int) -> int | None:
        """Tokens of a tendency left in the supply, or None when unlimited (S-41)."""
        if not self.options["limited_tokens"]:
            return None
        held = sum(self.tokens(p)[tendency] for p in range(self.players))
        return self.components.tokens_per_tendency - held

    def available_tendencies(self) -> list[int]:
        return [t for t in range(len(self.components.tendencies)) if self.supply(t) != 0]

    def take_token(self, seat: int, tendency: int, source: str, secret: bool) -> None:
        """A token to a seat: in public, or behind the screen with its colour private."""
        name = self.components.tendencies[tendency]
        if secret and not self.options["open_screens"]:
            self.private_tokens[seat].append((tendency, ALL))
            self.tell("token_hidden", seat=seat, source=source)
            self.tell("token", (seat,), seat=seat, tendency=name, source=source)
        else:
            self.known_tokens[seat][tendency] += 1
            self.tell("token", seat=seat, tendency=name, source=source)

    def move_marker(self, marker: int, steps: int, cause: str) -> None:
        """Move a ladder marker (clamped at both ends, S-05)."""
        before = self.ladder[marker]
        after = min(len(self.components.ladder_values), max(1, before + steps))
        self.ladder[marker] = after
        self.tell(
            "marker",
            marker=self.components.tendencies[marker],
            before=before,
            after=after,
            cause=cause,
        )

    def move_famine(self, steps: int, cause: str) -> None:
        """Move the Famine marker (clamped to its track, S-06)."""
        before = self.famine
        self.famine = min(
            self.components.famine_max, max(self.components.famine_min, before + steps)
        )
        self.tell("famine", before=before, after=self.famine, cause=cause)


def _resample_tokens(twin: SyllaTable, others: list[int], rng: Rng) -> None:
    """New colours for the hidden tokens of `others`, each within its possible colours.

    With limited tokens the supply is public, so the colours of all those hidden
    tokens together are known: they are dealt out again within the masks.
    """
    colours = len(twin.components.tendencies)
    if twin.options["limited_tokens"]:
        _redeal_tokens(twin, others, rng)
        return
    for p in others:
        fresh = []
        for _, mask in twin.private_tokens[p]:
            options = [c for c in range(colours) if mask >> c & 1]
            fresh.append((options[rng.below(len(options))], mask))
        twin.private_tokens[p] = fresh


def _redeal_tokens(twin: SyllaTable, others: list[int], rng: Rng) -> None:
    """Deal the known multiset of hidden colours to the hidden tokens, respecting masks."""
    colours = len(twin.components.tendencies)
    totals = [0] * colours
    groups: dict[int, list[tuple[int, int]]] = {}
    for p in others:
        for i, (colour, mask) in enumerate(twin.private_tokens[p]):
            totals[colour] += 1
            groups.setdefault(mask, []).append((p, i))
    masks = sorted(groups)
    plan = _split(masks, [len(groups[m]) for m in masks], totals, colours)
    for mask, counts in zip(masks, plan, strict=True):
        dealt = [c for c in range(colours) for _ in range(counts[c])]
        rng.shuffle(dealt)
        for (p, i), colour in zip(groups[mask], dealt, strict=True):
            twin.private_tokens[p][i] = (colour, mask)


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


def _resample_deck(twin: SyllaTable, rng: Rng) -> None:
    """Shuffle the unknown top part of the character deck, keeping the top card's set."""
    unknown = sorted(twin.deck[twin.deck_known :])
    if len(unknown) < 2:
        return
    top_set = twin.components.cards[twin.deck[-1]][0]
    rng.shuffle(unknown)
    same = [i for i, c in enumerate(unknown) if twin.components.cards[c][0] == top_set]
    pick = same[rng.below(len(same))]
    unknown[pick], unknown[-1] = unknown[-1], unknown[pick]
    twin.deck[twin.deck_known :] = unknown


def _resample_stack(twin: SyllaTable, rng: Rng) -> None:
    """Shuffle the building stack within each run of one letter (C, B, A from the bottom)."""
    tiles = twin.components.tiles
    stack = twin.building_stack
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
