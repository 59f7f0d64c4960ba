"""Look messages up in one language's catalogs and fill them in."""

from __future__ import annotations

import string
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from tabulae.core import Game, IllegalAction
from tabulae.core.registry import interface_path

from .po import Catalog

LANGUAGES = ("en", "pl", "nl", "ru")
DECIMAL_COMMA = ("pl", "nl", "ru")
"""The languages that write a decimal comma, and a minus sign (U+2212) as their catalogs do."""
LOCALE = Path(__file__).parent / "locale"
UI = "tabulae"


def N_(msgid: str) -> str:
    """Mark a message for translation where it is defined; translate it where it is shown."""
    return msgid


def catalog_path(lang: str, domain: str | Game) -> Path:
    """A domain's catalog in one language: the interface's here, a game's in its own package."""
    if isinstance(domain, Game):
        return interface_path(domain, "locale") / lang / f"{domain.id}.po"
    return LOCALE / lang / f"{domain}.po"


class Translator:
    """One language: its catalogs by domain, falling back to English, then to the msgid."""

    def __init__(self, lang: str) -> None:
        if lang not in LANGUAGES:
            raise ValueError(f"no language {lang!r} (languages: {', '.join(LANGUAGES)})")
        self.lang = lang
        self._catalogs: dict[str | Game, Catalog] = {}

    def catalog(self, domain: str | Game) -> Catalog:
        """The interface's catalog (``"tabulae"``) or a game's, in this language (read once:
        every message shown looks one up)."""
        found = self._catalogs.get(domain)
        if found is None:
            path = catalog_path(self.lang, domain)
            found = self._catalogs[domain] = Catalog.read(path) if path.exists() else Catalog()
        return found

    @property
    def fallback(self) -> Translator | None:
        return None if self.lang == "en" else translator("en")

    def _(self, msgid: str, /, **args: Any) -> str:
        """Interface text: the msgid is the English message."""
        return self.format(self.catalog(UI).messages.get(msgid, msgid), args)

    def refusal(self, error: IllegalAction) -> str:
        """A refusal the interface's catalog words (the core's own: its key is its English
        text), in this language; else its English reason."""
        if error.key and error.key in self.catalog(UI).messages:
            return self._(error.key, **error.arguments)
        return error.reason

    def format(
        self,
        template: str,
        args: Mapping[str, Any],
        positional: Sequence[Any] = (),
        names: Sequence[str] = (),
    ) -> str:
        return _Formatter(self.catalog(UI), names, self.number).vformat(template, positional, args)

    def number(self, value: float, digits: int | None = None) -> str:
        """A number as this language writes it ("-3.9" in English, "−3,9" in Polish): a whole
        one without decimals, else as many as it has, or `digits` of them."""
        if digits is not None:
            shown = f"{value:.{digits}f}"
        else:
            shown = str(int(value)) if float(value).is_integer() else f"{value:g}"
        if self.lang in DECIMAL_COMMA:
            shown = shown.replace(".", ",").replace("-", "\u2212")
        return shown


@cache
def translator(lang: str) -> Translator:
    return Translator(lang)


class _Formatter(string.Formatter):
    """str.format with plural forms (``{n:# day|# days}``), seat names (``{0:seat}``) and
    fractions written as the language writes them (``−3,9``)."""

    def __init__(
        self, rules: Catalog, names: Sequence[str], number: Callable[[float], str]
    ) -> None:
        self.rules, self.names, self.number = rules, names, number

    def format_field(self, value: Any, format_spec: str) -> str:
        if "|" in format_spec:
            forms = format_spec.split("|")
            form = forms[min(self.rules.plural(int(value)), len(forms) - 1)]
            return form.replace("#", self.number(value) if isinstance(value, float) else str(value))
        if format_spec == "seat":
            return self.names[int(value)]
        if isinstance(value, float) and not format_spec:
            return self.number(value)
        return format(value, format_spec)
