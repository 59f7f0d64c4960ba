"""A match record told as the table heard it: the public events, narrated, and the end screen."""

from __future__ import annotations

from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from tabulae.core import Match, visible
from tabulae.i18n import GameText, Translator

from . import screens
from .renderer import renderer


def replay(match: Match, tr: Translator, console: Console) -> None:
    state = match.replay()
    text = GameText(tr, state.game, match.seats)
    drawn = renderer(state.game)
    title = tr._(
        "{game} · {players:# player|# players} · seed {seed}",
        game=text.title,
        players=match.players,
        seed=match.seed,
    )
    console.print(Rule(Text(title)))
    screens.tell(console, drawn, text, visible(state.events, None))
    result = state.result()
    if result is None:
        message = tr._(
            "The record stops after {actions:# action|# actions}; the game is not over.",
            actions=len(match.actions),
        )
        console.print(Text(message, style="yellow"))
        return
    console.print(screens.end_screen(text, result, drawn))
