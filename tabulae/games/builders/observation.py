"""A seat's position as numbers: a fixed layout sized by the box contents, not by play.

Everything in The Builders is public but the order of the two decks (see `view`), so the
observation holds the whole table except that order, read straight from the position.
Players are listed from the observing seat: player 0 is the seat itself, player 1 the
next seat clockwise, and so on. Cards are indexed by their number in `components.yaml`:
33 building cards (29 buildings, then 4 machines) and 28 working cards (the 4 machines,
which work once finished, then the 18 workers and the 6 slaves).

| field | shape | holds |
|---|---|---|
| round, last_round, over | 1 each | the round; 1 once the last round is on; 1 at the end |
| actions_used, free_actions_left, investment_taken | 1 each | the turn of the player acting |
| to_move, first_player | players | one-hot by player |
| bank | 1 | sesterces left in a limited bank (0 if unlimited) |
| building_deck, worker_deck | 1 each | cards left in each deck |
| slave_stack, loan_stack | 1 each | cards left |
| tool_stack, university_stack | 4 each | cards left per material |
| building_row | 33 | 1 for each building card on offer |
| worker_row | 28 | 1 for each working card on offer |
| trained | 28 × 4 | the material a University taught each working card |
| freed | 28 | 1 for each slave made a citizen |
| sent_this_turn | 33 | cards sent to each building's site this turn |
| sesterces, vp, loans | players each | each player's holdings |
| tools | players × 4 | tool cards held, per material |
| idle, working | players × 28 | the player's working cards idle, or on a site |
| tool_on | players × 28 × 4 | the tool a card on a site carries |
| site | players × 33 | 1 for each building under construction |
| supplied | players × 33 × 4 | materials brought to each site (its cost is fixed by the card) |
| finished | players × 33 | buildings and machines the player finished |

Every number lies between 0 and 1 (flags and one-hot entries) or the rules' maximum for its
field (`greatest`, `least`: 33 cards in a deck, 101 VP, …); sesterces, the round and the
actions used have no maximum in the rules and read at most 999.

At four players that is 1,753 numbers (two players: 1,003). Each action keeps its own code
(4,454 of them, `actions.every_action`): a mask of that length is one small vector, and a
maskable learner needs no more compact space.

A seat that looks again at the same game (the same table object, as an environment steps
it) keeps what it wrote last time and rewrites only the table, the turn and the holdings
of the players whose cards, tools or sites the events since then changed: the numbers are
those written in full, at about 60% of the cost.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from itertools import chain
from operator import attrgetter, itemgetter
from typing import Any

import numpy as np

from tabulae.core.game import Observation as Layout
from tabulae.core.game import State

from .components import BUILDINGS, CREW, LAST_CARD, MACHINES, MATERIALS, RULES
from .table import BuildersTable

MATERIAL_COUNT = len(MATERIALS)
BUILDING_CARDS = len(BUILDINGS)
WORKING = (*MACHINES, *(c.number for c in CREW))
COUNT_CAP = 999  # what a count the rules do not limit reads at most


class Observation(Layout):
    def __init__(self, players: int, options: Mapping[str, Any]) -> None:
        m, b, w = MATERIAL_COUNT, BUILDING_CARDS, len(WORKING)
        scalars = ("round", "last_round", "over", "actions_used", "free_actions_left")
        super().__init__(
            [
                *((name, (1,)) for name in scalars),
                ("investment_taken", (1,)),
                ("to_move", (players,)),
                ("first_player", (players,)),
                ("bank", (1,)),
                ("building_deck", (1,)),
                ("worker_deck", (1,)),
                ("slave_stack", (1,)),
                ("loan_stack", (1,)),
                ("tool_stack", (m,)),
                ("university_stack", (m,)),
                ("building_row", (b,)),
                ("worker_row", (w,)),
                ("trained", (w, m)),
                ("freed", (w,)),
                ("sent_this_turn", (b,)),
                ("sesterces", (players,)),
                ("vp", (players,)),
                ("loans", (players,)),
                ("tools", (players, m)),
                ("idle", (players, w)),
                ("working", (players, w)),
                ("tool_on", (players, w, m)),
                ("site", (players, b)),
                ("supplied", (players, b, m)),
                ("finished", (players, b)),
            ]
        )
        # Longest game: the rules set no limit (a player may take sesterces for ever); random
        # games of four players end within 500 decisions, so 1,000 per player leaves room for
        # any real game.
        self.longest_game = 1000 * players
        # Bounds: the box holds 33 building and 28 working cards, 6 slaves, 4 loans, one
        # tool and one University card per material; VP come from buildings (101 at most)
        # less unfreed slaves and unpaid loans at the end. Sesterces, rounds and actions
        # bought have no limit in the rules: each reads COUNT_CAP at most.
        rules = RULES
        self.greatest = {
            "round": COUNT_CAP,
            "actions_used": COUNT_CAP,
            "free_actions_left": rules.free_actions,
            "bank": rules.bank,
            "building_deck": b,
            "worker_deck": w,
            "slave_stack": rules.slaves,
            "loan_stack": rules.loans,
            "sent_this_turn": w,
            "sesterces": COUNT_CAP,
            "vp": sum(building.vp for building in BUILDINGS),
            "loans": rules.loans,
            "supplied": COUNT_CAP,
        }
        self.least = {
            "vp": rules.unfreed_slave_vp * rules.slaves + rules.unpaid_loan_vp * rules.loans
        }

        self.players = players
        at = self.at
        # Where each card's flag goes, by card number (and by player listed from the seat).
        self.building_row = _by_card(at["building_row"], range(1, b + 1))
        self.worker_row = _by_card(at["worker_row"], WORKING)
        self.freed = _by_card(at["freed"], WORKING)
        self.trained = _by_card(at["trained"], WORKING, m)
        self.sent = _by_card(at["sent_this_turn"], range(1, b + 1))
        self.scalars = [at[name] for name in SCALARS]
        self.tool_stack = range(at["tool_stack"], at["tool_stack"] + m)
        self.university_stack = range(at["university_stack"], at["university_stack"] + m)
        # Everything before the players' holdings belongs to the table and the turn.
        self.shared = slice(0, at["sesterces"])
        # Per player listed from the seat: where his tools, cards and sites go.
        self.by_player = [
            (
                range(at["tools"] + k * m, at["tools"] + k * m + m).__getitem__,
                _by_card(at["idle"] + k * w, WORKING).__getitem__,
                _by_card(at["finished"] + k * b, range(1, b + 1)).__getitem__,
                _by_card(at["site"] + k * b, range(1, b + 1)).__getitem__,
                [range(i, i + m) for i in _by_card(at["supplied"] + k * b * m, range(1, b + 1), m)],
                _by_card(at["working"] + k * w, WORKING),
                _by_card(at["tool_on"] + k * w * m, WORKING, m),
            )
            for k in range(players)
        ]
        # For each observing seat, per player in seat order: where his sesterces, VP and
        # loans go.
        self.holdings = [
            [at[name] + (p - seat) % players for name in HOLDINGS for p in range(players)]
            for seat in range(players)
        ]
        # For each observing seat, the last position it observed: the very table object,
        # how many events it had then, what was written, and where each player's cards
        # were written. A position changes only by its actions, and every action records
        # events naming the player whose holdings it changes, so the next observation of
        # the same object rewrites the table and the holdings of those players only.
        self.last: list[tuple[BuildersTable, int, np.ndarray, list[list[int]]] | None]
        self.last = [None] * players

    def encode(self, table: State, seat: int, out: np.ndarray) -> None:
        assert isinstance(table, BuildersTable)
        n = table.players
        last = self.last[seat]
        if last is not None and last[0] is table and last[1] <= len(table.events):
            changed = _players_named(table.events[last[1] :], n)
            written = list(last[3])
            out[:] = last[2]
            out[self.shared] = 0.0
            for p in changed:
                out.put(written[p], 0.0)
        else:
            changed, written = range(n), [[] for _ in range(n)]
        flags, spots, counts = self._shared(table, seat)
        for p in changed:
            cards, supplied, amounts = self._holdings(table, seat, p)
            flags += cards
            spots += supplied
            counts += amounts
            written[p] = cards + supplied
        out.put(flags, 1.0)
        out[np.fromiter(spots, np.intp, len(spots))] = np.fromiter(counts, np.float32, len(counts))
        self.last[seat] = (table, len(table.events), out.copy(), written)

    def _shared(self, table: BuildersTable, seat: int) -> tuple[list[int], list[int], list]:
        """The table and the turn, and every player's sesterces, VP and loans: flags (1) by
        position, counts by position and value."""
        at, n = self.at, table.players
        flags = [at["first_player"] + (table.first_player - seat) % n]
        if not table.game_over:
            flags.append(at["to_move"] + (table.active_seat - seat) % n)
        flags += map(self.tool_stack.__getitem__, table.tool_stack)
        flags += map(self.university_stack.__getitem__, table.university_stack)
        flags += map(self.building_row.__getitem__, table.building_row)
        flags += map(self.worker_row.__getitem__, table.worker_row)
        flags += map(self.freed.__getitem__, table.freed)
        trained = self.trained
        flags += [trained[c] + material for c, material in table.trained.items()]
        spots = list(self.scalars)
        counts = [
            table.round,
            table.last_round,
            table.game_over,
            table.actions_used,
            table.free_actions_left(),
            table.investment_taken,
            table.bank or 0,
            len(table.building_deck),
            len(table.worker_deck),
            len(table.slave_stack),
            table.loan_stack,
        ]
        spots += map(self.sent.__getitem__, table.sent_this_turn)
        counts += table.sent_this_turn.values()
        spots += self.holdings[seat]
        counts += chain(table.sesterces, table.victory_points, table.loans)
        return flags, spots, counts

    def _holdings(self, table: BuildersTable, seat: int, p: int) -> tuple[list, list, list]:
        """Player `p`'s tools and cards, idle, working and finished, and his sites: flags
        by position, then the sites' supplies by position and value."""
        tools, idle, finished, place, supplied, working, tool_on = self.by_player[
            (p - seat) % table.players
        ]
        sites = table.sites[p]
        flags = [*map(tools, table.tools[p]), *map(idle, table.idle[p])]
        flags += map(finished, table.finished[p])
        flags += map(place, sites)
        busy = [site for site in sites.values() if site.crew]  # only they have supplies
        if not busy:
            return flags, [], []
        crews = list(chain.from_iterable(map(CREW_OF, busy)))
        flags += map(working.__getitem__, map(CARD, crews))
        flags += [tool_on[c] + t for c, t in crews if t >= 0]
        spots = list(chain.from_iterable(map(supplied.__getitem__, map(BUILDING, busy))))
        return flags, spots, list(chain.from_iterable(map(SUPPLIED, busy)))


def _players_named(events: list, players: int) -> range | set[int]:
    """The players whose cards, tools or sites these events may have changed: those they
    name, but for events that change none of these, or all players if one names none."""
    named = set()
    for event in events:
        if event.key in HOLDING_NO_CARDS:
            continue
        seat = event.args.get("seat")
        if seat is None:
            return range(players)
        named.add(seat)
    return named


# Events that change no player's cards, tools or sites (only the table, the turn and the
# sesterces, VP and loans, which are written every time).
HOLDING_NO_CARDS = frozenset(
    f"builders.{key}"
    for key in (
        "took",
        "loan",
        "trained",
        "freed",
        "turn_ended",
        "last_round",
        "stuck",
        "settled",
        "game_over",
    )
)


SUPPLIED, CREW_OF, BUILDING = attrgetter("supplied"), attrgetter("crew"), attrgetter("building")
CARD = itemgetter(0)
HOLDINGS = ("sesterces", "vp", "loans")
SCALARS = (
    "round",
    "last_round",
    "over",
    "actions_used",
    "free_actions_left",
    "investment_taken",
    "bank",
    "building_deck",
    "worker_deck",
    "slave_stack",
    "loan_stack",
)


def _by_card(start: int, cards: Iterable[int], width: int = 1) -> list[int]:
    """Positions indexed by card number: `start` + the card's place among `cards` × `width`."""
    found = [-1] * (LAST_CARD + 1)
    for i, number in enumerate(cards):
        found[number] = start + i * width
    return found
