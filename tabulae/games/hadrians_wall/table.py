"""A position of Hadrian's Wall: its fields, declared once, its setup, and what the rules ask.

The year's flow (`flow`) moves the ``phase`` field on: ``choose`` (everyone secretly picks
his Path card), ``actions`` (everyone acts until he passes), ``attack`` (players holding a
usable favour secretly choose which attack cards to ignore) and ``over`` after the year-6
attack.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, Literal, Self

from tabulae.core import DERIVED, FACE_DOWN, Game, Rng, Table, Written

from .components import COHORTS, FATE_CARDS, NEUTRAL_PROSPECTS, PLAYER_CARDS, FateCard, PlayerCard
from .sheet import new_sheet, read_favours_used, read_sheets, write_favours_used, write_sheets

_NEUTRAL_WORDS = ("neutral1", "neutral2")


def neighbours(players: int) -> tuple[tuple[tuple[str, int], ...], ...]:
    """Per seat, its neighbours by side: left is the next seat, right the previous one.

    With 2 players the opponent is the only neighbour (called left); alone, none.
    """
    if players == 1:
        return ((),)
    if players == 2:
        return ((("left", 1),), (("left", 0),))
    return tuple(
        (("left", (seat + 1) % players), ("right", (seat - 1) % players)) for seat in range(players)
    )


def neutral_count(players: int) -> int:
    """Neutral Prospect cards revealed each year: 2 alone, 1 with two players, else none."""
    return {1: NEUTRAL_PROSPECTS["one_player"], 2: NEUTRAL_PROSPECTS["two_players"]}.get(players, 0)


def prospect_sources(players: int) -> tuple[str, ...]:
    """Whose Prospect cards a player may use besides his own, by source word."""
    sides = tuple(side for side, _ in neighbours(players)[0])
    return sides + _NEUTRAL_WORDS[: neutral_count(players)]


class HadriansWallTable(Table):
    """The whole table: every player's sheets and cards, the decks, the year and its phase.

    Cards are numbers: a player card is its place in `PLAYER_CARDS`, a Fate card its place
    in `FATE_CARDS` (the order of components.yaml). Decks are listed bottom to top."""

    position_version = 2

    rng: Rng  # the chance still to come: the Fate deck's reshuffles
    year: int  # the year being played, 1-6
    phase: Literal["choose", "actions", "attack", "over"]  # the part of the year (module doc)
    sheets: Annotated[list[list[int]], Written(write_sheets, read_sheets)]  # per seat, his
    # player board and left and right sheets: a list of numbers (`sheet.LAYOUT`), written by
    # their named areas (`sheet.AREAS`)
    pending: list[list[str]]  # per seat, rewards waiting for his choice, first first
    ended_year: list[bool]  # per seat, whether he has ended his year (passed)
    decks: list[list[int]]  # per seat, his deck of player cards, face down
    drawn: list[list[int]]  # per seat, the two cards he drew this year, until the reveal
    chosen: list[int | None]  # per seat, the drawn card he chose as his Path this year
    paths: list[list[int]]  # per seat, his Path cards, one a year, oldest first
    prospects: list[list[int]]  # per seat, his Prospect cards, the last one in play
    fate_deck: Annotated[list[int], FACE_DOWN]  # the Fate deck, face down
    fate_discard: list[int]  # the Fate discard pile, this year's Fate card on it
    fate_card: int  # this year's Fate card, revealed at the start of the year
    attack_cards: list[int]  # the Fate cards revealed for the Picts' attack, during it
    neutral_deck: Annotated[list[int], FACE_DOWN]  # the Neutral Prospect deck (1-2 players)
    neutral_cards: list[int]  # the Neutral Prospect cards face up this year
    neutral_pieces: list[int]  # per Neutral card, the pieces placed on it this year
    favours_used: Annotated[list[list[int]], Written(write_favours_used, read_favours_used)]
    # per seat, the attack cards he ignores with favours: temple favours against the left,
    # centre and right Cohort, then diplomat favours (`sheet.FAVOURS_USED`)
    choosing_favours: list[bool]  # per seat, whether he is still choosing favours
    neighbours: Annotated[tuple[tuple[tuple[str, int], ...], ...], DERIVED]  # per seat,
    # (side, seat) of his neighbours: left is the next seat, right the previous one

    # -- setup ---------------------------------------------------------------------------------

    @classmethod
    def setup(cls, game: Game, players: int, rng: Rng, options: Mapping[str, Any]) -> Self:
        """The table before the first year: sheets empty, decks shuffled."""
        self = cls.blank(game, players, options)
        self.rng = rng
        self.tell("setup", players=players, difficulty=options["difficulty"])
        self.year = 0
        self.phase = "choose"
        self.sheets = [new_sheet() for _ in range(players)]
        self.pending = [[] for _ in range(players)]
        self.ended_year = [False] * players
        self.fate_deck = list(range(len(FATE_CARDS)))
        rng.shuffle(self.fate_deck)
        self.fate_discard = []
        self.attack_cards = []
        self.decks = []
        for _ in range(players):
            deck = list(range(len(PLAYER_CARDS)))
            rng.shuffle(deck)
            self.decks.append(deck)
        self.drawn = [[] for _ in range(players)]
        self.chosen = [None] * players
        self.paths = [[] for _ in range(players)]
        self.prospects = [[] for _ in range(players)]
        self.neutral_deck = []
        if neutral_count(players):
            self.neutral_deck = list(range(len(PLAYER_CARDS)))
            rng.shuffle(self.neutral_deck)
        self.neutral_cards = []
        self.neutral_pieces = []
        self.favours_used = [[0] * 6 for _ in range(players)]
        self.choosing_favours = [False] * players
        self.restore()
        return self

    def restore(self) -> None:
        self.neighbours = neighbours(self.players)

    # -- what the rules ask of the table -----------------------------------------------------------

    def prospect_card(self, seat: int) -> PlayerCard:
        return PLAYER_CARDS[self.prospects[seat][-1]]

    def offers(self, seat: int) -> list[tuple[str, PlayerCard, int]]:
        """Other Prospect cards the seat may use: (source word, card, who receives the piece).

        The receiver is a seat, or -1 - k for Neutral card k.
        """
        found = [
            (side, PLAYER_CARDS[self.prospects[other][-1]], other)
            for side, other in self.neighbours[seat]
        ]
        for k, card in enumerate(self.neutral_cards):
            found.append((_NEUTRAL_WORDS[k], PLAYER_CARDS[card], -1 - k))
        return found

    def patterns(self, seat: int) -> list[tuple[str, PlayerCard, int | None]]:
        """Patterns a scout may use: the seat's own (soldier to the supply), then the others."""
        return [("own", self.prospect_card(seat), None), *self.offers(seat)]

    def hand_over(self, target: int | None, slot: int) -> None:
        """Give a paid piece to a neighbour or a Neutral card (None: to the supply)."""
        if target is None:
            return
        if target >= 0:
            self.sheets[target][slot] += 1
            if self.ended_year[target] and self.options["resume_after_gift"]:
                self.ended_year[target] = False
                self.tell("resumed", seat=target)
        else:
            self.neutral_pieces[-1 - target] += 1

    def draw_fate(self) -> FateCard:
        """Reveal the top Fate card onto the discard pile."""
        return FATE_CARDS[self.top_fate(discard=True)]

    def top_fate(self, discard: bool) -> int:
        """Take the top Fate card, onto the discard pile or not; the discard pile is shuffled
        into a new deck when the deck runs out."""
        if not self.fate_deck:
            self.fate_deck = self.fate_discard
            self.fate_discard = []
            self.rng.shuffle(self.fate_deck)
            self.tell("fate_reshuffled", cards=len(self.fate_deck))
        index = self.fate_deck.pop()
        if discard:
            self.fate_discard.append(index)
        return index

    def attacks(self) -> list[int]:
        """Attack cards revealed this year against each Cohort."""
        counts = [0] * len(COHORTS)
        for card in self.attack_cards:
            counts[FATE_CARDS[card].attack] += 1
        return counts
