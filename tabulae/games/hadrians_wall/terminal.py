"""Hadrian's Wall at the terminal: the year, the Fate card, every player in a line, and one
player's two sheets and cards in full.

Everything a player's state shows comes from `view(seat)`; only what is printed on the sheets
and cards (track lengths, columns, thresholds, Path objectives) is read from the component data.
The seat to move sees his own sheets; ``v 2`` shows another player's.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar

from rich import box
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.measure import Measurement
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from tabulae.core import Event
from tabulae.games.hadrians_wall.components import (
    ATTRIBUTE_LENGTH,
    CARD_INDEX,
    CIPPI_NEEDS_FORT,
    CITIZEN_LENGTH,
    COHORT_LENGTH,
    COHORTS,
    COLUMN_ENDS,
    COURT_BOXES,
    DIPLOMAT_NEEDS,
    DISDAIN_BOXES,
    FATE_CARDS,
    GLADIATOR_BOXES,
    MAP_COLUMNS,
    MAP_ICONS,
    PLAYER_CARDS,
    POOL,
    PRODUCTION_CIRCLES,
    SCOUT_NEEDS,
    TEMPLE_ROW_BOXES,
)
from tabulae.i18n import GameText
from tabulae.tui.renderer import Renderer, heading, say

FILLED, OPEN, LOCKED = "■", "□", "·"
CONTENT = 30
"""The widest a sheet's boxes are drawn (the attribute tracks); longer text wraps."""
LANDMARK_LEVEL = 15
"""The orange flag on each attribute track: a Landmark needs that level."""
STATUS = {
    ("choose", False): "hadrians_wall.view.choosing",
    ("choose", True): "hadrians_wall.view.chosen",
    ("actions", False): "hadrians_wall.view.acting",
    ("actions", True): "hadrians_wall.view.passed",
    ("attack", True): "hadrians_wall.view.deciding",
    ("attack", False): "hadrians_wall.view.decided",
}
"""A player's state in each phase, by (phase, the view's flag for that phase)."""

OBJECTIVES = {
    "engineer": "hadrians_wall.view.objective.engineer",
    "merchant": "hadrians_wall.view.objective.merchant",
    "ranger": "hadrians_wall.view.objective.ranger",
    "forager": "hadrians_wall.view.objective.forager",
    "pontiff": "hadrians_wall.view.objective.pontiff",
    "trainer": "hadrians_wall.view.objective.trainer",
    "defender": "hadrians_wall.view.objective.defender",
    "fighter": "hadrians_wall.view.objective.fighter",
    "architect": "hadrians_wall.view.objective.architect",
    "aristocrat": "hadrians_wall.view.objective.aristocrat",
    "planner": "hadrians_wall.view.objective.planner",
    "vanguard": "hadrians_wall.view.objective.vanguard",
}
"""What each Path card counts, as printed on it."""


class HadriansWallRenderer(Renderer):
    game: ClassVar[str] = "hadrians_wall"

    def table(
        self, view: dict[str, Any], text: GameText, seat: int | None, focus: int | None = None
    ) -> RenderableType:
        shown = focus if focus is not None else seat
        parts: list[RenderableType] = [year(view, text)]
        if view["attack"] and seat is not None:
            parts.append(attack(view, text, view["players"][seat]))
        if view.get("drawn"):
            parts.append(drawn(view["drawn"], text))
        parts.append(summary(view, text, seat))
        if shown is not None:
            player = view["players"][shown]
            if player["pending"] and shown == seat:
                rewards = ["cohort" if p == "cohort" else "attribute" for p in player["pending"]]
                parts.append(
                    Text(
                        say(text, "hadrians_wall.view.pending", rewards=rewards),
                        style="bold yellow",
                    )
                )
            parts.append(sheets(player, text, view))
        if len(view["players"]) > 1:
            parts.append(Text(say(text, "hadrians_wall.view.others"), style="dim"))
        return Group(*parts)

    def narrate(self, event: Event, text: GameText) -> str:
        what = event.key.removeprefix(f"{self.game}.")
        args = dict(event.args)
        if what == "revealed":
            lines = [
                say(
                    text,
                    "hadrians_wall.view.revealed_seat",
                    seat=int(s),
                    path=path,
                    prospect=args["prospects"][s],
                )
                for s, path in args["paths"].items()
            ]
            return "\n  ".join([say(text, "hadrians_wall.view.revealed"), *lines])
        if what == "defence":
            lines = [
                say(
                    text,
                    "hadrians_wall.view.defence",
                    seat=s,
                    undefended=outcome["undefended"],
                    favours=sum(outcome["temple_favours"]) + sum(outcome["diplomat_favours"]),
                    disdain=outcome["disdain"],
                    valour=outcome["valour"],
                )
                for s, outcome in enumerate(args["players"])
            ]
            return "\n  ".join([text.event(event), *lines])
        if what == "attack":
            return say(
                text,
                "hadrians_wall.view.attack",
                year=args["year"],
                cards=len(args["cards"]),
                attacks=args["attacks"],
            )
        if what == "income":
            args["income"] = {k: n for k, n in args["income"].items() if n} or None
        for name in ("reward", "gained"):
            if args.get(name) == []:
                args[name] = None
        return text.event(Event(event.key, args, event.audience))

    def tiebreaks(self, values: tuple[float, ...], text: GameText) -> str:
        """Least Disdain, then most Path card points (kept as negated Disdain, Path points)."""
        less_disdain, path_points = values
        disdain, paths = text.tr.number(-less_disdain), text.tr.number(path_points)
        return f"{text.term('disdain')} {disdain}, {text.term('paths')} {paths}"

    def details(self, details: dict[str, Any], text: GameText) -> RenderableType | None:
        columns = details["scores"]
        table = Table(box=box.ROUNDED)
        table.add_column("")
        for name in text.names[: len(columns)]:
            table.add_column(Text(name), justify="right")
        rows: list[tuple[str, list[str]]] = [
            (text.term(a), [text.tr.number(c["attributes"][a]) for c in columns])
            for a in columns[0]["attributes"]
        ]
        rows.append(
            (
                text.term("paths"),
                [
                    "\n".join(
                        f"{text.term(p['card'])} {text.tr.number(p['vp'])}" for p in c["paths"]
                    )
                    for c in columns
                ],
            )
        )
        rows.append((text.term("disdain"), [text.tr.number(c["disdain"]) for c in columns]))
        rows.append(
            (
                say(text, "hadrians_wall.view.penalty"),
                [text.tr.number(-c["disdain_penalty"]) for c in columns],
            )
        )
        rows.append(
            (say(text, "hadrians_wall.view.total"), [text.tr.number(c["total"]) for c in columns])
        )
        for label, cells in rows:
            table.add_row(Text(label, style="bold"), *map(Text, cells))
        parts: list[RenderableType] = [table]
        if "rank" in details:
            parts.append(
                Text(say(text, "hadrians_wall.view.rank", rank=details["rank"]), style="bold")
            )
        return Group(*parts)


# The year and the table


def year(view: dict[str, Any], text: GameText) -> RenderableType:
    head = Text.assemble(
        (say(text, "hadrians_wall.view.year", year=view["year"], years=view["years"]), "bold"),
        " · ",
        (text.term(view["phase"]), "bold"),
        " · ",
        say(text, "hadrians_wall.view.difficulty", difficulty=view["difficulty"]),
        " · ",
        f"{text.term('attack_potential')} {view['grey_flag']}",
    )
    lines: list[RenderableType] = [head]
    fate = view["fate_card"]
    if fate:
        lines.append(
            Text(
                say(
                    text,
                    "hadrians_wall.view.fate",
                    card=fate["id"],
                    cohort=fate["attack"],
                    damage=fate["gladiator_damage"],
                    good=fate["trade_good"],
                    items=fate["items"],
                )
            )
        )
    lines.append(
        Text(
            say(
                text,
                "hadrians_wall.view.deck",
                deck=view["fate_deck"],
                attacks=fate_deck_attacks(view),
                discard=len(view["fate_discard"]),
            ),
            style="dim",
        )
    )
    for card in view["neutral"]:
        lines.append(
            Text(
                say(
                    text,
                    "hadrians_wall.view.neutral",
                    card=card["card"],
                    good=card["trade_good"],
                    pattern=card["pattern"],
                    pieces=card["pieces"],
                )
            )
        )
    return Group(*lines)


def fate_deck_attacks(view: dict[str, Any]) -> dict[str, int]:
    """How many cards left in the Fate deck attack each Cohort: every card not in the discard
    pile or among the attack cards on the table (the discard pile is public)."""
    gone = [*view["fate_discard"], *(c["id"] for c in (view["attack"] or {}).get("cards", []))]
    counts = dict.fromkeys(COHORTS, 0)
    for card in FATE_CARDS:
        if card.id not in gone:
            counts[COHORTS[card.attack]] += 1
    return counts


def summary(view: dict[str, Any], text: GameText, seat: int | None) -> Table:
    """A line per player: his Prospect card (its trade good and pattern are for his neighbours),
    Cohorts, Disdain, score so far and where he stands in the year."""
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, padding=(0, 1))
    table.add_column(text.tr._("Player"))
    uses = f"({text.term('trade_good')}, {text.term('pattern')})"
    table.add_column(f"{heading(text.term('prospect'))}\n{uses}")
    table.add_column(text.term("cohorts"), justify="center")
    table.add_column(text.term("disdain"), justify="right")
    table.add_column(text.tr._("Score"), justify="right")
    table.add_column(say(text, "hadrians_wall.view.status"))
    flag = {"choose": "chosen", "actions": "passed", "attack": "deciding"}.get(view["phase"])
    for player in view["players"]:
        prospect = player["prospect"]
        if prospect:
            card = PLAYER_CARDS[CARD_INDEX[prospect]]
            prospect = f"{text.term(prospect)} ({card.trade_good}, {card.pattern[0].upper()})"
        status = STATUS.get((view["phase"], player[flag])) if flag else None
        table.add_row(
            Text(text.seat(player["seat"]), style="bold" if player["seat"] == seat else ""),
            prospect or "—",
            " ".join(str(n) for n in player["left_sheet"]["cohorts"].values()),
            str(player["left_sheet"]["disdain"]["held"]),
            text.tr.number(player["score"]["total"]),
            say(text, status) if status else "",
        )
    return table


def drawn(cards: list[str], text: GameText) -> Panel:
    """The seat's own two drawn cards: what each would score as a Path, give as a Prospect."""
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    table.add_column("")
    table.add_column(heading(text.term("path_card")))
    table.add_column(heading(text.term("prospect_card")))
    for card_id in cards:
        table.add_row(
            Text(text.term(card_id), style="bold"),
            objective(card_id, text),
            prospect_text(card_id, text),
        )
    title = say(text, "hadrians_wall.view.drawn")
    return Panel(table, title=Text(title), title_align="left", border_style="cyan", expand=False)


def attack(view: dict[str, Any], text: GameText, player: dict[str, Any]) -> Panel:
    """The attack as it stands for the seat: cards per Cohort, his boxes and favours spent."""
    attacks = view["attack"]["attacks"]
    cohorts = player["left_sheet"]["cohorts"]
    spent = view.get("favours") or {"temple": {}, "diplomat": {}}
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    for header in (
        text.term("cohort"),
        say(text, "hadrians_wall.view.attack_cards"),
        say(text, "hadrians_wall.view.filled"),
        say(text, "hadrians_wall.view.spent"),
        text.term("undefended"),
    ):
        table.add_column(header, justify="right" if table.columns else "left")
    undefended = 0
    for c, cohort in enumerate(COHORTS):
        used = spent["temple"].get(cohort, 0) + spent["diplomat"].get(cohort, 0)
        left = max(0, attacks[c] - used - cohorts[cohort])
        undefended += left
        table.add_row(
            text.term(cohort), str(attacks[c]), str(cohorts[cohort]), str(used), str(left)
        )
    flag = view["grey_flag"]
    disdain = min(undefended, flag)
    right = player["right_sheet"]
    temple_left = right["temple_favours"] - sum(spent["temple"].values())
    favours = {
        c: n - spent["diplomat"].get(c, 0) for c, n in right["diplomat_favours"].items() if n
    }
    lines: list[RenderableType] = [
        table,
        Text(
            say(text, "hadrians_wall.view.outcome", disdain=disdain, valour=flag - disdain),
            style="bold",
        ),
        Text(
            say(
                text,
                "hadrians_wall.view.favours",
                temple=temple_left,
                diplomat=favours or None,
            )
        ),
    ]
    title = text.term("attack")
    return Panel(
        Group(*lines), title=Text(title), title_align="left", border_style="red", expand=False
    )


# One player's sheets and cards


def sheets(player: dict[str, Any], text: GameText, view: dict[str, Any]) -> RenderableType:
    name = text.seat(player["seat"])
    pool = Text.assemble(
        (heading(text.term("pool")) + ": ", "bold"),
        ", ".join(f"{text.term(p)} {player['pool'][p]}" for p in POOL),
    )
    left = Panel(
        left_sheet(player["left_sheet"], player["score"]["disdain_penalty"], text),
        title=Text(f"{heading(text.term('left_sheet'))} · {name}"),
        title_align="left",
    )
    right = Panel(
        right_sheet(player["right_sheet"], text),
        title=Text(f"{heading(text.term('right_sheet'))} · {name}"),
        title_align="left",
    )
    return Group(pool, SideBySide(left, right), cards(player, text, view))


class SideBySide:
    """Two panels next to each other when both fit the terminal's width, else one above the
    other, so that no track is ever broken over two lines."""

    def __init__(self, left: RenderableType, right: RenderableType) -> None:
        self.left, self.right = left, right

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        widths = [
            Measurement.get(console, options, part).maximum for part in (self.left, self.right)
        ]
        if sum(widths) <= options.max_width:
            grid = Table.grid()
            grid.add_row(self.left, self.right)
            yield grid
        else:
            yield self.left
            yield self.right


Row = tuple[str, int | str, RenderableType]
"""An area of a sheet: its name, how many of its boxes are filled (or ""), and its boxes."""


def rows(lines: Iterable[Row]) -> Table:
    grid = Table.grid(padding=(0, 1))
    grid.add_column(style="bold", no_wrap=True)
    grid.add_column(justify="right", style="bold")
    grid.add_column(max_width=CONTENT)
    for label, count, content in lines:
        grid.add_row(heading(label), str(count), content)
    return grid


def labelled(lines: Iterable[tuple[str, RenderableType]]) -> Table:
    grid = Table.grid(padding=(0, 1))
    grid.add_column(style="bold", no_wrap=True)
    grid.add_column()
    for label, content in lines:
        grid.add_row(heading(label), content)
    return grid


def left_sheet(sheet: dict[str, Any], penalty: int, text: GameText) -> Table:
    opened = sheet["open_boxes"]
    fort = sheet["fort"]

    def track(area: str, chained: int | None = None) -> Row:
        """A gated track: its columns, open as the Granaries (and a chain to the Fort) allow."""
        ends = COLUMN_ENDS[area]
        reachable = opened[area] if chained is None else min(opened[area], chained)
        return text.term(area), sheet[area], boxes(sheet[area], ends[-1], reachable, ends[:-1])

    cohorts = Text(" ").join(
        boxes(n, COHORT_LENGTH, COHORT_LENGTH) for n in sheet["cohorts"].values()
    )
    production = sheet["resource_production"]
    circles = boxes(production, PRODUCTION_CIRCLES, PRODUCTION_CIRCLES, full="●", empty="○")
    built = [b for b, done in sheet["buildings"].items() if done]
    landmarks = [lm for lm, done in sheet["landmarks"].items() if done]
    lines: list[Row] = [
        (text.term("cohorts"), "", cohorts),
        track("mining_foresting"),
        track("wall_guard"),
        track("cippi", sum(1 for need in CIPPI_NEEDS_FORT if need <= fort)),
        track("wall", fort),
        track("fort"),
        (text.term("infrastructure"), sheet["infrastructure"], Text()),
        (text.term("resource_production"), production, circles),
        (text.term("training_grounds"), "", years(sheet["training_grounds"])),
        (text.term("forum"), "", years(sheet["forum"])),
        (text.term("buildings"), "", Text(", ".join(text.term(b) for b in built) or "—")),
        (text.term("landmarks"), "", Text(", ".join(text.term(lm) for lm in landmarks) or "—")),
    ]
    for attribute, value in sheet["attributes"].items():
        bar = boxes(value, ATTRIBUTE_LENGTH, ATTRIBUTE_LENGTH, (LANDMARK_LEVEL,), mark="┃")
        lines.append((text.term(attribute), value, bar))
    disdain = sheet["disdain"]
    marks = boxes(disdain["removed"], DISDAIN_BOXES, disdain["circled"], full=FILLED, empty="○")
    if disdain["held"]:
        marks.append(" " + say(text, "hadrians_wall.view.disdain", penalty=penalty), style="red")
    lines.append((text.term("disdain"), disdain["held"], marks))
    return rows(lines)


def right_sheet(sheet: dict[str, Any], text: GameText) -> Table:
    lines: list[Row] = [
        (text.term(c), n, boxes(n, CITIZEN_LENGTH, CITIZEN_LENGTH))
        for c, n in sheet["citizens"].items()
    ]
    scouts = sum(1 for need in SCOUT_NEEDS if need <= sheet["citizens"]["patrician"])
    built = [b for b, done in sheet["buildings"].items() if done]
    lines.append((text.term("buildings"), "", Text(", ".join(text.term(b) for b in built) or "—")))
    goods = sheet["market"]
    market = Text(" ".join(str(g) if g else LOCKED for g in goods))
    if any(goods):
        unique = len({g for g in goods if g})
        market.append("  " + say(text, "hadrians_wall.view.unique", unique=unique), style="dim")
    lines += [
        (text.term("market"), "", market),
        (text.term("theatre"), "", years(sheet["theatre"])),
    ]
    for colour, gladiator in sheet["gladiators"].items():
        lines.append((text.term(colour), "", fighter(gladiator, text)))
    lines += [
        (text.term("temples"), sheet["temple_boxes"], temples(sheet, text)),
        (text.term("baths"), "", years(sheet["baths"])),
        (text.term("courthouse"), "", years(sheet["courthouse"], columns=courthouse_columns())),
        (text.term("diplomats"), sheet["diplomats"], diplomats(sheet, text)),
        (text.term("scouts"), sheet["scouts"], boxes(sheet["scouts"], len(SCOUT_NEEDS), scouts)),
        (text.term("scouting_map"), "", scouting_map(sheet["scouting_map"], text)),
    ]
    return rows(lines)


def cards(player: dict[str, Any], text: GameText, view: dict[str, Any]) -> Table:
    """The score so far, the Path cards with what each scores now, the Prospect card, the cards
    still unseen and the neighbours' Prospect cards."""
    score = player["score"]
    paths = Text()
    for scored in score["paths"]:
        card = PLAYER_CARDS[CARD_INDEX[scored["card"]]]
        needed = "/".join(("≤" if card.at_most else "") + str(t) for t in card.thresholds)
        if paths:
            paths.append("\n")
        paths.append(
            say(
                text,
                "hadrians_wall.view.path",
                card=card.id,
                counts=scored["counts"],
                thresholds=needed,
                vp=scored["vp"],
            )
        )
    total = say(
        text,
        "hadrians_wall.view.score",
        attributes=score["attribute_vp"],
        paths=score["path_vp"],
        penalty=score["disdain_penalty"],
        total=score["total"],
    )
    lines: list[tuple[str, RenderableType]] = [
        (text.term("score"), Text(total, style="bold")),
        (text.term("paths"), paths or Text("—")),
    ]
    if player["prospect"]:
        lines.append(
            (
                text.term("prospect"),
                Text(f"{text.term(player['prospect'])}: {prospect_text(player['prospect'], text)}"),
            )
        )
    if player["earlier_prospects"]:
        lines.append((text.term("earlier_prospects"), Text(text.show(player["earlier_prospects"]))))
    lines.append((text.term("cards_unseen"), Text(text.show(player["cards_unseen"]) or "—")))
    for side, other in player["neighbours"].items():
        theirs = view["players"][other]["prospect"]
        shown = text.seat(other)
        if theirs:
            shown += f" — {text.term(theirs)}: {prospect_text(theirs, text)}"
        lines.append((f"{text.term('neighbours')} ({text.term(side)})", Text(shown)))
    return labelled(lines)


# Drawing boxes


def boxes(
    filled: int,
    length: int,
    reachable: int,
    breaks: Iterable[int] = (),
    full: str = FILLED,
    empty: str = OPEN,
    mark: str = "│",
) -> Text:
    """A track: filled boxes, then boxes that may be filled next, then locked ones (dim);
    `breaks` are the box numbers after which a column of the sheet ends."""
    shown = Text()
    ends = set(breaks)
    for n in range(1, length + 1):
        if n <= filled:
            shown.append(full, style="green")
        elif n <= reachable:
            shown.append(empty)
        else:
            shown.append(LOCKED, style="dim")
        if n in ends:
            shown.append(mark, style="dim")
    return shown


def years(written: list[int], columns: Iterable[int] = ()) -> Text:
    """Boxes where a year is written, the empty ones as dots."""
    shown = Text()
    ends = set(columns)
    for n, year_written in enumerate(written, start=1):
        shown.append(
            str(year_written) if year_written else LOCKED, style="bold" if year_written else "dim"
        )
        shown.append(" │ " if n in ends and n < len(written) else " ")
    return shown


def courthouse_columns() -> list[int]:
    """The last box of each Courthouse column."""
    return [n for n in range(1, len(COURT_BOXES)) if COURT_BOXES[n][0] != COURT_BOXES[n - 1][0]]


def fighter(gladiator: dict[str, Any], text: GameText) -> Text:
    """A gladiator's boxes: damage filled, the rest of his strength circled, untrained dots."""
    strength, damage = gladiator["strength"], gladiator["damage"]
    shown = Text()
    for n in range(1, GLADIATOR_BOXES + 1):
        if n <= damage:
            shown.append("●", style="red")
        elif n <= strength:
            shown.append("○", style="bold")
        else:
            shown.append(LOCKED, style="dim")
    if strength:
        message = say(text, "hadrians_wall.view.gladiator", strength=strength, damage=damage)
        shown.append(" " + message)
    if gladiator["dead"]:
        shown.append(" † " + say(text, "hadrians_wall.view.dead"), style="red")
    elif gladiator["last_battle"]:
        shown.append(
            " " + say(text, "hadrians_wall.view.fought", year=gladiator["last_battle"]), style="dim"
        )
    return shown


def temples(sheet: dict[str, Any], text: GameText) -> Text:
    built = sheet["buildings"]
    shown = Text()
    for n, (size, _, _) in enumerate(TEMPLE_ROW_BOXES, start=1):
        if n > 1 and size != TEMPLE_ROW_BOXES[n - 2][0]:
            shown.append("│", style="dim")
        if n <= sheet["temple_boxes"]:
            shown.append(FILLED, style="green")
        elif built[f"{size}_temple"]:
            shown.append(OPEN)
        else:
            shown.append(LOCKED, style="dim")
    shown.append(f"  {text.term('favour')}: {sheet['temple_favours']}")
    return shown


def diplomats(sheet: dict[str, Any], text: GameText) -> Text:
    """The Diplomats gained, and the Favours left for the Cohort each one serves."""
    patricians = sheet["citizens"]["patrician"]
    reachable = sum(1 for need in DIPLOMAT_NEEDS if need <= patricians)
    shown = boxes(sheet["diplomats"], len(DIPLOMAT_NEEDS), reachable)
    serving = [c for c, n in sorted(sheet["diplomat_serving"].items(), key=lambda i: i[1]) if n]
    if serving:
        favours = {c: sheet["diplomat_favours"][c] for c in serving}
        shown.append(f"  {text.term('favour')}: {text.show(favours)}")
    return shown


def scouting_map(cells: list[int], text: GameText) -> Text:
    """The 5 × 4 map, with the printed Resource (◆) and Servant (♟) icons still uncovered."""
    shown = Text()
    icons = {"resource": "◆", "servant": "♟"}
    for n, (filled, icon) in enumerate(zip(cells, MAP_ICONS, strict=True)):
        if n and n % MAP_COLUMNS == 0:
            shown.append("\n")
        if filled:
            shown.append(FILLED, style="green")
        else:
            shown.append(icons.get(icon or "", OPEN), style="yellow" if icon else "")
        shown.append(" ")
    shown.append(f"\n◆ {text.term('resource')}  ♟ {text.term('servant')}", style="dim")
    return shown


# Cards


def objective(card_id: str, text: GameText) -> str:
    """A Path card's objective; besides "1/2/3" its thresholds come one by one, as numbers, so
    a language whose noun agrees with the number next to it can choose the plural form."""
    card = PLAYER_CARDS[CARD_INDEX[card_id]]
    first, second, third = card.thresholds
    thresholds = "/".join(str(t) for t in card.thresholds)
    return say(
        text, OBJECTIVES[card_id], thresholds=thresholds, first=first, second=second, third=third
    )


def prospect_text(card_id: str, text: GameText) -> str:
    card = PLAYER_CARDS[CARD_INDEX[card_id]]
    bonus = {p: n for p, n in zip(POOL, card.prospect, strict=True) if n}
    return say(
        text,
        "hadrians_wall.view.prospect",
        bonus=bonus,
        good=card.trade_good,
        pattern=card.pattern,
    )


RENDERER = HadriansWallRenderer()
