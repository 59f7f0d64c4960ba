"""Bots' names at a table, in the player's language: what the bot is, and its place among the
table's bots.

What a bot is comes from the interface's catalog by the bot's name, ``bot.<name>`` (and
``bot.<name>.<level>`` for a level among its parameters), so a new bot or level only adds
catalog entries. The n-th bot at a table is numbered n, so no two share a name; and no person
may take a name a bot could have (`is_bot_name`), so a bot never passes for a player or a
player for a bot.

>>> from tabulae.i18n import translator
>>> bot_name(translator("en"), 1, "greedy")
'Greedy bot 2'
>>> is_bot_name("bot średni 3"), is_bot_name("Marek")
(True, False)
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from typing import Any

from tabulae.bots import BOTS
from tabulae.bots.levels import LEVELS

from .translator import LANGUAGES, UI, Translator, translator

NUMBERED = re.compile(r"[\s#№.]*\d*\s*$")  # a number after a bot's words, as people write it


def bot_label(tr: Translator, bot: str, params: Mapping[str, Any] | None = None) -> str:
    """What a bot is, e.g. "greedy bot"; its name and "bot" when no catalog says."""
    level = (params or {}).get("level")
    keys = ([f"bot.{bot}.{level}"] if level is not None else []) + [f"bot.{bot}"]
    for language in (tr, tr.fallback):
        for key in keys:
            if language and key in language.catalog(UI).messages:
                return language.catalog(UI).messages[key]
    return f"{bot} bot"


def bot_name(tr: Translator, order: int, bot: str, params: Mapping[str, Any] | None = None) -> str:
    """The name of the `order`-th bot at a table (from 0): what it is, numbered."""
    return tr._("{bot} {n}", bot=capitalized(bot_label(tr, bot, params)), n=order + 1)


def capitalized(words: str) -> str:
    return words[:1].upper() + words[1:]


def bot_kinds() -> set[str]:
    """Every bot and level the catalogs word: ``greedy``, ``medium``, ``greedy.hard``."""
    return (
        set(BOTS)
        | set(LEVELS)
        | {
            msgid.removeprefix("bot.")
            for msgid in translator("en").catalog(UI).messages
            if msgid.startswith("bot.")
        }
    )


@cache
def _bots_words() -> frozenset[str]:
    words = set()
    for lang in LANGUAGES:
        tr = translator(lang)
        for kind in bot_kinds():
            bot, _, level = kind.partition(".")
            words.add(bot_label(tr, bot, {"level": level} if level else None).casefold())
    return frozenset(words)


def is_bot_name(name: str) -> bool:
    """Whether `name` is what a bot is called in some language, with or without a number
    ("Medium bot 2", "bot średni", "Средний бот #1"): a name no person may take."""
    return NUMBERED.sub("", " ".join(name.split())).casefold() in _bots_words()


def bot_words(tr: Translator) -> dict[str, Any]:
    """What a browser needs to name bots as `bot_name` does: what each bot (and each bot at a
    level, ``greedy.hard``) is, and the form that numbers it."""
    labels = {}
    for kind in sorted(bot_kinds()):
        bot, _, level = kind.partition(".")
        labels[kind] = bot_label(tr, bot, {"level": level} if level else None)
    return {"labels": labels, "form": tr.catalog(UI).messages.get("{bot} {n}", "{bot} {n}")}
