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
START: tuple[Action | None, ...] = tuple(
    Action("start", WORD[n]) if 1 <= n <= len(BUILDINGS) else None for n in range(LAST_CARD + 1)
)
HIRE: tuple[Action | None, ...] = tuple(
    Action("hire", WORD[n]) if n in WORKERS else None for n in range(LAST_CARD + 1)
)
BUY_SLAVE: tuple[Action | None, ...] = tuple(
    Action("buy", "slave", WORD[n]) if n in SLAVES else None for n in range(LAST_CARD + 1)
)
BUY_TOOL: tuple[Action, ...] = tuple(Action("buy", "tool", t.word) for t in TOOLS)
FREE: tuple[Action | None, ...] = tuple(
    Action("free", WORD[n]) if n in SLAVES else None for n in range(LAST_CARD + 1)
)
TOOL_WORDS: dict[str, int] = {t.word: t.material for t in TOOLS}
MATERIAL_WORDS: dict[str, int] = {m: i for i, m in enumerate(MATERIALS)}

CREW_CARDS = (*MACHINES, *WORKERS, *SLAVES)


def _train(card: int, words: tuple[str | None, ...]) -> tuple[Action, ...] | None:
    """A worker's trainings, or a citizen's (`words` = CITIZEN): a slave is never trained."""
    word = words[card]
    if word is None or card not in (WORKERS if words is WORD else SLAVES):
        return None
    return tuple(Action("train", word, m) for m in MATERIALS)


def _send(card: int, building: int, words: tuple[str | None, ...]) -> tuple[Action, ...] | None:
    """`send card building`, then one action per tool (index = tool's material + 1) for a
    worker or a citizen (`words` = CITIZEN); a machine or slave carries no tool."""
    word = words[card]
    if word is None or card not in CREW_CARDS or not 1 <= building <= len(BUILDINGS):
        return None
    if card == building:
        return None
    plain = Action("send", word, WORD[building])
    if card in MACHINES or (card in SLAVES and words is WORD):
        return (plain,)
    return (plain, *(Action("send", word, WORD[building], t.word) for t in TOOLS))


def _sends(words: tuple[str | None, ...]) -> tuple[tuple[tuple[Action, ...] | None, ...], ...]:
    return tuple(
        tuple(_send(card, b, words) for b in range(len(BUILDINGS) + 1))
        for card in range(LAST_CARD + 1)
    )


TRAIN = tuple(_train(n, WORD) for n in range(LAST_CARD + 1))
SEND = _sends(WORD)
CITIZEN_TRAIN = tuple(_train(n, CITIZEN) for n in range(LAST_CARD + 1))
CITIZEN_SEND = _sends(CITIZEN)
"""What a freed slave, on its citizen side, may be trained at and sent with."""


def every_action() -> list[Action]:
    """Every action the game can ever offer, in a fixed order (the same for any setup)."""
    actions = [END, *TAKE.values()]
    actions += [a for a in START if a]
    actions += [a for a in HIRE if a]
    actions += [a for a in BUY_SLAVE if a]
    actions += [*BUY_TOOL, LOAN]
    actions += [a for row in TRAIN if row for a in row]
    actions += [a for a in FREE if a]
    actions += [a for row in SEND for sends in row if sends for a in sends]
    actions += [a for row in CITIZEN_TRAIN if row for a in row]
    actions += [a for row in CITIZEN_SEND for sends in row if sends for a in sends]
    return actions
