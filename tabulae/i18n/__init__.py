"""Player-facing text in English, Polish, Dutch and Russian, from gettext catalogs.

Catalogs are ``locale/<language>/<domain>.po`` files read as they are, without a compile step.
The domain ``tabulae``, here, holds the interface's own text, whose msgids are the English
messages (the core's refusals among them: their key is their English text), but for what each
bot is, keyed ``bot.<name>`` and worded in English by the English catalog. Each game has a
domain named by its id, in its own package, whose msgids are keys: its event keys
(``<game>.drew``), action labels (``<game>.action.play``), action help (``<game>.help.play``),
refusals (``<game>.refused.<what>``), options (``<game>.option.<name>``) and terms, the
rulebooks' names of its words (``<game>.term.<word>``). Messages are
Python format strings; ``{n:# point|# points}`` chooses a plural form by the language's rule
(``#`` stands for the number) and ``{0:seat}`` shows a seat number as the player's name.
"""

from __future__ import annotations

import os

from .bots import bot_label, bot_name, bot_words, is_bot_name
from .game_text import GameText
from .terms import glossary, terms
from .translator import LANGUAGES, N_, Translator, translator


def default_language() -> str:
    """The first supported language named by the usual locale variables, else English."""
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        for entry in os.environ.get(variable, "").split(":"):
            if entry[:2].lower() in LANGUAGES:
                return entry[:2].lower()
    return "en"


__all__ = [
    "LANGUAGES",
    "N_",
    "GameText",
    "Translator",
    "bot_label",
    "bot_name",
    "bot_words",
    "default_language",
    "glossary",
    "is_bot_name",
    "terms",
    "translator",
]
