"""The Builders: Antiquity at the terminal: the turn, the three rows of cards on offer, a few
lines per player, and one player's workers, tools and building sites in full.

Everything is read from `view(seat)`; a card is named by the game's glossary, which tells two
workers or slaves apart by their materials, as the events and action labels name them.
The seat to move sees his own crew and sites in full; ``v 2`` shows another player's. Materials
are always in the order stone, wood, architecture, decoration, as on the cards.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar

from rich import box
from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.measure import Measurement
from rich.padding import Padding
from rich.panel import Panel
from rich.segment import Segment
from rich.table import Table
from rich.text import Text

from tabulae.core import Event
from tabulae.games.builders.actions import citizen
from tabulae.games.builders.components import MATERIALS, RULES, TOOLS, card
from tabulae.i18n import GameText
from tabulae.tui.renderer import Renderer, heading, say

STYLE = {
    "stone": "bright_white",
    "wood": "yellow",
    "architecture": "cyan",
    "decoration": "magenta",
}
"""A colour per material, the same in every table, so that a column reads at a glance."""

SHORT = {
    "stone": "builders.view.short.stone",
    "wood": "builders.view.short.wood",
    "architecture": "builders.view.short.architecture",
    "decoration": "builders.view.short.decoration",
}
"""Each material's two- or three-letter column heading."""

NONE = "·"
INVESTMENTS_WIDTH = 46
"""The investment row's text wraps at this width, so that it fits under the worker row and
both beside the building row in 120 columns."""


class BuildersRenderer(Renderer):
    game: ClassVar[str] = "builders"

    def table(
        self, view: dict[str, Any], text: GameText, seat: int | None, focus: int | None = None
    ) -> RenderableType:
        shown = focus if focus is not None else seat
        parts: list[RenderableType] = [turn(view, text), legend(text)]
        parts.append(
            Wrapped(
                [building_row(view, text), Group(worker_row(view, text), investments(view, text))]
            )
        )
        parts.append(summary(view, text, seat, shown))
        everyone = range(len(view["players"])) if shown is None else [shown]
        parts += [player_panel(view["players"][p], text, p == seat) for p in everyone]
        if shown is not None and len(view["players"]) > 1:
            parts.append(Text(say(text, "builders.view.others"), style="dim"))
        return Group(*parts)

    def narrate(self, event: Event, text: GameText) -> str:
        """The event's own message (its cards are named by the glossary), with the card that
        refills a row and the price of extra actions when there is one."""
        what = event.key.removeprefix(f"{self.game}.")
        args = event.args
        told = [text.event(event)]
        if what in ("started", "hired") and args.get("revealed") is not None:
            row = (
                "builders.view.revealed_building"
                if what == "started"
                else "builders.view.revealed_worker"
            )
            told.append(say(text, row, card=args["revealed"]))
        if args.get("extra"):
            told.append(say(text, "builders.view.extra", extra=args["extra"]))
        if what == "turn_ended" and args["next_seat"] is not None:
            told.append(
                say(text, "builders.view.next", seat=args["next_seat"], round=args["round"])
            )
        return " ".join(told)

    def details(self, details: dict[str, Any], text: GameText) -> RenderableType | None:
        columns = details["players"]
        table = Table(box=box.ROUNDED)
        table.add_column("")
        for name in text.names[: len(columns)]:
            table.add_column(Text(name), justify="right")
        rows = (
            ("builders.view.final.vp", "vp"),
            ("builders.view.final.held", "held"),
            ("builders.view.final.freed", "freed"),
            ("builders.view.final.repaid", "repaid"),
            ("builders.view.final.paid", "paid"),
            ("builders.view.final.left", "left"),
            ("builders.view.final.unfreed", "unfreed_slaves"),
            ("builders.view.final.unpaid", "unpaid_loans"),
            ("builders.view.final.score", "score"),
        )
        prices = {
            "free": RULES.freeing_at_scoring,
            "repay": RULES.loan_repay,
            "slave": -RULES.unfreed_slave_vp,
            "loan": -RULES.unpaid_loan_vp,
        }
        for msgid, field in rows:
            cells = [c[field] if field != "freed" else len(c[field]) for c in columns]
            style = "bold" if field == "score" else ""
            table.add_row(
                Text(say(text, msgid, **prices), style="bold"),
                *(Text(text.tr.number(n), style=style) for n in cells),
            )
        return table


class Wrapped:
    """Parts side by side while they fit the terminal's width, then on the next line, so that
    a wide terminal shows the rows of cards together and a narrow one one under another."""

    def __init__(self, parts: Iterable[RenderableType], gap: int = 1) -> None:
        self.parts, self.gap = list(parts), gap

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        rows: list[list[tuple[RenderableType, int]]] = []
        used = options.max_width + 1
        for part in self.parts:
            width = min(Measurement.get(console, options, part).maximum, options.max_width)
            if rows and used + self.gap + width <= options.max_width:
                rows[-1].append((part, width))
                used += self.gap + width
            else:
                rows.append([(part, width)])
                used = width
        gap = Segment(" " * self.gap)
        for row in rows:
            drawn = [
                console.render_lines(part, options.update(width=width), pad=True)
                for part, width in row
            ]
            for n in range(max(len(lines) for lines in drawn)):
                for k, (lines, (_, width)) in enumerate(zip(drawn, row, strict=True)):
                    if k:
                        yield gap
                    yield from lines[n] if n < len(lines) else [Segment(" " * width)]
                yield Segment.line()


class Grid:
    """A small table as plain lines (a header and a rule unless the header is blank, a line per
    row), each column as wide as its widest cell: a screen holds dozens of these, and Rich draws
    them far quicker than Tables."""

    def __init__(self, header: Iterable[str | Text], right: Iterable[bool]) -> None:
        self.header = [cell if isinstance(cell, Text) else Text(cell) for cell in header]
        self.right = list(right)
        self.rows: list[list[Text]] = []

    def add_row(self, *cells: str | Text, style: str = "") -> None:
        row = [cell if isinstance(cell, Text) else Text(cell) for cell in cells]
        if style:
            for cell in row:
                cell.stylize(style)
        self.rows.append(row)

    def lines(self) -> list[Text]:
        widths = [
            max(cell_len(row[n].plain) for row in (self.header, *self.rows))
            for n in range(len(self.header))
        ]
        drawn = []
        for row in (self.header, *self.rows):
            line = Text()
            for n, (cell, width, right) in enumerate(zip(row, widths, self.right, strict=True)):
                pad = " " * (width - cell_len(cell.plain))
                line.append("  " if n else "")
                line.append_text(Text(pad) + cell if right else cell + Text(pad))
            line.rstrip()
            drawn.append(line)
        if not any(cell.plain for cell in self.header):
            return drawn[1:]
        drawn.insert(1, Text("─" * (sum(widths) + 2 * len(widths) - 2), style="dim"))
        return drawn

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        width = max(cell_len(line.plain) for line in self.lines())
        return Measurement(width, width)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for line in self.lines():
            line.truncate(options.max_width)
            yield from line.render(console, end="\n")


# The turn and the cards on offer


def turn(view: dict[str, Any], text: GameText) -> RenderableType:
    """Whose turn, the actions it has used and what the next one costs, and the investment."""
    lines: list[RenderableType] = []
    head = Text(say(text, "builders.view.round", round=view["round"]), style="bold")
    if view["last_round"]:
        head.append(" · " + say(text, "builders.view.last_round"), style="bold red")
    if view["bank"] is not None:
        head.append(" · " + say(text, "builders.view.bank", sesterces=view["bank"]))
    lines.append(head)
    now = view["turn"]
    if now is None:
        return Group(*lines)
    lines.append(
        Text(
            say(
                text,
                "builders.view.actions",
                seat=now["seat"],
                used=now["actions_used"],
                free=now["free_actions_left"],
                cost=now["extra_action_cost"],
            )
        )
    )
    invested = "builders.view.invested" if now["investment_taken"] else "builders.view.not_invested"
    lines.append(Text(say(text, invested), style="dim" if now["investment_taken"] else ""))
    building = {site["building"]["card"] for site in view["players"][now["seat"]]["sites"]}
    for number, sent in now["sent"].items():
        if int(number) not in building:
            continue  # finished since: its crew is back and the count is over
        lines.append(
            Text(
                say(
                    text,
                    "builders.view.sent_this_turn",
                    building=card(int(number)).id,
                    sent=sent,
                    next=sent + 1,
                )
            )
        )
    return Group(*lines)


def legend(text: GameText) -> Text:
    shown = Text(style="dim")
    for m in MATERIALS:
        if shown:
            shown.append(" · ")
        shown.append(say(text, SHORT[m]), style=STYLE[m])
        shown.append(f" {text.term(m)}")
    return shown


def building_row(view: dict[str, Any], text: GameText) -> Panel:
    extra = [say(text, "builders.view.sesterces"), say(text, "builders.view.vp")]
    table = material_grid(text, say(text, "builders.view.building"), extra)
    for b in view["buildings"]["row"]:
        table.add_row(
            building_name(b, text), *materials(b["cost"]), str(b["sesterces"]), str(b["vp"])
        )
    title = say(text, "builders.view.building_row", deck=view["buildings"]["deck"])
    return Panel(table, title=Text(title), title_align="left", border_style="blue", expand=False)


def worker_row(view: dict[str, Any], text: GameText) -> Panel:
    table = material_grid(
        text, say(text, "builders.view.worker"), [say(text, "builders.view.wage")]
    )
    for w in view["workers"]["row"]:
        table.add_row(crew_name(w, text), *materials(w["provides"]), str(w["wage"]))
    title = say(text, "builders.view.worker_row", deck=view["workers"]["deck"])
    return Panel(table, title=Text(title), title_align="left", border_style="green", expand=False)


def investments(view: dict[str, Any], text: GameText) -> Panel:
    """The four stacks of the investment row (one investment a turn) with their prices."""
    stacks = view["investments"]
    prices = stacks["prices"]
    columns = ["" for _ in stacks["slaves"]]  # a column per slave, each told by its materials
    slaves = Grid(["", *columns], [False, *(True for _ in columns)])
    for m, material in enumerate(MATERIALS):
        amounts = [slave["provides"][m] for slave in stacks["slaves"]]
        slaves.add_row(
            Text(say(text, SHORT[material]), style=STYLE[material]),
            *materials_of(material, amounts),
        )
    tools = ", ".join(tool_name(t, text) for t in stacks["tools"])
    universities = ", ".join(text.term(m) for m in stacks["universities"])
    loans = say(
        text,
        "builders.view.loans",
        gain=RULES.loan_gain,
        repay=RULES.loan_repay,
        penalty=-RULES.unpaid_loan_vp,
    )
    parts: list[RenderableType] = [
        labelled_line(
            say(text, "builders.view.slaves", price=prices["slave"]),
            "" if stacks["slaves"] else NONE,
        )
    ]
    if stacks["slaves"]:
        parts.append(Padding(slaves, (0, 0, 0, 2)))
    parts += [
        labelled_line(say(text, "builders.view.tools", price=prices["tool"]), tools or NONE),
        labelled_line(
            say(text, "builders.view.universities", price=prices["university"]),
            universities or NONE,
        ),
        labelled_line(say(text, "builders.view.loan_stack", loans=stacks["loans"]), loans),
    ]
    column = Table.grid()
    column.add_column(max_width=INVESTMENTS_WIDTH)
    for part in parts:
        column.add_row(part)
    title = heading(text.term("investments"))
    return Panel(column, title=Text(title), title_align="left", border_style="yellow", expand=False)


# The players


def summary(view: dict[str, Any], text: GameText, seat: int | None, shown: int | None) -> Group:
    """A line per player with coins, VP and debts; for the players not shown in full below,
    their idle cards and tools, each site with its crew and what it misses, and what they
    have finished."""
    to_move = view["turn"]["seat"] if view["turn"] else None
    players: list[RenderableType] = []
    for player in view["players"]:
        p = player["seat"]
        head = Text("▶ " if p == to_move else "  ", style="bold")
        head.append(
            say(
                text, "builders.view.player", seat=p, sesterces=player["sesterces"], vp=player["vp"]
            ),
            style="bold underline" if p == seat else "bold",
        )
        owed = debts(player, text)
        if owed != NONE:
            head.append(f" · {owed}")
        players.append(head)
        if p == shown:
            continue
        idle = [text.term(card_word(c)) for c in player["idle"]]
        idle += [tool_name(t, text) for t in player["tools"]]
        finished = [building_name(b, text) for b in player["finished"]]
        lines: list[RenderableType] = [
            labelled_line(say(text, "builders.view.available"), ", ".join(idle) or NONE)
        ]
        lines.append(labelled_line(heading(text.term("sites")), "" if player["sites"] else NONE))
        lines += [Padding(site_line(site, text), (0, 0, 0, 2)) for site in player["sites"]]
        lines.append(labelled_line(heading(text.term("finished")), ", ".join(finished) or NONE))
        players.append(Padding(Group(*lines), (0, 0, 0, 4)))
    return Group(*players)


def labelled_line(label: str, content: str | Text) -> Text:
    shown = Text(f"{label}: ", style="bold")
    shown.append_text(content if isinstance(content, Text) else Text(content))
    return shown


def debts(player: dict[str, Any], text: GameText) -> str:
    """Loans and unfreed slaves: what the end of the game will charge for."""
    owed = []
    if player["loans"]:
        owed.append(say(text, "builders.view.loans_taken", loans=player["loans"]))
    if player["slaves"]:
        owed.append(say(text, "builders.view.slaves_held", slaves=len(player["slaves"])))
    return ", ".join(owed) or NONE


def site_line(site: dict[str, Any], text: GameText) -> Text:
    """A site in one line: the building, its crew (with tools) and what is still missing."""
    b = site["building"]
    crew = [
        crew_name(c["card"], text) + (f" + {text.term(c['tool'])}" if c["tool"] else "")
        for c in site["crew"]
    ]
    shown = Text(text.term(b["id"]), style="bold")
    if crew:
        shown.append(" ← " + ", ".join(crew))
    shown.append(f" · {say(text, 'builders.view.missing')}: ")
    shown.append_text(short_materials(site["missing"], text))
    return shown


def player_panel(player: dict[str, Any], text: GameText, own: bool) -> RenderableType:
    """One player's part of the table in full: idle cards and tools, sites, finished work."""
    p = player["seat"]
    title = say(
        text,
        "builders.view.player",
        seat=p,
        sesterces=player["sesterces"],
        vp=player["vp"],
    )
    crew = material_grid(
        text, say(text, "builders.view.available"), [say(text, "builders.view.wage")]
    )
    for c in player["idle"]:
        crew.add_row(crew_name(c, text), *materials(c["provides"]), str(c["wage"]))
    parts: list[RenderableType] = []
    lines: list[tuple[str, RenderableType]] = []
    if player["idle"]:
        parts.append(crew)
    else:
        lines.append((say(text, "builders.view.available"), Text(NONE)))
    if player["tools"]:
        tools = ", ".join(tool_name(t, text) for t in player["tools"])
        lines.append((say(text, "builders.view.idle_tools"), Text(tools)))
    if lines:
        parts.append(labelled(lines))
    if player["sites"]:
        parts.append(Wrapped([site_table(s, text) for s in player["sites"]], gap=4))
    finished = [building_name(b, text) for b in player["finished"]]
    finished += [text.term(card(m).id) for m in player["machines"]]
    lines = [(heading(text.term("finished")), Text(", ".join(finished) or NONE))]
    if player["loans"] or player["slaves"]:
        lines.append((say(text, "builders.view.debts"), Text(debts(player, text))))
    parts.append(labelled(lines))
    style = "bold" if own else ""
    return Panel(Group(*parts), title=Text(title, style=style), title_align="left")


def site_table(site: dict[str, Any], text: GameText) -> RenderableType:
    """A building site as on the table: the cost, then each card with the materials it brings
    (a tool adds one), and what is still missing."""
    b = site["building"]
    title = Text(text.term(b["id"]), style="bold")
    title.append(" · " + say(text, "builders.view.reward", sesterces=b["sesterces"], vp=b["vp"]))
    table = material_grid(text, "")
    table.add_row(say(text, "builders.view.cost"), *materials(b["cost"]), style="bold")
    for c in site["crew"]:
        brings = list(c["card"]["provides"])
        label = crew_name(c["card"], text)
        if c["tool"]:
            brings[MATERIALS.index(tool_material(c["tool"]))] += 1
            label += f" + {text.term(c['tool'])}"
        table.add_row(label, *materials(brings))
    table.add_row(say(text, "builders.view.missing"), *materials(site["missing"], alert=True))
    return Group(title, table)


# Cards and materials


def material_grid(text: GameText, label: str, extra: Iterable[str] = ()) -> Grid:
    """A table of cards: the name, the four materials, then `extra` numbers."""
    header: list[str | Text] = [label]
    header += [Text(say(text, SHORT[m]), style=STYLE[m]) for m in MATERIALS]
    header += list(extra)
    return Grid(header, [False] + [True] * (len(header) - 1))


def materials(amounts: Iterable[int], alert: bool = False) -> list[Text]:
    """One cell per material; nothing is a dot, and a missing material shows in red."""
    return [
        Text(str(n) if n else NONE, style=("bold red" if alert else STYLE[m]) if n else "dim")
        for m, n in zip(MATERIALS, amounts, strict=True)
    ]


def materials_of(material: str, amounts: Iterable[int]) -> list[Text]:
    """One material's amounts on several cards, a cell each."""
    return [Text(str(n) if n else NONE, style=STYLE[material] if n else "dim") for n in amounts]


def short_materials(amounts: Iterable[int], text: GameText) -> Text:
    """Materials in a line, only those there are: "Wd 1 Ar 2"."""
    shown = Text()
    for m, n in zip(MATERIALS, amounts, strict=True):
        if n:
            if shown:
                shown.append(" ")
            shown.append(f"{say(text, SHORT[m])} {n}", style=STYLE[m])
    return shown or Text("✓", style="green")


def building_name(b: dict[str, Any], text: GameText) -> str:
    name = text.term(b["id"])
    if b["machine"]:
        name += f" → {short_materials(b['provides'], text).plain}"
    return name


def crew_name(c: dict[str, Any], text: GameText) -> str:
    """A working card by what it is: a worker's rank, a slave, a citizen, or a machine."""
    if c["kind"] == "machine":
        name = text.term(c["id"])
    elif c["kind"] == "worker":
        name = text.term(card(c["card"]).tier)  # type: ignore[union-attr]
    else:
        name = text.term(c["kind"])
    if c["university"]:
        name += f" ({text.term('university')}: {text.term(c['university'])})"
    return name


def card_word(c: dict[str, Any]) -> str:
    """A working card's word in the glossary, which names it with its materials."""
    return citizen(c["id"]) if c["kind"] == "citizen" else c["id"]


def tool_name(t: dict[str, Any], text: GameText) -> str:
    return f"{text.term(t['word'])} +{say(text, SHORT[t['adds']])}"


def tool_material(word: str) -> str:
    return next(MATERIALS[t.material] for t in TOOLS if t.word == word)


def labelled(lines: Iterable[tuple[str, RenderableType]]) -> Table:
    grid = Table.grid(padding=(0, 1))
    grid.add_column(style="bold", no_wrap=True)
    grid.add_column()
    for label, content in lines:
        grid.add_row(heading(label), content)
    return grid


RENDERER = BuildersRenderer()
