"""Look messages up in one language's catalogs and fill them in."""

from __future__ import annotations

import string
from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from .po import Catalog

LANGUAGES = ("en", "pl", "nl", "ru")
LOCALE = Path(__file__).parent / "locale"
UI = "tabulae"


class Translator:
    """One language: its catalogs by domain, falling back to English, then to the msgid."""

    def __init__(self, lang: str) -> None:
        if lang not in LANGUAGES:
            raise ValueError(f"no language {lang!r} (languages: {', '.join(LANGUAGES)})")
        self.lang = lang
        self._catalogs: dict[str, Catalog] = {}

    def catalog(self, domain: str) -> Catalog:
        if domain not in self._catalogs:
            path = LOCALE / self.lang / f"{domain}.po"
            self._catalogs[domain] = Catalog.read(path) if path.exists() else Catalog()
        return self._catalogs[domain]

    @property
    def fallback(self) -> Translator | None:
        return None if self.lang == "en" else translator("en")

    def lookup(self, domain: str, msgid: str) -> str | None:
        """The message in this language, else in English, else None."""
        found = self.catalog(domain).messages.get(msgid)
        if found is None and self.fallback:
            return self.fallback.lookup(domain, msgid)
        return found

    def _(self, msgid: str, /, **args: Any) -> str:
        """Interface text: the msgid is the English message."""
        return self.format(self.catalog(UI).messages.get(msgid, msgid), args)

    def format(
        self,
        template: str,
        args: Mapping[str, Any],
        positional: Sequence[Any] = (),
        names: Sequence[str] = (),
    ) -> str:
        return _Formatter(self.catalog(UI), names).vformat(template, positional, args)


@cache
def translator(lang: str) -> Translator:
    return Translator(lang)


class _Formatter(string.Formatter):
    """str.format with plural forms (``{n:# day|# days}``) and seat names (``{0:seat}``)."""

    def __init__(self, rules: Catalog, names: Sequence[str]) -> None:
        self.rules, self.names = rules, names

    def format_field(self, value: Any, format_spec: str) -> str:
        if "|" in format_spec:
            forms = format_spec.split("|")
            form = forms[min(self.rules.plural(int(value)), len(forms) - 1)]
            return form.replace("#", str(value))
        if format_spec == "seat":
            return self.names[value]
        return format(value, format_spec)
