"""Sylla at the terminal: the board as the seat to move sees it, every player's public part in a
line, and the seat's own cards and screen in full.

Everything comes from `view(seat)`: another player's deniers and tokens show only as the view
gives them (behind the screen unless the screens are open); the phase numerals are printed on the
board. ``v 2`` shows another player's cards and buildings in full.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, ClassVar

from rich import box
from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from tabulae.core import Event
from tabulae.i18n import GameText
from tabulae.tui.renderer import Renderer, heading, say

PHASE_NUMBERS = {
    "first_consul": "I",
    "recruitment": "II",
    "buildings": "III",
    "revenue": "IV",
    "events": "V",
    "great_work": "VI",
    "famine_and_crisis": "VII",
}
"""The numerals of the phases on the board's phase track."""

HEX_STYLES = {"red": "red", "yellow": "yellow", "grey": "bright_black"}
PLAYER_STYLES = {"blue": "blue", "red": "red", "black": "bold", "white": "bold white"}
HEX = "⬢"
MARKER = "●"
EMPTY = "·"
CHRISTIAN = "✝"
TILTED = "↷"
FACE_DOWN = "▽"
CRISIS = "!"
FIRST_CONSUL = "★"
CUBE_KINDS = ("legionary", "vestal")
"""A player's cubes by the card they come from, in the order the events and the view give them."""
TEMPLE_USE = {"temple": "private_temple", "tavern": "tavern"}
"""A revenue use, by the building that gives it."""


class SyllaRenderer(Renderer):
    game: ClassVar[str] = "sylla"

    def table(
        self, view: dict[str, Any], text: GameText, seat: int | None, focus: int | None = None
    ) -> RenderableType:
        shown = focus if focus is not None else seat
        parts: list[RenderableType] = [round_line(view, text)]
        parts += decision(view, text, seat)
        if view.get("my_set"):
            parts.append(own_set(view, text))
        parts.append(ladder(view, text, seat))
        if view["phase"] == "events":
            parts.append(Columns([events(view, text), cubes(view, text, seat)], padding=(0, 3)))
        else:
            parts.append(events(view, text))
        parts.append(Columns([building_row(view, text), display(view, text)], padding=(0, 3)))
        parts.append(great_work(view, text))
        if view["step"] != "choose":  # nobody holds anything before the starting choice
            parts.append(players(view, text, seat))
            if shown is not None:
                parts.append(player_in_full(view, text, shown, seat))
        return Group(*parts)

    def narrate(self, event: Event, text: GameText) -> str:
        """Events whose arguments are one value per player are told a line per player; the
        game's end is not told, as the end screen shows who is furthest and by how much."""
        if event.key == "sylla.end":
            return ""
        tell = NARRATIONS.get(event.key.removeprefix("sylla."))
        return (tell(event.args, text) if tell else None) or text.event(event)

    def details(self, details: dict[str, Any], text: GameText) -> RenderableType | None:
        table = Table(box=box.ROUNDED)
        table.add_column("")
        for name in text.names[: len(details["prestige"])]:
            table.add_column(Text(name), justify="right")
        rows = [(heading(text.term("road_to_glory")), details["prestige"])]
        rows += [
            (say(text, "sylla.view.tokens_of", tendency=tendency), counts)
            for tendency, counts in details["tokens"].items()
        ]
        rows.append((say(text, "sylla.view.deniers_left"), details["money"]))
        for label, values in rows:
            table.add_row(Text(label, style="bold"), *(Text(str(v)) for v in values))
        return table


# Narration


def lines(head: str, rows: list[str]) -> str:
    return "\n  ".join([head, *rows])


def tell_setup(args: dict[str, Any], text: GameText) -> str:
    seats = zip(args["colours"], args["revenue_tiles"], strict=True)
    rows = [
        say(text, "sylla.view.player", seat=seat, colour=colour, tile=tile)
        for seat, (colour, tile) in enumerate(seats)
    ]
    return lines(text.event(Event("sylla.setup", args)), rows)


def tell_revealed(args: dict[str, Any], text: GameText) -> str:
    rows = [
        say(text, "sylla.view.seat_cards", seat=seat, cards=cards)
        for seat, cards in enumerate(args["characters"].values())
    ]
    return lines(say(text, "sylla.view.revealed"), rows)


def tell_phase(args: dict[str, Any], text: GameText) -> str | None:
    numeral = PHASE_NUMBERS.get(args["phase"])
    if numeral is None:
        return None
    return say(text, "sylla.view.phase", round=args["round"], numeral=numeral, phase=args["phase"])


def tell_bid(args: dict[str, Any], text: GameText) -> str:
    if "deniers" in args:  # the First Consul's election: Senators and deniers
        return say(text, "sylla.view.election_bid", **args)
    return say(text, "sylla.view.auction_bid", **args)


def tell_cubes(args: dict[str, Any], text: GameText) -> str:
    rows = []
    for seat, counts in enumerate(args["cubes"]):
        kinds = ", ".join(
            f"{text.term(kind)} {n}" for kind, n in zip(CUBE_KINDS, counts, strict=True) if n
        )
        rows.append(say(text, "sylla.view.seat_cards", seat=seat, cards=kinds or None))
    return lines(text.event(Event("sylla.cubes", args)), rows)


def tell_thumbs(args: dict[str, Any], text: GameText) -> str:
    rows = [
        say(text, "sylla.view.thumb", seat=seat, thumb=thumb, deniers=deniers, votes=votes)
        for seat, (thumb, deniers, votes) in enumerate(
            zip(*(args[name].values() for name in ("thumbs", "deniers", "votes")), strict=True)
        )
    ]
    return lines(say(text, "sylla.view.thumbs"), rows)


def tell_crisis(args: dict[str, Any], text: GameText) -> str:
    head = say(
        text,
        "sylla.view.crisis",
        tendency=args["tendency"],
        gained_seats=args["gained_seats"] or None,
        lost_seats=args["lost_seats"] or None,
    )
    rows = [
        say(text, "sylla.view.crisis_tokens", seat=seat, tokens=n)
        for seat, n in enumerate(args["tokens"].values())
    ]
    return lines(head, rows)


def tell_politics(args: dict[str, Any], text: GameText) -> str:
    counted = " + ".join(
        f"{n} × {value}" for n, value in zip(args["tokens"], args["values"], strict=True)
    )
    return say(text, "sylla.view.politics", seat=args["seat"], points=args["points"], sum=counted)


NARRATIONS = {
    "setup": tell_setup,
    "revealed": tell_revealed,
    "phase": tell_phase,
    "bid": tell_bid,
    "cubes": tell_cubes,
    "thumbs": tell_thumbs,
    "crisis": tell_crisis,
    "politics": tell_politics,
}
"""The events told better than their one-line message, by key."""


# The round and the decision in progress


def round_line(view: dict[str, Any], text: GameText) -> Text:
    phase = view["phase"]
    numeral = PHASE_NUMBERS.get(phase)
    line = Text.assemble(
        (say(text, "sylla.view.round", round=view["round"], rounds=view["rounds"]), "bold"),
        " · ",
        (f"{numeral} " if numeral else "") + heading(text.term(phase)),
        style="bold",
    )
    line.append(" · " + say(text, "sylla.view.first_consul", seat=view["first_consul"]))
    return line


def decision(view: dict[str, Any], text: GameText, seat: int | None) -> list[Text]:
    """What the step in progress needs on screen: bids so far, who still speaks, own choices."""
    step, lines = view["step"], []
    waiting_for = [p["seat"] for p in view["players"] if p.get("ready") is False]
    if step == "choose":
        if seat is not None:
            lines.append(say(text, "sylla.view.chosen", cards=view["my_choice"] or None))
        lines.append(say(text, "sylla.view.waiting", seats=waiting_for))
    elif "election" in view:
        election = view["election"]
        lines.append(bids(text, election, "sylla.view.election"))
    elif step == "offer":
        lines.append(say(text, "sylla.view.seller", seat=view["auction"]["seller"]))
    elif "auction" in view:
        lines += auction(view["auction"], text, step)
    elif step == "revenue":
        revenue = view["revenue"]
        uses = [TEMPLE_USE[use] for use in revenue["uses"]]
        lines.append(say(text, "sylla.view.uses", uses=uses or None))
        if revenue["tavern_moved"]:
            lines.append(say(text, "sylla.view.tavern_moved", markers=revenue["tavern_moved"]))
    elif "events_phase" in view:
        lines += events_phase(view["events_phase"], text, step)
    elif step == "commit":
        undecided = [p["seat"] for p in view["players"] if not p["committed"]]
        mine = view["my_choice"]
        if mine:
            lines.append(
                say(text, "sylla.view.committed", thumb=mine["thumb"], deniers=mine["deniers"])
            )
        lines.append(say(text, "sylla.view.waiting", seats=undecided))
    return [Text(line, style="yellow") for line in lines]


def bids(text: GameText, bidding: dict[str, Any], msgid: str) -> str:
    leader = bidding["leader"]
    if leader is None or leader < 0:
        best = say(text, "sylla.view.no_bid")
    else:
        best = say(text, "sylla.view.best_bid", votes=bidding["high"], seat=leader)
    return (
        f"{say(text, msgid)}: {best}; {say(text, 'sylla.view.to_speak', seats=bidding['waiting'])}"
    )


def auction(sale: dict[str, Any], text: GameText, step: str) -> list[str]:
    lines = [
        say(
            text,
            "sylla.view.for_sale",
            building=sale["building"],
            colour=sale["colour"],
            seat=sale["seller"],
        )
    ]
    if step == "auction":
        lines.append(bids(text, sale, "sylla.view.auction"))
    elif step == "pay":
        lines.append(say(text, "sylla.view.pay", seat=sale["leader"], cards=sale["owed"]))
    elif step == "insula":
        lines.append(say(text, "sylla.view.insula", seat=sale["leader"], tokens=sale["tokens_due"]))
    return lines


def events_phase(phase: dict[str, Any], text: GameText, step: str) -> list[str]:
    lines = []
    if phase["prevented"]:
        lines.append(say(text, "sylla.view.prevented", events=phase["prevented"]))
    if phase["to_prevent"]:
        lines.append(say(text, "sylla.view.tied", events=phase["tied"], n=phase["to_prevent"]))
    elif step == "remove" and phase["tied"]:
        lines.append(say(text, "sylla.view.tied_removal", events=phase["tied"]))
    if phase["occurring"]:
        lines.append(say(text, "sylla.view.occurring", events=phase["occurring"]))
    return lines


# The board


def ladder(view: dict[str, Any], text: GameText, seat: int | None) -> Table:
    """The Res Publica ladder with each player's tokens of each tendency, and the Famine track."""
    values = view["ladder_values"]
    famine = range(view["famine_max"] + 1)
    width = max(len(values), len(famine))
    table = Table(
        box=box.SIMPLE_HEAD, pad_edge=False, padding=(0, 1), collapse_padding=True, show_edge=False
    )
    table.add_column(heading(text.term("res_publica_ladder")), style="bold", no_wrap=True)
    for position in range(1, width + 1):
        crisis = position in view["crisis_positions"]
        value = str(values[position - 1]) if position <= len(values) else ""
        header = Text(value + (CRISIS if crisis else ""), style="bold red" if crisis else "")
        table.add_column(header, justify="center", min_width=2)
    for player in view["players"]:
        name = Text(text.seat(player["seat"]), style=player_style(player, seat))
        table.add_column(name, justify="right")
    players = view["players"]
    for tendency, position in view["ladder"].items():
        cells = [
            Text(MARKER, style="bold") if n == position else Text(EMPTY, style="dim")
            for n in range(1, width + 1)
        ]
        held = [tokens_held(player, tendency) for player in players]
        table.add_row(text.term(tendency), *cells, *held)
    hidden = [
        Text(str(len(p["unknown_tokens"])) if p["tokens"] is None and p["unknown_tokens"] else "")
        for p in players
    ]
    if any(cell.plain for cell in hidden):
        blank = [Text("")] * width
        table.add_row(Text(say(text, "sylla.view.hidden_tokens"), style="dim"), *blank, *hidden)
    track = [
        Text(MARKER, style="bold yellow") if n == view["famine"] else Text(str(n), style="dim")
        for n in famine
    ]
    track += [Text("")] * (width - len(track))
    table.add_row(text.term("famine"), *track, *([Text("")] * len(players)))
    table.caption = say(text, "sylla.view.ladder_legend", crisis=CRISIS)
    table.caption_justify = "left"
    return table


def tokens_held(player: dict[str, Any], tendency: str) -> Text:
    """A player's tokens of one tendency: all of them when his screen is open to the viewer, else
    those whose colour everyone knows."""
    if player["tokens"] is not None:
        return Text(str(player["tokens"][tendency]))
    return Text(str(player["known_tokens"][tendency]), style="dim")


def events(view: dict[str, Any], text: GameText) -> Group:
    """The event row top to bottom, Decadence last."""
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, padding=(0, 1), show_edge=False)
    table.add_column("")
    table.add_column("", style="bold", no_wrap=True)
    table.add_column(say(text, "sylla.view.reward"))
    table.add_column(say(text, "sylla.view.fought_by"))
    table.add_column(heading(text.term("famine")), justify="center")
    for card in view["events"]:
        if card["event"] is None:
            table.add_row(str(card["slot"]), "—")
            continue
        reward = text.term(card["tendency"]) if card["tendency"] else text.term("prestige")
        table.add_row(
            str(card["slot"]),
            text.term(card["event"]),
            reward,
            ", ".join(text.term(kind) for kind in card["fought_by"]),
            str(card["famine_symbols"] or ""),
        )
    title = Text(say(text, "sylla.view.events", deck=view["event_deck"]), style="bold")
    return Group(title, table)


def cubes(view: dict[str, Any], text: GameText, seat: int | None) -> Group:
    """Phase V: each player's cubes on each event (by its number) and the cubes still to place."""
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, padding=(0, 1), show_edge=False)
    table.add_column(text.tr._("Player"), no_wrap=True)
    for card in view["events"]:
        table.add_column(str(card["slot"]), justify="center")
    table.add_column(say(text, "sylla.view.cubes_left"))
    for player in view["players"]:
        placed = [card["cubes"][player["seat"]] if card["event"] else 0 for card in view["events"]]
        left = player.get("cubes_left") or {}
        table.add_row(
            Text(text.seat(player["seat"]), style=player_style(player, seat)),
            *(Text(str(n), style="bold") if n else Text(EMPTY, style="dim") for n in placed),
            ", ".join(f"{text.term(kind)} {n}" for kind, n in left.items() if n),
        )
    return Group(Text(say(text, "sylla.view.cubes"), style="bold"), table)


def building_row(view: dict[str, Any], text: GameText) -> Group:
    """The six tiles for sale by colour, the tile on auction marked."""
    offered = (view.get("auction") or {}).get("slot")
    table = Table.grid(padding=(0, 1))
    stack = say(
        text,
        "sylla.view.building_stack",
        stack=view["building_stack"],
        letter=view["building_stack_top"] or "—",
    )
    by_colour: dict[str, list[dict[str, Any]]] = {}
    for slot in view["building_row"]:
        by_colour.setdefault(slot["colour"], []).append(slot)
    for colour, slots in by_colour.items():
        cells = []
        for slot in slots:
            name = text.term(slot["building"]) if slot["building"] else "—"
            cell = Text(name)
            if slot["slot"] == offered and view["step"] in ("auction", "pay", "insula"):
                cell.stylize("reverse")
                cell.append(" ◀")
            cells.append(cell)
        table.add_row(Text(text.term(colour), style=HEX_STYLES.get(colour, "")), *cells)
    title = Text(say(text, "sylla.view.building_row"), style="bold")
    return Group(title, table, Text(stack, style="dim"))


def display(view: dict[str, Any], text: GameText) -> Group:
    """The characters on display, to recruit by name, with their hexes and set numerals."""
    title = Text(say(text, "sylla.view.display"), style="bold")
    deck = Text(say(text, "sylla.view.deck", deck=view["deck"]), style="dim")
    if view["deck_top_set"]:
        deck.append("; " + say(text, "sylla.view.deck_top", set=view["deck_top_set"]))
    if not view["display"]:
        return Group(title, Text("—"), deck)
    colours = hex_colours(view)
    table = card_table(text, colours)
    for card in view["display"]:
        table.add_row(*card_cells(card, text, colours))
    return Group(title, table, deck)


def own_set(view: dict[str, Any], text: GameText) -> Group:
    """The cards of the seat's set still to choose from (the numbered actions choose them)."""
    colours = hex_colours(view)
    table = card_table(text, colours)
    for card in view["my_set"]:
        table.add_row(*card_cells(card, text, colours))
    return Group(Text(say(text, "sylla.view.my_set"), style="bold"), table)


def great_work(view: dict[str, Any], text: GameText) -> Text:
    work = view["great_work"]
    parts = []
    if work["current"]:
        parts.append(say(text, "sylla.view.great_work", work=work["current"]))
    if work["next"]:
        parts.append(say(text, "sylla.view.next_work", work=work["next"], stack=work["stack"]))
    if work["built"]:
        parts.append(say(text, "sylla.view.built", works=work["built"]))
    parts.append(say(text, "sylla.view.removed_work", work=work["removed"]))
    line = Text(heading(text.term("great_work")) + ": ", style="bold")
    line.append("; ".join(parts), style="not bold")
    return line


# The players


def players(view: dict[str, Any], text: GameText, seat: int | None) -> Group:
    """A line per player: prestige, deniers and the cards each could tilt for each sale colour
    now; then every player's characters and buildings."""
    colours = hex_colours(view)
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, padding=(0, 1), show_edge=False)
    table.add_column(text.tr._("Player"), no_wrap=True)
    table.add_column(heading(text.term("road_to_glory")), justify="right")
    table.add_column(heading(text.term("money")), justify="right")
    for colour in colours:
        header = Text(text.term(colour), style=HEX_STYLES.get(colour, ""))
        table.add_column(header, justify="center")
    holdings = Table.grid(padding=(0, 1))
    holdings.add_column(no_wrap=True)
    holdings.add_column(style="bold", no_wrap=True)
    holdings.add_column()
    for player in view["players"]:
        ready = usable(player)
        name = Text(text.seat(player["seat"]), style=player_style(player, seat))
        if player["seat"] == view["first_consul"]:
            name.append(f" {FIRST_CONSUL}", style="yellow")
        table.add_row(
            name,
            str(player["prestige"]),
            "?" if player["money"] is None else str(player["money"]),
            *(str(sum(colour in card["hexes"] for card in ready)) for colour in colours),
        )
        characters = say(text, "sylla.view.characters")
        holdings.add_row(name, characters, characters_summary(player, text))
        holdings.add_row("", say(text, "sylla.view.buildings"), buildings_summary(player, text))
    legend = say(
        text,
        "sylla.view.players_legend",
        christian=CHRISTIAN,
        tilted=TILTED,
        face_down=FACE_DOWN,
        first_consul=FIRST_CONSUL,
    )
    return Group(table, holdings, Text(legend, style="dim"))


def player_style(player: dict[str, Any], seat: int | None) -> str:
    style = PLAYER_STYLES.get(player["colour"], "")
    return f"{style} underline" if player["seat"] == seat else style


def hex_colours(view: dict[str, Any]) -> list[str]:
    """The sale colours in the order of the building row."""
    return list(dict.fromkeys(slot["colour"] for slot in view["building_row"]))


def usable(player: dict[str, Any]) -> list[dict[str, Any]]:
    """The cards a player can use now: face up and not tilted."""
    return [c for c in player["characters"] if not c["face_down"] and not c["tilted"]]


def characters_summary(player: dict[str, Any], text: GameText) -> str:
    kinds = Counter(card["type"] for card in player["characters"])
    tilted = Counter(card["type"] for card in player["characters"] if card["tilted"])
    down = Counter(card["type"] for card in player["characters"] if card["face_down"])
    parts = []
    for kind, count in kinds.items():
        marks = (f"{TILTED}{tilted[kind]}" if tilted[kind] else "") + (
            f"{FACE_DOWN}{down[kind]}" if down[kind] else ""
        )
        parts.append(f"{kind_name(kind, text)} {count}" + (f" ({marks})" if marks else ""))
    christians = sum(card["christian"] for card in player["characters"])
    if christians:
        parts.append(f"{CHRISTIAN}{christians}")
    return ", ".join(parts) or "—"


def buildings_summary(player: dict[str, Any], text: GameText) -> str:
    kinds = Counter(b["building"] for b in player["buildings"])
    down = Counter(b["building"] for b in player["buildings"] if b["face_down"])
    parts = [
        f"{text.term(kind)} {count}" + (f" ({FACE_DOWN}{down[kind]})" if down[kind] else "")
        for kind, count in kinds.items()
    ]
    return ", ".join(parts) or "—"


def player_in_full(
    view: dict[str, Any], text: GameText, shown: int, seat: int | None
) -> RenderableType:
    """One player's cards, buildings and (when the viewer may see it) screen."""
    player = view["players"][shown]
    colours = hex_colours(view)
    table = card_table(text, colours)
    table.add_column("")
    for card in player["characters"]:
        cells = card_cells(card, text, colours)
        state = card_state(card, text)
        style = "dim" if card["tilted"] or card["face_down"] else ""
        table.add_row(*cells, Text(state, style="italic"), style=style)
    lines: list[RenderableType] = [table]
    built = Counter(
        text.term(b["building"])
        + (f" ({FACE_DOWN} {text.term(b['held_by'])})" if b["face_down"] else "")
        for b in player["buildings"]
    )
    listed = ", ".join(name + (f" ×{n}" if n > 1 else "") for name, n in built.items())
    lines.append(Text.assemble((say(text, "sylla.view.buildings") + ": ", "bold"), listed or "—"))
    lines.append(screen(player, text))
    title = say(
        text,
        "sylla.view.player",
        seat=shown,
        colour=player["colour"],
        tile=player["revenue_tile"],
    )
    style = "cyan" if shown == seat else "dim"
    return Panel(Group(*lines), title=Text(title), title_align="left", border_style=style)


def screen(player: dict[str, Any], text: GameText) -> Text:
    if player["money"] is None:
        return Text(say(text, "sylla.view.screen_closed"), style="dim")
    return Text(
        say(text, "sylla.view.screen", deniers=player["money"], tokens=player["tokens"]),
        style="bold",
    )


# Character cards


def card_table(text: GameText, colours: list[str]) -> Table:
    """A table of character cards: name, set numeral, and a column per hex colour."""
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, padding=(0, 1), show_edge=False)
    table.add_column("", no_wrap=True)
    table.add_column("", style="dim")
    for colour in colours:
        table.add_column(
            Text(text.term(colour), style=HEX_STYLES.get(colour, "")), justify="center"
        )
    return table


def card_cells(card: dict[str, Any], text: GameText, colours: list[str]) -> list[Text]:
    name = kind_name(card["type"], text) + (f" {CHRISTIAN}" if card["christian"] else "")
    hexes = [
        Text(HEX, style=HEX_STYLES.get(colour, "")) if colour in card["hexes"] else Text("")
        for colour in colours
    ]
    return [Text(name), Text(card.get("set") or ""), *hexes]


def kind_name(kind: str, text: GameText) -> str:
    """A kind of character card by its rulebook name; the Crane card is a card, not a building."""
    return heading(text.term("crane_card" if kind == "crane" else kind))


def card_state(card: dict[str, Any], text: GameText) -> str:
    if card["face_down"]:
        return say(text, "sylla.view.face_down", event=card["held_by"])
    return say(text, "sylla.view.tilted") if card["tilted"] else ""


RENDERER = SyllaRenderer()
