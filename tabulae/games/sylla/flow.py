"""The order of play as data: the phases of a round and the decisions within them.

Each decision (`step`, a core `Step`) has who may act, its legal actions, the reason a
refused action is refused, and how a legal one is played. The starting choices and the Great
Work commitments are made by everyone at once, secretly; every other decision is one seat's
(`actor`), in the turn order of its phase. A phase ends by clearing the step; `advance` then
begins the next phase, as the First Consul moves the phase marker.
"""

from __future__ import annotations

from collections.abc import Callable

from tabulae.core.flow import Step, simultaneous

from . import (
    buildings,
    ecclesia,
    events,
    famine_and_crisis,
    first_consul,
    great_work,
    recruitment,
    revenue,
    setup,
)
from .table import Phase, SyllaTable


def _actor(table: SyllaTable) -> tuple[int, ...]:
    return (table.actor,)


def _choosing(table: SyllaTable) -> tuple[int, ...]:
    return simultaneous(table, table.ready)


def _committing(table: SyllaTable) -> tuple[int, ...]:
    return simultaneous(table, table.commitments)


STEPS: dict[str, Step] = {
    "choose": Step(_choosing, setup.legal_choose, setup.why_choose, setup.play_choose),
    "elect": Step(
        _actor, first_consul.legal_elect, first_consul.why_elect, first_consul.play_elect
    ),
    "consul_token": Step(
        _actor, first_consul.legal_token, first_consul.why_token, first_consul.play_consul_token
    ),
    "recruit": Step(
        _actor, recruitment.legal_recruit, recruitment.why_recruit, recruitment.play_recruit
    ),
    "offer": Step(_actor, buildings.legal_offer, buildings.why_offer, buildings.play_offer),
    "auction": Step(_actor, buildings.legal_auction, buildings.why_auction, buildings.play_auction),
    "pay": Step(_actor, buildings.legal_pay, buildings.why_pay, buildings.play_pay),
    "insula": Step(_actor, first_consul.legal_token, first_consul.why_token, buildings.play_insula),
    "revenue": Step(_actor, revenue.legal_revenue, revenue.why_revenue, revenue.play_revenue),
    "cube": Step(_actor, events.legal_cube, events.why_cube, events.play_cube),
    "prevent": Step(_actor, events.legal_prevent, events.why_prevent, events.play_prevent),
    "flip": Step(_actor, events.legal_flip, events.why_flip, events.play_flip),
    "remove": Step(_actor, events.legal_remove, events.why_remove, events.play_remove),
    "commit": Step(
        _committing, great_work.legal_commit, great_work.why_commit, great_work.play_commit
    ),
    "free": Step(_actor, ecclesia.legal_free, ecclesia.why_free, ecclesia.play_free),
}

# phase -> (the phase after it, how that one begins)
NEXT_PHASE: dict[Phase, tuple[Phase, Callable[[SyllaTable], None]]] = {
    "setup": ("first_consul", first_consul.begin),
    "first_consul": ("recruitment", recruitment.begin),
    "recruitment": ("buildings", buildings.begin),
    "buildings": ("revenue", revenue.begin),
    "revenue": ("events", events.begin),
    "events": ("great_work", great_work.begin),
    "great_work": ("famine_and_crisis", famine_and_crisis.begin),
    "end_of_round": ("first_consul", first_consul.begin),
    "end_of_game": ("ecclesia", ecclesia.begin),
}


def advance(table: SyllaTable) -> None:
    """Begin phases until one waits for a decision."""
    while table.step == "":
        table.phase, begin = NEXT_PHASE[table.phase]
        begin(table)
