"""Bots' names at a table, in the player's language: a Roman name, then what the bot is.

What a bot is comes from the interface's catalog by the bot's name, ``bot.<name>`` (and
``bot.<name>.<level>`` for a level among its parameters), so a new bot or level only adds
catalog entries. The n-th bot at a table has the n-th Roman name, so no two share a name.

>>> from tabulae.i18n import translator
>>> bot_name(translator("en"), 1, "greedy")
'Gaius (greedy bot)'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabulae.bots import BOTS
from tabulae.bots.levels import LEVELS

from .translator import N_, UI, Translator, translator

NAMES = (
    N_("Marcus"),
    N_("Gaius"),
    N_("Lucius"),
    N_("Titus"),
    N_("Quintus"),
    N_("Publius"),
    N_("Gnaeus"),
    N_("Decimus"),
)


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
    """The name of the `order`-th bot at a table (from 0)."""
    roman = tr._(NAMES[order % len(NAMES)])
    return tr._("{name} ({bot})", name=roman, bot=bot_label(tr, bot, params))


def bot_words(tr: Translator) -> dict[str, Any]:
    """What a browser needs to name bots as `bot_name` does: the Roman names, what each bot
    (and each bot at a level, ``greedy.hard``) is, and the form that joins them."""
    kinds = (
        set(BOTS)
        | set(LEVELS)
        | {
            msgid.removeprefix("bot.")
            for msgid in translator("en").catalog(UI).messages
            if msgid.startswith("bot.")
        }
    )
    labels = {}
    for kind in sorted(kinds):
        bot, _, level = kind.partition(".")
        labels[kind] = bot_label(tr, bot, {"level": level} if level else None)
    return {
        "names": [tr._(name) for name in NAMES],
        "labels": labels,
        "form": tr.catalog(UI).messages.get("{name} ({bot})", "{name} ({bot})"),
    }
