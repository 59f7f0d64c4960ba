"""A building under construction, with the cards working on it."""

from __future__ import annotations

from .cards import BUILDINGS, Materials

NO_TOOL = -1


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

    def missing(self) -> list[int]:
        """The materials still to bring, per material."""
        return [max(0, c - s) for c, s in zip(self.cost, self.supplied, strict=True)]

    def finished(self) -> bool:
        supplied, cost = self.supplied, self.cost
        return (
            supplied[0] >= cost[0]
            and supplied[1] >= cost[1]
            and supplied[2] >= cost[2]
            and supplied[3] >= cost[3]
        )
