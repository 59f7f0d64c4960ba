"""The actions of The Builders: Antiquity and their notation, built once and shared.

| action | meaning |
|---|---|
| `start temple` | start construction of the Temple from the row |
| `hire laborer_1` | recruit the first Laborer from the row |
| `buy slave slave_1`, `buy tool mallet`, `loan` | take an investment (one per turn) |
| `train laborer_1 stone` | put the stone University on an idle worker (an investment) |
| `send laborer_1 temple`, `… mallet` | send a card to work on a building, with a tool or not |
| `take 1`, `take 3`, `take 6` | take that many sesterces (for 1, 2 or 3 actions) |
| `free slave_1` | free an idle slave |
| `end` | end the turn |

Cards are written by their id in `components.yaml` (`trading_post`, `craftsman_2`,
`slave_4`, `machine_saw`), which the game's catalogs name in each language
(``builders.term.<id>``), so that an
action is shown with its cards' names. Tools are named by their word and Universities by the
material they teach.
"""

from __future__ import annotations

from tabulae.core import Action

from .components import (
    BUILDINGS,
    LAST_CARD,
    MACHINES,
    MATERIALS,
    RULES,
    SLAVES,
    TOOLS,
    WORKERS,
    card,
)


def citizen(slave: str) -> str:
    """The word for a slave card turned to its citizen side: `citizen_1` for `slave_1`."""
    return "citizen_" + slave.removeprefix("slave_")


WORD: tuple[str, ...] = ("", *(card(n).id for n in range(1, LAST_CARD + 1)))
"""Each card's word in the notation, by card number."""
CITIZEN: tuple[str | None, ...] = tuple(
    citizen(WORD[n]) if n in SLAVES else None for n in range(LAST_CARD + 1)
)
"""A slave card's word once freed, on its citizen side (`citizen_1` for `slave_1`)."""
NUMBER: dict[str, int] = {word: n for n, word in enumerate(WORD) if word}
NUMBER.update({word: n for n, word in enumerate(CITIZEN) if word})

END = Action("end")
LOAN = Action("loan")
TAKE: dict[int, Action] = {n: Action("take", n) for n in sorted(RULES.take_sesterces)}
START: dict[int, Action] = {n: Action("start", WORD[n]) for n in range(1, len(BUILDINGS) + 1)}
"""Each action of the notation by the card it names, for the cards it can name (a building to
start, a worker to hire, a slave to buy or free)."""
HIRE: dict[int, Action] = {n: Action("hire", WORD[n]) for n in WORKERS}
BUY_SLAVE: dict[int, Action] = {n: Action("buy", "slave", WORD[n]) for n in SLAVES}
BUY_TOOL: tuple[Action, ...] = tuple(Action("buy", "tool", t.word) for t in TOOLS)
FREE: dict[int, Action] = {n: Action("free", WORD[n]) for n in SLAVES}
TOOL_WORDS: dict[str, int] = {t.word: t.material for t in TOOLS}
MATERIAL_WORDS: dict[str, int] = {m: i for i, m in enumerate(MATERIALS)}

CREW_CARDS = (*MACHINES, *WORKERS, *SLAVES)


def _train(words: tuple[str | None, ...]) -> dict[int, tuple[Action, ...]]:
    """The trainings of each worker, or of each citizen (`words` = CITIZEN), one per
    University by material: a slave is never trained."""
    cards = WORKERS if words is WORD else SLAVES
    return {
        card: tuple(Action("train", word, m) for m in MATERIALS)
        for card in range(LAST_CARD + 1)
        if (word := words[card]) is not None and card in cards
    }


def _send(card: int, building: int, words: tuple[str | None, ...]) -> tuple[Action, ...]:
    """`send card building`, then one action per tool (index = tool's material + 1) for a
    worker or a citizen (`words` = CITIZEN); a machine or slave carries no tool."""
    word = words[card]
    assert word is not None
    plain = Action("send", word, WORD[building])
    if card in MACHINES or (card in SLAVES and words is WORD):
        return (plain,)
    return (plain, *(Action("send", word, WORD[building], t.word) for t in TOOLS))


def _sends(words: tuple[str | None, ...]) -> dict[int, dict[int, tuple[Action, ...]]]:
    """The sends of each card that can be sent (a worker, a slave, a machine, or a citizen
    with `words` = CITIZEN), by building: to every building but itself."""
    return {
        card: {
            building: _send(card, building, words)
            for building in range(1, len(BUILDINGS) + 1)
            if building != card
        }
        for card in range(LAST_CARD + 1)
        if words[card] is not None and card in CREW_CARDS
    }


TRAIN = _train(WORD)
SEND = _sends(WORD)
CITIZEN_TRAIN = _train(CITIZEN)
CITIZEN_SEND = _sends(CITIZEN)
"""What a freed slave, on its citizen side, may be trained at and sent with."""


def every_action() -> list[Action]:
    """Every action the game can ever offer, in a fixed order (the same for any setup)."""
    actions = [END, *TAKE.values()]
    actions += START.values()
    actions += HIRE.values()
    actions += BUY_SLAVE.values()
    actions += [*BUY_TOOL, LOAN]
    actions += [a for row in TRAIN.values() for a in row]
    actions += FREE.values()
    actions += [a for row in SEND.values() for sends in row.values() for a in sends]
    actions += [a for row in CITIZEN_TRAIN.values() for a in row]
    actions += [a for row in CITIZEN_SEND.values() for sends in row.values() for a in sends]
    return actions
