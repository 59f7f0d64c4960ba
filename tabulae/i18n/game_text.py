"""A game's words for one table: events, actions and terms in the player's language.

Arguments follow the protocol's conventions: ``seat``/``*_seat`` is a seat, ``seats``/``*_seats``
a list of seats, a mapping with numeric keys is keyed by seat, and a word that is one of the
game's terms is shown by its rulebook name.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tabulae.core import Action, Event, Game, IllegalAction

from .terms import name
from .translator import Translator


class GameText:
    def __init__(self, tr: Translator, game: Game, names: Sequence[str]) -> None:
        self.tr, self.game, self.names = tr, game, list(names)

    @property
    def title(self) -> str:
        return name(self.tr, self.game, self.game.id) or self.game.name

    def term(self, word: str) -> str:
        """A term's rulebook name in this language (English if it has none), else the word."""
        return name(self.tr, self.game, word) or word

    def seat(self, seat: Any) -> str:
        return self.names[seat] if isinstance(seat, int) and 0 <= seat < len(self.names) else "?"

    def show(self, value: Any, name: str = "") -> Any:
        """An argument as a player reads it; numbers stay numbers for plural forms."""
        if name == "seat" or name.endswith("_seat"):
            return self.seat(value)
        if (name == "seats" or name.endswith("_seats")) and isinstance(value, list):
            return ", ".join(self.seat(s) for s in value)
        if isinstance(value, bool):
            return self.tr._("yes") if value else self.tr._("no")
        if isinstance(value, str):
            return self.term(value)
        if value is None:
            return "—"
        if isinstance(value, list):
            return ", ".join(
                f"({self.show(item)})" if isinstance(item, list) else self._text(item)
                for item in value
            )
        if isinstance(value, dict):
            by_seat = all(key.isdigit() for key in value)
            return ", ".join(
                f"{self.seat(int(key)) if by_seat else self.term(key)}: {self._item(item)}"
                for key, item in value.items()
            )
        return value

    def _item(self, value: Any) -> Any:
        """A mapping's value; a list of several in parentheses, so the entries stay apart, and
        an empty one a dash."""
        if value == []:
            return "—"
        shown = self._text(value)
        return f"({shown})" if isinstance(value, list) and len(value) > 1 else shown

    def _text(self, value: Any) -> str:
        """A value shown inside a list or a mapping, where no format string writes its
        number: a fraction as the language writes it."""
        if isinstance(value, float):
            return self.tr.number(value)
        return str(self.show(value))

    def message(
        self, msgid: str, args: dict[str, Any] | None = None, positional: Sequence[Any] = ()
    ) -> str | None:
        """A game message filled in, or None if no catalog has it."""
        shown = {name: self.show(value, name) for name, value in (args or {}).items()}
        listed = [self.show(value) for value in positional]
        for tr in (self.tr, self.tr.fallback):
            template = tr and tr.catalog(self.game).messages.get(msgid)
            if template:
                try:
                    return self.tr.format(template, shown, listed, self.names)
                except (KeyError, IndexError, ValueError, TypeError):
                    continue
        return None

    def event(self, event: Event) -> str:
        text = self.message(event.key, event.args)
        if text is None:
            shown = ", ".join(f"{k}={self.show(v, k)}" for k, v in event.args.items())
            text = f"{event.key} {shown}".strip()
        return text

    def action(self, action: Action) -> str:
        """The action's label, e.g. "Play tile 5" for ``play 5``; a kind whose actions take
        different numbers of arguments has a label for each longer form (``send.3``)."""
        label = f"{self.game.id}.action.{action.kind}"
        return (
            self.message(f"{label}.{len(action.args)}", positional=action.args)
            or self.message(label, positional=action.args)
            or str(action)
        )

    def refusal(self, error: IllegalAction) -> str:
        """Why an action was refused, in this language: the game's message for its key (filled
        in like an event's), else the interface's, else its English reason."""
        if error.key:
            text = self.message(error.key, error.arguments)
            if text is not None:
                return text
        return self.tr.refusal(error)

    def help(self, kind: str) -> str | None:
        return self.message(f"{self.game.id}.help.{kind}")
