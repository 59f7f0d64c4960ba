"""A building under construction, with the cards working on it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tabulae.core import BadPosition

from .components import BUILDINGS, LAST_CARD, MATERIALS, Materials

NO_TOOL = -1


def brings_lacking(lacking: Sequence[int], brings: Materials) -> bool:
    """Whether a card that brings `brings` supplies any material of which `lacking` (per
    material) still lacks some."""
    return any(short and given for short, given in zip(lacking, brings, strict=True))


class Site:
    """A building under construction: the cards working on it and what they supply."""

    __slots__ = ("building", "cost", "crew", "supplied")

    def __init__(self, building: int) -> None:
        self.building = building  # the building card
        self.cost: Materials = BUILDINGS[building - 1].cost  # as printed on the card
        self.crew: list[tuple[int, int]] = []  # (card, tool material or NO_TOOL), as sent
        self.supplied = [0, 0, 0, 0]  # materials the crew brings, by material

    def clone(self) -> Site:
        twin = Site.__new__(Site)
        twin.building, twin.cost = self.building, self.cost
        twin.crew, twin.supplied = list(self.crew), list(self.supplied)
        return twin

    def to_position(self) -> dict[str, Any]:
        """The site in a position: its building, its crew and what they supply (the cost is
        the building card's)."""
        return {
            "building": self.building,
            "crew": [[card, tool] for card, tool in self.crew],
            "supplied": list(self.supplied),
        }

    @classmethod
    def from_position(cls, data: Any) -> Site:
        """A site read back from `to_position`; BadPosition says what is malformed."""
        if not isinstance(data, dict) or set(data) != {"building", "crew", "supplied"}:
            raise BadPosition("a site is an object of 'building', 'crew' and 'supplied'")
        building, crew, supplied = data["building"], data["crew"], data["supplied"]
        if type(building) is not int or not 1 <= building <= len(BUILDINGS):
            raise BadPosition(f"building: a building card from 1 to {len(BUILDINGS)}")
        site = cls(building)
        if not isinstance(crew, list):
            raise BadPosition("crew: a list of [card, tool] pairs")
        for place, pair in enumerate(crew):
            if not (
                isinstance(pair, list)
                and len(pair) == 2
                and type(pair[0]) is int
                and 1 <= pair[0] <= LAST_CARD
                and type(pair[1]) is int
                and NO_TOOL <= pair[1] < len(MATERIALS)
            ):
                raise BadPosition(
                    f"crew[{place}]: a [card, tool] pair: a card from 1 to {LAST_CARD} and a "
                    f"tool's material from 0 to {len(MATERIALS) - 1}, or {NO_TOOL} for none"
                )
            site.crew.append((pair[0], pair[1]))
        if not (
            isinstance(supplied, list)
            and len(supplied) == len(MATERIALS)
            and all(type(amount) is int for amount in supplied)
        ):
            raise BadPosition(f"supplied: {len(MATERIALS)} whole numbers, one per material")
        site.supplied = list(supplied)
        return site

    def missing(self) -> list[int]:
        """The materials still to bring, per material."""
        return [max(0, cost - have) for cost, have in zip(self.cost, self.supplied, strict=True)]

    def finished(self) -> bool:
        supplied, cost = self.supplied, self.cost
        return (
            supplied[0] >= cost[0]
            and supplied[1] >= cost[1]
            and supplied[2] >= cost[2]
            and supplied[3] >= cost[3]
        )
