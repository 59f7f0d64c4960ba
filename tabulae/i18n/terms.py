"""A game's terms: the rulebooks' names of the words its views, events and actions use.

A term is a message of the game's catalogs, ``<game>.term.<word>`` (``sylla.term.vestal`` is
"Vestal", "Westalka", "Vestaalse maagd", "Весталка"), so the game's words are translated in
one place with everything else it says. Interfaces show a word that is a term by its name.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from types import MappingProxyType

from tabulae.core import Game

from .translator import LANGUAGES, Translator, translator


def term_msgid(game: Game, word: str) -> str:
    return f"{game.id}.term.{word}"


def name(tr: Translator, game: Game, word: str) -> str | None:
    """A term's name in `tr`'s language, else in English; None if `word` is not a term."""
    msgid = term_msgid(game, word)
    for each in (tr, tr.fallback):
        found = each and each.catalog(game).messages.get(msgid)
        if found:
            return found
    return None


def terms(game: Game, lang: str) -> Mapping[str, str]:
    """Every term of `game` by word, named in `lang` (English where it has no name)."""
    return _terms(game, lang)


@cache
def glossary(game: Game) -> Mapping[str, Mapping[str, str]]:
    """Every term of `game`: word -> language -> name, each language as `terms` gives it."""
    return MappingProxyType(
        {
            word: MappingProxyType({lang: _terms(game, lang)[word] for lang in LANGUAGES})
            for word in _terms(game, "en")
        }
    )


@cache
def _terms(game: Game, lang: str) -> Mapping[str, str]:
    prefix = f"{game.id}.term."
    english = translator("en").catalog(game).messages
    own = translator(lang).catalog(game).messages
    return MappingProxyType(
        {
            msgid.removeprefix(prefix): own.get(msgid) or text
            for msgid, text in english.items()
            if msgid.startswith(prefix)
        }
    )
