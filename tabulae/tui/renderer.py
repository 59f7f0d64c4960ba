"""The generic renderer: any JSON view as readable tables, labelled with the game's terms.

A game draws its own table with the ``RENDERER`` of the ``terminal`` module in its package, a
`Renderer` subclass; `renderer` finds it through the registry, so it can never show more than
the view gives the seat to move.

Lists as long as the player count are read as one value per seat (or, for mappings, several)
and gathered into a table with a column per player; other mappings and lists become nested
tables; words that are game terms show their rulebook names.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from tabulae.core import Event, Game
from tabulae.core.registry import interface_module
from tabulae.i18n import GameText

NESTING = 3


def renderer(game: Game) -> Renderer:
    """The game's own renderer, or the generic one."""
    found = getattr(interface_module(game, "terminal"), "RENDERER", None)
    return found if isinstance(found, Renderer) else Renderer()


class Renderer:
    """Draws a seat's view and the result's details; subclass it for a game's own look."""

    game: ClassVar[str] = ""

    def table(
        self, view: dict[str, Any], text: GameText, seat: int | None, focus: int | None = None
    ) -> RenderableType:
        """The table as `view` shows it to `seat`; `focus` is a player asked to be shown in full
        (this renderer always shows everyone in full)."""
        return self.mapping(view, text, seat, per_seat=True)

    def narrate(self, event: Event, text: GameText) -> str:
        """An event as the narration tells it; a game's renderer may tell some better, or leave
        one untold (""), such as an end the end screen shows."""
        return text.event(event)

    def details(self, details: dict[str, Any], text: GameText) -> RenderableType | None:
        return self.mapping(details, text, None, per_seat=True) if details else None

    def tiebreaks(self, values: tuple[float, ...], text: GameText) -> str:
        """A seat's tie-break values, compared after the score; a game's renderer names them."""
        return ", ".join(f"{value:g}" for value in values)

    def mapping(
        self, data: dict[str, Any], text: GameText, seat: int | None, per_seat: bool, depth: int = 0
    ) -> RenderableType:
        players = len(text.names)
        summary = Table.grid(padding=(0, 2))
        seats: dict[str, list[Any]] = {}
        nested: list[RenderableType] = []
        for key, value in data.items():
            if per_seat and players > 1 and isinstance(value, list) and len(value) == players:
                if all(isinstance(item, dict) for item in value):
                    for field in dict.fromkeys(k for item in value for k in item):
                        seats[field] = [item.get(field) for item in value]
                else:
                    seats[key] = value
            elif isinstance(value, dict | list) and value and depth < NESTING and _nests(value):
                nested.append(self.nested(key, value, text, seat, depth + 1))
            else:
                summary.add_row(Text(label(key, text), style="bold"), cell(value, text))
        parts: list[RenderableType] = [summary] if summary.row_count else []
        if seats:
            parts.append(self.per_seat(seats, text, seat))
        return Group(*parts, *nested)

    def per_seat(self, rows: dict[str, list[Any]], text: GameText, seat: int | None) -> Table:
        """A column per player (the viewer's in bold) and a row per thing each one has."""
        table = Table(box=box.ROUNDED)
        table.add_column("")
        for player, name in enumerate(text.names):
            table.add_column(Text(name), style="bold" if player == seat else None)
        for key, values in rows.items():
            table.add_row(Text(label(key, text), style="bold"), *(cell(v, text) for v in values))
        return table

    def nested(
        self,
        key: str,
        value: dict[str, Any] | list[Any],
        text: GameText,
        seat: int | None,
        depth: int,
    ) -> RenderableType:
        if isinstance(value, dict):
            inner = self.mapping(value, text, seat, per_seat=False, depth=depth)
        else:
            fields = list(dict.fromkeys(k for item in value for k in item))
            inner = Table(*(label(f, text) for f in fields), box=box.SIMPLE)
            for item in value:
                inner.add_row(*(cell(item.get(f), text) for f in fields))
        table = Table(label(key, text), box=box.ROUNDED, title_justify="left")
        table.add_row(inner)
        return table


def _nests(value: dict[str, Any] | list[Any]) -> bool:
    """Mappings nest; lists nest when they are lists of mappings."""
    return isinstance(value, dict) or all(isinstance(item, dict) for item in value)


def heading(label: str) -> str:
    """A name as a heading: capitalised, as terms in running text may not be ("karta Żurawia")."""
    return label[:1].upper() + label[1:]


def say(text: GameText, msgid: str, **args: Any) -> str:
    """One of a renderer's messages, filled in; arguments are shown as in events (seats by
    name, words by their rulebook names)."""
    return text.message(msgid, args) or msgid


def label(key: str, text: GameText) -> str:
    """A view key as a heading: the game's term for it, else the key made readable."""
    shown = text.term(key)
    return shown if shown != key else key.replace("_", " ").capitalize()


def cell(value: Any, text: GameText) -> Text:
    return Text(str(text.show(value)))
