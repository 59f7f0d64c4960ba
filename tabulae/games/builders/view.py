"""What a seat sees: everything but the order of the decks (no screens in this game).

The view is self-contained for a board renderer: each card comes with its
names (English and, where the rulebook prints one, Polish), its materials in
the order stone, wood, architecture, decoration, and its prices.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .components import BUILDINGS, MATERIAL_NAMES, MATERIALS, RULES, TOOLS, Building, card

if TYPE_CHECKING:
    from .table import BuildersTable, Site


def view(table: BuildersTable, seat: int | None) -> dict[str, Any]:
    over = table.game_over
    return {
        "phase": "over" if over else "turn",
        "round": table.round,
        "first_player": table.first_player,
        "last_player": table.last_seat,
        "last_round": table.last_round,
        "you": seat,
        # The fourth apprentice by the pair of materials the table's option gives him, for
        # every text that names him (the browser's labels and menus, as the log does).
        "told": table.told_words(),
        "turn": None if over else _turn(table),
        "materials": [{"id": word, "names": dict(MATERIAL_NAMES[word])} for word in MATERIALS],
        "buildings": {
            "row": [building(number) for number in table.building_row],
            "deck": len(table.building_deck),
        },
        "workers": {
            "row": [crew(table, number) for number in table.worker_row],
            "deck": len(table.worker_deck),
        },
        "investments": {
            "slaves": [crew(table, number) for number in table.slave_stack],
            "tools": [tool(material) for material in table.tool_stack],
            "loans": table.loan_stack,
            "universities": [MATERIALS[material] for material in table.university_stack],
            "prices": {
                "slave": RULES.slave_price,
                "tool": RULES.tool_price,
                "loan": 0,
                "university": RULES.university_price,
            },
        },
        "bank": table.bank,
        "players": [_player(table, seat) for seat in range(table.players)],
        "result": [settled.to_json() for settled in table.settlements] if over else None,
    }


def _turn(table: BuildersTable) -> dict[str, Any]:
    return {
        "seat": table.active_seat,
        "actions_used": table.actions_used,
        "free_actions_left": table.free_actions_left(),
        "extra_action_cost": RULES.extra_action_cost,
        "investment_taken": table.investment_taken,
        "sent": {str(number): sent for number, sent in table.sent_this_turn.items()},
    }


def _player(table: BuildersTable, seat: int) -> dict[str, Any]:
    machines = [number for number in table.finished[seat] if BUILDINGS[number - 1].machine]
    return {
        "seat": seat,
        "sesterces": table.sesterces[seat],
        "vp": table.victory_points[seat],
        "idle": [crew(table, number) for number in table.idle[seat]],
        "tools": [tool(material) for material in table.tools[seat]],
        "sites": [_site(table, site) for site in table.sites[seat].values()],
        "finished": [building(number) for number in table.finished[seat] if number not in machines],
        "machines": machines,
        "slaves": table.slaves_of(seat),
        "loans": table.loans[seat],
    }


def _site(table: BuildersTable, site: Site) -> dict[str, Any]:
    return {
        "building": building(site.building),
        "crew": [
            {"card": crew(table, card), "tool": None if tool < 0 else TOOLS[tool].word}
            for card, tool in site.crew
        ],
        "supplied": list(site.supplied),
        "missing": site.missing(),
        "sent_this_turn": table.sent_this_turn.get(site.building, 0),
    }


def building(number: int) -> dict[str, Any]:
    printed = BUILDINGS[number - 1]
    return {
        "card": number,
        "id": printed.id,
        "names": dict(printed.names),
        "cost": list(printed.cost),
        "sesterces": printed.coins,
        "vp": printed.vp,
        "machine": printed.machine,
        "provides": None if printed.provides is None else list(printed.provides),
        "confidence": printed.confidence,
    }


def crew(table: BuildersTable, number: int) -> dict[str, Any]:
    """A card that works: worker, slave, citizen (freed slave) or finished machine."""
    found = card(number)
    trained = table.trained.get(number)
    if isinstance(found, Building):
        kind, names = "machine", dict(found.names)
    elif number in table.freed:
        kind, names = "citizen", dict(RULES.citizen_names)
    else:
        kind, names = ("slave" if found.slave else "worker"), dict(found.names)
    return {
        "card": number,
        "id": found.id,
        "word": table.told(found.id),  # the fourth apprentice's names the option's materials
        "kind": kind,
        "names": names,
        "provides": list(table.provides(number)),
        "wage": table.wage(number),
        "university": None if trained is None else MATERIALS[trained],
        "confidence": found.confidence,
    }


def tool(material: int) -> dict[str, Any]:
    printed = TOOLS[material]
    return {
        "word": printed.word,
        "id": printed.id,
        "names": dict(printed.names),
        "adds": MATERIALS[material],
    }
