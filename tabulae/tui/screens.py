"""What the terminal prints: the table, the choices, help, the hand-over and the end screen."""

from __future__ import annotations

from collections.abc import Iterable

from rich import box
from rich.columns import Columns
from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from tabulae.bots.hints import Hint
from tabulae.core import Action, Event, Result
from tabulae.i18n import N_, GameText, bot_label

from .renderer import Renderer
from .seats import Seat

ERASE_SCROLLBACK = "\x1b[3J"
# Beyond this many choices, they are shown in columns: label · notation.
LONG = 24

# Each command's words and what it does, for the help screen.
COMMAND_HELP = (
    ("? · help", N_("this help; “? 3” or “? play” explains an action")),
    ("u · undo", N_("take back your last decision (against bots, while nothing hidden showed)")),
    ("s · save [FILE]", N_("save the game; resume it with “tabulae resume FILE”")),
    ("l · log", N_("everything you have seen happen so far")),
    ("v · view [N]", N_("show the table again; “v 2” shows player 2's part of it in full")),
    ("h · hint", N_("what the strongest bot would play here, from what you know")),
    ("q · quit", N_("save and leave")),
)


def seating(text: GameText, seats: list[Seat], seed: int) -> RenderableType:
    tr = text.tr
    table = Table.grid(padding=(0, 2))
    for number, (name, seat) in enumerate(zip(text.names, seats, strict=True), start=1):
        kind = tr._("person") if seat.human else bot_label(tr, seat.kind, seat.params)
        table.add_row(f"{number}.", Text(name, style="bold"), Text(kind))
    title = tr._(
        "{game} · {players:# player|# players} · seed {seed}",
        game=text.title,
        players=len(seats),
        seed=seed,
    )
    return Group(Rule(Text(title)), table)


def tell(console: Console, renderer: Renderer, text: GameText, events: Iterable[Event]) -> None:
    """Print events as the renderer tells them, leaving out those it leaves untold."""
    for event in events:
        told = renderer.narrate(event, text)
        if told:
            console.print(narration(told, event))


def narration(told: str, event: Event) -> Text:
    """One event as the renderer tells it; what only some seats may know is in italics."""
    line = Text("· " + told)
    if event.audience is not None:
        line.stylize("italic")
    return line


def choices(text: GameText, legal: list[Action]) -> RenderableType:
    """The numbered choices: a table, or columns when there are many."""
    rows = []
    for number, action in enumerate(legal, start=1):
        label, notation = text.action(action), str(action)
        rows.append(
            (Text(f"{number}", style="bold cyan"), Text(label), notation, label == notation)
        )
    if len(rows) > LONG:
        cells = [
            Text.assemble(n, " ", label, ("" if same else f" · {notation}", "dim"))
            for n, label, notation, same in rows
        ]
        return Columns(cells, padding=(0, 3))
    table = Table.grid(padding=(0, 2))
    for n, shown, notation, same in rows:
        table.add_row(n, shown, Text("" if same else notation, style="dim"))
    return table


def help_screen(text: GameText) -> RenderableType:
    tr = text.tr
    table = Table.grid(padding=(0, 2))
    for words, meaning in COMMAND_HELP:
        table.add_row(Text(words, style="bold"), Text(tr._(meaning)))
    how = tr._(
        "Choose an action by its number, by its notation (the grey words) or by the words of "
        "its name; the beginning of each word is enough when only one action fits."
    )
    return Panel(Group(Text(how), table), title=tr._("Help"), title_align="left")


def action_help(text: GameText, action: Action) -> RenderableType:
    body = text.help(action.kind) or text.tr._("No help is written for this action yet.")
    title = f"{text.action(action)} · {action}"
    return Panel(Text(body), title=Text(title), title_align="left")


def hint(text: GameText, found: Hint, legal: list[Action]) -> RenderableType:
    """A hint's moves, numbered as the choices are, so the player can type one."""
    tr = text.tr
    table = Table.grid(padding=(0, 2))
    for move in found.moves:
        searched = round(100 * move.share)
        if found.measure == "score":
            why = tr._(
                "expected score {score}; {searched}% of the search",
                score=tr.number(move.value, 1),
                searched=searched,
            )
        else:
            why = tr._(
                "expected share of wins {wins}%; {searched}% of the search",
                wins=round(100 * move.value),
                searched=searched,
            )
        number = legal.index(move.action) + 1
        table.add_row(
            Text(str(number), style="bold cyan"),
            Text(text.action(move.action)),
            Text(str(move.action), style="dim"),
            why,
        )
    title = tr._(
        "Hint: the strongest bot's best moves ({futures:# future|# futures} searched)",
        futures=found.iterations,
    )
    return Panel(table, title=title, title_align="left")


def hand_over(text: GameText, seat: int) -> RenderableType:
    tr = text.tr
    message = tr._("Pass the terminal to {name}.", name=text.names[seat])
    note = tr._(
        "Everyone else looks away. {name}, press Enter when you are ready.", name=text.names[seat]
    )
    return Panel(Group(Text(message, style="bold"), Text(note)), box=box.DOUBLE)


def end_screen(text: GameText, result: Result, renderer: Renderer) -> RenderableType:
    """The ranking (with each seat's tie-breaks, told, when scores tie), the winner (not in a
    solo game: its score is its measure) and the game's breakdown."""
    tr = text.tr
    tiebreaks = None
    if result.tiebreaks and len(set(result.scores)) < len(result.scores):
        tiebreaks = [renderer.tiebreaks(values, text) for values in result.tiebreaks]
    details = renderer.details(result.details, text)
    table = Table("#", tr._("Player"), tr._("Score"), box=box.ROUNDED)
    if tiebreaks:
        table.add_column(tr._("Tie-breaks"))
    order = sorted(range(len(result.scores)), key=lambda s: (result.ranks[s], s))
    for seat in order:
        row = [
            Text(str(result.ranks[seat])),
            Text(text.names[seat]),
            Text(tr.number(result.scores[seat])),
        ]
        if tiebreaks:
            row.append(Text(tiebreaks[seat]))
        table.add_row(*row, style="bold" if result.ranks[seat] == 1 else None)
    parts: list[RenderableType] = [Rule(Text(tr._("Game over"))), table]
    if tiebreaks and type(renderer).tiebreaks is Renderer.tiebreaks:  # numbers, not named
        note = tr._(
            "Equal scores are decided by the tie-breaks, compared in order: the higher wins."
        )
        parts.append(Text(note, style="dim"))
    winners = [text.names[seat] for seat in result.winners]
    if len(result.scores) > 1 and len(winners) == 1:
        parts.append(Text(tr._("{name} wins!", name=winners[0]), style="bold"))
    elif len(result.scores) > 1:
        parts.append(Text(tr._("Shared victory: {names}.", names=", ".join(winners)), style="bold"))
    if details is not None:
        parts += [Text(tr._("Score breakdown"), style="bold"), details]
    return Group(*parts)


def clear(console: Console) -> None:
    """Clear a terminal and its scrollback (so no one scrolls back to another's secrets);
    in a log or a pipe, draw a line instead."""
    if console.is_terminal:
        console.clear()
        console.file.write(ERASE_SCROLLBACK)
        console.file.flush()
    else:
        console.print(Rule())
