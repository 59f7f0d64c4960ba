"""What the browser interface needs besides play: the bots on offer and the words of each game
in each language."""

from __future__ import annotations

from typing import Any, Literal

from fastapi import APIRouter, Request

from tabulae.bots import BOTS
from tabulae.core import UnknownGame, load

from .errors import ApiError

Language = Literal["en", "pl", "nl", "ru"]

router = APIRouter(prefix="/api")


@router.get("/bots", summary="The bots that can take a seat")
async def list_bots() -> list[dict[str, Any]]:
    return [
        {"name": name, "about": (kind.__doc__ or "").strip().splitlines()[0]}
        for name, kind in BOTS.items()
    ]


@router.get("/text/{lang}", summary="The interface's messages in one language")
async def interface_text(lang: Language) -> dict[str, Any]:
    return {"lang": lang, "messages": {}}


@router.get("/text/{lang}/{game}", summary="A game's messages and rulebook terms in one language")
async def game_text(request: Request, lang: Language, game: str) -> dict[str, Any]:
    catalogue = request.app.state.lobby.settings.catalogue
    if game not in catalogue:
        raise ApiError(404, "unknown_game", f"no game {game!r} on this server")
    try:
        rules = load(catalogue[game])
    except UnknownGame as error:
        raise ApiError(404, "unknown_game", str(error)) from None
    terms = {
        term: names.get(lang) or names.get("en") or term for term, names in rules.terms.items()
    }
    return {"lang": lang, "game": game, "messages": {}, "terms": terms}
