"""What a seat sees: everything but the order of the decks (no screens in this game).

The view is self-contained for a board renderer: each card comes with its
names (English and, where the rulebook prints one, Polish), its materials in
the order stone, wood, architecture, decoration, and its prices.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .cards import BUILDINGS, MATERIAL_NAMES, MATERIALS, RULES, TOOLS, Building, card

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
        "turn": None if over else _turn(table),
        "materials": [{"id": m, "names": dict(MATERIAL_NAMES[m])} for m in MATERIALS],
        "buildings": {
            "row": [building(b) for b in table.building_row],
            "deck": len(table.building_deck),
        },
        "workers": {
            "row": [crew(table, w) for w in table.worker_row],
            "deck": len(table.worker_deck),
        },
        "investments": {
            "slaves": [crew(table, s) for s in table.slave_stack],
            "tools": [tool(t) for t in table.tool_stack],
            "loans": table.loan_stack,
            "universities": [MATERIALS[u] for u in table.university_stack],
            "prices": {
                "slave": RULES.slave_price,
                "tool": RULES.tool_price,
                "loan": 0,
                "university": RULES.university_price,
            },
        },
        "bank": table.bank,
        "players": [_player(table, p) for p in range(table.players)],
        "result": [s.to_json() for s in table.settlements] if over else None,
    }


def _turn(table: BuildersTable) -> dict[str, Any]:
    return {
        "seat": table.active_seat,
        "actions_used": table.actions_used,
        "free_actions_left": table.free_actions_left(),
        "extra_action_cost": RULES.extra_action_cost,
        "investment_taken": table.investment_taken,
        "sent": {str(b): k for b, k in table.sent_this_turn.items()},
    }


def _player(table: BuildersTable, p: int) -> dict[str, Any]:
    machines = [b for b in table.finished[p] if BUILDINGS[b - 1].machine]
    return {
        "seat": p,
        "sesterces": table.sesterces[p],
        "vp": table.victory_points[p],
        "idle": [crew(table, c) for c in table.idle[p]],
        "tools": [tool(t) for t in table.tools[p]],
        "sites": [_site(table, site) for site in table.sites[p].values()],
        "finished": [building(b) for b in table.finished[p] if b not in machines],
        "machines": machines,
        "slaves": table.slaves_of(p),
        "loans": table.loans[p],
    }


def _site(table: BuildersTable, site: Site) -> dict[str, Any]:
    return {
        "building": building(site.building),
        "crew": [
            {"card": crew(table, c), "tool": None if t < 0 else TOOLS[t].word} for c, t in site.crew
        ],
        "supplied": list(site.supplied),
        "missing": site.missing(),
        "sent_this_turn": table.sent_this_turn.get(site.building, 0),
    }


def building(number: int) -> dict[str, Any]:
    b = BUILDINGS[number - 1]
    return {
        "card": number,
        "id": b.id,
        "names": dict(b.names),
        "cost": list(b.cost),
        "sesterces": b.coins,
        "vp": b.vp,
        "machine": b.machine,
        "provides": None if b.provides is None else list(b.provides),
        "confidence": b.confidence,
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
        "kind": kind,
        "names": names,
        "provides": list(table.provides(number)),
        "wage": table.wage(number),
        "university": None if trained is None else MATERIALS[trained],
        "confidence": found.confidence,
    }


def tool(material: int) -> dict[str, Any]:
    t = TOOLS[material]
    return {"word": t.word, "id": t.id, "names": dict(t.names), "adds": MATERIALS[material]}
