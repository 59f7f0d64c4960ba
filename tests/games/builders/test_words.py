"""What a player reads of The Builders is in the player's words, in every language: cards by
their names (never a number), no message keys, ids or `name=value` pairs, and, in Polish,
Dutch and Russian, no English left over."""

from __future__ import annotations

import ast
import io
import re
import string
from functools import cache
from pathlib import Path

import pytest
from rich.console import Console

from tabulae.core import Action, Event, IllegalAction, Rng
from tabulae.games import builders
from tabulae.games.builders import GAME
from tabulae.games.builders.actions import NUMBER, citizen
from tabulae.games.builders.table import BuildersTable
from tabulae.i18n import LANGUAGES, GameText, glossary, translator
from tabulae.i18n.catalogs import read
from tabulae.tui.renderer import renderer

from .helpers import set_up

RENDERER = renderer(GAME)

NAMES = ["Aurelia", "Brutus", "Cassia", "Decimus"]
SEEDS = range(6)
LOOKS = 12
"""Positions looked at in each seeded game, spread over its course."""
CARD_ARGS = ("building", "worker", "card", "slave")
"""Arguments of events and refusals that name a card (the card that refills a row, `revealed`,
is told by the terminal and shown on the board)."""
PROPER_NAMES = {"Forum", "Port", "Ziggurat", "Theater", "Machine", "Bank", "Alexandria"}
"""Words an English text shares with a translation by right (names, and words spelt alike)."""

DOTTED = re.compile(r"\b[a-z]+\.[a-z_]+\.[a-z_.]+")
PAIR = re.compile(r"\b\w+=\S")
SNAKE = re.compile(r"\b[a-z]+_[a-z0-9_]+\b")
WORD = re.compile(r"[^\W\d_]{3,}")


def refusals_in(package: Path) -> dict[str, set[str]]:
    """Every refusal the modules of a package give: its key and the names of its arguments."""
    found: dict[str, set[str]] = {}
    for path in sorted(package.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "refused":
                key = node.args[0]
                assert isinstance(key, ast.Constant), ast.unparse(node)
                found[f"builders.refused.{key.value}"] = {k.arg for k in node.keywords if k.arg}
    return found


REFUSALS = refusals_in(Path(builders.__file__).parent)


def option_msgids() -> list[str]:
    msgids = []
    for option in GAME.options:
        msgids += [f"builders.option.{option.name}", f"builders.option.{option.name}.help"]
        msgids += [f"builders.option.{option.name}.{choice}" for choice in option.choices or ()]
    return msgids


@cache
def positions() -> list[BuildersTable]:
    """Positions of random games at every player count, from the start to the end."""
    found = []
    for seed in SEEDS:
        players = 2 + seed % 3
        table = GAME.new(players, seed=seed)
        rng = Rng(seed)
        steps = 0
        while table.to_move:
            if steps % 40 == 0 and len(found) < LOOKS * (seed + 1):
                found.append(table.clone())
            seat = table.to_move[0]
            legal = table.legal_actions(seat)
            table.apply(seat, legal[rng.below(len(legal))])
            steps += 1
        found.append(table)
    return found


def refused(table: BuildersTable, rng: Rng) -> list[IllegalAction]:
    """Refusals of actions not legal now, drawn from the whole action space."""
    space = GAME.action_space(table.players)
    seat = table.to_move[0] if table.to_move else 0
    legal = set(table.legal_actions(seat))
    errors = []
    for _ in range(30):
        attempt = space.decode(rng.below(len(space)))
        if attempt in legal:
            continue
        try:
            table.clone().apply(seat, attempt)
        except IllegalAction as error:
            errors.append(error)
    return errors


def card_words(value) -> list[str]:
    words = value if isinstance(value, list) else [value]
    return [w for w in words if isinstance(w, str) and (w in NUMBER or w.startswith("citizen_"))]


def read_texts(lang: str) -> list[tuple[str, str, list[str]]]:
    """(what, text, the cards' names it must hold) for everything a player reads."""
    text = GameText(translator(lang), GAME, NAMES)
    texts = []
    for number, table in enumerate(positions()):
        for event in table.events:
            names = [text.term(w) for k in CARD_ARGS for w in card_words(event.args.get(k))]
            texts.append((f"event {event.key}", text.event(event), names))
        for seat in table.to_move:
            for action in table.legal_actions(seat):
                names = [text.term(w) for w in card_words(list(action.args))]
                texts.append((f"action {action}", text.action(action), names))
        for error in refused(table, Rng(number)):
            shown = text.message(error.key, error.arguments)
            names = [text.term(w) for k in CARD_ARGS for w in card_words(error.arguments.get(k))]
            texts.append((f"refusal {error.key}", shown or f"missing {error.key}", names))
        view = table.view(None)
        for word in view_words(view):
            texts.append((f"card {word}", text.term(word), []))
    for msgid in option_msgids():
        texts.append((msgid, text.message(msgid) or f"missing {msgid}", []))
    return texts


def view_words(view: dict) -> list[str]:
    """The glossary's word for every card, tool and material the board draws."""
    cards = [*view["buildings"]["row"], *view["workers"]["row"], *view["investments"]["slaves"]]
    tools = list(view["investments"]["tools"])
    for player in view["players"]:
        cards += [*player["idle"], *player["finished"]]
        tools += player["tools"]
        for site in player["sites"]:
            cards.append(site["building"])
            cards += [member["card"] for member in site["crew"]]
            tools += [{"word": member["tool"]} for member in site["crew"] if member["tool"]]
    words = [citizen(c["id"]) if c.get("kind") == "citizen" else c["id"] for c in cards]
    words += [tool["word"] for tool in tools]
    return words + [m["id"] for m in view["materials"]] + view["investments"]["universities"]


@cache
def english_only(lang: str) -> frozenset[str]:
    """Words of the English messages and names that the language's own never uses."""

    def words(lang: str) -> set[str]:
        found = set()
        for template in read(lang, GAME).messages.values():
            found |= set(WORD.findall(template))
        for names in glossary(GAME).values():
            found |= set(WORD.findall(names.get(lang, "")))
        return {w.lower() for w in found}

    return frozenset(words("en") - words(lang) - {w.lower() for w in PROPER_NAMES})


@pytest.mark.parametrize("lang", LANGUAGES)
def test_everything_a_player_reads_names_cards_and_holds_no_internals(lang):
    texts = read_texts(lang)
    assert len(texts) > 2000
    kinds = {what.split()[0] for what, _, _ in texts}
    assert {"event", "action", "refusal", "card", "builders.option.limited_bank"} <= kinds
    english = english_only(lang) if lang != "en" else frozenset()
    for what, shown, names in texts:
        assert not shown.startswith("missing "), (lang, what)
        assert "builders." not in shown and not DOTTED.search(shown), (lang, what, shown)
        assert not PAIR.search(shown), (lang, what, shown)
        assert not SNAKE.search(shown), (lang, what, shown)
        for name in names:
            assert name in shown, (lang, what, shown, name)
        if what.startswith("action") and not what.startswith("action take"):
            rest = shown
            for name in names:
                rest = rest.replace(name, "")
            assert not re.search(r"\d", rest), ("a number where a card's name belongs", shown)
        leftover = {w for w in WORD.findall(shown) if w.lower() in english}
        assert not leftover, (lang, what, shown, leftover)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_terminal_table_and_end_screen_read_in_the_players_words(lang):
    """The terminal's table of a seat and its end screen: no ids, keys or leftover English."""
    text = GameText(translator(lang), GAME, NAMES)
    english = english_only(lang) if lang != "en" else frozenset()
    for table in [*positions()[::7], *(s for s in positions() if not s.to_move)]:
        seat = table.to_move[0] if table.to_move else None
        shown = [drawn(RENDERER.table(table.view(seat), text, seat))]
        if not table.to_move:
            shown.append(drawn(RENDERER.details(table.result().details, text)))
        for screen in shown:
            assert "builders." not in screen and not SNAKE.search(screen), (lang, screen)
            leftover = {w for w in WORD.findall(screen) if w.lower() in english}
            assert not leftover, (lang, leftover)


def drawn(renderable) -> str:
    console = Console(width=120, record=True, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


def test_a_bare_number_or_an_untranslated_word_would_be_caught():
    """The checks bite: a label with a card number, English in Polish, an id and a pair."""
    english = english_only("pl")
    assert {"sends", "the", "recruits"} <= english
    assert "budowę" not in english and "forum" not in english
    assert SNAKE.search("Wyślij do pracy: laborer_1") and PAIR.search("card=38")
    assert DOTTED.search("builders.refused.cost") and not DOTTED.search("Stone 1, Wood 2.")


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_refusal_option_and_message_is_in_every_language(lang):
    """The catalogs hold the same messages, filled by the same arguments, in all four
    languages; every refusal the engine can raise and every lobby option is among them."""
    english = read("en", GAME).messages
    catalog = read(lang, GAME).messages
    assert set(catalog) == set(english)
    for msgid, template in catalog.items():
        assert fields(template) == fields(english[msgid]), (lang, msgid, template)
    assert len(REFUSALS) >= 20
    for msgid, arguments in REFUSALS.items():
        assert msgid in catalog, (lang, msgid)
        assert fields(catalog[msgid]) <= arguments, (lang, msgid)
    for msgid in option_msgids():
        assert catalog.get(msgid), (lang, msgid)


def test_a_refusal_reads_in_the_players_language():
    """A refusal carries its key and arguments, filled in like an event's message."""
    seat = 0
    table = set_up(sesterces={seat: 3})
    with pytest.raises(IllegalAction) as refused:
        table.apply(seat, Action("buy", "slave", "slave_1"))
    error = refused.value
    assert error.key == "builders.refused.cost"
    assert error.reason == "'buy' costs 7 sesterces and you have only 3 sesterces"
    polish = GameText(translator("pl"), GAME, NAMES).message(error.key, error.arguments)
    assert polish == "„Zakup” kosztuje 7 Sestercji, a masz tylko 3."
    russian = GameText(translator("ru"), GAME, NAMES).message(error.key, error.arguments)
    assert russian == "«Купить» стоит 7 сестерциев, а у вас только 3."


def test_events_name_every_player_in_their_lists():
    """The apprentices dealt and the final scores are told by player, not in seat order."""
    table = positions()[-1]
    text = GameText(translator("en"), GAME, NAMES)
    setup = text.event(table.events[0])
    over = text.event(next(e for e in table.events if e.key == "builders.game_over"))
    for seat in range(table.players):
        assert f"{NAMES[seat]}: Apprentice (" in setup
        assert re.search(rf"{NAMES[seat]}: -?\d+(\.\d)?", over)
    assert "seat order" not in setup + over
    assert Event("builders.game_over", {"scores": {"0": 1.5}}).args["scores"]["0"] == 1.5
