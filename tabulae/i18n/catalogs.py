"""Find every message the program can show, and add the missing ones to the catalogs.

Interface messages are found in the source (calls of ``_`` and ``N_`` with a literal, and the
``key`` literals of the core's refusals, which are their English text); a
game's messages are its action labels and help, from its action list, its event keys, from
random games at every player count and option, the ``<game>.view.*`` literals of its own
table renderer and the ``<game>.board.*`` literals of its browser board.
``python -m tabulae.i18n.catalogs`` adds what is missing to every language's catalogs, with
empty translations to fill in.
"""

from __future__ import annotations

import ast
import itertools
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from babel.messages.pofile import escape

from tabulae.core import Action, Event, Game, Rng, all_games, load, random_steps
from tabulae.core.registry import interface_module, interface_path, package

from .po import Catalog, msgids
from .translator import LANGUAGES, UI, catalog_path

PACKAGE = Path(__file__).parent.parent
# The modules whose text players read.
INTERFACE = (
    "cli/learn.py",
    "cli/play.py",
    "cli/review.py",
    "cli/rules.py",
    "tui",
    "i18n/game_text.py",
    "i18n/bots.py",
    "core/actions.py",
    "server",
)
PLURAL_FORMS = {
    "en": "nplurals=2; plural=(n != 1);",
    "nl": "nplurals=2; plural=(n != 1);",
    "pl": "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
    "ru": "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && "
    "(n%100<10 || n%100>=20) ? 1 : 2);",
}
PLAYOUT_STEPS = 20_000
"""Where a random game is cut off: an option may let a game go on for ever (The Builders with
``end_stuck_game=false``), and the events it has shown by then are the ones it can show."""


@dataclass
class Message:
    """A msgid and what translators need to know: where it is used, which arguments it gets."""

    msgid: str
    notes: set[str] = field(default_factory=set)
    samples: list[Event | Action] = field(default_factory=list)


def interface_messages() -> dict[str, Message]:
    """The interface's messages: those of its source, and what each bot and level is
    (``bot.<name>``, a key, so written in the English catalog too)."""
    from tabulae.bots import BOTS
    from tabulae.bots.levels import LEVELS

    found = {
        f"bot.{name}": Message(f"bot.{name}", {"what the bot is, after its Roman name"})
        for name in [*BOTS, *LEVELS]
    }
    for part in INTERFACE:
        root = PACKAGE / part
        for path in sorted([root] if root.is_file() else root.rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                msgid = _marked(node)
                if msgid is not None:
                    where = path.relative_to(PACKAGE.parent).as_posix()
                    found.setdefault(msgid, Message(msgid)).notes.add(where)
    return found


def _marked(node: ast.AST) -> str | None:
    if not isinstance(node, ast.Call):
        return None
    function = node.func
    name = function.attr if isinstance(function, ast.Attribute) else getattr(function, "id", "")
    if name == "IllegalAction":
        literal = next((k.value for k in node.keywords if k.arg == "key"), None)
    else:
        literal = node.args[0] if name in ("_", "N_") and node.args else None
    if isinstance(literal, ast.Constant) and isinstance(literal.value, str):
        return literal.value
    return None


def configurations(game: Game) -> Iterator[tuple[int, dict[str, Any]]]:
    """Every player count with the default options, and every other option value once."""
    for players in range(game.min_players, game.max_players + 1):
        yield players, {}
    for option in game.options:
        values = option.choices or (
            (not option.default,) if isinstance(option.default, bool) else ()
        )
        for value in values:
            if value != option.default:
                yield game.max_players, {option.name: value}


def game_messages(game: Game, seeds: int = 3) -> dict[str, Message]:
    found: dict[str, Message] = {}
    for (players, options), seed in itertools.product(configurations(game), range(seeds)):
        actions = game.actions(players, game.configure(players, options))
        fewest: dict[str, int] = {}
        for action in actions:
            fewest[action.kind] = min(fewest.get(action.kind, len(action.args)), len(action.args))
        for action in actions:
            label = f"{game.id}.action.{action.kind}"
            if len(action.args) > fewest[action.kind]:
                label += f".{len(action.args)}"  # a longer form of the kind has its own label
            for key in (label, f"{game.id}.help.{action.kind}"):
                message = found.setdefault(key, Message(key))
                if key.startswith(f"{game.id}.action.") and len(message.samples) < 3:
                    message.samples.append(action)
        state = game.new(players, seed, **options)
        asked = getattr(state, "prompt", None)  # a game run by the core Flow names its steps
        for seat, _ in itertools.islice(random_steps(state, Rng(seed)), PLAYOUT_STEPS):
            if asked is not None:
                _prompted(found, asked(seat))
        for event in state.events:
            message = found.setdefault(event.key, Message(event.key))
            message.notes.add("args: " + ", ".join(event.args) if event.args else "no args")
            if len(message.samples) < 8:
                message.samples.append(event)
    return found | renderer_messages(game) | board_messages(game)


def _prompted(found: dict[str, Message], prompt: dict[str, Any] | None) -> None:
    """The status bar's words for a step: its question to the seat to move and its name."""
    if prompt is None:
        return
    for key, note in ((prompt["key"], "what the step asks"), (prompt["name"], "the step")):
        message = found.setdefault(key, Message(key, {f"the status bar: {note}"}))
        if len(message.samples) < 3:
            message.samples.append(Event(key, prompt["args"]))


def renderer_messages(game: Game) -> dict[str, Message]:
    """The msgids a game's own table renderer shows: its literals that start ``<game>.view.``."""
    module = interface_module(game, "terminal")
    if module is None or module.__file__ is None:
        return {}
    path = Path(module.__file__)
    found: dict[str, Message] = {}
    where = f"{module.__name__.replace('.', '/')}.py"
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and node.value.startswith(f"{game.id}.view.")
        ):
            found.setdefault(node.value, Message(node.value)).notes.add(where)
    return found


def board_messages(game: Game) -> dict[str, Message]:
    """The msgids a game's browser board shows: its string literals that start ``<game>.board.``."""
    path = interface_path(game, "web") / "board.js"
    if not path.exists():
        return {}
    where = f"{package(game).replace('.', '/')}/web/board.js"
    literal = re.compile(r'"(' + re.escape(game.id) + r'\.board\.[a-z0-9_]+)"')
    found: dict[str, Message] = {}
    for msgid in literal.findall(path.read_text(encoding="utf-8")):
        found.setdefault(msgid, Message(msgid)).notes.add(where)
    return found


def add_missing(lang: str, domain: str | Game, messages: dict[str, Message]) -> list[str]:
    """Append entries for the msgids the catalog lacks; return them."""
    path = catalog_path(lang, domain)
    name = domain.id if isinstance(domain, Game) else domain
    text = path.read_text(encoding="utf-8") if path.exists() else header(lang, name)
    present = msgids(path) if path.exists() else set()
    missing = [msgid for msgid in messages if msgid not in present]
    for msgid in missing:
        notes = "".join(f"#. {note}\n" for note in sorted(messages[msgid].notes))
        text += f'\n{notes}msgid {escape(msgid)}\nmsgstr ""\n'
    if missing:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return missing


def header(lang: str, domain: str) -> str:
    return (
        f"# {domain}: {lang} messages.\n"
        'msgid ""\nmsgstr ""\n'
        '"Content-Type: text/plain; charset=UTF-8\\n"\n'
        f'"Language: {lang}\\n"\n'
        f'"Plural-Forms: {PLURAL_FORMS[lang]}\\n"\n'
    )


def read(lang: str, domain: str | Game) -> Catalog:
    path = catalog_path(lang, domain)
    return Catalog.read(path) if path.exists() else Catalog()


def main(refs: list[str]) -> None:
    chosen = [load(ref) for ref in refs] if refs else list(all_games().values())
    domains: list[tuple[str | Game, dict[str, Message]]] = [(UI, interface_messages())]
    domains += [(game, game_messages(game)) for game in chosen]
    for lang, (domain, messages) in itertools.product(LANGUAGES, domains):
        if lang == "en" and domain == UI:
            continue  # the interface's msgids are its English text
        for msgid in add_missing(lang, domain, messages):
            print(f"{catalog_path(lang, domain)}: {msgid}")


if __name__ == "__main__":
    import sys

    sys.path.insert(0, "")
    main(sys.argv[1:])
