"""What one seat sees: the whole table, its own screen, and nobody else's secrets.

Hidden from other seats (rulings, Hidden information): money and token counts
behind screens (unless `open_screens`), the colours of tokens taken privately,
unrevealed starting choices and Great Work commitments, and the order of every
deck. Everything is shown at the end of the game.
"""

from __future__ import annotations

from typing import Any

from .table import UP, Table


def build_view(s: Table, seat: int | None) -> dict[str, Any]:
    comp = s.comp
    view: dict[str, Any] = {
        "round": s.round,
        "rounds": comp.rounds,
        "phase": s.phase,
        "step": s.step,
        "to_move": list(s.to_move),
        "you": seat,
        "first_consul": s.fc,
        "players": [_player(s, p, seat) for p in range(s.players)],
        "ladder": {t: s.ladder[i] for i, t in enumerate(comp.tendencies)},
        "ladder_values": list(comp.ladder_values),
        "crisis_positions": list(comp.crisis_positions),
        "famine": s.famine,
        "famine_max": comp.famine_max,
        "events": [_event(s, slot) for slot in range(len(s.row_events))],
        "event_deck": len(s.event_deck),
        "building_row": [
            {
                "slot": i + 1,
                "colour": comp.slot_colours[i],
                "building": comp.buildings[comp.tiles[t].kind].id if t >= 0 else None,
            }
            for i, t in enumerate(s.row)
        ],
        "building_stack": len(s.stack),
        "building_stack_top": comp.tiles[s.stack[-1]].letter if s.stack else None,
        "display": [_card(s, c) for c in s.display],
        "deck": len(s.deck),
        "deck_top_set": comp.set_numerals[comp.cards[s.deck[-1]][0]] if s.deck else None,
        "great_work": {
            "current": comp.great_works[s.gw_current].id if s.gw_current >= 0 else None,
            "next": comp.great_works[s.gw_stack[-1]].id if s.gw_stack else None,
            "removed": comp.great_works[s.gw_removed].id,
            "built": [comp.great_works[w].id for w in s.gw_built],
            "stack": len(s.gw_stack),
        },
        "cranes_left": s.cranes_left,
    }
    if s.options["limited_bank"]:
        view["bank"] = s.bank()
    if s.options["limited_tokens"]:
        view["token_supply"] = {t: s.supply(i) for i, t in enumerate(comp.tendencies)}
    view.update(_decision(s, seat))
    if s.step == "over":
        result = s.result()
        view["result"] = result.to_json() if result else None
    return view


def _card(s: Table, card: int) -> dict[str, Any]:
    comp = s.comp
    if s.is_crane(card):
        return {"card": "crane", "type": "crane", "christian": False, "hexes": list(s.hexes(card))}
    design = comp.design_of(card)
    return {
        "card": design.id,
        "set": comp.set_numerals[comp.cards[card][0]],
        "type": design.type,
        "christian": design.christian,
        "hexes": list(design.hexes),
    }


def _held(s: Table, held: int) -> dict[str, Any]:
    return {
        "face_down": held != UP,
        "held_by": s.comp.events[held].id if held != UP else None,
    }


def _player(s: Table, p: int, seat: int | None) -> dict[str, Any]:
    comp = s.comp
    secret = s.screened(seat, p)
    data: dict[str, Any] = {
        "seat": p,
        "colour": comp.colours[p],
        "revenue_tile": comp.set_numerals[s.revenue[p]],
        "prestige": s.prestige[p],
        "money": None if secret else s.money[p],
        "tokens": None if secret else dict(zip(comp.tendencies, s.tokens(p), strict=True)),
        "known_tokens": dict(zip(comp.tendencies, s.known[p], strict=True)),
        "unknown_tokens": [
            [t for i, t in enumerate(comp.tendencies) if possible >> i & 1]
            for _, possible in s.hidden[p]
        ],
        "characters": [
            {**_card(s, card), "tilted": tilted, **_held(s, held)}
            for card, tilted, held in s.chars[p]
        ],
        "buildings": [
            {"building": comp.buildings[kind].id, **_held(s, held)} for kind, held in s.builds[p]
        ],
    }
    if s.step == "choose":
        data["ready"] = s.ready[p]
    if s.phase == "events":
        data["cubes_left"] = dict(zip(("legionary", "vestal"), s.cubes_left[p], strict=True))
    if s.step == "commit":
        data["committed"] = s.commits[p] is not None
    return data


def _event(s: Table, slot: int) -> dict[str, Any]:
    e = s.row_events[slot]
    if e < 0:
        return {"slot": slot + 1, "event": None}
    card = s.comp.events[e]
    return {
        "slot": slot + 1,
        "event": card.id,
        "tendency": card.tendency,
        "fought_by": list(card.fought_by),
        "famine_symbols": card.famine_symbols,
        "permanent": card.permanent,
        "cubes": list(s.cubes[slot]),
        "occurred": s.occurred[slot],
    }


def _decision(s: Table, seat: int | None) -> dict[str, Any]:
    """What the decision in progress needs on screen, and the seat's own secret choices."""
    comp, step = s.comp, s.step
    if step == "choose":
        own = s.picks[seat] if seat is not None else []
        left = [] if seat is None else [c for c in comp.set_cards[s.revenue[seat]] if c not in own]
        return {
            "my_choice": [comp.design_of(c).id for c in own],
            "my_set": [_card(s, c) for c in left],
        }
    if step == "commit":
        mine = s.commits[seat] if seat is not None else None
        choice = (
            None if mine is None else {"thumb": "up" if mine[0] else "down", "deniers": mine[1]}
        )
        return {"my_choice": choice}
    if s.phase == "first_consul" and step == "elect":
        return {"election": {"high": s.high, "leader": s.leader, "waiting": list(s.queue)}}
    if s.phase == "buildings" and step in ("auction", "pay", "insula"):
        tile = s.row[s.offer]
        return {
            "auction": {
                "seller": s.seller,
                "slot": s.offer + 1,
                "colour": comp.slot_colours[s.offer],
                "building": comp.buildings[comp.tiles[tile].kind].id if tile >= 0 else None,
                "high": s.high,
                "leader": s.leader,
                "waiting": list(s.queue),
                "owed": s.owed,
                "tokens_due": s.tokens_due,
            }
        }
    if step == "offer":
        return {"auction": {"seller": s.seller, "offered": s.offered}}
    if step == "revenue":
        return {
            "revenue": {
                "uses": list(s.uses),
                "tavern_moved": [m for m, done in zip(_markers(s), s.moved, strict=False) if done],
            }
        }
    if step in ("prevent", "remove", "flip"):
        return {
            "events_phase": {
                "prevented": [comp.events[s.row_events[x]].id for x in s.prevented],
                "tied": [comp.events[s.row_events[x]].id for x in s.tied],
                "to_prevent": s.need if step == "prevent" else 0,
                "occurring": [comp.events[s.row_events[x]].id for x in s.occurring],
            }
        }
    return {}


def _markers(s: Table) -> list[str]:
    return [*s.comp.tendencies, "famine"]
