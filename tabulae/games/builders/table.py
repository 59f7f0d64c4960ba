"""A position of The Builders: Antiquity: the cards, the players' holdings and the turn.

The rule modules read and change it, one module per kind of action, each with what is legal,
why anything else is refused and what a legal action does; `state` puts the core `Flow` on top,
which runs the turn that `flow` lists, with the final settlement in `scoring` and what players
see in `view`.
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import chain
from typing import Annotated, Any, Self

from tabulae.core import FACE_DOWN, Game, Rng, Table
from tabulae.core.flow import OVER

from .actions import CITIZEN, WORD
from .components import (
    APPRENTICES,
    BUILDINGS,
    CREW,
    MACHINE_CARDS,
    MATERIALS,
    RULES,
    SLAVE_CARDS,
    SLAVES,
    TOOLS,
    WAGES,
    WORKERS,
    Materials,
    provisions,
)
from .settlement import Settlement
from .site import Site

FREE_ACTIONS = RULES.free_actions
CHOSEN_BY_OPTION = frozenset(WORD[crew.number] for crew in CREW if crew.alternative is not None)
"""The cards whose materials the game's option decides: the fourth apprentice (ruling B-03)."""
EXTRA_ACTION = RULES.extra_action_cost


class BuildersTable(Table):
    """One position. Everything is public except the order of the two decks.

    Cards are written by number (buildings 1–29, machines 30–33, workers 34–51, slaves
    52–57; `components`), materials by index (stone, wood, architecture, decoration), and every
    list "by seat" holds one entry per player. `docs/positions/builders.md` describes each
    field of the position format.
    """

    position_version = 1

    # -- the supply (rulebook "Przygotowanie"): cards on the table, not yet anyone's --
    building_deck: Annotated[list[int], FACE_DOWN]  # the building deck, its top card last
    building_row: list[int]  # the face-up row of buildings to start, in its order
    worker_deck: Annotated[list[int], FACE_DOWN]  # the worker deck, its top card last
    worker_row: list[int]  # the face-up row of workers to hire, in its order
    slave_stack: list[int]  # slave cards left to buy in the investment row
    tool_stack: list[int]  # tools left to buy in the investment row, by material
    loan_stack: int  # loan cards left in the investment row
    university_stack: list[int]  # Universities left in the investment row, by material
    bank: int | None  # sesterces in a limited bank (ruling B-06); None: an unlimited bank

    # -- the players' holdings, by seat --
    sesterces: list[int]  # sesterces in hand, by seat
    idle: list[list[int]]  # idle cards (workers, slaves, citizens, machines), by seat
    tools: list[list[int]]  # idle tools, by material in ascending order, by seat
    sites: list[dict[int, Site]]  # buildings under construction, by building card, by seat
    finished: list[list[int]]  # finished buildings and machines, in order finished, by seat
    loans: list[int]  # loan cards taken and not repaid, by seat
    victory_points: list[int]  # victory points of the finished buildings, by seat
    trained: dict[int, int]  # the University each trained card took, by card (B-05)
    freed: frozenset[int]  # slave cards freed: citizens now (B-04)

    # -- the turn (rulebook "Przebieg gry") --
    first_player: int  # the seat of the first player, who opens every round
    active_seat: int  # the seat whose turn it is
    round: int  # the round, from 1
    last_round: bool  # the end is triggered: this round is the last (B-20)
    actions_used: int  # actions taken this turn; 3 are free, each further one costs 5 (B-09)
    investment_taken: bool  # the turn's one investment is taken
    sent_this_turn: dict[int, int]  # cards sent to each building this turn, by building card

    # -- the end (B-21 to B-23) --
    game_over: bool  # the game is over and every player is settled and scored
    settlements: tuple[Settlement, ...]  # how each seat settled at the end, by seat

    # -- setup (rulebook "Przygotowanie") --

    @classmethod
    def setup(cls, game: Game, players: int, rng: Rng, options: Mapping[str, Any]) -> Self:
        table = cls.blank(game, players, options)
        table.trained = {}
        table.freed = frozenset()

        table.building_deck = [building.number for building in BUILDINGS]
        rng.shuffle(table.building_deck)
        table.building_row = [table.building_deck.pop() for _ in range(RULES.building_row)]
        apprentices = list(APPRENTICES)
        rng.shuffle(apprentices)
        dealt = apprentices[:players]
        table.worker_deck = [worker for worker in WORKERS if worker not in dealt]
        rng.shuffle(table.worker_deck)
        table.worker_row = [table.worker_deck.pop() for _ in range(RULES.worker_row)]

        table.slave_stack = list(SLAVES)
        table.tool_stack = [tool.material for tool in TOOLS]
        table.loan_stack = RULES.loans
        table.university_stack = list(range(len(MATERIALS)))

        start = RULES.starting_sesterces
        table.bank = RULES.bank - start * players if options["limited_bank"] else None
        table.sesterces = [start] * players
        table.idle = [[apprentice] for apprentice in dealt]
        table.tools = [[] for _ in range(players)]
        table.sites = [{} for _ in range(players)]
        table.finished = [[] for _ in range(players)]
        table.loans = [0] * players
        table.victory_points = [0] * players

        table.first_player = rng.below(players)
        table.active_seat, table.round = table.first_player, 1
        table.last_round = table.game_over = False
        table.actions_used, table.investment_taken = 0, False
        table.sent_this_turn = {}
        table.settlements = ()
        table.tell(
            "setup",
            players=players,
            first_seat=table.first_player,
            apprentices={
                str(seat): table.told(WORD[apprentice]) for seat, apprentice in enumerate(dealt)
            },
            buildings=[WORD[building] for building in table.building_row],
            workers=[table.told(WORD[worker]) for worker in table.worker_row],
        )
        return table

    # -- the turn, for the core `Flow` --

    @property
    def step(self) -> str:
        """The decision under way: the active seat's turn, or none once the game is over."""
        return OVER if self.game_over else "turn"

    def told(self, word: str | None) -> str | None:
        """A card's word as an event names it: the fourth apprentice's says which materials
        the game's option gives him (``apprentice_4_stone_decoration``), so that the log names
        his pair of materials, not both."""
        return None if word is None else self.told_words().get(word, word)

    def told_words(self) -> dict[str, str]:
        """Each card word the game's options name otherwise, and the word they name it by."""
        return {word: f"{word}_{self.options['fourth_apprentice']}" for word in CHOSEN_BY_OPTION}

    def free_actions_left(self) -> int:
        left = FREE_ACTIONS - self.actions_used
        return left if left > 0 else 0

    def extra_cost(self, actions: int) -> int:
        """Sesterces for the part of `actions` beyond this turn's free actions (B-09)."""
        free = self.free_actions_left()
        return (actions - free) * EXTRA_ACTION if actions > free else 0

    def provides(self, card: int) -> Materials:
        """What a card brings to a site: as printed, or as taught at a University (B-05)."""
        printed = provisions(self.options["fourth_apprentice"])[card]
        material = self.trained.get(card)
        if material is None:
            return printed
        taught = list(printed)
        level = RULES.university_level
        if self.options["university_effect"] == "add_3":
            taught[material] += level
        else:
            taught[material] = max(taught[material], level)
        return (taught[0], taught[1], taught[2], taught[3])

    def wage(self, card: int) -> int:
        """What sending a card costs: a freed slave earns a citizen's wage (B-04)."""
        wage: int = self.options["citizen_wage"] if card in self.freed else WAGES[card]
        return wage

    def side(self, card: int) -> str:
        """A working card's word as the glossary names it: a freed slave by its citizen side."""
        return CITIZEN[card] or WORD[card] if card in self.freed else WORD[card]

    def skilled(self, card: int) -> bool:
        """Whether a card may carry a tool or be trained: workers and citizens only (B-13, B-14)."""
        if card in MACHINE_CARDS:
            return False
        return card not in SLAVE_CARDS or card in self.freed

    # -- the end (B-20 to B-23) --

    def stuck(self) -> bool:
        """Whether no player can ever finish another building, so no one can reach 17 VP.

        Sound, never early: it holds only if `may_finish` fails for every player, and then
        no building is ever finished again, so no VP is ever scored again and the game,
        which ends only on 17 VP (B-20), could go on only by taking sesterces for ever.
        """
        return not any(self.may_finish(seat) for seat in range(self.players))

    def may_finish(self, seat: int) -> bool:
        """Whether the player at `seat` could still finish a building, on the most hopeful count.

        True while a worker is left to recruit (row or deck) or a slave to buy. Otherwise
        it asks whether one of the player's sites, or one of the buildings still to start
        (the row, and the deck behind it, whose every card starting buildings can bring to
        the row), could be covered by the player's idle cards, their materials all counted
        together (as if every card went to that building), with every University left on
        every card that may be trained (a slave once freed) and every tool the player holds
        or could buy on them, whatever it costs: money, loans and the bank are left out, as
        if sesterces were no limit.

        Why a False is final: until someone finishes a building, no card comes back from
        a site and no machine joins a crew, and no worker or slave can be gained, so the
        cards that reach any building of the player's are some of his idle cards now, each
        with at most one University and one tool of those counted. If none of his buildings
        can be covered by all of them, none can be finished first, by him or, by the same
        count, by anyone: so no building is ever finished again.
        """
        if self.worker_row or self.worker_deck or self.slave_stack:
            return True
        pool = [0] * len(MATERIALS)
        skilled = False
        for card in self.idle[seat]:
            gives = list(self.provides(card))
            if card not in MACHINE_CARDS:
                skilled = True
                if card not in self.trained:
                    for material in self.university_stack:
                        gives[material] += RULES.university_level
            pool = [held + given for held, given in zip(pool, gives, strict=True)]
        if skilled:
            for tool in self.tools[seat] + self.tool_stack:
                pool[tool] += 1
        stone, wood, architecture, decoration = pool
        for site in self.sites[seat].values():
            (s, w, a, d), (s_had, w_had, a_had, d_had) = site.cost, site.supplied
            if (
                s - s_had <= stone
                and w - w_had <= wood
                and a - a_had <= architecture
                and d - d_had <= decoration
            ):
                return True
        for building in chain(self.building_row, self.building_deck):
            s, w, a, d = BUILDINGS[building - 1].cost
            if s <= stone and w <= wood and a <= architecture and d <= decoration:
                return True
        return False

    @property
    def last_seat(self) -> int:
        """The player to the right of the first player, who always plays last (B-20)."""
        return (self.first_player - 1) % self.players

    def slaves_of(self, seat: int) -> list[int]:
        """The player's unfreed slaves, idle or on a site."""
        freed = self.freed
        cards = list(self.idle[seat])
        cards += [card for site in self.sites[seat].values() for card, _ in site.crew]
        return sorted(card for card in cards if card in SLAVE_CARDS and card not in freed)
