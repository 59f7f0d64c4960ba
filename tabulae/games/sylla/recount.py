"""The final result counted afresh, for `Game.recount`: not from the prestige track.

Prestige comes from what happened (a majority on Decadence, a Triumphal arch bought, a
Great Work's votes, famine, crises, Slaves freed), so those are scored again by the
rulebook from the log's facts: the cubes placed, the buildings bought, the thumbs and
votes shown, the Famine level and the Fields at each famine, the tokens shown in each
crisis, the Slaves freed. Ecclesia's Christians and tokens are scored from the final
position. Losses apply the floor one by one, in the order they happened (S-07); the most
prestige wins and ties share (S-39).
"""

from __future__ import annotations

from tabulae.core import Result

from .components import GreatWork
from .famine_and_crisis import CRISIS_POINTS
from .table import UP, SyllaTable


def recount(table: SyllaTable) -> Result | None:
    """The result of a finished game, scored again; None while it runs."""
    if table.step != "over":
        return None
    components, n = table.components, table.players
    prestige = [components.prestige_start] * n

    def lose(seat: int, points: int) -> None:
        prestige[seat] = max(components.prestige_floor, prestige[seat] - points)

    decadence = next(e for e in components.events if e.permanent)
    field = components.buildings[components.index("buildings", "field")].effect[
        "famine_loss_reduction"
    ]
    famine = components.famine_start
    cubes = [0] * n
    work: GreatWork | None = None
    for event in table.events:
        key, args = event.key, event.args
        if key == "sylla.cubes":
            cubes = [0] * n
        elif key == "sylla.cube" and args["event"] == decadence.id:
            cubes[args["seat"]] += 1
        elif key == "sylla.cubes_returned" and max(cubes):
            for seat in range(n):
                if cubes[seat] == max(cubes):
                    prestige[seat] += decadence.majority_prestige
        elif key == "sylla.bought":
            bought = components.buildings[components.index("buildings", args["building"])]
            prestige[args["seat"]] += bought.effect.get("prestige", 0)
        elif key == "sylla.great_work":
            work = components.great_works[components.index("great_works", args["work"])]
        elif key == "sylla.thumbs":
            assert work is not None, "votes shown before any Great Work"
            thumbs, votes = list(args["thumbs"].values()), list(args["votes"].values())
            for seat, points in enumerate(_great_work(table, work, thumbs, votes)):
                prestige[seat] += points
        elif key == "sylla.famine":
            famine = args["after"]
        elif key == "sylla.famine_loss":
            lose(args["seat"], max(0, famine - field * args["fields"]))
        elif key == "sylla.crisis":
            shown = list(args["tokens"].values())
            if max(shown) != min(shown):
                for seat, count in enumerate(shown):
                    if count == max(shown):
                        prestige[seat] += CRISIS_POINTS
                    elif count == min(shown):
                        lose(seat, CRISIS_POINTS)
        elif key == "sylla.freed":
            prestige[args["seat"]] += args["slaves"] * components.ecclesia_slave_prestige
    values = [components.ladder_values[position - 1] for position in table.ladder]
    for seat in range(n):
        christians = sum(
            1
            for card, _, held in table.characters[seat]
            if held == UP and components.card_christian[card]
        )
        prestige[seat] += christians * components.ecclesia_christian
        prestige[seat] += sum(k * v for k, v in zip(table.tokens(seat), values, strict=True))
    return Result.ranked(prestige, details={"prestige": list(prestige)})


def _great_work(
    table: SyllaTable, work: GreatWork, thumbs: list[str], votes: list[int]
) -> list[int]:
    """Prestige from one Great Work: the People's gift for thumbs down (S-32), the awards
    by rank with shared places, or by the highest threshold reached, for thumbs up (S-33)."""
    components = table.components
    points = [0] * table.players
    up = {
        seat: v for seat, (thumb, v) in enumerate(zip(thumbs, votes, strict=True)) if thumb == "up"
    }
    for seat, thumb in enumerate(thumbs):
        if thumb == "down":
            points[seat] = (
                votes[seat] // components.plebeians_per_votes * components.plebeians_prestige
            )
    scoring = work.scoring
    if scoring["type"] == "threshold":
        for seat, v in up.items():
            reached = [a["prestige"] for a in scoring["awards"] if v >= a["min_votes"]]
            points[seat] = max(reached, default=0)
        return points
    prizes = scoring["awards"]
    if work.id == "pantheon":
        prizes = components.player_counts[table.players].pantheon_awards
    for seat, v in up.items():
        place = sum(other > v for other in up.values())
        if v >= 1 and place < len(prizes):
            points[seat] = prizes[place]
    return points
