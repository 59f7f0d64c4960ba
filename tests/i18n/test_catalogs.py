"""No message is missing in any language: every catalog holds the same msgids in English,
Polish, Dutch and Russian, and every refusal the engines can raise has its message."""

from __future__ import annotations

import ast
import itertools

import pytest

import tabulae
from tabulae.core import Game, load
from tabulae.core.registry import interface_path
from tabulae.i18n import LANGUAGES
from tabulae.i18n.catalogs import interface_messages, read
from tabulae.i18n.po import msgids
from tabulae.i18n.translator import UI, catalog_path

TOY = "tests.plugin_games.tesserae:GAME"
GAMES = [load(TOY), *tabulae.all_games().values()]
TRANSLATED = ("pl", "nl", "ru")


def refusal_keys(game: Game) -> dict[str, str]:
    """Every refusal the game's package words, with where: the literal `key` of an
    `IllegalAction(...)`, and ``<game>.refused.<what>`` of each ``refused("<what>", …)``."""
    root = interface_path(game, "locale").parent
    found = {}
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", ""))
            where = f"{path.name}:{node.lineno}"
            for keyword in node.keywords if name == "IllegalAction" else ():
                if keyword.arg == "key" and isinstance(keyword.value, ast.Constant):
                    found[keyword.value.value] = where
            what = node.args[0] if name == "refused" and node.args else None
            if isinstance(what, ast.Constant) and isinstance(what.value, str):
                found[f"{game.id}.refused.{what.value}"] = where
    return found


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_every_language_holds_the_same_messages_as_english(game):
    english = msgids(catalog_path("en", game))
    for lang in TRANSLATED:
        other = msgids(catalog_path(lang, game))
        assert not english - other, f"{lang} lacks {sorted(english - other)}"
        assert not other - english, f"{lang} has what English lacks: {sorted(other - english)}"
        translated = read(lang, game).messages
        assert not english - set(translated) - {""}, (
            f"{lang}: untranslated {sorted(english - set(translated) - {''})}"
        )


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_every_refusal_of_the_engine_has_its_message_in_every_language(game):
    keys = refusal_keys(game)
    for lang, (key, where) in itertools.product(LANGUAGES, keys.items()):
        assert read(lang, game).messages.get(key), f"{lang}: no message for {key} ({where})"


def test_the_toy_game_s_refusal_is_found():
    assert "tesserae.refused.not_now" in refusal_keys(load(TOY))


def test_the_interface_s_messages_are_in_every_language_and_its_keys_in_english_too():
    """The interface's msgids are its English text, except keys such as `bot.greedy` (what
    each bot is), which the English catalog words; the core's refusals are among them."""
    messages = set(interface_messages())
    assert {
        "an empty action",
        "bot.greedy",
        "A name has 1 to {most} characters, not {count}.",
    } <= messages
    keys = {msgid for msgid in messages if msgid.startswith("bot.")}
    assert keys <= set(read("en", UI).messages), "the English catalog words every key"
    for lang in TRANSLATED:
        assert messages <= set(read(lang, UI).messages), (
            f"{lang} lacks {sorted(messages - set(read(lang, UI).messages))}"
        )
