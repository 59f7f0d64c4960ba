"""A table's fields, declared once, give its slots, its copies and its position format."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Annotated, Any, Literal

import pytest

from tabulae.core import DERIVED, FACE_DOWN, BadPosition, Event, Game, Rng, Table, Written


class Site:
    """A value class with its own copy and position form."""

    __slots__ = ("building", "crew")

    def __init__(self, building: int) -> None:
        self.building = building
        self.crew: list[tuple[int, int]] = []

    def clone(self) -> Site:
        twin = Site(self.building)
        twin.crew = list(self.crew)
        return twin

    def to_position(self) -> dict[str, Any]:
        return {"building": self.building, "crew": [list(c) for c in self.crew]}

    @classmethod
    def from_position(cls, data: dict[str, Any]) -> Site:
        site = cls(data["building"])
        site.crew = [(a, b) for a, b in data["crew"]]
        return site


class Sample(Table):
    rng: Rng
    money: list[int]
    characters: list[list[tuple[int, bool, int]]]
    sites: list[dict[int, Site]]
    bank: int | None
    phase: Literal["choose", "act"]
    final: dict[str, Any]
    freed: frozenset[int]
    busiest: Annotated[int, DERIVED]

    def restore(self) -> None:
        self.busiest = max(range(self.players), key=lambda seat: self.money[seat])

    def check_position(self) -> None:
        if any(m < 0 for m in self.money):
            raise BadPosition("money: no player has fewer than 0 sesterces")

    to_move = ()

    def legal_actions(self, seat):  # pragma: no cover - not played
        return []

    apply = view = determinize = result = legal_actions


class SampleGame(Game):
    id = "sample"
    name = "Sample"
    min_players = 2
    max_players = 3
    position_class = Sample

    def start(self, players, rng, options):  # pragma: no cover - not played
        raise NotImplementedError

    def actions(self, players, options):  # pragma: no cover - not played
        return []


GAME = SampleGame()


def sample() -> Sample:
    table = object.__new__(Sample)
    table.game, table.players, table.options = GAME, 2, {}
    table.events = [Event("sample.secret", {"card": 3}, (0,))]
    table.rng = Rng(5)
    table.money = [4, 1]
    table.characters = [[(1, True, -1)], []]
    site = Site(3)
    site.crew = [(7, 2)]
    table.sites = [{3: site}, {}]
    table.bank = None
    table.phase = "choose"
    table.final = {"tied": [0, 1]}
    table.freed = frozenset({3, 1})
    table.busiest = 0
    return table


def test_the_annotations_are_the_slots():
    assert Sample.__slots__ == (
        "rng", "money", "characters", "sites", "bank", "phase", "final", "freed", "busiest"
    )  # fmt: skip
    assert "position_version" not in Table.__slots__
    with pytest.raises(AttributeError):
        sample().undeclared = 1  # type: ignore[attr-defined]


def test_a_clone_copies_each_field_as_deep_as_it_is_mutable():
    table = sample()
    twin = table.clone()
    assert twin.characters == table.characters and twin.characters[0] is not table.characters[0]
    assert twin.sites[0][3] is not table.sites[0][3] and twin.sites[0][3].crew == [(7, 2)]
    assert twin.rng is not table.rng and twin.rng.next64() == table.rng.next64()
    assert twin.characters[0][0] is table.characters[0][0]  # a tuple is shared
    assert twin.game is GAME and twin.busiest == 0


def test_a_position_reads_back_through_json_with_tuples_and_derived_fields():
    data = json.loads(json.dumps(sample().position()))
    assert data["game"] == "sample" and data["version"] == 1 and "busiest" not in data["table"]
    table = GAME.from_position(data)
    assert table.characters == [[(1, True, -1)], []]
    assert table.sites[0][3].crew == [(7, 2)] and table.freed == frozenset({1, 3})
    assert table.events == sample().events and table.busiest == 0
    assert table.position() == data


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (lambda d: d["table"]["characters"][0][0].__setitem__(1, 3), "characters[0][0][1]: true"),
        (lambda d: d["table"].__setitem__("phase", "vote"), "phase: one of 'choose', 'act'"),
        (lambda d: d["table"].__setitem__("bank", "all"), "bank: a whole number or null"),
        (lambda d: d["table"].pop("money"), "table: missing money"),
        (lambda d: d["table"].__setitem__("gold", 1), "table: unknown gold"),
        (lambda d: d["table"]["money"].__setitem__(1, -2), "no player has fewer than 0"),
        (lambda d: d["table"].__setitem__("freed", [1, 1]), "freed: a value is listed twice"),
        (lambda d: d["table"]["sites"][0].__setitem__("x", {}), "the key 'x' is not a whole"),
        (lambda d: d.__setitem__("version", 2), "position version 2"),
        (lambda d: d.__setitem__("game", "chess"), "a position of 'chess'"),
        (lambda d: d.__setitem__("players", 9), "for 2–3 players"),
        (lambda d: d["table"].__setitem__("rng", -1), "rng: a generator state"),
    ],
)
def test_a_malformed_position_is_refused_with_where_and_why(change, reason):
    data = json.loads(json.dumps(sample().position()))
    change(data)
    with pytest.raises(BadPosition, match=reason.replace("[", r"\[").replace("]", r"\]")):
        GAME.from_position(data)


def test_anything_but_a_position_is_refused():
    for data in (None, [], "position", {"format": "fen"}):
        with pytest.raises(BadPosition):
            GAME.from_position(data)


@dataclass(frozen=True, slots=True)
class Score:
    """A frozen value: shared by copies, written and read by its own methods."""

    points: int
    tied: tuple[int, ...]

    def to_position(self) -> dict[str, Any]:
        return {"points": self.points, "tied": list(self.tied)}

    @classmethod
    def from_position(cls, data: dict[str, Any]) -> Score:
        return cls(data["points"], tuple(data["tied"]))


class Scored(Table):
    scores: tuple[Score, ...]

    to_move = ()
    legal_actions = apply = view = determinize = result = Sample.legal_actions


def test_a_frozen_dataclass_is_shared_by_a_clone_and_reads_back_from_its_position():
    table = object.__new__(Scored)
    table.game, table.players, table.options = GAME, 2, {}
    table.events, table.scores = [], (Score(3, (0, 1)), Score(-2, ()))
    assert table.clone().scores[0] is table.scores[0]
    written = json.loads(json.dumps(table.position()))
    assert written["table"]["scores"] == [{"points": 3, "tied": [0, 1]}, {"points": -2, "tied": []}]
    assert Scored.read_position(GAME, written).scores == table.scores


def write_hands(hands: list[list[int]]) -> list[dict[str, int]]:
    """Counts by seat as {"gold": 2, "silver": 1}: what a reader recognises."""
    return [{"gold": gold, "silver": silver} for gold, silver in hands]


def read_hands(data: Any, where: str) -> list[list[int]]:
    hands = []
    for seat, hand in enumerate(data):
        for metal in ("gold", "silver"):
            if type(hand.get(metal)) is not int:
                raise BadPosition(f"{where}[{seat}].{metal}: a whole number")
        hands.append([hand["gold"], hand["silver"]])
    return hands


class Purse(Table):
    hands: Annotated[list[list[int]], Written(write_hands, read_hands)]

    to_move = ()
    legal_actions = apply = view = determinize = result = Sample.legal_actions


def purse() -> Purse:
    table = object.__new__(Purse)
    table.game, table.players, table.options = GAME, 2, {}
    table.events, table.hands = [], [[2, 1], [0, 3]]
    return table


def test_a_field_written_by_its_own_functions_reads_back_and_copies_by_its_type():
    table = purse()
    written = json.loads(json.dumps(table.position()))
    assert written["table"]["hands"] == [{"gold": 2, "silver": 1}, {"gold": 0, "silver": 3}]
    assert Purse.read_position(GAME, written).hands == table.hands
    twin = table.clone()
    assert twin.hands == table.hands and twin.hands[0] is not table.hands[0]


@pytest.mark.parametrize(
    ("hands", "reason"),
    [
        ([{"gold": 2, "silver": "one"}, {"gold": 0, "silver": 3}], "hands[0].silver: a whole"),
        ([{"gold": 2, "silver": 1}, 7], "hands: 'int' object has no attribute 'get'"),
    ],
)
def test_a_field_s_own_reader_refuses_with_the_field_s_place(hands, reason):
    written = json.loads(json.dumps(purse().position()))
    written["table"]["hands"] = hands
    with pytest.raises(BadPosition, match=re.escape(reason)):
        Purse.read_position(GAME, written)


# -- face-down piles ---------------------------------------------------------------------------


class Decks(Table):
    deck: Annotated[list[int], FACE_DOWN]
    row: list[int]
    discard: Annotated[list[int], FACE_DOWN]

    to_move = ()

    def legal_actions(self, seat):  # pragma: no cover - not played
        return []

    apply = view = result = legal_actions


def decks(deck: list[int], discard: list[int]) -> Decks:
    table = Decks.__new__(Decks)
    table.game, table.players, table.options, table.events = GAME, 2, {}, []
    table.deck, table.row, table.discard = deck, [9, 3, 7], discard
    return table


def test_determinize_re_deals_the_face_down_piles_from_what_they_hold_only():
    """Two tables whose piles hold the same cards in different orders give the same copy for
    the same random stream; the face-up row keeps its order, and the original is untouched."""
    one, two = decks([1, 2, 3, 4, 5, 6], [10, 11, 12]), decks([6, 4, 2, 5, 3, 1], [12, 10, 11])
    twins = [table.determinize(0, Rng(7)) for table in (one, two)]
    assert twins[0].deck == twins[1].deck and twins[0].discard == twins[1].discard
    assert sorted(twins[0].deck) == [1, 2, 3, 4, 5, 6] and sorted(twins[0].discard) == [10, 11, 12]
    assert twins[0].row == [9, 3, 7]
    assert one.deck == [1, 2, 3, 4, 5, 6]
    dealt = {tuple(decks([1, 2, 3, 4, 5, 6], []).determinize(0, Rng(s)).deck) for s in range(20)}
    assert len(dealt) > 10  # really shuffled, not merely sorted
