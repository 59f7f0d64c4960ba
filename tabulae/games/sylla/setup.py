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
from .table import UP, Table


def start(
    kind: type[Table], game: Game, players: int, rng: Rng, options: Mapping[str, Any]
) -> Table:
    comp = load(options["edition"])
    s = kind.__new__(kind)
    s.game, s.players, s.options, s.rng = game, players, options, rng
    s.count = comp.player_counts[players]
    s.events = []
    s.round, s.phase, s.step = 1, "setup", "choose"
    s.revenue = tuple(rng.sample(range(len(comp.set_numerals)), players))
    s.fc = s.actor = min(range(players), key=lambda p: s.revenue[p])
    s.prestige = [comp.prestige_start] * players
    s.money = [0] * players
    s.known = [[0] * len(comp.tendencies) for _ in range(players)]
    s.hidden = [[] for _ in range(players)]
    s.ladder = [comp.ladder_start] * len(comp.tendencies)
    s.famine = comp.famine_start
    s.chars = [[] for _ in range(players)]
    s.builds = [[] for _ in range(players)]
    s.picks = [[] for _ in range(players)]
    s.ready = [False] * players
    s.deck, s.deck_known, s.display = [], 0, []
    s.stack = []
    for letter in comp.letters_stacked:  # C at the bottom, A on top; each letter shuffled
        tiles = [i for i, t in enumerate(comp.tiles) if t.letter == letter]
        rng.shuffle(tiles)
        s.stack += tiles
    s.row = [s.stack.pop() for _ in comp.slot_colours]
    decadence = next(i for i, e in enumerate(comp.events) if e.permanent)
    s.event_deck = [i for i in range(len(comp.events)) if i != decadence]
    rng.shuffle(s.event_deck)
    s.row_events = [s.event_deck.pop() for _ in range(3)] + [decadence]
    s.occurred = [False] * 4
    s.cubes = [[0] * players for _ in range(4)]
    s.gw_stack = list(range(len(comp.great_works)))
    rng.shuffle(s.gw_stack)
    s.gw_removed = s.gw_stack.pop()  # known to all (S-04)
    s.gw_current, s.gw_built = -1, []
    s.cranes_left = comp.crane_cards
    s.queue, s.high, s.leader, s.leader_pay = [], 0, -1, 0
    s.seller = s.offer = -1
    s.offered = s.owed = s.tokens_due = 0
    s.uses, s.moved = [], [False] * (len(comp.tendencies) + 1)
    s.cubes_left = [[0, 0] for _ in range(players)]
    s.prevented, s.tied, s.need, s.occurring, s.flipping = [], [], 0, [], []
    s.commits = [None] * players
    s.final = {}
    s.tell(
        "setup",
        players=players,
        colours=list(comp.colours[:players]),
        revenue_tiles=[comp.set_numerals[t] for t in s.revenue],
        first_consul_seat=s.fc,
        buildings=[comp.buildings[comp.tiles[t].kind].id for t in s.row],
        events=[comp.events[e].id for e in s.row_events],
        great_work_removed=comp.great_works[s.gw_removed].id,
        great_work=comp.great_works[s.gw_stack[-1]].id,
        starting_characters=s.count.starting_characters,
    )
    return s


def own_set(s: Table, seat: int) -> tuple[int, ...]:
    return s.comp.set_cards[s.revenue[seat]]


def legal_choose(s: Table, seat: int) -> list[Action]:
    taken = {s.comp.cards[c][1] for c in s.picks[seat]}
    return [
        act("choose", s.comp.designs[s.comp.cards[c][1]].id)
        for c in own_set(s, seat)
        if s.comp.cards[c][1] not in taken
    ]


def why_choose(s: Table, seat: int, action: Action) -> IllegalAction:
    left = [a[1] for a in legal_choose(s, seat)]
    if action.kind != "choose":
        return refused(
            "choose.expected",
            f"choose your starting characters first: {listed(s, left)}",
            cards=left,
        )
    return refused(
        "choose.not_in_set",
        f"that is not a card of your set left to choose: {listed(s, left)}",
        cards=left,
    )


def play_choose(s: Table, seat: int, action: Action) -> None:
    design = s.comp.index("designs", action[1])
    card = next(c for c in own_set(s, seat) if s.comp.cards[c][1] == design)
    s.picks[seat].append(card)
    s.tell("chose", (seat,), seat=seat, card=action[1])
    if len(s.picks[seat]) == s.count.starting_characters:
        s.ready[seat] = True
        s.tell("ready", seat=seat)
    if all(s.ready):
        _reveal(s)


def _reveal(s: Table) -> None:
    """Everyone reveals at once; money, the deck and the display follow (S-01, S-02)."""
    comp = s.comp
    for p in range(s.players):
        s.chars[p] = [(c, False, UP) for c in sorted(s.picks[p])]
        merchants = sum(1 for c in s.picks[p] if comp.design_of(c).type == "merchant")
        s.earn(p, comp.starting_money + comp.starting_money_per_merchant * merchants)
    s.tell(
        "revealed",
        characters=s.by_seat(
            [comp.design_of(c).id for c in sorted(s.picks[p])] for p in range(s.players)
        ),
    )
    chosen = {c for picks in s.picks for c in picks}
    s.deck = [c for c in range(len(comp.cards)) if c not in chosen]
    s.rng.shuffle(s.deck)
    s.picks = [[] for _ in range(s.players)]
    deal_display(s)
    s.step = ""


def deal_display(s: Table) -> None:
    """Deal the recruitment display from the top of the deck (6 cards, 5 with 3 players)."""
    for _ in range(s.count.display_size):
        if s.deck:
            s.display.append(s.deck.pop())
    s.deck_known = min(s.deck_known, len(s.deck))
    s.tell("display", cards=[s.comp.design_of(c).id for c in s.display])
