"""Training a worker (rulebook "Szkolenie Robotnika", an investment; rulings B-05, B-14): for 1
action and 7 sesterces the seat puts a University of the investment row on one of its idle
workers or citizens, once per card; it teaches that material from then on. A machine or a slave
is never trained.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabulae.core import Action, IllegalAction
from tabulae.core.flow import Move

from .actions import CITIZEN_TRAIN, MATERIAL_WORDS, NUMBER, TRAIN
from .components import MACHINE_CARDS, RULES
from .investments import second_investment
from .refusals import card_named, malformed, no_card, not_idle, other_side, refused
from .turn import EXTRA_ACTION, FREE_ACTIONS, price, spend

if TYPE_CHECKING:
    from .table import BuildersTable

USAGE = "train laborer_1 stone"
UNIVERSITY_PRICE = RULES.university_price


def legal_train(table: BuildersTable, seat: int) -> list[Action]:
    if table.investment_taken or not table.university_stack:
        return []
    money = table.sesterces[seat]
    if table.actions_used >= FREE_ACTIONS:
        money -= EXTRA_ACTION  # what is left once one more action is paid for
    if money < UNIVERSITY_PRICE:
        return []
    actions: list[Action] = []
    trained, freed, universities = table.trained, table.freed, table.university_stack
    for card in table.idle[seat]:
        if card not in trained and table.skilled(card):
            row = CITIZEN_TRAIN[card] if card in freed else TRAIN[card]
            actions += [row[university] for university in universities]
    return actions


def why_train(table: BuildersTable, seat: int, action: Action) -> IllegalAction:
    if len(action) != 3:
        return malformed("train", USAGE)
    word, material_word = action[1], action[2]
    card = card_named(word)
    if card is None:
        return no_card(word)
    refusal = (
        second_investment(table)
        or not_idle(table, seat, card, word)
        or other_side(table, card, word)
    )
    if refusal is not None:
        return refusal
    if card in MACHINE_CARDS:
        return refused("machine_untrainable", "a machine cannot be trained", card=word)
    if not table.skilled(card):
        return refused(
            "slave_untrainable",
            f"{word} cannot be trained; only a worker or a citizen can",
            card=word,
        )
    if card in table.trained:
        return refused(
            "trained", f"{word} is already trained (once per card)", card=table.side(card)
        )
    material = MATERIAL_WORDS.get(material_word) if isinstance(material_word, str) else None
    if material not in table.university_stack:
        return refused(
            "no_university",
            f"there is no {material_word} University in the investment row",
            material=str(material_word),
        )
    return price(table, seat, 1, UNIVERSITY_PRICE, "train")


def play_train(table: BuildersTable, seat: int, action: Action) -> None:
    word, material_word = action.word(1), action.word(2)
    card, material = NUMBER[word], MATERIAL_WORDS[material_word]
    extra = table.extra_cost(1)
    spend(table, seat, 1, extra + UNIVERSITY_PRICE)
    table.investment_taken = True
    table.university_stack.remove(material)
    table.trained[card] = material
    table.tell(
        "trained",
        seat=seat,
        card=table.told(table.side(card)),
        material=material_word,
        price=UNIVERSITY_PRICE,
        extra=extra,
    )


MOVE = Move(legal_train, why_train, play_train)
