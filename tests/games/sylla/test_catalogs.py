"""Every message of Sylla exists in English, Polish, Dutch and Russian, with the same fields:
its events, actions and help (checked for every game in tests/cli/test_i18n.py) and, here,
the engine's refusals, the step names under the round, the lobby's options and the board's
words."""

from __future__ import annotations

import ast
import string
from pathlib import Path

import pytest

from tabulae.core.flow import REFUSALS
from tabulae.games.sylla import GAME
from tabulae.games.sylla.flow import STEPS
from tabulae.i18n import LANGUAGES
from tabulae.i18n.catalogs import board_messages, read

PACKAGE = Path(__file__).resolve().parents[3] / "tabulae" / "games" / "sylla"


def refusal_keys() -> set[str]:
    """The key of every `refused(what, …)` the engine raises, and of the core Flow's own."""
    keys = {f"sylla.refused.{what}" for what in REFUSALS}
    for path in PACKAGE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and getattr(node.func, "id", "") == "refused"
                and node.args
                and isinstance(node.args[0], ast.Constant)
            ):
                keys.add(f"sylla.refused.{node.args[0].value}")
    return keys


def option_keys() -> set[str]:
    keys = set()
    for option in GAME.options:
        keys |= {f"sylla.option.{option.name}", f"sylla.option.{option.name}.help"}
        choices = option.choices or ((option.default,) if isinstance(option.default, str) else ())
        keys |= {f"sylla.option.{option.name}.{choice}" for choice in choices}
    return keys


def expected() -> set[str]:
    return (
        refusal_keys()
        | option_keys()
        | {f"sylla.step.{step}" for step in STEPS}
        | set(board_messages(GAME))
    )


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}


def test_the_engine_s_refusals_are_found():
    keys = refusal_keys()
    assert {"sylla.refused.over", "sylla.refused.bid.too_low", "sylla.refused.cube.symbol"} <= keys
    assert len(keys) > 30


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_refusal_step_option_and_board_word_is_in_every_language(lang):
    catalog, english = read(lang, GAME), read("en", GAME)
    for msgid in sorted(expected()):
        template = catalog.messages.get(msgid, "")
        assert template, f"{lang}: no message {msgid!r}"
        assert fields(template) == fields(english.messages[msgid]), f"{lang}: {msgid!r}"
        for _, _, spec, _ in string.Formatter().parse(template):
            if spec and "|" in spec:
                assert spec.count("|") + 1 == catalog.nplurals, f"{lang}: {template!r}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_catalogs_hold_no_refusal_step_or_option_nothing_shows(lang):
    kept = {
        msgid
        for msgid in read(lang, GAME).messages
        if msgid.startswith(("sylla.refused.", "sylla.step.", "sylla.option."))
    }
    assert kept <= expected()


def test_the_four_catalogs_hold_the_same_messages():
    held = {lang: set(read(lang, GAME).messages) for lang in LANGUAGES}
    assert all(messages == held["en"] for messages in held.values())
