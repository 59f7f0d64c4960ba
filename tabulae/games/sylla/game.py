"""The Sylla rule set: options (the rulings' defaults), setup, the action space, judgement."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tabulae.core import Action, BadOptions, Game, Option, Result, Rng, State

from .actions import all_actions
from .components import STANDARD, load
from .invariants import invariants
from .recount import recount
from .search import rollout_action, round_under_way
from .setup import start
from .state import SyllaState
from .table import UP


class Sylla(Game):
    """Sylla for 2 to 4 players: docs/games/sylla.md gives its options.

    >>> from tabulae.games.sylla import GAME
    >>> state = GAME.new(players=4, seed=7)
    >>> state.to_move  # everyone chooses his starting characters at once, in secret
    (0, 1, 2, 3)
    >>> state.legal_actions(0)[:2]
    [Action('choose', 'senator_plain'), Action('choose', 'senator_christian')]
    """

    id = "sylla"
    name = "Sylla"
    min_players = 2
    max_players = 4
    baseline_players = (3,)  # a table where dealing and the shared pot bite
    options = (
        Option("open_screens", False, "money and tokens visible to all (S-40)"),
        Option(
            "seller_after_all_pass",
            "same",
            "who offers after a tile nobody bought (S-15)",
            choices=("same", "next_clockwise"),
        ),
        Option(
            "private_temple_uses_per_phase",
            1,
            "uses of each Private temple in phase IV (S-21)",
            minimum=1,
        ),
        Option("tavern_may_lock_at_end", True, "a Tavern may push a marker against an end (S-22)"),
        Option("tavern_may_move_famine", False, "a Tavern may move the Famine marker (S-22)"),
        Option(
            "repeat_event_flips_again",
            True,
            "a card-turning event still in play turns more cards when it occurs again (S-28)",
        ),
        Option("limited_bank", False, "the bank holds only the 60 deniers of the box (S-41)"),
        Option("limited_tokens", False, "38 tokens of each tendency in the supply (S-41)"),
        Option(
            "edition",
            STANDARD,
            "component data: 'standard' (bundled) or the path of another data file",
            local_only=True,
        ),
    )

    position_class = SyllaState

    def configure(
        self, players: int, options: Mapping[str, Any] | None = None, *, remote: bool = False
    ) -> Mapping[str, Any]:
        """The core checks, and that the edition's data file can be read."""
        config = super().configure(players, options, remote=remote)
        try:
            load(config["edition"])
        except (OSError, ValueError, KeyError, TypeError) as error:
            raise BadOptions(f"edition {config['edition']!r} cannot be read: {error}") from None
        return config

    def start(self, players: int, rng: Rng, options: Mapping[str, Any]) -> State:
        return start(SyllaState, self, players, rng, options)

    def actions(self, players: int, options: Mapping[str, Any]) -> Sequence[Action]:
        return all_actions(load(options["edition"]), players, options)

    def invariants(self, state: State) -> list[str]:
        """What every position keeps: conservation, tracks, limits per phase (`invariants`)."""
        assert isinstance(state, SyllaState)
        return invariants(state)

    def recount(self, state: State) -> Result | None:
        """The result scored again from the log and the final position (`recount`)."""
        assert isinstance(state, SyllaState)
        return recount(state)

    rollout_action = staticmethod(rollout_action)  # type: ignore[assignment]
    round = staticmethod(round_under_way)  # type: ignore[assignment]

    def evaluate(self, state: State, seat: int) -> float:
        """Prestige, plus what a seat's holdings will turn into by the end, in prestige.

        Tokens at the current ladder values; deniers at half a point (a gift to the
        People pays 1 per 2); face-up Christians and Slaves at their Ecclesia worth;
        and for each round left, Market stalls and Merchants as income, Fields as
        famine saved, Senators as Great Work votes.
        """
        assert isinstance(state, SyllaState)
        table, components = state, state.components
        if table.step == "over":
            return float(table.prestige[seat])
        values = [components.ladder_values[pos - 1] for pos in table.ladder]
        worth = float(table.prestige[seat])
        worth += sum(n * v for n, v in zip(table.tokens(seat), values, strict=True))
        worth += 0.5 * table.money[seat]
        left = components.rounds - table.round + 1
        for card, _, held in table.characters[seat]:
            if held != UP or table.is_crane(card):
                continue
            design = components.design_of(card)
            worth += components.ecclesia_christian if design.christian else 0
            if design.type == "slave":
                worth += components.ecclesia_slave_prestige - 0.5 * components.ecclesia_slave_cost
            elif design.type in ("senator", "merchant"):
                worth += 0.5 * left
            else:
                worth += 0.3 * left
        for kind, held in table.buildings[seat]:
            if held == UP:
                building = components.buildings[kind].id
                if building == "market_stall":
                    worth += 1.0 * left
                elif building == "field":
                    worth += min(2, table.famine) * left
                else:
                    worth += 0.5 * left
        return worth


GAME = Sylla()
