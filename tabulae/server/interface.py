"""What the browser interface needs besides play: the levels and bots on offer, its text in
each language, from the same gettext catalogs as the terminal (bots' names too), and each game's
board files.

The interface's own messages are the domain ``web`` (``tabulae/web/locale``); a game's events,
action labels, help, board words and rulebook terms (``<game>.term.<word>``) come from the
catalogs in its own package; its board is the ``web`` folder of its package. Each answer carries
the language's plural rule as the catalogs state it, so the browser picks plural forms exactly as
the terminal does.
"""

from __future__ import annotations

import hashlib
import re
import xml.etree.ElementTree as ElementTree
from functools import cache
from pathlib import Path
from typing import Any, Literal

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, Response

from tabulae.bots import BOTS, LEVELS, make_bot
from tabulae.bots.levels import FAIR
from tabulae.core import UnknownGame, load
from tabulae.core.registry import all_games, interface_path
from tabulae.i18n import bot_words, translator
from tabulae.i18n.catalogs import PLURAL_FORMS
from tabulae.i18n.po import Catalog
from tabulae.i18n.terms import terms as game_terms

from .config import Settings
from .depends import Config
from .errors import ApiError

Language = Literal["en", "pl", "nl", "ru"]
WEB_LOCALE = Path(__file__).resolve().parent.parent / "web" / "locale"

router = APIRouter(prefix="/api")
# A game's board, its styles and its printed components, from the ``web`` folder of its package.
boards = APIRouter(prefix="/games")
BOARD_FILE = re.compile(r"[a-z0-9_]+\.(js|css|json|svg)")
SVG = "http://www.w3.org/2000/svg"


@cache
def plural_rule(lang: str) -> str:
    """The C expression of the language's Plural-Forms, e.g. ``(n != 1)``."""
    found = re.search(r"plural=(.*?);?$", PLURAL_FORMS[lang])
    assert found, f"no plural rule for {lang}"
    return found.group(1)


@cache
def web_messages(lang: str) -> dict[str, str]:
    path = WEB_LOCALE / lang / "web.po"
    return Catalog.read(path).messages if path.exists() else {}


def board_folder(settings: Settings, game: str) -> Path:
    catalogue = settings.catalogue
    if game not in catalogue:
        raise ApiError(404, "not_found", f"no game {game!r} on this server")
    return interface_path(load(catalogue[game]), "web")


@boards.get("/{game}", summary="The files of a game's board (none: the generic board)")
async def board_files(settings: Config, game: str) -> dict[str, Any]:
    folder = board_folder(settings, game)
    found = folder.iterdir() if folder.is_dir() else ()
    return {"game": game, "files": sorted(p.name for p in found if BOARD_FILE.fullmatch(p.name))}


@boards.get("/{game}/{name}", summary="A file of a game's board", include_in_schema=False)
async def board_file(settings: Config, game: str, name: str) -> FileResponse:
    path = board_folder(settings, game) / name
    if not BOARD_FILE.fullmatch(name) or not path.is_file():
        raise ApiError(404, "not_found", f"no file {name!r} in the board of {game!r}")
    return FileResponse(path)


@cache
def drawings(sprite: Path, modified: float) -> dict[str, tuple[bytes, str]]:
    """Each picture of a game's icon set (``icons.svg``, one ``<symbol>`` per word) as an SVG
    image of its own, with its ETag, by word; read again when the file changes (`modified`)."""
    pictures = {}
    for symbol in ElementTree.parse(sprite).getroot().iter(f"{{{SVG}}}symbol"):
        word = symbol.attrib.pop("id", "")
        for part in symbol.iter():
            part.tag = part.tag.removeprefix(f"{{{SVG}}}")
        symbol.tag, symbol.tail = "svg", None
        symbol.set("xmlns", SVG)
        image = ElementTree.tostring(symbol)
        pictures[word] = image, f'"{hashlib.blake2b(image, digest_size=8).hexdigest()}"'
    return pictures


@boards.get("/{game}/icons/{word}.svg", summary="One picture of a game's icon set")
async def icon(settings: Config, request: Request, game: str, word: str) -> Response:
    """The picture of `word` (a symbol of the board's ``icons.svg``) as an image of its own,
    which a page draws as often as it likes for the cost of one download and one decoding."""
    sprite = board_folder(settings, game) / "icons.svg"
    found = drawings(sprite, sprite.stat().st_mtime).get(word) if sprite.is_file() else None
    if found is None:
        raise ApiError(404, "not_found", f"no picture {word!r} in the icons of {game!r}")
    image, tag = found
    if request.headers.get("if-none-match") == tag:
        return Response(status_code=304, headers={"ETag": tag})
    return Response(image, media_type="image/svg+xml", headers={"ETag": tag})


def bot_about(name: str) -> str:
    """A bot's description, the first line of its docstring: English, which the browser's
    catalogs translate for the bots the lobby offers beside the levels."""
    return (BOTS[name].__doc__ or "").strip().splitlines()[0]


@cache
def bot_plays(name: str) -> dict[str, list[int]] | None:
    """The player counts of each game a bot can play, or None where it plays them all
    (a bot with trained weights plays only the games and player counts they were trained
    for)."""
    plays: dict[str, list[int]] = {}
    everywhere = True
    for game_id, game in all_games().items():
        counts = []
        for players in range(game.min_players, game.max_players + 1):
            try:
                make_bot(name).check(game, players, game.configure(players))
            except (ValueError, TypeError):
                everywhere = False
            else:
                counts.append(players)
        if counts:
            plays[game_id] = counts
    return None if everywhere else plays


@router.get("/bots", summary="The bots that can take a seat")
async def list_bots() -> list[dict[str, Any]]:
    """Each bot with its description and `plays`: the player counts of each game it can
    play, or null for every game and player count."""
    return [{"name": name, "about": bot_about(name), "plays": bot_plays(name)} for name in BOTS]


@router.get("/levels", summary="The levels a seat's bot can play at, weakest first")
async def list_levels() -> dict[str, Any]:
    """Each level's name, English label and description (the browser's catalogs translate
    them) and the bot it stands for; `fair` is the level a newcomer is offered first."""
    return {"fair": FAIR, "levels": [level.describe() for level in LEVELS.values()]}


@router.get("/text/{lang}", summary="The browser interface's messages in one language")
async def interface_text(lang: Language) -> dict[str, Any]:
    return {
        "lang": lang,
        "plural": plural_rule(lang),
        "messages": web_messages(lang),
        "bots": bot_words(translator(lang)),
    }


@router.get("/text/{lang}/{game}", summary="The interface's and a game's words in one language")
async def game_text(settings: Config, lang: Language, game: str) -> dict[str, Any]:
    catalogue = settings.catalogue
    if game not in catalogue:
        raise ApiError(404, "unknown_game", f"no game {game!r} on this server")
    try:
        rules = load(catalogue[game])
    except UnknownGame as error:
        raise ApiError(404, "unknown_game", str(error)) from None
    english = translator("en").catalog(rules).messages
    messages = english | translator(lang).catalog(rules).messages
    terms = dict(game_terms(rules, lang))
    return {
        "lang": lang,
        "plural": plural_rule(lang),
        "messages": web_messages(lang),
        "bots": bot_words(translator(lang)),
        "game": {"id": rules.id, "messages": messages, "terms": terms},
    }
