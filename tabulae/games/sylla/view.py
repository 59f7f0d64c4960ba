"""What one seat sees: the whole table, its own screen, and nobody else's secrets.

Hidden from other seats (rulings, Hidden information): money and token counts
behind screens (unless `open_screens`), the colours of tokens taken privately,
unrevealed starting choices and Great Work commitments, and the order of every
deck. Everything is shown at the end of the game.
"""

from __future__ import annotations

from typing import Any

from .table import UP, SyllaTable


def build_view(table: SyllaTable, seat: int | None) -> dict[str, Any]:
    components = table.components
    view: dict[str, Any] = {
        "round": table.round,
        "rounds": components.rounds,
        "phase": table.phase,
        "step": table.step,
        "to_move": list(table.to_move),
        "you": seat,
        "first_consul": table.first_consul,
        "players": [_player(table, p, seat) for p in range(table.players)],
        "ladder": {t: table.ladder[i] for i, t in enumerate(components.tendencies)},
        "ladder_values": list(components.ladder_values),
        "crisis_positions": list(components.crisis_positions),
        "famine": table.famine,
        "famine_max": components.famine_max,
        "events": [_event(table, slot) for slot in range(len(table.event_row))],
        "event_deck": len(table.event_deck),
        "building_row": [
            {
                "slot": i + 1,
                "colour": components.slot_colours[i],
                "building": components.buildings[components.tiles[t].kind].id if t >= 0 else None,
            }
            for i, t in enumerate(table.building_row)
        ],
        "building_stack": len(table.building_stack),
        "building_stack_top": components.tiles[table.building_stack[-1]].letter
        if table.building_stack
        else None,
        "display": [_card(table, c) for c in table.display],
        "deck": len(table.deck),
        "deck_top_set": components.set_numerals[components.cards[table.deck[-1]][0]]
        if table.deck
        else None,
        "great_work": {
            "current": components.great_works[table.great_work_current].id
            if table.great_work_current >= 0
            else None,
            "next": components.great_works[table.great_work_stack[-1]].id
            if table.great_work_stack
            else None,
            "removed": components.great_works[table.great_work_removed].id,
            "built": [components.great_works[w].id for w in table.great_works_built],
            "stack": len(table.great_work_stack),
        },
        "cranes_left": table.cranes_left,
    }
    if table.options["limited_bank"]:
        view["bank"] = table.bank()
    if table.options["limited_tokens"]:
        view["token_supply"] = {t: table.supply(i) for i, t in enumerate(components.tendencies)}
    view.update(_decision(table, seat))
    if table.step == "over":
        result = table.result()
        view["result"] = result.to_json() if result else None
    return view


def _card(table: SyllaTable, card: int) -> dict[str, Any]:
    components = table.components
    if table.is_crane(card):
        return {
            "card": "crane",
            "type": "crane",
            "christian": False,
            "hexes": list(table.hexes(card)),
        }
    design = components.design_of(card)
    return {
        "card": design.id,
        "set": components.set_numerals[components.cards[card][0]],
        "type": design.type,
        "christian": design.christian,
        "hexes": list(design.hexes),
    }


def _held(table: SyllaTable, held: int) -> dict[str, Any]:
    return {
        "face_down": held != UP,
        "held_by": table.components.events[held].id if held != UP else None,
    }


def _player(table: SyllaTable, p: int, seat: int | None) -> dict[str, Any]:
    components = table.components
    secret = table.screened(seat, p)
    data: dict[str, Any] = {
        "seat": p,
        "colour": components.colours[p],
        "revenue_tile": components.set_numerals[table.revenue_tiles[p]],
        "prestige": table.prestige[p],
        "money": None if secret else table.money[p],
        "tokens": None
        if secret
        else dict(zip(components.tendencies, table.tokens(p), strict=True)),
        "known_tokens": dict(zip(components.tendencies, table.known_tokens[p], strict=True)),
        "unknown_tokens": [
            [t for i, t in enumerate(components.tendencies) if possible >> i & 1]
            for _, possible in table.private_tokens[p]
        ],
        "characters": [
            {**_card(table, card), "tilted": tilted, **_held(table, held)}
            for card, tilted, held in table.characters[p]
        ],
        "buildings": [
            {"building": components.buildings[kind].id, **_held(table, held)}
            for kind, held in table.buildings[p]
        ],
    }
    if table.step == "choose":
        data["ready"] = table.ready[p]
    if table.phase == "events":
        data["cubes_left"] = dict(zip(("legionary", "vestal"), table.cubes_left[p], strict=True))
    if table.step == "commit":
        data["committed"] = table.commitments[p] is not None
    return data


def _event(table: SyllaTable, slot: int) -> dict[str, Any]:
    e = table.event_row[slot]
    if e < 0:
        return {"slot": slot + 1, "event": None}
    card = table.components.events[e]
    return {
        "slot": slot + 1,
        "event": card.id,
        "tendency": card.tendency,
        "fought_by": list(card.fought_by),
        "famine_symbols": card.famine_symbols,
        "permanent": card.permanent,
        "cubes": list(table.cubes[slot]),
        "occurred": table.occurred[slot],
    }


def _decision(table: SyllaTable, seat: int | None) -> dict[str, Any]:
    """What the decision in progress needs on screen, and the seat's own secret choices."""
    components, step = table.components, table.step
    if step == "choose":
        own = table.starting_picks[seat] if seat is not None else []
        left = (
            []
            if seat is None
            else [c for c in components.set_cards[table.revenue_tiles[seat]] if c not in own]
        )
        return {
            "my_choice": [components.design_of(c).id for c in own],
            "my_set": [_card(table, c) for c in left],
        }
    if step == "commit":
        mine = table.commitments[seat] if seat is not None else None
        choice = (
            None if mine is None else {"thumb": "up" if mine[0] else "down", "deniers": mine[1]}
        )
        return {"my_choice": choice}
    if table.phase == "first_consul" and step == "elect":
        return {
            "election": {
                "high": table.high_bid,
                "leader": table.high_bidder,
                "waiting": list(table.queue),
            }
        }
    if table.phase == "buildings" and step in ("auction", "pay", "insula"):
        tile = table.building_row[table.offered_slot]
        return {
            "auction": {
                "seller": table.seller,
                "slot": table.offered_slot + 1,
                "colour": components.slot_colours[table.offered_slot],
                "building": components.buildings[components.tiles[tile].kind].id
                if tile >= 0
                else None,
                "high": table.high_bid,
                "leader": table.high_bidder,
                "waiting": list(table.queue),
                "owed": table.cards_owed,
                "tokens_due": table.tokens_due,
            }
        }
    if step == "offer":
        return {"auction": {"seller": table.seller, "offered": table.tiles_offered}}
    if step == "revenue":
        return {
            "revenue": {
                "uses": list(table.building_uses),
                "tavern_moved": [
                    m for m, done in zip(_markers(table), table.markers_moved, strict=False) if done
                ],
            }
        }
    if step in ("prevent", "remove", "flip"):
        return {
            "events_phase": {
                "prevented": [components.events[table.event_row[x]].id for x in table.prevented],
                "tied": [components.events[table.event_row[x]].id for x in table.tied],
                "to_prevent": table.prevent_needed if step == "prevent" else 0,
                "occurring": [components.events[table.event_row[x]].id for x in table.occurring],
            }
        }
    return {}


def _markers(table: SyllaTable) -> list[str]:
    return [*table.components.tendencies, "famine"]
