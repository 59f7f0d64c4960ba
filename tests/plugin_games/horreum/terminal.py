"""Horreum at the terminal: the year and the market price, and each farmer's grain and points."""

from __future__ import annotations

from typing import Any

from rich.console import RenderableType
from rich.table import Table

from tabulae.i18n import GameText
from tabulae.tui.renderer import Renderer


class HorreumRenderer(Renderer):
    def table(
        self, view: dict[str, Any], text: GameText, seat: int | None, focus: int | None = None
    ) -> RenderableType:
        title = text.message("horreum.view.year", {"year": view["year"], "price": view["price"]})
        table = Table(title=title, title_justify="left")
        table.add_column("")
        table.add_column(text.message("horreum.view.grain"), justify="right")
        table.add_column(text.message("horreum.view.points"), justify="right")
        for farmer, (grain, points) in enumerate(zip(view["grain"], view["points"], strict=True)):
            table.add_row(text.seat(farmer), str(grain), str(points))
        return table


RENDERER = HorreumRenderer()
