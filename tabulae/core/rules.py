"""Rules: a game's rulebook summarised as sections a player can look up.

A game's rules are YAML files in the ``rules`` folder of its package (a plugin game brings its
own the same way), each a list of sections, read in the order of their file names;
docs/learn.md describes every field. A section has an `id`, a `title` and a `text` in each
language, the lessons (ids) that show it, the refusal keys (``<game>.refused.<what>``) it
explains, so that a refused action can point at the rule it rests on, and the terms it explains
(the words the board's rules tooltips name their parts by), so that a tooltip can link to it.

>>> from tabulae.core.rules import Rules
>>> rules = Rules.from_data([{
...     "id": "bidding", "title": {"en": "Bidding"}, "text": {"en": "Bid more than the last."},
...     "refusals": ["toy.refused.too_low"],
... }])
>>> rules.for_refusal("toy.refused.too_low").id
'bidding'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from .lessons import BadLesson, Text
from .package_data import yaml_files


class BadRules(ValueError):
    """A rules file that does not follow the rules format."""


def _text(data: Any, where: str) -> Text:
    try:
        return Text.from_data(data, where)
    except BadLesson as error:
        raise BadRules(str(error)) from None


def _words(data: Any, where: str) -> tuple[str, ...]:
    if not isinstance(data, list) or not all(isinstance(word, str) for word in data):
        raise BadRules(f"{where}: a list of ids")
    return tuple(data)


@dataclass(frozen=True)
class Section:
    """One rule: `id` (unique within its game, kept in links), `title`, `text` (paragraphs
    parted by a blank line), the `lessons` that show it, the `refusals` it explains and the
    `terms` (board words) whose tooltips rest on it."""

    id: str
    title: Text
    text: Text
    lessons: tuple[str, ...] = ()
    refusals: tuple[str, ...] = ()
    terms: tuple[str, ...] = ()

    @classmethod
    def from_data(cls, data: Any, where: str) -> Section:
        if not isinstance(data, Mapping):
            raise BadRules(f"{where}: a section is a mapping of fields")
        unknown = sorted(set(data) - {"id", "title", "text", "lessons", "refusals", "terms"})
        if unknown:
            raise BadRules(f"{where}: unknown fields {', '.join(unknown)}")
        section_id = data.get("id")
        if not isinstance(section_id, str) or not section_id.replace("-", "").isalnum():
            raise BadRules(f"{where}: `id` must be a word of letters, digits and hyphens")
        where = f"{where} ({section_id})"
        return cls(
            id=section_id,
            title=_text(data.get("title"), f"{where}: title"),
            text=_text(data.get("text"), f"{where}: text"),
            lessons=_words(data.get("lessons", []), f"{where}: lessons"),
            refusals=_words(data.get("refusals", []), f"{where}: refusals"),
            terms=_words(data.get("terms", []), f"{where}: terms"),
        )

    def matches(self, word: str, lang: str) -> bool:
        """Whether `word` is in the section's id, title or text, in `lang` or English."""
        word = word.casefold().strip()
        found = (self.id, self.title.in_(lang), self.text.in_(lang), self.title["en"])
        return any(word in words.casefold() for words in found)

    def to_json(self, lang: str) -> dict[str, Any]:
        return {
            "id": self.id,
            "title": self.title.in_(lang),
            "text": self.text.in_(lang),
            "lessons": list(self.lessons),
            "refusals": list(self.refusals),
            "terms": list(self.terms),
        }


@dataclass(frozen=True)
class Rules:
    """A game's rule sections, in reading order."""

    sections: tuple[Section, ...] = ()

    @classmethod
    def from_data(cls, data: Any, where: str = "rules") -> Rules:
        if not isinstance(data, list):
            raise BadRules(f"{where}: a list of sections")
        sections = tuple(
            Section.from_data(item, f"{where}, section {n + 1}") for n, item in enumerate(data)
        )
        return cls(sections).checked(where)

    def checked(self, where: str) -> Rules:
        ids = [section.id for section in self.sections]
        if len(set(ids)) != len(ids):
            raise BadRules(f"{where}: two sections share an id")
        keys = [key for section in self.sections for key in section.refusals]
        if len(set(keys)) != len(keys):
            raise BadRules(f"{where}: a refusal key is explained by two sections")
        terms = [term for section in self.sections for term in section.terms]
        if len(set(terms)) != len(terms):
            raise BadRules(f"{where}: a term is explained by two sections")
        return self

    def section(self, section_id: str) -> Section | None:
        return next((found for found in self.sections if found.id == section_id), None)

    def for_refusal(self, key: str | None) -> Section | None:
        """The section that explains the refusal `key`; None when none does."""
        if not key:
            return None
        return next((found for found in self.sections if key in found.refusals), None)

    def for_term(self, term: str | None) -> Section | None:
        """The section a board part's rules tooltip, named by `term`, rests on; None if none."""
        if not term:
            return None
        return next((found for found in self.sections if term in found.terms), None)

    def search(self, word: str, lang: str = "en") -> tuple[Section, ...]:
        """The sections that speak of `word` (all of them for an empty word)."""
        return tuple(found for found in self.sections if found.matches(word, lang))


@lru_cache(maxsize=64)
def load_rules(package: str) -> Rules:
    """The rules in the `rules` folder of `package`; no sections for a game without one."""
    sections = tuple(
        section
        for where, data, _ in yaml_files(package, "rules", BadRules)
        for section in Rules.from_data(data, where).sections
    )
    return Rules(sections).checked(f"{package} rules")


__all__: Sequence[str] = ("BadRules", "Rules", "Section", "load_rules")
