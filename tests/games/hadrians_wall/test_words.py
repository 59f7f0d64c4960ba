"""What a player reads of Hadrian's Wall is in words, in the player's language.

In English, Polish, Dutch and Russian, along seeded random games at every player count: every
legal action's label, every event, the words of the view that the board names, every refusal
and every option. None may show a dotted message key, a ``name=value`` pair, a snake_case id, a
card where its name should stand, or (in Polish, Dutch and Russian) an English word. The
catalog tests check that every message, the refusals and the board's included, exists in the
four languages with the same fields.
"""

from __future__ import annotations

import ast
import re
import string
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tabulae.core import Action, IllegalAction, Rng
from tabulae.core.flow import REFUSALS
from tabulae.games.hadrians_wall import GAME
from tabulae.games.hadrians_wall.refusals import KEY as REFUSED
from tabulae.i18n import LANGUAGES, GameText, glossary, translator

from .helpers import NAMES, catalog, check

SOURCE = Path(__file__).resolve().parents[3] / "tabulae" / "games" / "hadrians_wall"


def term_words(value: Any) -> Iterator[str]:
    """The words of an argument that are terms (a card, a building, a cohort...)."""
    if isinstance(value, str) and value in glossary(GAME):
        yield value
    elif isinstance(value, list):
        for item in value:
            yield from term_words(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from term_words(item)


def named(text: str, lang: str, message: str, args: dict[str, Any], what: str) -> None:
    """Every term an argument brings, and that the message shows, stands by its name."""
    shown = {field for _, field, _, _ in string.Formatter().parse(message) if field}
    for name, value in args.items():
        if name in shown:
            for word in term_words(value):
                assert glossary(GAME)[word][lang] in text, (
                    f"{lang}: {word} unnamed in {text!r} ({what})"
                )


def positions(players: int, seed: int, every: int = 15) -> Iterator[Any]:
    """Positions along a seeded random game, one in `every` actions, and its end. Players
    rarely end their year while they can still act, so that the sheets fill up."""
    state = GAME.new(players, seed=seed)
    rng = Rng(seed)
    step = 0
    while state.to_move:
        if step % every == 0:
            yield state
        seat = state.to_move[rng.below(len(state.to_move))]
        legal = state.legal_actions(seat)
        acting = [a for a in legal if a.kind != "pass"]
        choice = acting if acting and rng.below(8) else legal
        state.apply(seat, choice[rng.below(len(choice))])
        step += 1
    yield state


HOSTILE = [
    Action("nonsense"),
    Action("mine", 3),
    Action("fort", "priest"),
    Action("forum", "servant", "builder", "civilian"),
    Action("forum", "soldier", "soldier", "soldier"),
    Action("landmark", "tower"),
    Action("build", "palace"),
    Action("citizen", "senator"),
    Action("perform", 9),
    Action("temple", "horse"),
    Action("bribe", 0),
    Action("ruling", 10),
    Action("diplomat", "up"),
    Action("market", 9, "deck"),
    Action("gladiator", "green", "servant"),
    Action("battle", "green"),
    Action("scout", "own", 9, 30),
    Action("favour", "up", "temple"),
    Action("favour", "left", "senate"),
    Action("path", "emperor"),
]


def refusals(state: Any, seat: int, rng: Rng) -> Iterator[IllegalAction]:
    """What the rules say to actions of the catalogue the seat may not take now (one of each
    kind, and a sample), and to hostile ones."""
    legal = set(state.legal_actions(seat))
    others = [a for a in GAME.actions(state.players, state.options) if a not in legal]
    first = {a.kind: a for a in reversed(others)}
    sample = [others[rng.below(len(others))] for _ in range(40)]
    for action in [*first.values(), *sample, *HOSTILE]:
        twin = state.clone()
        try:
            twin.apply(seat, action)
        except IllegalAction as refusal:
            yield refusal


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("players", range(1, 7))
def test_actions_events_views_and_refusals_are_in_words(lang, players):
    text = GameText(translator(lang), GAME, NAMES[:players])
    keys: set[str] = set()
    rng = Rng(players)
    for state in positions(players, seed=players):
        for seat in range(players):
            for action in state.legal_actions(seat):
                label = text.action(action)
                check(label, lang, str(action))
                template = catalog(lang)[f"hadrians_wall.action.{action.kind}"]
                args = {str(i): arg for i, arg in enumerate(action.args)}
                named(label, lang, template, args, str(action))
            for refusal in refusals(state, seat, rng):
                assert refusal.key and refusal.key.startswith(REFUSED), refusal.reason
                keys.add(refusal.key)
                shown = text.message(refusal.key, refusal.arguments)
                check(shown, lang, refusal.key)
                named(shown, lang, catalog(lang)[refusal.key], refusal.arguments, refusal.key)
            view = state.view(seat)
            prompt = view.pop("prompt")  # catalog keys, not words: the status bar's question
            for key in (prompt["key"], prompt["name"]) if prompt else ():
                check(text.message(key, prompt["args"]), lang, key)
            view_words(view, lang)
    for event in state.events:
        shown = text.event(event)
        check(shown, lang, event.key)
        named(shown, lang, catalog(lang)[event.key], event.args, event.key)
    assert len(keys) >= 10, keys


def view_words(view: Any, lang: str) -> None:
    """Every word of the view is a term with its name in `lang`: the board names them all."""
    if isinstance(view, str):
        names = glossary(GAME)
        assert view in names and lang in names[view], f"{lang}: {view!r} has no name"
    elif isinstance(view, list):
        for item in view:
            view_words(item, lang)
    elif isinstance(view, dict):
        for item in view.values():
            view_words(item, lang)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_option_and_choice_has_a_label_and_a_help(lang):
    text = GameText(translator(lang), GAME, NAMES[:2])
    for option in GAME.options:
        name = f"hadrians_wall.option.{option.name}"
        check(text.message(name), lang, name)
        check(text.message(f"{name}.help"), lang, f"{name}.help")
        choices = option.choices or (True, False)
        for choice in choices:
            key = f"{name}.{str(choice).lower()}"
            check(text.message(key), lang, key)


def test_a_refusal_reads_in_the_players_language():
    """PL: "a larger building needs the smaller one first": the refusal names both gardens."""
    state = GAME.new(2, seed=3)
    for seat in (0, 1):
        state.apply(seat, state.legal_actions(seat)[0])
    with pytest.raises(IllegalAction) as refused:
        state.apply(0, Action("build", "large_gardens"))
    shown = {
        lang: GameText(translator(lang), GAME, NAMES[:2]).message(
            refused.value.key, refused.value.arguments
        )
        for lang in LANGUAGES
    }
    assert refused.value.reason == "the large_gardens needs the small_gardens first"
    assert shown == {
        "en": "Large Gardens: build this first: Small Gardens.",
        "pl": "Wielkie Ogrody: najpierw wznieś: Małe Ogrody.",
        "nl": "Grote tuinen: bouw eerst: Kleine tuinen.",
        "ru": "Большие сады: сначала постройте: Малые сады.",
    }


# -- the catalogs ----------------------------------------------------------------------------


def refusal_keys() -> set[str]:
    """Every refusal key the rules raise: the first argument of each call of `refused`, and
    the core Flow's own."""
    found = {REFUSED + what for what in REFUSALS}
    for path in SOURCE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and getattr(node.func, "id", None) == "refused"
                and isinstance(node.args[0], ast.Constant)
            ):
                found.add(REFUSED + node.args[0].value)
    return found


def board_keys() -> set[str]:
    """The messages the board asks for by name: its literals of this game's msgids."""
    board = (SOURCE / "web" / "board.js").read_text(encoding="utf-8")
    return set(re.findall(r'"(hadrians_wall\.[a-z_]+\.[a-z_]+)"', board))


def option_keys() -> set[str]:
    found = set()
    for option in GAME.options:
        name = f"hadrians_wall.option.{option.name}"
        found |= {name, f"{name}.help"}
        found |= {f"{name}.{str(c).lower()}" for c in option.choices or (True, False)}
    return found


def fields(template: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(template) if field is not None}


def test_the_refusals_and_board_messages_are_found():
    assert {REFUSED + "lacking", REFUSED + "box_needs", REFUSED + "not_your_turn"} <= refusal_keys()
    assert "hadrians_wall.board.fate_card" in board_keys()
    assert "hadrians_wall.board.box" in board_keys()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_refusal_option_and_board_message_is_in_every_language(lang):
    english, messages = catalog("en"), catalog(lang)
    plurals = translator(lang).catalog(GAME).nplurals
    for msgid in sorted(refusal_keys() | board_keys() | option_keys()):
        assert messages.get(msgid), f"{lang}: no {msgid}"
        assert fields(messages[msgid]) == fields(english[msgid]), f"{lang}: fields of {msgid}"
        for _, _, spec, _ in string.Formatter().parse(messages[msgid]):
            if spec and "|" in spec:
                assert spec.count("|") + 1 == plurals, f"{lang}: plural forms of {msgid}"


def test_every_refusal_of_the_catalog_is_raised():
    """No refusal message is left behind that the rules no longer raise."""
    listed = {key for key in catalog("en") if key.startswith(REFUSED)}
    assert listed == refusal_keys()


def test_the_solo_rank_is_the_rulebooks_title_in_each_language():
    """PL p.15: "0-39 = Legionista 40-49 = Centurion 50-59 = Primus Pilus ..."; the result
    names the rank by its term, never by one language's text."""
    *_, end = positions(1, seed=1)
    rank = end.result().details["rank"]
    assert rank == "miles"  # a random solo game scores under 40
    titles = {lang: GameText(translator(lang), GAME, NAMES[:1]).term(rank) for lang in LANGUAGES}
    assert titles == {"en": "Miles", "pl": "Legionista", "nl": "Miles", "ru": "Легионер"}


def test_path_objectives_agree_with_their_numbers_in_polish_and_russian():
    """The noun after "1, 2 or 3" takes the plural form of the number next to it, as the Polish
    rulebook prints it (p.16: "za posiadanie 1, 2 lub 3 kompletnych Kohort")."""
    from tabulae.games.hadrians_wall.terminal import objective

    said = {
        lang: {card: objective(card, GameText(translator(lang), GAME, NAMES)) for card in cards}
        for lang, cards in {"pl": ("fighter", "engineer"), "ru": ("fighter", "planner")}.items()
    }
    assert said["pl"]["fighter"] == "1, 2 lub 3 PZ za posiadanie 1, 2 lub 3 kompletnych Kohort"
    assert "za wzniesienie 2, 4 lub 6 Wielkich Budowli" in said["pl"]["engineer"]
    assert said["ru"]["fighter"] == "1, 2 или 3 ПО за 1, 2 или 3 полные когорты"
    assert said["ru"]["planner"] == "1, 2 или 3 ПО за 2, 4 или 5 заполненных шкал граждан"
