"""The order of play as data: the phases of a round and the decisions within them.

Each decision (`step`) has its legal actions, the reason a refused action is
refused, and how a legal one is played. A phase ends by clearing the step;
`advance` then begins the next phase, as the First Consul moves the phase marker.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from tabulae.core import Action, IllegalAction

from . import buildings, consul, ecclesia, events, famine, great_work, recruitment, revenue, setup
from .table import Phase, Table


class Step(NamedTuple):
    legal: Callable[[Table, int], list[Action]]
    why: Callable[[Table, int, Action], IllegalAction]  # the refusal of an illegal action
    play: Callable[[Table, int, Action], None]


STEPS: dict[str, Step] = {
    "choose": Step(setup.legal_choose, setup.why_choose, setup.play_choose),
    "elect": Step(consul.legal_elect, consul.why_elect, consul.play_elect),
    "consul_token": Step(consul.legal_token, consul.why_token, consul.play_consul_token),
    "recruit": Step(recruitment.legal_recruit, recruitment.why_recruit, recruitment.play_recruit),
    "offer": Step(buildings.legal_offer, buildings.why_offer, buildings.play_offer),
    "auction": Step(buildings.legal_auction, buildings.why_auction, buildings.play_auction),
    "pay": Step(buildings.legal_pay, buildings.why_pay, buildings.play_pay),
    "insula": Step(consul.legal_token, consul.why_token, buildings.play_insula),
    "revenue": Step(revenue.legal_revenue, revenue.why_revenue, revenue.play_revenue),
    "cube": Step(events.legal_cube, events.why_cube, events.play_cube),
    "prevent": Step(events.legal_prevent, events.why_prevent, events.play_prevent),
    "flip": Step(events.legal_flip, events.why_flip, events.play_flip),
    "remove": Step(events.legal_remove, events.why_remove, events.play_remove),
    "commit": Step(great_work.legal_commit, great_work.why_commit, great_work.play_commit),
    "free": Step(ecclesia.legal_free, ecclesia.why_free, ecclesia.play_free),
}

# phase -> (the phase after it, how that one begins)
NEXT_PHASE: dict[Phase, tuple[Phase, Callable[[Table], None]]] = {
    "setup": ("first_consul", consul.begin),
    "first_consul": ("recruitment", recruitment.begin),
    "recruitment": ("buildings", buildings.begin),
    "buildings": ("revenue", revenue.begin),
    "revenue": ("events", events.begin),
    "events": ("great_work", great_work.begin),
    "great_work": ("famine_and_crisis", famine.begin),
    "end_of_round": ("first_consul", consul.begin),
    "end_of_game": ("ecclesia", ecclesia.begin),
}


def advance(table: Table) -> None:
    """Begin phases until one waits for a decision."""
    while table.step == "":
        table.phase, begin = NEXT_PHASE[table.phase]
        begin(table)
