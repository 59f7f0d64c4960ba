"""A position of The Builders: Antiquity: the cards, the players' holdings and the turn.

Playing actions lives in `turn`, listing the legal ones in `legal`, the final
settlement in `scoring` and what players see in `view`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabulae.core import Action, Event, Game, Result, Rng, State

from . import scoring
from .cards import (
    APPRENTICES,
    BUILDINGS,
    MATERIALS,
    RULES,
    SLAVES,
    TOOLS,
    WAGES,
    WORKERS,
    Materials,
    provisions,
)
from .legal import legal_actions
from .notation import WORD
from .site import Site
from .turn import MACHINE_CARDS, PLAYS, SLAVE_CARDS, refuse
from .view import view as view_for

FREE_ACTIONS = RULES.free_actions
EXTRA_ACTION = RULES.extra_action_cost


class BuildersState(State):
    """One position. Everything is public except the order of the two decks."""

    __slots__ = (
        "game",
        "players",
        "options",
        "events",
        "trained",
        "freed",
        "building_deck",
        "building_row",
        "worker_deck",
        "worker_row",
        "slave_stack",
        "tool_stack",
        "loan_stack",
        "university_stack",
        "bank",
        "money",
        "idle",
        "tools",
        "sites",
        "built",
        "loans",
        "vp",
        "first",
        "seat",
        "round",
        "last_round",
        "over",
        "used",
        "invested",
        "sent",
        "final",
    )

    # -- setup (rulebook "PRZYGOTOWANIE") --

    @classmethod
    def setup(cls, game: Game, players: int, rng: Rng, options: Mapping[str, Any]) -> BuildersState:
        self = cls.__new__(cls)
        self.game, self.players, self.options = game, players, options
        self.trained: dict[int, int] = {}
        self.freed: frozenset[int] = frozenset()

        self.building_deck = [b.number for b in BUILDINGS]
        rng.shuffle(self.building_deck)
        self.building_row = [self.building_deck.pop() for _ in range(RULES.building_row)]
        apprentices = list(APPRENTICES)
        rng.shuffle(apprentices)
        dealt = apprentices[:players]
        self.worker_deck = [w for w in WORKERS if w not in dealt]
        rng.shuffle(self.worker_deck)
        self.worker_row = [self.worker_deck.pop() for _ in range(RULES.worker_row)]

        self.slave_stack = list(SLAVES)
        self.tool_stack = [t.material for t in TOOLS]
        self.loan_stack = RULES.loans
        self.university_stack = list(range(len(MATERIALS)))

        start = RULES.starting_sesterces
        self.bank = RULES.bank - start * players if options["limited_bank"] else None
        self.money = [start] * players
        self.idle = [[w] for w in dealt]
        self.tools: list[list[int]] = [[] for _ in range(players)]
        self.sites: list[dict[int, Site]] = [{} for _ in range(players)]
        self.built: list[list[int]] = [[] for _ in range(players)]
        self.loans = [0] * players
        self.vp = [0] * players

        self.first = rng.below(players)
        self.seat, self.round = self.first, 1
        self.last_round = self.over = False
        self.used, self.invested = 0, False
        self.sent: dict[int, int] = {}
        self.final: tuple[scoring.Settlement, ...] = ()
        self.events = [
            Event(
                "builders.setup",
                {
                    "players": players,
                    "first_seat": self.first,
                    "apprentices": {str(seat): WORD[w] for seat, w in enumerate(dealt)},
                    "buildings": [WORD[b] for b in self.building_row],
                    "workers": [WORD[w] for w in self.worker_row],
                },
            ),
        ]
        return self

    # -- the protocol --

    @property
    def to_move(self) -> tuple[int, ...]:
        return () if self.over else (self.seat,)

    def free_actions_left(self) -> int:
        return max(0, FREE_ACTIONS - self.used)

    def extra_cost(self, actions: int) -> int:
        """Sesterces for the part of `actions` beyond this turn's free actions (B-09)."""
        free = self.free_actions_left()
        return (actions - free) * EXTRA_ACTION if actions > free else 0

    def legal_actions(self, seat: int) -> list[Action]:
        return legal_actions(self, seat)

    def provides(self, c: int) -> Materials:
        """What a card brings to a site: as printed, or as taught at a University (B-05)."""
        printed = provisions(self.options["fourth_apprentice"])[c]
        material = self.trained.get(c)
        if material is None:
            return printed
        taught = list(printed)
        level = RULES.university_level
        if self.options["university_effect"] == "add_3":
            taught[material] += level
        else:
            taught[material] = max(taught[material], level)
        return (taught[0], taught[1], taught[2], taught[3])

    def wage(self, c: int) -> int:
        """What sending a card costs: a freed slave earns a citizen's wage (B-04)."""
        return self.options["citizen_wage"] if c in self.freed else WAGES[c]

    def skilled(self, c: int) -> bool:
        """Whether a card may carry a tool or be trained: workers and citizens only (B-13, B-14)."""
        if c in MACHINE_CARDS:
            return False
        return c not in SLAVE_CARDS or c in self.freed

    def apply(self, seat: int, action: Action) -> None:
        if self.over:
            raise refuse("the game is over", "over")
        if seat != self.seat:
            raise refuse(
                f"it is seat {self.seat}'s turn, not seat {seat}'s", "turn", seat=self.seat
            )
        kind = action[0] if isinstance(action, tuple) and action else None
        play = PLAYS.get(kind) if isinstance(kind, str) else None
        if play is None:
            raise refuse(
                f"'{action}' is not an action of The Builders: Antiquity",
                "unknown",
                action=str(action),
            )
        play(self, seat, action[1:])

    # -- the end (B-20 to B-23) --

    def stuck(self) -> bool:
        """Whether no player can ever finish another building, so no one can reach 17 VP.

        Sound, never early: it holds only if `may_finish` fails for every player, and then
        no building is ever finished again, so no VP is ever scored again and the game,
        which ends only on 17 VP (B-20), could go on only by taking sesterces for ever.
        """
        return not any(self.may_finish(p) for p in range(self.players))

    def may_finish(self, p: int) -> bool:
        """Whether player `p` could still finish a building, on the most hopeful count.

        True while a worker is left to recruit (row or deck) or a slave to buy. Otherwise
        it asks whether one of `p`'s sites, or one of the buildings still to start (the
        row, and the deck behind it, whose every card starting buildings can bring to the
        row), could be covered by `p`'s idle cards, their materials all counted together
        (as if every card went to that building), with every University left on every
        card that may be trained (a slave once freed) and every tool `p` holds or could
        buy on them, whatever it costs: money, loans and the bank are left out, as if
        sesterces were no limit.

        Why a False is final: until someone finishes a building, no card comes back from
        a site and no machine joins a crew, and no worker or slave can be gained, so the
        cards that reach any building of `p`'s are some of his idle cards now, each with
        at most one University and one tool of those counted. If none of his buildings can
        be covered by all of them, none can be finished first, by `p` or, by the same
        count, by anyone: so no building is ever finished again.
        """
        if self.worker_row or self.worker_deck or self.slave_stack:
            return True
        pool = [0] * len(MATERIALS)
        skilled = False
        for c in self.idle[p]:
            gives = list(self.provides(c))
            if c not in MACHINE_CARDS:
                skilled = True
                if c not in self.trained:
                    for m in self.university_stack:
                        gives[m] += RULES.university_level
            pool = [n + g for n, g in zip(pool, gives, strict=True)]
        if skilled:
            for t in self.tools[p] + self.tool_stack:
                pool[t] += 1
        needs = [site.missing() for site in self.sites[p].values()]
        needs += [BUILDINGS[b - 1].cost for b in self.building_row + self.building_deck]
        return any(all(n <= h for n, h in zip(need, pool, strict=True)) for need in needs)

    @property
    def last_seat(self) -> int:
        """The player to the right of the first player, who always plays last (B-20)."""
        return (self.first - 1) % self.players

    def finish(self) -> None:
        """Settle and score everyone (B-21 to B-23): the game is over."""
        self.over = True
        self.final = tuple(scoring.settle(self, seat) for seat in range(self.players))
        for seat, settled in enumerate(self.final):
            self.money[seat] -= settled.paid
            self.loans[seat] = settled.unpaid_loans
            self.freed = self.freed | frozenset(settled.freed)
            self.events.append(Event("builders.settled", {"seat": seat, **settled.to_json()}))
        if self.bank is not None:
            self.bank += sum(s.paid for s in self.final)
        self.events.append(
            Event(
                "builders.game_over",
                {"scores": {str(seat): s.tenths / 10 for seat, s in enumerate(self.final)}},
            )
        )

    def result(self) -> Result | None:
        if not self.over:
            return None
        return Result.ranked(
            [s.tenths / 10 for s in self.final],
            details={"players": [s.to_json() for s in self.final], "rules": scoring.prices()},
        )

    # -- views and copies --

    def view(self, seat: int | None) -> dict[str, Any]:
        return view_for(self, seat)

    def slaves_of(self, seat: int) -> list[int]:
        """The player's unfreed slaves, idle or on a site."""
        freed = self.freed
        cards = list(self.idle[seat])
        cards += [c for site in self.sites[seat].values() for c, _ in site.crew]
        return sorted(c for c in cards if c in SLAVE_CARDS and c not in freed)

    def clone(self) -> BuildersState:
        twin = BuildersState.__new__(BuildersState)
        twin.game, twin.players, twin.options = self.game, self.players, self.options
        twin.events = list(self.events)
        twin.trained, twin.freed = dict(self.trained), self.freed
        twin.building_deck = list(self.building_deck)
        twin.building_row = list(self.building_row)
        twin.worker_deck = list(self.worker_deck)
        twin.worker_row = list(self.worker_row)
        twin.slave_stack = list(self.slave_stack)
        twin.tool_stack = list(self.tool_stack)
        twin.loan_stack = self.loan_stack
        twin.university_stack = list(self.university_stack)
        twin.bank = self.bank
        twin.money = list(self.money)
        twin.idle = [list(cards) for cards in self.idle]
        twin.tools = [list(tools) for tools in self.tools]
        twin.sites = [{b: site.copy() for b, site in sites.items()} for sites in self.sites]
        twin.built = [list(built) for built in self.built]
        twin.loans = list(self.loans)
        twin.vp = list(self.vp)
        twin.first, twin.seat, twin.round = self.first, self.seat, self.round
        twin.last_round, twin.over = self.last_round, self.over
        twin.used, twin.invested, twin.sent = self.used, self.invested, dict(self.sent)
        twin.final = self.final
        return twin

    def determinize(self, seat: int | None, rng: Rng) -> BuildersState:
        """Only the order of the two decks is hidden, from everyone alike.

        Each deck is sorted before it is shuffled, so the copy depends only on
        which cards are left in it, which every seat knows.
        """
        twin = self.clone()
        twin.building_deck.sort()
        rng.shuffle(twin.building_deck)
        twin.worker_deck.sort()
        rng.shuffle(twin.worker_deck)
        return twin
