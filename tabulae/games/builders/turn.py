"""The turn (rulebook "Przebieg gry", rulings B-06, B-09 and B-20): what actions cost, and
ending the turn.

The first 3 actions of a turn are free and every further one costs 5 sesterces, paid when it
is taken; the bank pays only what it holds when it is limited. Ending the turn is always legal
and passes it clockwise; the round after a player reached 17 VP is the last (or, by the
table's option, the round in which no player can finish a building any more), and the game
ends after the turn of the player to the right of the first player.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabulae.core import Action, IllegalAction
from tabulae.core.flow import Move

from .actions import END
from .components import RULES
from .refusals import malformed, refused
from .scoring import end_game

if TYPE_CHECKING:
    from .table import BuildersTable

EXTRA_ACTION = RULES.extra_action_cost
FREE_ACTIONS = RULES.free_actions


def spend(table: BuildersTable, seat: int, actions: int, sesterces: int) -> None:
    table.actions_used += actions
    table.sesterces[seat] -= sesterces
    if table.bank is not None:
        table.bank += sesterces


def payout(table: BuildersTable, seat: int, sesterces: int) -> int:
    """Pay from the bank; a limited bank pays only what it holds (B-06)."""
    if table.bank is not None:
        sesterces = min(sesterces, table.bank)
        table.bank -= sesterces
    table.sesterces[seat] += sesterces
    return sesterces


def price(
    table: BuildersTable, seat: int, actions: int, sesterces: int, action: str
) -> IllegalAction:
    """The refusal of an action the seat cannot pay for: `sesterces` and the extra actions
    among `actions`. `action` is the action's kind, which the glossary names ("send": "Send a
    worker to work")."""
    extra = table.extra_cost(actions)
    money = table.sesterces[seat]
    short = f"and you have only {money} sesterces"
    if not extra:
        return refused(
            "cost",
            f"'{action}' costs {sesterces} sesterces {short}",
            action=action,
            price=sesterces,
            money=money,
        )
    if not sesterces:
        return refused(
            "extra",
            f"'{action}' costs {extra} for extra actions {short}",
            action=action,
            extra=extra,
            money=money,
        )
    return refused(
        "both",
        f"'{action}' costs {sesterces} sesterces + {extra} for extra actions {short}",
        action=action,
        price=sesterces,
        extra=extra,
        money=money,
    )


# -- ending the turn ---------------------------------------------------------------------------


def legal_end(table: BuildersTable, seat: int) -> list[Action]:
    return [END]


def why_end(table: BuildersTable, seat: int, action: Action) -> IllegalAction:
    """Ending the turn is always legal: only an `end` written with more is refused."""
    return malformed("end", "end")


def play_end(table: BuildersTable, seat: int, action: Action) -> None:
    vp = table.victory_points[seat]
    trigger: tuple[str, dict[str, Any]] | None = None
    if not table.last_round:
        if vp >= RULES.trigger_vp:
            trigger = ("last_round", {"seat": seat, "vp": vp})
        elif table.options["end_stuck_game"] and table.stuck():
            trigger = ("stuck", {"seat": seat})
        table.last_round = trigger is not None
    over = table.last_round and seat == table.last_seat
    if not over:
        table.active_seat = (seat + 1) % table.players
        if table.active_seat == table.first_player:
            table.round += 1
        table.actions_used, table.investment_taken, table.sent_this_turn = 0, False, {}
    next_seat = None if over else table.active_seat
    table.tell("turn_ended", seat=seat, vp=vp, next_seat=next_seat, round=table.round)
    if trigger:
        key, told = trigger
        table.tell(key, **told)
    if over:
        end_game(table)


MOVE = Move(legal_end, why_end, play_end)
