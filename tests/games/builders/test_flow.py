"""The turn on the core Flow: what `legal` lists is exactly what `apply` plays, and everything
else is refused with a reason that holds."""

from __future__ import annotations

from functools import cache

import pytest

from tabulae.core import IllegalAction, Rng
from tabulae.games.builders import GAME
from tabulae.games.builders.actions import every_action
from tabulae.games.builders.table import BuildersTable

EVERY_ACTION = every_action()


@cache
def positions() -> list[BuildersTable]:
    """Positions of random games at every player count, one in 25 actions."""
    found = []
    for seed in range(3):
        table = GAME.new(2 + seed, seed=seed)
        assert isinstance(table, BuildersTable)
        rng, steps = Rng(seed), 0
        while table.to_move:
            seat = table.to_move[0]
            legal = table.legal_actions(seat)
            if steps % 25 == 0:
                found.append(table.clone())
            table.apply(seat, legal[rng.below(len(legal))])
            steps += 1
    return found


@pytest.mark.parametrize("look", range(0, 60, 6))
def test_every_action_legal_does_not_list_is_refused_with_a_reason_that_holds(look):
    table = positions()[look % len(positions())]
    seat = table.active_seat
    legal = set(table.legal_actions(seat))
    for action in EVERY_ACTION:
        if action in legal:
            continue
        with pytest.raises(IllegalAction) as refused:
            table.clone().apply(seat, action)
        error = refused.value
        assert error.key is not None and error.key.startswith("builders.refused."), error.key
        args = error.arguments
        if error.key in (
            "builders.refused.cost",
            "builders.refused.extra",
            "builders.refused.both",
        ):
            price = args.get("price", 0) + args.get("extra", 0)
            assert args["money"] == table.sesterces[seat] < price, (action, error.reason)


def test_every_listed_action_is_played():
    table = positions()[7]
    seat = table.active_seat
    for action in table.legal_actions(seat):
        table.clone().apply(seat, action)
