"""The order of play as data: steps, turn orders and the one path by which an action is applied.

A game states each decision of its rules as a `Step`: who may act (`seats`), what they may
play (`legal`), why anything else is refused (`why`) and what a legal action does (`play`).
Its table names the step under way in its `step` field and lists its steps in ``STEPS``; the
`Flow` mixin then answers the protocol's `to_move` and `legal_actions`, and `apply` checks an
action in one order, once, for every game: the game is not over, the seat exists, it is the
seat's turn, the action is legal; then the step plays it and the table `advance`s to the
next decision.

Turn orders are named: `lap_from` (one lap clockwise from a seat, as "from the First
Consul"), and `simultaneous` (everyone who has not yet chosen, as for secret choices).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, NamedTuple

from .actions import Action
from .errors import IllegalAction

OVER = "over"
"""The step of a finished game: nobody may act."""

REFUSALS = ("over", "no_seat", "not_your_turn")
"""The refusals of `Flow.apply` itself, each ``<game>.refused.<what>`` in a game's catalogs."""


class Step(NamedTuple):
    """One decision: who may act, what is legal, why an action is not, and what one does."""

    seats: Callable[[Any], tuple[int, ...]]  # (table) -> the seats that may act now
    legal: Callable[[Any, int], list[Action]]  # (table, seat) -> the legal actions
    why: Callable[[Any, int, Action], IllegalAction]  # the refusal of an illegal action
    play: Callable[[Any, int, Action], None]  # plays a legal action
    allows: Callable[[Any, int, Action], bool] | None = None
    """Whether one action is legal, for a step whose legal actions are costly to list: it
    must agree with `legal` (without it, `apply` looks the action up in `legal`)."""


class Move(NamedTuple):
    """One kind of action within a step, its rule in one place: the legal actions of that
    kind for a seat, why another action of that kind is refused, and what a legal one does.

    A step where several kinds of action are open (a sheet's areas, a turn's choices) is
    made of its moves by `by_kind`, so each rule is written once, beside its own refusals.
    """

    legal: Callable[[Any, int], list[Action]]  # (table, seat) -> legal actions of this kind
    why: Callable[[Any, int, Action], IllegalAction]  # the refusal of one of this kind
    play: Callable[[Any, int, Action], None]  # plays a legal action of this kind


def by_kind(
    seats: Callable[[Any], tuple[int, ...]],
    moves: Mapping[str, Move],
    unknown: Callable[[Any, int, Action], IllegalAction],
) -> Step:
    """The step offering `moves`, each keyed by its action kind: legal actions are listed in
    the order of `moves`, and an action is checked, explained and played by the move of its
    kind alone. `unknown` refuses an action whose kind no move has. `moves` is read once,
    when the step is made.

    >>> from tabulae.core import Action, IllegalAction
    >>> coin = Move(
    ...     legal=lambda table, seat: [Action("coin", 1)],
    ...     why=lambda table, seat, action: IllegalAction("one coin at a time"),
    ...     play=lambda table, seat, action: table.append(action),
    ... )
    >>> step = by_kind(lambda table: (0,), {"coin": coin}, lambda t, s, a: IllegalAction("no"))
    >>> step.legal([], 0), step.allows([], 0, Action("coin", 2))
    ([Action('coin', 1)], False)
    >>> str(step.why([], 0, Action("coin", 2))), str(step.why([], 0, Action("bid", 2)))
    ('one coin at a time', 'no')
    """
    # Each move's functions are looked up once, here, rather than on every action: a
    # step made by kind is the hot path of a random playout.
    listers = tuple(move.legal for move in moves.values())
    legal_of: dict[object, Callable[[Any, int], list[Action]]]
    legal_of = {kind: move.legal for kind, move in moves.items()}
    why_of: dict[object, Callable[[Any, int, Action], IllegalAction]]
    why_of = {kind: move.why for kind, move in moves.items()}
    play_of: dict[object, Callable[[Any, int, Action], None]]
    play_of = {kind: move.play for kind, move in moves.items()}

    def legal(table: Any, seat: int) -> list[Action]:
        found: list[Action] = []
        for listed in listers:
            found += listed(table, seat)
        return found

    def allows(table: Any, seat: int, action: Action) -> bool:
        if not isinstance(action, Action) or not action:
            return False
        kind = action[0]
        listed = legal_of.get(kind) if isinstance(kind, str) else None
        return listed is not None and action in listed(table, seat)

    def why(table: Any, seat: int, action: Action) -> IllegalAction:
        kind = action[0] if isinstance(action, Action) and action else None
        refusal = why_of.get(kind) if isinstance(kind, str) else None
        if refusal is None:
            return unknown(table, seat, action)
        return refusal(table, seat, action)

    def play(table: Any, seat: int, action: Action) -> None:
        play_of[action[0]](table, seat, action)

    return Step(seats, legal, why, play, allows)


def lap_from(table: Any, seat: int) -> list[int]:
    """One lap clockwise from `seat`, `seat` first."""
    players = table.players
    return [(seat + i) % players for i in range(players)]


def simultaneous(table: Any, choices: Sequence[object]) -> tuple[int, ...]:
    """Everyone at once: the seats whose choice (None or False until made) is still to make."""
    return tuple([p for p in range(table.players) if choices[p] is None or choices[p] is False])


class Flow:
    """The protocol's turn machinery for a `Table` with a ``step`` field and ``STEPS``.

    Mix it in before `Table` (``class MyState(Flow, Table)``). The table names a seat for an
    English refusal (`name`) and moves on after each action (`advance`); the common refusals
    are keyed ``<game>.refused.over``, ``.no_seat`` and ``.not_your_turn`` in the game's
    catalogs.
    """

    __slots__ = ()

    STEPS: ClassVar[Mapping[str, Step]]
    step: Any  # the step under way, a key of STEPS (a game may narrow it to a Literal)
    players: int
    game: Any
    name: Callable[[int], str]  # how an English refusal names a seat

    @property
    def to_move(self) -> tuple[int, ...]:
        step = self.step
        if step == OVER:
            return ()
        return self.STEPS[step].seats(self)

    def legal_actions(self, seat: int) -> list[Action]:
        name = self.step
        if name == OVER:
            return []
        step = self.STEPS[name]
        if seat not in step.seats(self):
            return []
        return step.legal(self, seat)

    def apply(self, seat: int, action: Action) -> None:
        name = self.step
        if name == OVER:
            raise self.refused("over", "the game is over")
        if not isinstance(seat, int) or not 0 <= seat < self.players:
            raise self.refused(
                "no_seat",
                f"there is no such seat in a {self.players}-player game",
                players=self.players,
            )
        step = self.STEPS[name]
        to_move = step.seats(self)
        if seat not in to_move:
            waiting = " and ".join(self.name(p) for p in to_move)
            raise self.refused(
                "not_your_turn",
                f"it is not {self.name(seat)}'s turn: waiting for {waiting}",
                waiting_seats=list(to_move),
            )
        allows = step.allows
        if not (action in step.legal(self, seat) if allows is None else allows(self, seat, action)):
            raise step.why(self, seat, action)
        step.play(self, seat, action)
        self.advance()

    def prompt(self, seat: int | None) -> dict[str, Any] | None:
        """What the step under way asks, for a status line: ``<game>.prompt.<step>`` says it
        to a seat that is to move, ``<game>.step.<step>`` names it for those who wait, both
        messages of the game's catalogs filled in with ``args``. A game whose step asks for
        more words (how many are left to choose) overrides it. None once the game is over."""
        step, game = self.step, self.game.id
        if step == OVER:
            return None
        return {
            "step": step,
            "key": f"{game}.prompt.{step}",
            "name": f"{game}.step.{step}",
            "args": {},
        }

    def refused(self, what: str, reason: str, **args: Any) -> IllegalAction:
        """A refusal keyed ``<game>.refused.<what>`` in the game's catalogs."""
        return IllegalAction(reason, key=f"{self.game.id}.refused.{what}", args=args)

    def advance(self) -> None:
        """Move on after a played action, until a decision waits (or the game is over)."""
