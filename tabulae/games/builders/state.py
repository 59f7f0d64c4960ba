"""A position of The Builders: Antiquity and the rules of a turn.

The rules follow the rulebook's "PRZEBIEG GRY" and the rulings B-09 to B-20:
three free actions a turn, further ones at 5 sesterces; one investment a turn;
the k-th card sent to one building in a turn costs k actions; a building is
finished as soon as every material is covered. Scoring lives in `scoring`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabulae.core import Action, Event, Game, IllegalAction, Result, Rng, State

from . import scoring
from .cards import (
    APPRENTICES,
    BUILDINGS,
    MACHINES,
    MATERIALS,
    RULES,
    SLAVES,
    TOOLS,
    WAGES,
    WORKERS,
    Materials,
    provisions,
)
from .notation import (
    BUY_SLAVE,
    BUY_TOOL,
    END,
    FREE,
    HIRE,
    LOAN,
    MATERIAL_WORDS,
    SEND,
    START,
    TAKE,
    TOOL_WORDS,
    TRAIN,
)

SLAVE_CARDS = frozenset(SLAVES)
MACHINE_CARDS = frozenset(MACHINES)
NO_TOOL = -1
FREE_ACTIONS = RULES.free_actions
EXTRA_ACTION = RULES.extra_action_cost
TAKES = tuple((TAKE[gain], spent) for gain, spent in RULES.take_sesterces.items())


class Site:
    """A building under construction: the cards working on it and what they supply."""

    __slots__ = ("building", "cost", "crew", "supplied")

    def __init__(self, building: int) -> None:
        self.building = building
        self.cost: Materials = BUILDINGS[building - 1].cost
        self.crew: list[tuple[int, int]] = []  # (card, tool material or NO_TOOL)
        self.supplied = [0, 0, 0, 0]

    def copy(self) -> Site:
        twin = Site.__new__(Site)
        twin.building, twin.cost = self.building, self.cost
        twin.crew, twin.supplied = list(self.crew), list(self.supplied)
        return twin

    def finished(self) -> bool:
        supplied, cost = self.supplied, self.cost
        return (
            supplied[0] >= cost[0]
            and supplied[1] >= cost[1]
            and supplied[2] >= cost[2]
            and supplied[3] >= cost[3]
        )


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
                    "apprentices": list(dealt),
                    "buildings": list(self.building_row),
                    "workers": list(self.worker_row),
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
        if self.over or seat != self.seat:
            return []
        money = self.money[seat]
        free = self.free_actions_left()
        actions: list[Action] = [END]
        for take, spent in TAKES:
            if spent <= free or money >= (spent - free) * EXTRA_ACTION:
                actions.append(take)
        left = money if free else money - EXTRA_ACTION  # after paying for one more action
        idle = self.idle[seat]
        if left >= 0:
            actions += [START[b] for b in self.building_row]  # type: ignore[misc]
            actions += [HIRE[w] for w in self.worker_row]  # type: ignore[misc]
            if not self.invested:
                actions += self._investments(seat, left)
            freed = self.freed
            actions += [FREE[c] for c in idle if c in SLAVE_CARDS and c not in freed]  # type: ignore[misc]
        if idle and self.sites[seat]:
            actions += self._sends(seat, money, free)
        return actions

    def _investments(self, seat: int, money: int) -> list[Action]:
        actions: list[Action] = []
        if money >= RULES.slave_price:
            actions += [BUY_SLAVE[s] for s in self.slave_stack]  # type: ignore[misc]
        if money >= RULES.tool_price:
            actions += [BUY_TOOL[t] for t in self.tool_stack]
        if self.loan_stack:
            actions.append(LOAN)
        if money >= RULES.university_price and self.university_stack:
            trained = self.trained
            for c in self.idle[seat]:
                if c not in trained and self.skilled(c):
                    row = TRAIN[c]
                    actions += [row[u] for u in self.university_stack]  # type: ignore[index]
        return actions

    def _sends(self, seat: int, money: int, free: int) -> list[Action]:
        """Every card to every site, with each tool a worker or citizen may carry."""
        idle, sent, freed = self.idle[seat], self.sent, self.freed
        if freed:
            citizen = self.options["citizen_wage"]
            wages = [citizen if c in freed else WAGES[c] for c in idle]
        else:
            wages = [WAGES[c] for c in idle]
        tools = [t + 1 for t in self.tools[seat]]
        skilled = [bool(tools) and self.skilled(c) for c in idle]
        actions: list[Action] = []
        for b in self.sites[seat]:
            k = sent.get(b, 0) + 1 if sent else 1
            budget = money - (k - free) * EXTRA_ACTION if k > free else money
            if budget < 0:
                continue
            for c, wage, equip in zip(idle, wages, skilled, strict=True):
                if wage <= budget:
                    row = SEND[c][b]
                    actions.append(row[0])  # type: ignore[index]
                    if equip:
                        actions += [row[t] for t in tools]  # type: ignore[index]
        return actions

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
            raise IllegalAction("the game is over")
        if seat != self.seat:
            raise IllegalAction(f"it is seat {self.seat}'s turn, not seat {seat}'s")
        kind = action[0] if isinstance(action, tuple) and action else None
        play = _PLAYS.get(kind) if isinstance(kind, str) else None
        if play is None:
            raise IllegalAction(f"'{action}' is not an action of The Builders: Antiquity")
        play(self, seat, action[1:])

    # -- paying for actions --

    def _price(self, seat: int, actions: int, sesterces: int, what: str) -> int:
        """The extra-action cost of `actions`, after checking `seat` can pay it and `sesterces`."""
        extra = self.extra_cost(actions)
        money = self.money[seat]
        if money < extra + sesterces:
            parts = [f"{sesterces} sesterces"] if sesterces else []
            if extra:
                parts.append(f"{extra} for extra actions")
            raise IllegalAction(
                f"{what} costs {' + '.join(parts)} and you have only {money} sesterces"
            )
        return extra

    def _spend(self, seat: int, actions: int, sesterces: int) -> None:
        self.used += actions
        self.money[seat] -= sesterces
        if self.bank is not None:
            self.bank += sesterces

    def _payout(self, seat: int, sesterces: int) -> int:
        """Pay from the bank; a limited bank pays only what it holds (B-06)."""
        if self.bank is not None:
            sesterces = min(sesterces, self.bank)
            self.bank -= sesterces
        self.money[seat] += sesterces
        return sesterces

    # -- the actions --

    def _start(self, seat: int, args: tuple) -> None:
        (b,) = _arguments(args, 1, "start BUILDING")
        if b not in self.building_row:
            raise IllegalAction(f"building {b} is not in the building row")
        extra = self._price(seat, 1, 0, "starting a building")
        self._spend(seat, 1, extra)
        revealed = _take_from_row(self.building_row, self.building_deck, b)
        self.sites[seat][b] = Site(b)
        self.events.append(
            Event(
                "builders.started",
                {"seat": seat, "building": b, "extra": extra, "revealed": revealed},
            )
        )

    def _hire(self, seat: int, args: tuple) -> None:
        (w,) = _arguments(args, 1, "hire WORKER")
        if w not in self.worker_row:
            raise IllegalAction(f"worker {w} is not in the worker row")
        extra = self._price(seat, 1, 0, "recruiting a worker")
        self._spend(seat, 1, extra)
        revealed = _take_from_row(self.worker_row, self.worker_deck, w)
        self.idle[seat].append(w)
        self.events.append(
            Event(
                "builders.hired", {"seat": seat, "worker": w, "extra": extra, "revealed": revealed}
            )
        )

    def _check_investment(self) -> None:
        if self.invested:
            raise IllegalAction("you have already taken an investment this turn (one per turn)")

    def _buy(self, seat: int, args: tuple) -> None:
        what, which = _arguments(args, 2, "buy slave CARD | buy tool TOOL")
        self._check_investment()
        if what == "slave":
            if which not in self.slave_stack:
                raise IllegalAction(f"slave {which} is not in the investment row")
            price = RULES.slave_price
        elif what == "tool":
            if TOOL_WORDS.get(which) not in self.tool_stack:
                raise IllegalAction(f"there is no tool '{which}' in the investment row")
            price = RULES.tool_price
        else:
            raise IllegalAction(f"you can buy a slave or a tool, not '{what}'")
        extra = self._price(seat, 1, price, f"buying a {what}")
        self._spend(seat, 1, extra + price)
        self.invested = True
        if what == "slave":
            self.slave_stack.remove(which)
            self.idle[seat].append(which)
        else:
            tool = TOOL_WORDS[which]
            self.tool_stack.remove(tool)
            self.tools[seat].append(tool)
            self.tools[seat].sort()
        self.events.append(
            Event(
                "builders.bought",
                {"seat": seat, "investment": what, "card": which, "price": price, "extra": extra},
            )
        )

    def _loan(self, seat: int, args: tuple) -> None:
        _arguments(args, 0, "loan")
        self._check_investment()
        if not self.loan_stack:
            raise IllegalAction("no loan is left in the investment row")
        extra = self._price(seat, 1, 0, "taking a loan")
        self._spend(seat, 1, extra)
        self.invested = True
        self.loan_stack -= 1
        self.loans[seat] += 1
        paid = self._payout(seat, RULES.loan_gain)
        self.events.append(
            Event("builders.loan", {"seat": seat, "sesterces": paid, "extra": extra})
        )

    def _train(self, seat: int, args: tuple) -> None:
        c, word = _arguments(args, 2, "train CARD MATERIAL")
        self._check_investment()
        self._check_idle(seat, c, "trained")
        if c in MACHINE_CARDS:
            raise IllegalAction("a machine cannot be trained")
        if not self.skilled(c):
            raise IllegalAction(f"slave {c} cannot be trained; only a worker or a citizen can")
        if c in self.trained:
            raise IllegalAction(f"card {c} is already trained (once per card)")
        material = MATERIAL_WORDS.get(word)
        if material not in self.university_stack:
            raise IllegalAction(f"there is no {word} University in the investment row")
        price = RULES.university_price
        extra = self._price(seat, 1, price, "training a worker")
        self._spend(seat, 1, extra + price)
        self.invested = True
        self.university_stack.remove(material)
        self.trained[c] = material
        self.events.append(
            Event(
                "builders.trained",
                {"seat": seat, "card": c, "material": word, "price": price, "extra": extra},
            )
        )

    def _send(self, seat: int, args: tuple) -> None:
        if len(args) == 2:
            (c, b), word = args, None
        else:
            c, b, word = _arguments(args, 3, "send CARD BUILDING [TOOL]")
        self._check_idle(seat, c, "sent to work")
        if b not in self.sites[seat]:
            raise IllegalAction(f"building {b} is not one of your buildings under construction")
        tool = NO_TOOL
        if word is not None:
            if c in MACHINE_CARDS:
                raise IllegalAction("a machine cannot carry a tool")
            if not self.skilled(c):
                raise IllegalAction(
                    f"slave {c} cannot carry a tool; only a worker or a citizen can"
                )
            if TOOL_WORDS.get(word) not in self.tools[seat]:
                raise IllegalAction(f"you have no idle tool '{word}'")
            tool = TOOL_WORDS[word]
        k = self.sent.get(b, 0) + 1
        wage = self.wage(c)
        extra = self._price(seat, k, wage, f"sending card {c} (card {k} to this building)")
        self._spend(seat, k, extra + wage)
        self.sent[b] = k
        self.idle[seat].remove(c)
        site = self.sites[seat][b]
        site.crew.append((c, tool))
        supplied, provides = site.supplied, self.provides(c)
        for m in range(4):
            supplied[m] += provides[m]
        if tool != NO_TOOL:
            self.tools[seat].remove(tool)
            supplied[tool] += 1
        self.events.append(
            Event(
                "builders.sent",
                {
                    "seat": seat,
                    "card": c,
                    "building": b,
                    "tool": word,
                    "wage": wage,
                    "actions": k,
                    "extra": extra,
                },
            )
        )
        if site.finished():
            self._complete(seat, site)

    def _complete(self, seat: int, site: Site) -> None:
        """Completion is not an action (B-16): cards and tools return, the bank pays."""
        b = site.building
        del self.sites[seat][b]
        idle, tools = self.idle[seat], self.tools[seat]
        for c, tool in site.crew:
            idle.append(c)
            if tool != NO_TOOL:
                tools.append(tool)
        tools.sort()
        building = BUILDINGS[b - 1]
        paid = self._payout(seat, building.coins)
        self.vp[seat] += building.vp
        self.built[seat].append(b)
        if building.machine:
            idle.append(b)
        self.events.append(
            Event(
                "builders.completed",
                {"seat": seat, "building": b, "sesterces": paid, "vp": building.vp},
            )
        )

    def _take(self, seat: int, args: tuple) -> None:
        (gain,) = _arguments(args, 1, "take 1 | take 3 | take 6")
        spent = RULES.take_sesterces.get(gain) if type(gain) is int else None
        if spent is None:
            choices = ", ".join(map(str, RULES.take_sesterces))
            raise IllegalAction(f"you can take {choices} sesterces, not {gain}")
        extra = self._price(seat, spent, 0, f"taking {gain} sesterces")
        self._spend(seat, spent, extra)
        paid = self._payout(seat, gain)
        self.events.append(
            Event(
                "builders.took",
                {"seat": seat, "sesterces": paid, "actions": spent, "extra": extra},
            )
        )

    def _free(self, seat: int, args: tuple) -> None:
        (c,) = _arguments(args, 1, "free SLAVE")
        if c not in SLAVE_CARDS or c in self.freed:
            raise IllegalAction(f"card {c} is not a slave")
        self._check_idle(seat, c, "freed")
        extra = self._price(seat, 1, 0, "freeing a slave")
        self._spend(seat, 1, extra)
        self.freed = self.freed | {c}
        self.events.append(Event("builders.freed", {"seat": seat, "card": c, "extra": extra}))

    def _end(self, seat: int, args: tuple) -> None:
        _arguments(args, 0, "end")
        vp = self.vp[seat]
        trigger = None
        if not self.last_round:
            if vp >= RULES.trigger_vp:
                trigger = Event("builders.last_round", {"seat": seat, "vp": vp})
            elif self.options["end_stuck_game"] and self.stuck():
                trigger = Event("builders.stuck", {"seat": seat})
            self.last_round = trigger is not None
        over = self.last_round and seat == self.last_seat
        if not over:
            self.seat = (seat + 1) % self.players
            if self.seat == self.first:
                self.round += 1
            self.used, self.invested, self.sent = 0, False, {}
        self.events.append(
            Event(
                "builders.turn_ended",
                {
                    "seat": seat,
                    "vp": vp,
                    "next_seat": None if over else self.seat,
                    "round": self.round,
                },
            )
        )
        if trigger:
            self.events.append(trigger)
        if over:
            self._finish()

    def stuck(self) -> bool:
        """Whether no player can ever finish another building, so no one can reach 17 VP.

        A player needs a card to send (idle, or left in the worker row or the slave
        stack) and a building to send it to (under construction, or left in the
        building row). Cards on a site come back only when it is finished, and the
        rows are not refilled once the decks are empty, so this lasts for good.
        """
        crew_left = self.worker_row or self.slave_stack
        return not any(
            (self.idle[p] or crew_left) and (self.sites[p] or self.building_row)
            for p in range(self.players)
        )

    @property
    def last_seat(self) -> int:
        """The player to the right of the first player, who always plays last (B-20)."""
        return (self.first - 1) % self.players

    def _check_idle(self, seat: int, c: object, what: str) -> None:
        if c in self.idle[seat]:
            return
        if any(c == w for site in self.sites[seat].values() for w, _ in site.crew):
            raise IllegalAction(
                f"card {c} is working on a building site; only an idle card can be {what}"
            )
        raise IllegalAction(f"card {c} is not one of your idle workers")

    # -- the end (B-20 to B-23) --

    def _finish(self) -> None:
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
            Event("builders.game_over", {"scores": [s.tenths / 10 for s in self.final]})
        )

    def result(self) -> Result | None:
        if not self.over:
            return None
        return Result.ranked(
            [s.tenths / 10 for s in self.final],
            details={"players": [s.to_json() for s in self.final]},
        )

    # -- views and copies --

    def view(self, seat: int | None) -> dict[str, Any]:
        from .view import view

        return view(self, seat)

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


def _arguments(args: tuple, count: int, usage: str) -> tuple:
    if len(args) != count:
        raise IllegalAction(f"write it as '{usage}'")
    return args


def _take_from_row(row: list[int], deck: list[int], taken: int) -> int | None:
    """Take a card from a row and refill its place from the deck, if any is left (B-07)."""
    place = row.index(taken)
    if deck:
        row[place] = deck.pop()
        return row[place]
    del row[place]
    return None


_PLAYS = {
    "start": BuildersState._start,
    "hire": BuildersState._hire,
    "buy": BuildersState._buy,
    "loan": BuildersState._loan,
    "train": BuildersState._train,
    "send": BuildersState._send,
    "take": BuildersState._take,
    "free": BuildersState._free,
    "end": BuildersState._end,
}
