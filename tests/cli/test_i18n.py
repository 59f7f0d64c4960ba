"""Every message players can read exists in English, Polish, Dutch and Russian."""

from __future__ import annotations

import string

import pytest

import tabulae
from tabulae.core import Action, Event, Rng, load, random_steps
from tabulae.i18n import LANGUAGES, GameText, default_language, glossary, translator
from tabulae.i18n.catalogs import game_messages, interface_messages, read
from tabulae.i18n.po import Catalog
from tabulae.tui.renderer import Renderer, renderer

TOY = "tests.plugin_games.tesserae:GAME"
GAMES = [load(TOY), *tabulae.all_games().values()]
TRANSLATED = ("pl", "nl", "ru")  # the interface's msgids are its English text


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}


def plural_specs(template: str) -> list[str]:
    return [spec for _, _, spec, _ in string.Formatter().parse(template) if spec and "|" in spec]


def check_template(template: str, catalog: Catalog, msgid: str) -> None:
    assert template, f"no translation of {msgid!r}"
    for spec in plural_specs(template):
        assert spec.count("|") + 1 == catalog.nplurals, f"{msgid!r}: plural forms in {spec!r}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_interface_message_is_translated(lang):
    catalog = read(lang, "tabulae")
    for msgid in interface_messages():
        template = catalog.messages.get(msgid, "")
        check_template(template, catalog, msgid)
        assert fields(template) == fields(msgid), f"{lang}: {msgid!r} and {template!r}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_catalogs_hold_no_message_the_interface_no_longer_shows(lang):
    assert set(read(lang, "tabulae").messages) <= set(interface_messages())


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_every_event_action_and_help_of_every_game_is_translated_and_fills_in(game):
    """Event keys come from random games at every player count and option."""
    messages = game_messages(game)
    assert any("." in key and ".action." not in key for key in messages), "no events gathered"
    for lang in LANGUAGES:
        tr = translator(lang)
        catalog = read(lang, game)
        for msgid, message in messages.items():
            template = catalog.messages.get(msgid, "")
            check_template(template, catalog, msgid)
            names = [f"P{n}" for n in range(game.max_players)]
            text = GameText(tr, game, names)
            for sample in message.samples:
                if isinstance(sample, Event):
                    args = {k: text.show(v, k) for k, v in sample.args.items()}
                    filled = tr.format(template, args, (), names)
                else:
                    assert isinstance(sample, Action)
                    filled = tr.format(template, {}, [text.show(a) for a in sample.args], names)
                assert "{" not in filled and msgid not in filled, (lang, msgid, filled)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_every_game_term_is_named_in_every_language(game):
    english = [msgid for msgid in read("en", game).messages if msgid.startswith(f"{game.id}.term.")]
    assert english and set(glossary(game)) == {m.split(".term.", 1)[1] for m in english}
    for lang in LANGUAGES:
        catalog = read(lang, game).messages
        unnamed = [msgid for msgid in english if not catalog.get(msgid)]
        assert not unnamed, f"{lang} catalog of {game.id} names no {unnamed[:5]}"


def words(value, keys: set[str], found: set[str]) -> None:
    if isinstance(value, dict):
        for key, item in value.items():
            keys.add(key)
            words(item, keys, found)
    elif isinstance(value, list):
        for item in value:
            words(item, keys, found)
    elif isinstance(value, str):
        found.add(value)


def test_the_generic_renderer_labels_every_view_key_and_word_of_a_game_that_names_them():
    """Games get their own renderers; the generic one still speaks the player's language when
    the game's terms name what its views hold, as the toy game's do."""
    game = load(TOY)
    assert type(renderer(game)) is Renderer
    keys: set[str] = set()
    found: set[str] = set()
    for players in range(game.min_players, game.max_players + 1):
        state = game.new(players, seed=players)
        for _ in random_steps(state, Rng(players)):
            for seat in (*range(players), None):
                words(state.view(seat), keys, found)
    assert keys and found
    assert not (keys | found) - set(glossary(game))


def test_plural_forms_follow_each_language():
    msgid = "{game} · {players:# player|# players} · seed {seed}"
    shown = {
        lang: [translator(lang)._(msgid, game="G", players=n, seed=0) for n in (1, 2, 5, 22)]
        for lang in LANGUAGES
    }
    assert shown["en"] == [
        f"G · {p} · seed 0" for p in ("1 player", "2 players", "5 players", "22 players")
    ]
    assert [s.split(" · ")[1] for s in shown["pl"]] == [
        "1 gracz",
        "2 gracze",
        "5 graczy",
        "22 gracze",
    ]
    assert [s.split(" · ")[1] for s in shown["ru"]] == [
        "1 игрок",
        "2 игрока",
        "5 игроков",
        "22 игрока",
    ]
    assert [s.split(" · ")[1] for s in shown["nl"]] == [
        "1 speler",
        "2 spelers",
        "5 spelers",
        "22 spelers",
    ]


def test_event_arguments_show_names_terms_and_seat_mappings():
    game = load(TOY)
    text = GameText(translator("pl"), game, ["Ann", "Bob"])
    revealed = Event("tesserae.revealed", {"tiles": {"0": 5, "1": 7}})
    assert text.event(revealed) == "Odkryte płytki: Ann: 5, Bob: 7."
    assert text.event(Event("tesserae.scored", {"seat": 1})) == "Bob zdobywa punkt."
    assert (
        text.show("draw") == "Dobieranie"
        and text.show(["play", "over"]) == "Zagrywanie, Koniec gry"
    )
    assert text.action(Action("play", 7)) == "Zagraj płytkę 7"
    unknown = Event("tesserae.unheard_of", {"seat": 0, "tile": 3})
    assert text.event(unknown) == "tesserae.unheard_of seat=Ann, tile=3"  # readable, never a crash


def test_the_po_reader_joins_lines_skips_fuzzy_entries_and_reads_the_plural_rule():
    catalog = Catalog.parse(
        'msgid ""\nmsgstr ""\n"Plural-Forms: nplurals=3; plural=(n==1 ? 0 : n<5 ? 1 : 2);\\n"\n\n'
        '# a comment\nmsgid "a"\nmsgstr "first "\n"line \\"quoted\\""\n\n'
        '#, fuzzy\nmsgid "b"\nmsgstr "unsure"\n\nmsgid "c"\nmsgstr ""\n'
        'msgctxt "menu"\nmsgid "d"\nmsgstr "in context"\n'
    )
    assert catalog.messages == {"a": 'first line "quoted"'}
    assert catalog.nplurals == 3 and [catalog.plural(n) for n in (1, 3, 7)] == [0, 1, 2]


@pytest.mark.parametrize(
    ("environment", "lang"),
    [
        ({"LANG": "pl_PL.UTF-8"}, "pl"),
        ({"LANGUAGE": "fr:nl", "LANG": "ru_RU.UTF-8"}, "nl"),
        ({"LC_ALL": "ru_RU.UTF-8", "LANG": "pl_PL.UTF-8"}, "ru"),
        ({"LANG": "C.UTF-8"}, "en"),
    ],
)
def test_the_default_language_comes_from_the_locale(monkeypatch, environment, lang):
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    for variable, value in environment.items():
        monkeypatch.setenv(variable, value)
    assert default_language() == lang
