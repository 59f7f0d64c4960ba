"""What a seat sees: everything but the order of the decks (no screens in this game).

The view is self-contained for a board renderer: each card comes with its
names (English and, where the rulebook prints one, Polish), its materials in
the order stone, wood, architecture, decoration, and its prices.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .cards import BUILDINGS, MATERIAL_NAMES, MATERIALS, RULES, TOOLS, Building, card

if TYPE_CHECKING:
    from .state import BuildersState, Site


def view(state: BuildersState, seat: int | None) -> dict[str, Any]:
    over = state.over
    return {
        "phase": "over" if over else "turn",
        "round": state.round,
        "first_player": state.first,
        "last_player": state.last_seat,
        "last_round": state.last_round,
        "you": seat,
        "turn": None if over else _turn(state),
        "materials": [{"id": m, "names": dict(MATERIAL_NAMES[m])} for m in MATERIALS],
        "buildings": {
            "row": [building(b) for b in state.building_row],
            "deck": len(state.building_deck),
        },
        "workers": {
            "row": [crew(state, w) for w in state.worker_row],
            "deck": len(state.worker_deck),
        },
        "investments": {
            "slaves": [crew(state, s) for s in state.slave_stack],
            "tools": [tool(t) for t in state.tool_stack],
            "loans": state.loan_stack,
            "universities": [MATERIALS[u] for u in state.university_stack],
            "prices": {
                "slave": RULES.slave_price,
                "tool": RULES.tool_price,
                "loan": 0,
                "university": RULES.university_price,
            },
        },
        "bank": state.bank,
        "players": [_player(state, p) for p in range(state.players)],
        "result": [s.to_json() for s in state.final] if over else None,
    }


def _turn(state: BuildersState) -> dict[str, Any]:
    return {
        "seat": state.seat,
        "actions_used": state.used,
        "free_actions_left": state.free_actions_left(),
        "extra_action_cost": RULES.extra_action_cost,
        "investment_taken": state.invested,
        "sent": {str(b): k for b, k in state.sent.items()},
    }


def _player(state: BuildersState, p: int) -> dict[str, Any]:
    machines = [b for b in state.built[p] if BUILDINGS[b - 1].machine]
    return {
        "seat": p,
        "sesterces": state.money[p],
        "vp": state.vp[p],
        "idle": [crew(state, c) for c in state.idle[p]],
        "tools": [tool(t) for t in state.tools[p]],
        "sites": [_site(state, site) for site in state.sites[p].values()],
        "finished": [building(b) for b in state.built[p] if b not in machines],
        "machines": machines,
        "slaves": state.slaves_of(p),
        "loans": state.loans[p],
    }


def _site(state: BuildersState, site: Site) -> dict[str, Any]:
    return {
        "building": building(site.building),
        "crew": [
            {"card": crew(state, c), "tool": None if t < 0 else TOOLS[t].word} for c, t in site.crew
        ],
        "supplied": list(site.supplied),
        "missing": site.missing(),
        "sent_this_turn": state.sent.get(site.building, 0),
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


def crew(state: BuildersState, number: int) -> dict[str, Any]:
    """A card that works: worker, slave, citizen (freed slave) or finished machine."""
    found = card(number)
    trained = state.trained.get(number)
    if isinstance(found, Building):
        kind, names = "machine", dict(found.names)
    elif number in state.freed:
        kind, names = "citizen", dict(RULES.citizen_names)
    else:
        kind, names = ("slave" if found.slave else "worker"), dict(found.names)
    return {
        "card": number,
        "id": found.id,
        "kind": kind,
        "names": names,
        "provides": list(state.provides(number)),
        "wage": state.wage(number),
        "university": None if trained is None else MATERIALS[trained],
        "confidence": found.confidence,
    }


def tool(material: int) -> dict[str, Any]:
    t = TOOLS[material]
    return {"word": t.word, "id": t.id, "names": dict(t.names), "adds": MATERIALS[material]}
