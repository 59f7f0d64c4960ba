"""Players for the conformance suite's bot-driven games: the real bots, choosing in the
real position (their view of hidden parts does not matter to a check of the rules)."""

from __future__ import annotations

from tabulae.bots import make_bot
from tabulae.core import Action, Rng, State
from tabulae.core.conformance import Policy


def bot_policy(name: str, **params: object) -> Policy:
    """The conformance policy of the bot `name`, e.g. ``bot_policy("greedy")``."""
    bot = make_bot(name, **params)

    def choose(state: State, seat: int, legal: list[Action], rng: Rng) -> Action:
        return bot.act(state.clone(), seat, Rng(rng.next64()))

    return choose
