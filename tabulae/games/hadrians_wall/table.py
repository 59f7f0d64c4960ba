"""A position of Hadrian's Wall and the year's flow: start of year, the actions, the attack.

Phases, in the order of the rulings' round structure:

- ``choose``: each player secretly picks which of his two drawn cards is his Path
  (the other becomes his Prospect); simultaneous, revealed when all have chosen.
- ``actions``: every player who has not ended his year acts, one action at a time.
- ``attack``: players holding a usable favour secretly choose which attack cards to
  ignore; simultaneous, revealed when all have decided.
- ``over``: after the year-6 attack.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, Literal

from tabulae.core import (
    DERIVED,
    Action,
    BadPosition,
    Event,
    Game,
    IllegalAction,
    Result,
    Rng,
    Table,
    Written,
)

from . import buildings, left_sheet, ludus, market, right_sheet, scouts
from .areas import Area
from .data import (
    ATTACK_CARDS,
    ATTRIBUTES,
    BUILDING_INDEX,
    CARD_INDEX,
    COHORTS,
    DISDAIN_BOXES,
    FATE_CARDS,
    GREY_FLAGS,
    INCOME,
    NEUTRAL_PROSPECTS,
    PLAYER_CARDS,
    POOL,
    YEARS,
    FateCard,
    PlayerCard,
)
from .invariants import invariants
from .refusals import refused
from .rewards import advance_attribute, advance_cohort, choices, gain, settle
from .scoring import score, solo_rank
from .sheet import (
    BUILT,
    COHORT,
    DIPLOMAT_FAVOURS,
    DISDAIN,
    POOL_AT,
    PRODUCTION,
    RESOURCE,
    TEMPLE_FAVOURS,
    new_sheet,
    read_favours_used,
    read_sheets,
    write_favours_used,
    write_sheets,
)
from .view import view

KEY = "hadrians_wall."
PASS = Action("pass")
DEFEND = Action("defend")
PATH_ACTIONS = tuple(Action("path", c.id) for c in PLAYER_CARDS)
COHORT_ACTIONS = tuple(Action("cohort", c) for c in COHORTS)
ATTRIBUTE_ACTIONS = tuple(Action("attribute", a) for a in ATTRIBUTES)
FAVOUR_KINDS = ("temple", "diplomat")
FAVOUR_ACTIONS = tuple(Action("favour", c, k) for c in COHORTS for k in FAVOUR_KINDS)

AREAS: dict[str, Area] = {
    **left_sheet.AREAS,
    **buildings.AREAS,
    **right_sheet.AREAS,
    **market.AREAS,
    **ludus.AREAS,
    **scouts.AREAS,
}
"""Every action kind of the year, in the order legal actions are listed."""
_OPTIONS = tuple(area.options for area in AREAS.values())
_INCOME = tuple((BUILT + BUILDING_INDEX[b], word) for b, word in INCOME.items())
_NEUTRAL_WORDS = ("neutral1", "neutral2")
_VALOUR = ATTRIBUTES.index("valour")


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
    fate_deck: list[int]  # the Fate deck, face down
    fate_discard: list[int]  # the Fate discard pile, this year's Fate card on it
    fate_card: int  # this year's Fate card, revealed at the start of the year
    attack_cards: list[int]  # the Fate cards revealed for the Picts' attack, during it
    neutral_deck: list[int]  # the deck of Neutral Prospect cards (1-2 players)
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
    def setup(
        cls, game: Game, players: int, rng: Rng, options: Mapping[str, Any]
    ) -> HadriansWallTable:
        self = cls.__new__(cls)
        self.game, self.players, self.options, self.rng = game, players, options, rng
        self.events = [
            Event(
                KEY + "setup",
                {"players": players, "difficulty": options["difficulty"]},
            )
        ]
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
        self._begin_year()
        return self

    def restore(self) -> None:
        self.neighbours = neighbours(self.players)

    def check_position(self) -> None:
        try:
            problems = invariants(self)
        except (KeyError, IndexError, TypeError, ValueError) as error:
            problems = [f"the record of events does not fit the table ({error!r})"]
        if problems:
            raise BadPosition("; ".join(problems[:3]))

    # -- the protocol --------------------------------------------------------------------------

    @property
    def to_move(self) -> tuple[int, ...]:
        phase = self.phase
        if phase == "actions":
            return tuple(seat for seat in range(self.players) if not self.ended_year[seat])
        if phase == "choose":
            return tuple(seat for seat in range(self.players) if self.chosen[seat] is None)
        if phase == "attack":
            return tuple(seat for seat in range(self.players) if self.choosing_favours[seat])
        return ()

    def legal_actions(self, seat: int) -> list[Action]:
        if not 0 <= seat < self.players:
            return []
        phase = self.phase
        if phase == "actions":
            if self.ended_year[seat]:
                return []
            pending = self.pending[seat]
            if pending:
                return self._choice_options(seat)
            found: list[Action] = []
            for options in _OPTIONS:
                found += options(self, seat)
            found.append(PASS)
            return found
        if phase == "choose":
            if self.chosen[seat] is not None:
                return []
            return [PATH_ACTIONS[c] for c in sorted(self.drawn[seat])]
        if phase == "attack" and self.choosing_favours[seat]:
            return [*self._favour_options(seat), DEFEND]
        return []

    def apply(self, seat: int, action: Action) -> None:
        if self.phase == "over":
            raise refused("game_over", "the game is over")
        if not self._may_act(seat):
            raise refused(
                "waiting",
                f"seat {seat} may not act now ({self._phase_text()})",
                seat=seat,
                phase=self.phase,
            )
        if not isinstance(action, Action) or not action:
            raise refused("not_an_action", f"not an action: {action!r}")
        kind = action.kind
        if self.phase == "actions":
            self._act(seat, action, kind)
        elif self.phase == "choose":
            self._choose(seat, action)
        else:
            self._decide(seat, action)

    def _may_act(self, seat: int) -> bool:
        if type(seat) is not int or not 0 <= seat < self.players:
            return False
        phase = self.phase
        if phase == "actions":
            return not self.ended_year[seat]
        if phase == "choose":
            return self.chosen[seat] is None
        return phase == "attack" and self.choosing_favours[seat]

    def result(self) -> Result | None:
        if self.phase != "over":
            return None
        columns = [score(self.sheets[seat], self.paths[seat]) for seat in range(self.players)]
        details: dict[str, Any] = {"scores": columns}
        if self.players == 1:
            details["rank"] = solo_rank(columns[0]["total"])
        return Result.ranked(
            [c["total"] for c in columns],
            [(-c["disdain"], c["path_vp"]) for c in columns],
            details,
        )

    def view(self, seat: int | None) -> dict[str, Any]:
        return view(self, seat)

    def determinize(self, seat: int | None, rng: Rng) -> HadriansWallTable:
        """Re-sample deck orders, others' undisclosed cards and others' secret choices.

        Unseen cards are pooled in sorted order before shuffling, so the copy depends only
        on what `seat` knows and on `rng`.
        """
        twin = self.clone()
        twin.rng = Rng(rng.next64())
        twin.fate_deck.sort()
        rng.shuffle(twin.fate_deck)
        twin.neutral_deck.sort()
        rng.shuffle(twin.neutral_deck)
        for other in range(self.players):
            if other == seat:
                twin.decks[other].sort()
                rng.shuffle(twin.decks[other])
                continue
            if twin.drawn[other]:
                pool = sorted(twin.drawn[other] + twin.decks[other])
                rng.shuffle(pool)
                twin.drawn[other], twin.decks[other] = pool[:2], pool[2:]
                if twin.chosen[other] is not None:
                    twin.chosen[other] = twin.drawn[other][rng.below(2)]
            else:
                twin.decks[other].sort()
                rng.shuffle(twin.decks[other])
            if self.phase == "attack":
                twin._guess_favours(other, rng)
        twin.events = [e for e in self.events if e.audience is None or seat in e.audience]
        return twin

    # -- helpers the areas use -----------------------------------------------------------------

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
                self.events.append(Event(KEY + "resumed", {"seat": target}))
        else:
            self.neutral_pieces[-1 - target] += 1

    def draw_fate(self) -> FateCard:
        """Reveal the top Fate card onto the discard pile."""
        return FATE_CARDS[self._draw_fate(discard=True)]

    def _draw_fate(self, discard: bool) -> int:
        """The top Fate card; the discard pile is shuffled into a new deck when it runs out."""
        if not self.fate_deck:
            self.fate_deck = self.fate_discard
            self.fate_discard = []
            self.rng.shuffle(self.fate_deck)
            self.events.append(Event(KEY + "fate_reshuffled", {"cards": len(self.fate_deck)}))
        index = self.fate_deck.pop()
        if discard:
            self.fate_discard.append(index)
        return index

    # -- start of year (H-02) ------------------------------------------------------------------

    def _begin_year(self) -> None:
        self.year += 1
        self.fate_card = self._draw_fate(discard=True)
        card = FATE_CARDS[self.fate_card]
        for sheet in self.sheets:
            for i, n in enumerate(card.items):
                sheet[POOL_AT + i] += n
        self.events.append(Event(KEY + "year", {"year": self.year, "fate_card": card.id}))
        for seat in range(self.players):
            deck = self.decks[seat]
            self.drawn[seat] = [deck.pop(), deck.pop()]
            cards = [PLAYER_CARDS[c].id for c in sorted(self.drawn[seat])]
            self.events.append(Event(KEY + "drew", {"seat": seat, "cards": cards}, (seat,)))
        self.chosen = [None] * self.players
        self.phase = "choose"

    def _choose(self, seat: int, action: Action) -> None:
        legal = self.legal_actions(seat)
        if action not in legal:
            cards = [a[1] for a in legal]
            if action[0] != "path":
                raise refused(
                    "choose_path",
                    f"choose your Path card first: {' or '.join(str(a) for a in legal)}",
                    cards=cards,
                )
            raise refused(
                "not_drawn", f"'{action}' is not one of your two drawn cards", cards=cards
            )
        self.chosen[seat] = CARD_INDEX[action.word(1)]
        self.events.append(Event(KEY + "chose", {"seat": seat}))
        if not self.to_move:
            self._reveal()

    def _reveal(self) -> None:
        for seat in range(self.players):
            path = self.chosen[seat]
            assert path is not None, "everyone has chosen"
            (prospect,) = [c for c in self.drawn[seat] if c != path]
            self.paths[seat].append(path)
            self.prospects[seat].append(prospect)
            self.drawn[seat] = []
        self.events.append(
            Event(
                KEY + "revealed",
                {
                    "paths": {str(s): PLAYER_CARDS[p[-1]].id for s, p in enumerate(self.paths)},
                    "prospects": {
                        str(s): PLAYER_CARDS[p[-1]].id for s, p in enumerate(self.prospects)
                    },
                },
            )
        )
        count = neutral_count(self.players)
        if count:
            self.neutral_cards = [self.neutral_deck.pop() for _ in range(count)]
            self.neutral_pieces = [0] * count
            self.events.append(
                Event(KEY + "neutral", {"cards": [PLAYER_CARDS[c].id for c in self.neutral_cards]})
            )
        for seat in range(self.players):
            self._income(seat)
        self.phase = "actions"
        self.ended_year = [False] * self.players

    def _income(self, seat: int) -> None:
        """The Prospect bonus, then income from Production, Hotels, Workshops and Roads."""
        sheet, pending = self.sheets[seat], self.pending[seat]
        bonus = self.prospect_card(seat).prospect
        for i, n in enumerate(bonus):
            sheet[POOL_AT + i] += n
        sheet[RESOURCE] += sheet[PRODUCTION]
        income = {"resource": sheet[PRODUCTION], "civilian": 0, "builder": 0, "attribute": 0}
        for flag, word in _INCOME:
            if sheet[flag]:
                gain(sheet, pending, word)
                income["attribute" if word == "attribute_of_choice" else word] += 1
        self.events.append(
            Event(
                KEY + "income",
                {
                    "seat": seat,
                    "prospect": {p: n for p, n in zip(POOL, bonus, strict=True) if n},
                    "income": {word: n for word, n in income.items() if n},
                },
            )
        )

    # -- the year's actions (H-01) -------------------------------------------------------------

    def _act(self, seat: int, action: Action, kind: str) -> None:
        pending = self.pending[seat]
        if pending:
            legal = self._choice_options(seat)
            if action not in legal:
                raise refused(
                    "place_reward",
                    f"first choose where the {pending[0].replace('_', ' ')} reward goes: "
                    + " or ".join(str(a) for a in legal),
                    reward=pending[0],
                    choices=[a[1] for a in legal],
                )
            sheet = self.sheets[seat]
            pending.pop(0)
            if kind == "cohort":
                advance_cohort(sheet, pending, COHORTS.index(action[1]))
            else:
                advance_attribute(sheet, pending, ATTRIBUTES.index(action[1]))
            self.events.append(Event(KEY + kind, {"seat": seat, "choice": action[1]}))
            settle(sheet, pending)
            return
        if action == PASS:
            self.ended_year[seat] = True
            self.events.append(Event(KEY + "pass", {"seat": seat}))
            if not self.to_move:
                self._end_year()
            return
        area = AREAS.get(kind)
        if area is None:
            raise refused("not_of_the_year", f"'{action}' is not an action of the year")
        if action not in area.options(self, seat):
            raise area.refusal(self, seat, action)
        args = area.perform(self, seat, action)
        self.events.append(Event(KEY + kind, {"seat": seat, **args}))
        settle(self.sheets[seat], pending)

    def _choice_options(self, seat: int) -> list[Action]:
        word = self.pending[seat][0]
        allowed = choices(self.sheets[seat], word)
        if word == "cohort":
            return [a for a in COHORT_ACTIONS if a[1] in allowed]
        return [a for a in ATTRIBUTE_ACTIONS if a[1] in allowed]

    # -- end of year and the attack (H-17) -----------------------------------------------------

    def _end_year(self) -> None:
        for sheet in self.sheets:
            for i in range(len(POOL)):
                sheet[POOL_AT + i] = 0
        extra = sum(self.neutral_pieces)
        count = ATTACK_CARDS[self.options["difficulty"]][self.year - 1] + extra
        self.attack_cards = [self._draw_fate(discard=False) for _ in range(count)]
        self.events.append(
            Event(
                KEY + "attack",
                {
                    "year": self.year,
                    "cards": [FATE_CARDS[c].id for c in self.attack_cards],
                    "attacks": dict(zip(COHORTS, self.attacks(), strict=True)),
                    "neutral_extra": extra,
                },
            )
        )
        self.favours_used = [[0] * 6 for _ in range(self.players)]
        self.choosing_favours = [bool(self._favour_options(seat)) for seat in range(self.players)]
        self.phase = "attack"
        if not self.to_move:
            self._resolve_attack()

    def attacks(self) -> list[int]:
        """Attack cards revealed this year against each Cohort."""
        counts = [0] * len(COHORTS)
        for card in self.attack_cards:
            counts[FATE_CARDS[card].attack] += 1
        return counts

    def _favour_options(self, seat: int) -> list[Action]:
        sheet, used = self.sheets[seat], self.favours_used[seat]
        temple_left = sheet[TEMPLE_FAVOURS] - sum(used[:3])
        found = []
        for cohort, attacks in enumerate(self.attacks()):
            if attacks - used[cohort] - used[3 + cohort] <= 0:
                continue
            if temple_left > 0:
                found.append(FAVOUR_ACTIONS[2 * cohort])
            if sheet[DIPLOMAT_FAVOURS + cohort] - used[3 + cohort] > 0:
                found.append(FAVOUR_ACTIONS[2 * cohort + 1])
        return found

    def _decide(self, seat: int, action: Action) -> None:
        if action == DEFEND:
            self.choosing_favours[seat] = False
            self.events.append(Event(KEY + "defended", {"seat": seat}))
            if not self.to_move:
                self._resolve_attack()
            return
        if action not in self._favour_options(seat):
            raise self._favour_refusal(seat, action)
        self._use_favour(seat, action)

    def _use_favour(self, seat: int, action: Action) -> None:
        """Ignore an attack card with a temple or a diplomat favour (H-13, H-16)."""
        cohort = COHORTS.index(action[1])
        self.favours_used[seat][cohort if action[2] == "temple" else 3 + cohort] += 1

    def _favour_refusal(self, seat: int, action: Action) -> IllegalAction:
        if action[0] != "favour" or len(action) != 3 or action[1] not in COHORTS:
            return refused(
                "spend_favours",
                "spend favours with 'favour <cohort> temple|diplomat', then 'defend'",
            )
        if action[2] not in FAVOUR_KINDS:
            return refused("favour_kind", "a favour comes from a temple or a diplomat")
        cohort = COHORTS.index(action[1])
        used = self.favours_used[seat]
        if self.attacks()[cohort] - used[cohort] - used[3 + cohort] <= 0:
            return refused(
                "no_attack_left",
                f"no attack card against the {action[1]} Cohort is left to ignore",
                cohort=action[1],
            )
        if action[2] == "temple":
            return refused("no_temple_favour", "you have no temple favour left")
        return refused(
            "no_diplomat_favour",
            f"you have no diplomat favour left for the {action[1]} Cohort",
            cohort=action[1],
        )

    def _guess_favours(self, seat: int, rng: Rng) -> None:
        """A random secret favour choice for `seat`, as another player imagines it."""
        self.favours_used[seat] = [0] * 6
        while True:
            options = self._favour_options(seat)
            if not options or rng.below(2) == 0:
                return
            self._use_favour(seat, options[rng.below(len(options))])

    def _resolve_attack(self) -> None:
        attacks = self.attacks()
        flag = GREY_FLAGS[self.year - 1]
        outcomes = []
        for seat in range(self.players):
            sheet, used = self.sheets[seat], self.favours_used[seat]
            sheet[TEMPLE_FAVOURS] -= sum(used[:3])
            for cohort in range(len(COHORTS)):
                sheet[DIPLOMAT_FAVOURS + cohort] -= used[3 + cohort]
            undefended = sum(
                max(0, attacks[cohort] - used[cohort] - used[3 + cohort] - sheet[COHORT + cohort])
                for cohort in range(len(COHORTS))
            )
            disdain = min(undefended, flag)
            valour = flag - disdain
            for _ in range(disdain):
                if sheet[DISDAIN] < DISDAIN_BOXES:
                    sheet[DISDAIN] += 1
            for _ in range(valour):
                advance_attribute(sheet, self.pending[seat], _VALOUR)
            outcomes.append(
                {
                    "temple_favours": used[:3],
                    "diplomat_favours": used[3:],
                    "undefended": undefended,
                    "disdain": disdain,
                    "valour": valour,
                }
            )
        self.events.append(Event(KEY + "defence", {"year": self.year, "players": outcomes}))
        self.fate_discard += self.attack_cards
        self.attack_cards = []
        self.favours_used = [[0] * 6 for _ in range(self.players)]
        self.neutral_cards, self.neutral_pieces = [], []
        if self.year == YEARS:
            for sheet in self.sheets:  # workers gained in the last attack are lost
                for i in range(len(POOL)):
                    sheet[POOL_AT + i] = 0
            self.phase = "over"
            result = self.result()
            assert result is not None
            self.events.append(
                Event(KEY + "over", {"scores": list(result.scores), "ranks": list(result.ranks)})
            )
        else:
            self._begin_year()

    def _phase_text(self) -> str:
        return {
            "choose": "players are choosing their Path cards",
            "actions": "players are taking their actions",
            "attack": "players are choosing favours against the attack",
        }.get(self.phase, "the game is over")
