"""Refusals and bots' names in each player's language."""

from __future__ import annotations

import pytest

from tabulae.bots import BOTS
from tabulae.core import Action, IllegalAction, load
from tabulae.i18n import (
    LANGUAGES,
    GameText,
    bot_label,
    bot_name,
    bot_words,
    is_bot_name,
    translator,
)

TOY = load("tests.plugin_games.tesserae:GAME")


def refusal(lang: str, error: IllegalAction) -> str:
    return GameText(translator(lang), TOY, ["Ann", "Bob"]).refusal(error)


def test_a_game_s_refusal_is_its_message_filled_in():
    state = TOY.new(2, 1)
    with pytest.raises(IllegalAction) as refused:
        state.apply(state.to_move[0], Action("play", 99))
    assert refusal("ru", refused.value) == "«play 99» сейчас нельзя"
    assert refusal("en", refused.value) == refused.value.reason


def test_the_core_s_refusals_are_the_interface_s_messages():
    with pytest.raises(IllegalAction) as refused:
        Action.from_json([7])
    assert (
        refusal("pl", refused.value) == 'to nie jest akcja: [7] (oczekiwana lista, np. ["bid", 4])'
    )
    assert refusal("en", refused.value) == refused.value.reason
    assert translator("nl").refusal(IllegalAction("an empty action", key="an empty action")) == (
        "een lege actie"
    )


def test_a_refusal_no_catalog_has_is_its_english_reason():
    error = IllegalAction("no such thing", key="tesserae.refused.unheard_of", args={"x": 1})
    assert refusal("pl", error) == "no such thing"
    assert refusal("pl", IllegalAction("plain")) == "plain"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_bot_at_a_table_has_a_name_of_its_own_in_every_language(lang):
    tr = translator(lang)
    names = [bot_name(tr, order, "greedy") for order in range(8)]
    assert len(set(names)) == len(names)
    assert all(is_bot_name(name) for name in names)  # no person may take one
    if lang != "en":
        assert not any("greedy" in name or "random" in name for name in names)
        assert bot_name(tr, 0, "random") != bot_name(translator("en"), 0, "random")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_bot_is_worded_in_every_language(lang):
    """Each bot has its own words in the catalog, not the English fallback "<name> bot"."""
    tr = translator(lang)
    fallback = [bot for bot in BOTS if bot_label(tr, bot) == f"{bot} bot" and lang != "en"]
    assert not fallback, f"bots worded in English in {lang}: {fallback}"
    labels = [bot_label(tr, bot) for bot in BOTS]
    assert len(set(labels)) == len(labels)


def test_a_bot_is_named_by_what_it_is_and_no_person_s_name_is_a_bot_s():
    assert bot_name(translator("pl"), 0, "medium") == "Bot średni 1"
    assert bot_name(translator("ru"), 2, "easy") == "Лёгкий бот 3"
    for taken in ("Medium bot 2", "bot średni", "СРЕДНИЙ БОТ №1", "gretige bot #3"):
        assert is_bot_name(taken), taken
    for person in ("Marek", "Marcus", "Bot", "Medium", "Botticelli 2"):
        assert not is_bot_name(person), person


def test_a_level_has_its_own_words_and_falls_back_to_the_bot_s():
    tr = translator("pl")
    assert bot_label(tr, "greedy", {"level": "unheard_of"}) == bot_label(tr, "greedy")
    assert bot_label(tr, "oracle") == "oracle bot"  # a bot no catalog words yet


def test_the_browser_gets_the_same_words():
    words = bot_words(translator("ru"))
    assert words["labels"]["greedy"] == "жадный бот"
    assert words["form"].format(bot="Жадный бот", n=2) == bot_name(translator("ru"), 1, "greedy")
