"""What every position keeps, checked after every action of the conformance runs."""

from __future__ import annotations

from .table import TesseraeTable, tiles


def invariants(table: TesseraeTable) -> list[str]:
    """No tile is in two places; no seat has more points than rounds played."""
    problems = []
    places = table.stack + [t for h in table.hands for t in h] + list(table.secret.values())
    if len(set(places)) != len(places) or not set(places) <= set(tiles(table.players)):
        problems.append(f"the tiles in play are not each tile at most once: {sorted(places)}")
    if any(not 0 <= p <= table.round for p in table.points):
        problems.append(f"points {table.points} outside 0..{table.round}")
    return problems
