"""Setup (rulebook "Przygotowanie"): the table, then the secret choice of starting characters.

Revenue tiles are dealt at random from all four and each player takes the
matching character set (S-02). Everyone secretly chooses 4 characters (6 with
2–3 players), one `choose <design>` at a time; the choices are revealed together
(S-03). Then money (S-01), the character deck and the display are dealt.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabulae.core import Action, Game, IllegalAction, Rng

from .actions import act
from .components import load
from .refusals import listed, refused
from .table import UP, SyllaTable


def start(
    kind: type[SyllaTable], game: Game, players: int, rng: Rng, options: Mapping[str, Any]
) -> SyllaTable:
    components = load(options["edition"])
    table = kind.blank(game, players, options)
    table.rng, table.components = rng, components
    table.round, table.phase, table.step = 1, "setup", "choose"
    table.revenue_tiles = tuple(rng.sample(range(len(components.set_numerals)), players))
    table.first_consul = table.actor = min(range(players), key=lambda p: table.revenue_tiles[p])
    table.prestige = [components.prestige_start] * players
    table.money = [0] * players
    table.known_tokens = [[0] * len(components.tendencies) for _ in range(players)]
    table.private_tokens = [[] for _ in range(players)]
    table.ladder = [components.ladder_start] * len(components.tendencies)
    table.famine = components.famine_start
    table.characters = [[] for _ in range(players)]
    table.buildings = [[] for _ in range(players)]
    table.starting_picks = [[] for _ in range(players)]
    table.ready = [False] * players
    table.deck, table.deck_known, table.display = [], 0, []
    table.building_stack = []
    for letter in components.letters_stacked:  # C at the bottom, A on top; each letter shuffled
        tiles = [i for i, t in enumerate(components.tiles) if t.letter == letter]
        rng.shuffle(tiles)
        table.building_stack += tiles
    table.building_row = [table.building_stack.pop() for _ in components.slot_colours]
    decadence = next(i for i, e in enumerate(components.events) if e.permanent)
    table.event_deck = [i for i in range(len(components.events)) if i != decadence]
    rng.shuffle(table.event_deck)
    table.event_row = [table.event_deck.pop() for _ in range(3)] + [decadence]
    table.occurred = [False] * 4
    table.cubes = [[0] * players for _ in range(4)]
    table.great_work_stack = list(range(len(components.great_works)))
    rng.shuffle(table.great_work_stack)
    table.great_work_removed = table.great_work_stack.pop()  # known to all (S-04)
    table.great_work_current, table.great_works_built = -1, []
    table.cranes_left = components.crane_cards
    table.queue, table.high_bid, table.high_bidder, table.high_bid_deniers = [], 0, -1, 0
    table.seller = table.offered_slot = -1
    table.tiles_offered = table.cards_owed = table.tokens_due = 0
    table.building_uses, table.markers_moved = [], [False] * (len(components.tendencies) + 1)
    table.cubes_left = [[0, 0] for _ in range(players)]
    table.prevented, table.tied, table.prevent_needed, table.occurring, table.flipping = (
        [],
        [],
        0,
        [],
        [],
    )
    table.commitments = [None] * players
    table.final = {}
    table.tell(
        "setup",
        players=players,
        colours=list(components.colours[:players]),
        revenue_tiles=[components.set_numerals[t] for t in table.revenue_tiles],
        first_consul_seat=table.first_consul,
        buildings=[components.buildings[components.tiles[t].kind].id for t in table.building_row],
        events=[components.events[e].id for e in table.event_row],
        great_work_removed=components.great_works[table.great_work_removed].id,
        great_work=components.great_works[table.great_work_stack[-1]].id,
        starting_characters=table.player_count.starting_characters,
    )
    return table


def own_set(table: SyllaTable, seat: int) -> tuple[int, ...]:
    return table.components.set_cards[table.revenue_tiles[seat]]


def legal_choose(table: SyllaTable, seat: int) -> list[Action]:
    taken = {table.components.cards[c][1] for c in table.starting_picks[seat]}
    return [
        act("choose", table.components.designs[table.components.cards[c][1]].id)
        for c in own_set(table, seat)
        if table.components.cards[c][1] not in taken
    ]


def why_choose(table: SyllaTable, seat: int, action: Action) -> IllegalAction:
    left = [a[1] for a in legal_choose(table, seat)]
    if action.kind != "choose":
        return refused(
            "choose.expected",
            f"choose your starting characters first: {listed(table, left)}",
            cards=left,
        )
    return refused(
        "choose.not_in_set",
        f"that is not a card of your set left to choose: {listed(table, left)}",
        cards=left,
    )


def play_choose(table: SyllaTable, seat: int, action: Action) -> None:
    design = table.components.index("designs", action.word(1))
    card = next(c for c in own_set(table, seat) if table.components.cards[c][1] == design)
    table.starting_picks[seat].append(card)
    table.tell("chose", (seat,), seat=seat, card=action[1])
    if len(table.starting_picks[seat]) == table.player_count.starting_characters:
        table.ready[seat] = True
        table.tell("ready", seat=seat)
    if all(table.ready):
        _reveal(table)


def _reveal(table: SyllaTable) -> None:
    """Everyone reveals at once; money, the deck and the display follow (S-01, S-02)."""
    components = table.components
    for p in range(table.players):
        table.characters[p] = [(c, False, UP) for c in sorted(table.starting_picks[p])]
        merchants = sum(
            1 for c in table.starting_picks[p] if components.design_of(c).type == "merchant"
        )
        table.earn(
            p, components.starting_money + components.starting_money_per_merchant * merchants
        )
    table.tell(
        "revealed",
        characters=table.by_seat(
            [components.design_of(c).id for c in sorted(table.starting_picks[p])]
            for p in range(table.players)
        ),
    )
    chosen = {c for picks in table.starting_picks for c in picks}
    table.deck = [c for c in range(len(components.cards)) if c not in chosen]
    table.rng.shuffle(table.deck)
    table.starting_picks = [[] for _ in range(table.players)]
    deal_display(table)
    table.step = ""


def deal_display(table: SyllaTable) -> None:
    """Deal the recruitment display from the top of the deck (6 cards, 5 with 3 players)."""
    for _ in range(table.player_count.display_size):
        if table.deck:
            table.display.append(table.deck.pop())
    table.deck_known = min(table.deck_known, len(table.deck))
    table.tell("display", cards=[table.components.design_of(c).id for c in table.display])
