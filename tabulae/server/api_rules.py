"""The HTTP API of a game's rules reference (docs/server.md): its sections in one language,
each with the lessons that show it, the refusal keys it explains and the terms whose board
tooltips link to it."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from .api import StrictJsonRoute
from .api_lessons import Lang, _game, _lang
from .depends import Config

router = APIRouter(prefix="/api", route_class=StrictJsonRoute)


@router.get("/games/{game}/rules", operation_id="rules", summary="A game's rules reference")
async def rules(request: Request, settings: Config, game: str, lang: Lang = None) -> dict[str, Any]:
    """The sections in reading order: `id` (the anchor a refusal's `rule` names), `title`,
    `text` (paragraphs parted by a blank line), `lessons` (each `id` and `title`),
    `refusals` (the refusal keys it explains) and `terms` (the words the board's rules
    tooltips name their parts by, which link here); no sections for a game without one."""
    found = _game(settings, game)
    words = _lang(request, lang)
    titles = {lesson.id: lesson.title.in_(words) for lesson in found.lessons()}
    sections = []
    for section in found.rules().sections:
        shown = section.to_json(words)
        shown["lessons"] = [
            {"id": lesson, "title": titles.get(lesson, lesson)} for lesson in section.lessons
        ]
        sections.append(shown)
    return {"game": found.id, "lang": words, "sections": sections}
