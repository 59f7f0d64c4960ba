"""Every game's rules reference: each refusal key of each game (every `<game>.refused.*`
message of its English catalog; the games' own tests check that the rules raise no key the
catalog lacks) points at a section, every section speaks the four languages, and each lesson it
names exists, and every term a board's rules tooltips use leads to a section."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import tabulae
from tabulae.core import Game
from tabulae.core.lessons import LANGUAGES
from tabulae.core.rules import BadRules, Rules
from tabulae.i18n.po import msgids
from tabulae.i18n.translator import catalog_path

GAMES = list(tabulae.all_games().values())


def refusal_keys(game: Game) -> set[str]:
    prefix = f"{game.id}.refused."
    return {key for key in msgids(catalog_path("en", game)) if key.startswith(prefix)}


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.id)
def test_every_refusal_key_points_at_a_section_in_every_language(game):
    rules = game.rules()
    keys = refusal_keys(game)
    assert len(keys) > 20  # the catalog was read
    unexplained = sorted(key for key in keys if rules.for_refusal(key) is None)
    assert unexplained == []
    for key in keys:
        section = rules.for_refusal(key)
        assert section is not None
        assert set(section.title) == set(section.text) == set(LANGUAGES), section.id


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.id)
def test_a_section_explains_only_refusals_the_game_has(game):
    listed = {key for section in game.rules().sections for key in section.refusals}
    assert listed - refusal_keys(game) == set()


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.id)
def test_every_section_speaks_every_language_and_names_lessons_that_exist(game):
    sections = game.rules().sections
    lessons = {lesson.id for lesson in game.lessons()}
    assert len(sections) >= 8
    for section in sections:
        assert set(section.title) == set(section.text) == set(LANGUAGES), section.id
        assert set(section.lessons) <= lessons, section.id
    shown = {lesson for section in sections for lesson in section.lessons}
    assert shown == lessons  # each lesson is reached from the rule it teaches


def test_a_real_refusal_leads_to_the_rule_it_rests_on():
    game = tabulae.load("builders")
    state = game.new(2, seed=1)
    state.apply(0, tabulae.Action.parse("loan"))
    with pytest.raises(tabulae.IllegalAction) as refused:
        state.apply(0, tabulae.Action.parse("loan"))
    section = game.rules().for_refusal(refused.value.key)
    assert section is not None and section.id == "investments"
    assert "once per turn" in section.text["en"].lower()


def board_source(game: Game) -> str:
    return (Path(tabulae.__file__).parent / "games" / game.id / "web" / "board.js").read_text()


def tooltip_terms(game: Game) -> set[str]:
    """The terms a board's rules tooltips name their parts by: the actions whose help gives
    their text, where the board titles parts with the help (any help key may title a part),
    and the kinds the board module names outright (`ruledPart(GAME, "fate_card", …)`,
    `rulesOf(id, "buildings", text)`, `text, kind === "machine" ? "machine" : …`)."""
    source = board_source(game)
    prefix = f"{game.id}.help."
    keys = msgids(catalog_path("en", game))
    helps = {key[len(prefix) :] for key in keys if key.startswith(prefix)}
    if f"`{prefix}${{" not in source:
        helps = set()
    named = set(re.findall(r'ruledPart\(GAME, "(\w+)"', source))
    for line in source.splitlines():
        if "rulesOf(" in line and "function rulesOf" not in line:
            named |= set(re.findall(r'(?<!term\()"(\w+)", text\b', line))
            named |= set(re.findall(r', text, [^,]*\? "(\w+)" :', line))
    return helps | named


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.id)
def test_every_term_a_boards_tooltips_use_leads_to_a_section(game):
    rules = game.rules()
    terms = tooltip_terms(game)
    assert len(terms) >= 4  # the board module was read
    assert sorted(term for term in terms if rules.for_term(term) is None) == []
    listed = {term for section in rules.sections for term in section.terms}
    assert listed - terms == set()  # no section lists a term no tooltip uses


def test_a_term_in_two_sections_is_refused():
    section = {"title": {"en": "T"}, "text": {"en": "T."}, "terms": ["loan"]}
    with pytest.raises(BadRules, match="term"):
        Rules.from_data([{"id": "one", **section}, {"id": "two", **section}])
