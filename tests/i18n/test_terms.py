"""A game's terms are messages of its catalogs, and they name things as its component data —
the rulebooks' names — does."""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any

import pytest
import yaml

import tabulae
from tabulae.core import load
from tabulae.i18n import GameText, glossary, terms, translator
from tabulae.i18n.translator import LANGUAGES

GAMES = sorted(tabulae.all_games().values(), key=lambda game: game.id)


def named(node: Any, found: dict[str, list[dict[str, str]]]) -> None:
    """Every component of the data file with an `id` and `names` by language."""
    if isinstance(node, dict):
        if isinstance(node.get("id"), str) and isinstance(node.get("names"), dict):
            found.setdefault(node["id"], []).append(node["names"])
        for value in node.values():
            named(value, found)
    elif isinstance(node, list):
        for value in node:
            named(value, found)


def same(term: str, name: str) -> bool:
    """A term names a component as its data does: the same words (a capital aside), or the
    same followed by what tells two alike cards apart ("Legionary (red, grey)")."""

    def capital(text: str) -> str:
        return text[:1].upper() + text[1:]

    return capital(term) == capital(name) or capital(term).startswith(capital(name) + " (")


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.id)
def test_terms_name_components_as_the_component_data_does(game):
    package = Path(importlib.import_module(type(game).__module__).__file__).parent
    data = yaml.safe_load((package / "components.yaml").read_text(encoding="utf-8"))
    found: dict[str, list[dict[str, str]]] = {}
    named(data, found)
    checked = 0
    for ident, names in found.items():
        for lang in LANGUAGES:
            term = terms(game, lang).get(ident)
            printed = [n[lang] for n in names if isinstance(n.get(lang), str)]
            if term is None or not printed:
                continue
            checked += 1
            assert any(same(term, name) for name in printed), (game.id, ident, lang, term)
    assert checked >= 40


def test_a_term_is_shown_in_the_players_language_and_a_word_that_is_none_as_it_is():
    sylla = load("sylla")
    assert glossary(sylla)["vestal_a"]["pl"].startswith("Westalka")
    text = GameText(translator("ru"), sylla, ["A", "B"])
    assert text.term("senator") == terms(sylla, "ru")["senator"] != "senator"
    assert text.term("no_such_word") == "no_such_word"
    assert text.title == "Сулла"  # the game's own id names its title
