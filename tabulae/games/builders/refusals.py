"""Why an action of a turn is refused, in the player's words (`builders.refused.<what>`).

The turn's `legal` list alone decides what may be played; `why` explains an action that is
not in it: the first rule it breaks, in the order a player reads the action (its words, the
cards it names, then the turn's one investment, then the price), with the catalog key and
arguments that give the reason in each player's language.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NoReturn

from tabulae.core import Action, IllegalAction
from tabulae.core.actions import Arg

from .actions import MATERIAL_WORDS, NUMBER, TOOL_WORDS, WORD
from .components import MACHINE_CARDS, RULES, SLAVE_CARDS, SLAVES

if TYPE_CHECKING:
    from .table import BuildersTable

USAGE = {
    "start": "start temple",
    "hire": "hire laborer_1",
    "buy": "buy slave slave_1 | buy tool mallet",
    "loan": "loan",
    "train": "train laborer_1 stone",
    "send": "send laborer_1 temple | send laborer_1 temple mallet",
    "take": "take 1 | take 3 | take 6",
    "free": "free slave_1",
    "end": "end",
}
"""How each action is written, as an example, for a refusal of a malformed one."""
SLAVE_WORDS = frozenset(WORD[n] for n in SLAVES)


def refused(reason: str, key: str, **args: object) -> IllegalAction:
    """A refusal: the English `reason`, and the catalog message `builders.refused.<key>`."""
    return IllegalAction(reason, f"builders.refused.{key}", args)


def why(table: BuildersTable, seat: int, action: Action) -> IllegalAction:
    """The refusal of an action that is not legal now for the seat whose turn it is."""
    kind = action[0] if isinstance(action, tuple) and action else None
    explain = EXPLAIN.get(kind) if isinstance(kind, str) else None
    if explain is None:
        return refused(
            f"'{action}' is not an action of The Builders: Antiquity",
            "unknown",
            action=str(action),
        )
    try:
        explain(table, seat, action[1:])
    except IllegalAction as refusal:
        return refusal


def _start(table: BuildersTable, seat: int, args: tuple[Arg, ...]) -> NoReturn:
    (word,) = _written(args, 1, "start")
    if _known(word) not in table.building_row:
        raise refused(f"{word} is not in the building row", "not_in_building_row", building=word)
    raise _price(table, seat, 1, 0, "start")


def _hire(table: BuildersTable, seat: int, args: tuple[Arg, ...]) -> NoReturn:
    (word,) = _written(args, 1, "hire")
    if _known(word) not in table.worker_row:
        raise refused(f"{word} is not in the worker row", "not_in_worker_row", worker=word)
    raise _price(table, seat, 1, 0, "hire")


def _buy(table: BuildersTable, seat: int, args: tuple[Arg, ...]) -> NoReturn:
    what, which = _written(args, 2, "buy")
    _one_investment(table)
    if what == "slave":
        if which not in SLAVE_WORDS or NUMBER[str(which)] not in table.slave_stack:
            raise refused(f"{which} is not in the investment row", "slave_not_offered", slave=which)
        raise _price(table, seat, 1, RULES.slave_price, "buy")
    if what == "tool":
        if not isinstance(which, str) or TOOL_WORDS.get(which) not in table.tool_stack:
            raise refused(
                f"there is no tool '{which}' in the investment row", "tool_not_offered", tool=which
            )
        raise _price(table, seat, 1, RULES.tool_price, "buy")
    raise refused(f"you can buy a slave or a tool, not '{what}'", "buy_what", what=str(what))


def _loan(table: BuildersTable, seat: int, args: tuple[Arg, ...]) -> NoReturn:
    _written(args, 0, "loan")
    _one_investment(table)
    if not table.loan_stack:
        raise refused("no loan is left in the investment row", "no_loan")
    raise _price(table, seat, 1, 0, "loan")


def _train(table: BuildersTable, seat: int, args: tuple[Arg, ...]) -> NoReturn:
    word, material_word = _written(args, 2, "train")
    card = _known(word)
    _one_investment(table)
    _idle(table, seat, card, word)
    _side(table, card, word)
    if card in MACHINE_CARDS:
        raise refused("a machine cannot be trained", "machine_untrainable", card=word)
    if not table.skilled(card):
        raise refused(
            f"{word} cannot be trained; only a worker or a citizen can",
            "slave_untrainable",
            card=word,
        )
    if card in table.trained:
        raise refused(
            f"{word} is already trained (once per card)", "trained", card=table.side(card)
        )
    material = MATERIAL_WORDS.get(material_word) if isinstance(material_word, str) else None
    if material not in table.university_stack:
        raise refused(
            f"there is no {material_word} University in the investment row",
            "no_university",
            material=str(material_word),
        )
    raise _price(table, seat, 1, RULES.university_price, "train")


def _send(table: BuildersTable, seat: int, args: tuple[Arg, ...]) -> NoReturn:
    if len(args) == 2:
        (word, building_word), tool_word = args, None
    else:
        word, building_word, tool_word = _written(args, 3, "send")
    card = _known(word)
    _idle(table, seat, card, word)
    _side(table, card, word)
    building = _known(building_word)
    if building not in table.sites[seat]:
        raise refused(
            f"{building_word} is not one of your buildings under construction",
            "not_your_site",
            building=building_word,
        )
    if tool_word is not None:
        if card in MACHINE_CARDS:
            raise refused("a machine cannot carry a tool", "machine_no_tool", card=word)
        if not table.skilled(card):
            raise refused(
                f"{word} cannot carry a tool; only a worker or a citizen can",
                "slave_no_tool",
                card=word,
            )
        if not isinstance(tool_word, str) or TOOL_WORDS.get(tool_word) not in table.tools[seat]:
            raise refused(f"you have no idle tool '{tool_word}'", "no_tool", tool=str(tool_word))
    actions = table.sent_this_turn.get(building, 0) + 1
    raise _price(table, seat, actions, table.wage(card), "send")


def _take(table: BuildersTable, seat: int, args: tuple[Arg, ...]) -> NoReturn:
    (gain,) = _written(args, 1, "take")
    spent = RULES.take_sesterces.get(gain) if type(gain) is int else None
    if spent is None:
        choices = ", ".join(map(str, RULES.take_sesterces))
        raise refused(
            f"you can take {choices} sesterces, not {gain}",
            "take",
            choices=choices,
            given=str(gain),
        )
    raise _price(table, seat, spent, 0, "take")


def _free(table: BuildersTable, seat: int, args: tuple[Arg, ...]) -> NoReturn:
    (word,) = _written(args, 1, "free")
    card = _known(word)
    _side(table, card, word)
    if card not in SLAVE_CARDS or card in table.freed:
        raise refused(f"{word} is not a slave", "not_a_slave", card=table.side(card))
    _idle(table, seat, card, word)
    raise _price(table, seat, 1, 0, "free")


def _end(table: BuildersTable, seat: int, args: tuple[Arg, ...]) -> NoReturn:
    """Ending the turn is always legal: only an `end` written with more is refused."""
    raise _malformed("end")


EXPLAIN: dict[str, Callable[[BuildersTable, int, tuple[Arg, ...]], NoReturn]] = {
    "start": _start,
    "hire": _hire,
    "buy": _buy,
    "loan": _loan,
    "train": _train,
    "send": _send,
    "take": _take,
    "free": _free,
    "end": _end,
}
"""Each action's explanation, by the action's word; each raises the refusal it finds."""


def _written(args: tuple[Arg, ...], count: int, kind: str) -> tuple[Arg, ...]:
    if len(args) != count:
        raise _malformed(kind)
    return args


def _malformed(kind: str) -> IllegalAction:
    return refused(f"write it as '{USAGE[kind]}'", "written", action=kind, usage=USAGE[kind])


def _known(word: Arg) -> int:
    """The card a word of the notation names; refused if it names none."""
    number = NUMBER.get(word) if isinstance(word, str) else None
    if number is None:
        raise refused(f"there is no card '{word}'", "no_card", word=str(word))
    return number


def _side(table: BuildersTable, card: int, word: Arg) -> None:
    """A slave card is written by the side it lies on: `slave_1`, or `citizen_1` once freed."""
    if word != table.side(card):
        raise refused(f"{word} lies on its other side now", "other_side", card=table.side(card))


def _idle(table: BuildersTable, seat: int, card: int, word: Arg) -> None:
    if card in table.idle[seat]:
        return
    if any(card == worker for site in table.sites[seat].values() for worker, _ in site.crew):
        raise refused(
            f"{word} is working on a building site; only an idle card can do that",
            "working",
            card=table.side(card),
        )
    raise refused(f"{word} is not one of your idle cards", "not_idle", card=table.side(card))


def _one_investment(table: BuildersTable) -> None:
    if table.investment_taken:
        raise refused(
            "you have already taken an investment this turn (one per turn)", "one_investment"
        )


def _price(
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
            f"'{action}' costs {sesterces} sesterces {short}",
            "cost",
            action=action,
            price=sesterces,
            money=money,
        )
    if not sesterces:
        return refused(
            f"'{action}' costs {extra} for extra actions {short}",
            "extra",
            action=action,
            extra=extra,
            money=money,
        )
    return refused(
        f"'{action}' costs {sesterces} sesterces + {extra} for extra actions {short}",
        "both",
        action=action,
        price=sesterces,
        extra=extra,
        money=money,
    )
