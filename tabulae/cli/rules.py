"""`tabulae rules`: a game's rules reference at the terminal, whole, one section, or searched."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from tabulae.core.rules import Section
from tabulae.i18n import GameText, Translator

from .play import Lang, _game, _translator


def rules(
    game: Annotated[str, typer.Argument(help="a game id (see `tabulae games`) or module:attr")],
    section: Annotated[
        str | None, typer.Argument(help="a section's id (default: every section)")
    ] = None,
    lang: Lang = None,
    search: Annotated[
        str | None, typer.Option(help="show only the sections that speak of this word")
    ] = None,
) -> None:
    """Read a game's rules: every section, one by its id, or those a word is found in."""
    tr = _translator(lang)
    found = _game(game)
    reference = found.rules()
    console = Console(highlight=False)
    title = GameText(tr, found, []).title
    if not reference.sections:
        console.print(Text(tr._("{game} has no rules reference yet.", game=title)))
        raise typer.Exit(1)
    shown = reference.sections
    if section is not None:
        one = reference.section(section)
        if one is None:
            ids = ", ".join(known.id for known in reference.sections)
            message = tr._("No section {id}; the sections are: {ids}.", id=section, ids=ids)
            raise typer.BadParameter(message, param_hint="SECTION")
        shown = (one,)
    if search is not None:
        shown = tuple(one for one in shown if one.matches(search, tr.lang))
        if not shown:
            console.print(Text(tr._("No section of the rules speaks of “{word}”.", word=search)))
            raise typer.Exit(1)
    console.print(Rule(Text(tr._("Rules of {game}", game=title))))
    for one in shown:
        print_section(console, tr, found.id, one)


def print_section(console: Console, tr: Translator, game: str, section: Section) -> None:
    """A section: its title and id, its paragraphs, and the lessons that show it."""
    console.print()
    console.print(Text.assemble((section.title.in_(tr.lang), "bold"), f"  [{section.id}]"))
    for paragraph in section.text.in_(tr.lang).split("\n\n"):
        console.print(Text(paragraph.strip()), soft_wrap=False)
    for lesson in section.lessons:
        hint = tr._("Lesson: tabulae learn {game} --lesson {id}", game=game, id=lesson)
        console.print(Text(hint, style="dim"))
