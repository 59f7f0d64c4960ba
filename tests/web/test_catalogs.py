"""Every message the browser interface shows exists in Polish, Dutch and Russian, in the same
catalog format as the terminal's, and the catalogs hold nothing the interface no longer shows."""

from __future__ import annotations

import ast
import re
import string

import pytest

from tabulae.bots import BOTS, LEVELS
from tabulae.core import all_games
from tabulae.core.registry import interface_path
from tabulae.i18n.po import Catalog
from tabulae.server.interface import bot_about

from .pages import WEB

# A call of the interface's translation function with a string literal: t("…") or text.t("…").
CALL = re.compile(r'\bt\(\s*("(?:[^"\\\n]|\\.)*")', re.S)
TRANSLATED = ("pl", "nl", "ru")


def shown_messages() -> set[str]:
    """What the interface's scripts and the games' boards show through the ``web`` catalog,
    and the levels' labels and descriptions, which the lobby shows."""
    found = {text for level in LEVELS.values() for text in (level.label, level.about)}
    found |= {bot_about(name) for name in BOTS if name not in LEVELS}  # the lobby's other bots
    boards = [interface_path(game, "web") for game in all_games().values()]
    for path in sorted(p for root in [WEB / "static", *boards] for p in root.rglob("*.js")):
        for literal in CALL.findall(path.read_text(encoding="utf-8")):
            found.add(ast.literal_eval(literal))
    return found


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}


def test_the_interface_s_messages_are_found():
    messages = shown_messages()
    assert {"Your move.", "Not allowed: {reason}", "Start the table"} <= messages


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_interface_message_is_translated_with_the_same_fields(lang):
    catalog = Catalog.read(WEB / "locale" / lang / "web.po")
    for msgid in shown_messages():
        template = catalog.messages.get(msgid, "")
        assert template, f"{lang}: no translation of {msgid!r}"
        assert fields(template) == fields(msgid), f"{lang}: {msgid!r} and {template!r}"
        for _, _, spec, _ in string.Formatter().parse(template):
            if spec and "|" in spec:
                assert spec.count("|") + 1 == catalog.nplurals, f"{lang}: {template!r}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_catalogs_hold_no_message_the_interface_no_longer_shows(lang):
    catalog = Catalog.read(WEB / "locale" / lang / "web.po")
    assert set(catalog.messages) <= shown_messages()
