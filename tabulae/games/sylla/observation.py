"""A seat's position as numbers: a fixed layout sized by the edition's components.

The observation holds what `view` shows the seat and nothing else: others' money and
tokens only when screens are open or the game is over (their tokens known to all, and
the colours still possible for the rest, always), the seat's own starting choices and
Great Work commitment, and no deck order. Players are listed from the observing seat
(player 0 is the seat itself, then clockwise). Cards are indexed as in `components.yaml`:
characters then Crane cards (43 in the standard edition), 10 events, 9 building kinds,
6 Great Works, 3 tendencies, 4 character sets.

| field | shape | holds |
|---|---|---|
| round | 1 | the round (1–5) |
| phase, step | phases, steps | one-hot: the phase and the decision in progress |
| to_move, first_consul | players each | who may act now; the First Consul |
| ladder | tendencies | each Res Publica marker's position |
| famine | 1 | the Famine marker |
| event_row, event_occurred | events each | events in play; events that occurred |
| event_cubes | events × players | cubes each player put on each event |
| event_deck | 1 | event cards left |
| prevented, tied, occurring | events each | the Events phase in progress |
| to_prevent | 1 | events still to prevent |
| building_row | 6 × kinds | the building tile in each slot, one-hot |
| building_stack | 1 | tiles left |
| building_stack_top | letters | the letter on top of the stack, one-hot |
| display | cards | 1 for each character or Crane card on display |
| deck, deck_top_set | 1, sets | cards left; the set numeral on top, one-hot |
| great_work, next_great_work, removed_great_work | works each | one-hot |
| built_great_works | works | 1 for each Great Work built |
| great_work_stack, cranes_left | 1 each | Great Work cards left; Crane cards left |
| bank, token_supply | 1, tendencies | what a limited bank and supply hold (0 if unlimited) |
| high, owed, tokens_due, offered | 1 each | the election or auction in progress |
| leader, seller, waiting | players each | its leader and seller; who is still to speak |
| auction_slot | 6 | the slot offered, one-hot |
| revenue_uses | 2 | temple and Tavern uses left |
| tavern_moved | tendencies + 1 | markers a Tavern moved this phase |
| revenue_tile | players × sets | each player's Revenue tile |
| prestige | players | prestige points |
| money, tokens | players, players × tendencies | behind the screen: 0 unless shown |
| screen_open | players | 1 where money and tokens are shown |
| known_tokens | players × tendencies | tokens whose colour everyone knows |
| unknown_tokens | players × 7 | hidden tokens by the colours they may still be (bit masks 1–7) |
| characters, tilted, face_down | players × cards each | the player's cards and their state |
| held_by | players × events | face-down cards each event holds |
| buildings, buildings_face_down | players × kinds each | kept buildings, by kind |
| ready, committed | players each | chose starting cards; committed to the Great Work |
| cubes_left | players × 2 | legionary and vestal cubes left to place |
| my_choice, my_set | cards each | the seat's own starting picks, and what is left to pick |
| my_commitment | 3 | the seat's own thumb up, thumb down, deniers |

Every number lies between 0 and 1 (flags, one-hot entries) or its field's maximum from the
box (`greatest`, `least`: 5 rounds, 7 ladder positions, 43 cards, …); money, prestige,
tokens, bids and cubes, which the rules do not limit, read at most 999. ``high`` is -1
before the first bid.

At four players that is 1,110 numbers with the standard edition.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, get_args

import numpy as np

from tabulae.core.game import Observation as Layout
from tabulae.core.game import State

from .components import EDITIONS, load
from .flow import STEPS
from .revenue import TAVERN, TEMPLE
from .table import UP, Phase, SyllaTable

PHASES = get_args(Phase)
STEP_NAMES = (*STEPS, "over")
MASKS = 7  # a hidden token's possible colours: a bit mask of the three tendencies
AUCTION_STEPS = frozenset(("auction", "pay", "insula"))
COUNT_CAP = 999  # what a count the rules do not limit reads at most


class Observation(Layout):
    def __init__(self, players: int, options: Mapping[str, Any]) -> None:
        components = EDITIONS.get(options["edition"]) or load(options["edition"])
        self.components = components
        t, e, k = len(components.tendencies), len(components.events), len(components.buildings)
        c, g, sets = (
            len(components.card_names),
            len(components.great_works),
            len(components.set_numerals),
        )
        slots, p = len(components.slot_colours), players
        super().__init__(
            [
                ("round", (1,)),
                ("phase", (len(PHASES),)),
                ("step", (len(STEP_NAMES),)),
                ("to_move", (p,)),
                ("first_consul", (p,)),
                ("ladder", (t,)),
                ("famine", (1,)),
                ("event_row", (e,)),
                ("event_occurred", (e,)),
                ("event_cubes", (e, p)),
                ("event_deck", (1,)),
                ("prevented", (e,)),
                ("tied", (e,)),
                ("occurring", (e,)),
                ("to_prevent", (1,)),
                ("building_row", (slots, k)),
                ("building_stack", (1,)),
                ("building_stack_top", (len(components.letters_stacked),)),
                ("display", (c,)),
                ("deck", (1,)),
                ("deck_top_set", (sets,)),
                ("great_work", (g,)),
                ("next_great_work", (g,)),
                ("removed_great_work", (g,)),
                ("built_great_works", (g,)),
                ("great_work_stack", (1,)),
                ("cranes_left", (1,)),
                ("bank", (1,)),
                ("token_supply", (t,)),
                ("high", (1,)),
                ("owed", (1,)),
                ("tokens_due", (1,)),
                ("offered", (1,)),
                ("leader", (p,)),
                ("seller", (p,)),
                ("waiting", (p,)),
                ("auction_slot", (slots,)),
                ("revenue_uses", (2,)),
                ("tavern_moved", (t + 1,)),
                ("revenue_tile", (p, sets)),
                ("prestige", (p,)),
                ("money", (p,)),
                ("tokens", (p, t)),
                ("screen_open", (p,)),
                ("known_tokens", (p, t)),
                ("unknown_tokens", (p, MASKS)),
                ("characters", (p, c)),
                ("tilted", (p, c)),
                ("face_down", (p, c)),
                ("held_by", (p, e)),
                ("buildings", (p, k)),
                ("buildings_face_down", (p, k)),
                ("ready", (p,)),
                ("committed", (p,)),
                ("cubes_left", (p, 2)),
                ("my_choice", (c,)),
                ("my_set", (c,)),
                ("my_commitment", (3,)),
            ]
        )
        # Longest game: five rounds of bounded phases; random games of four players end within 270
        # decisions, so 500 per player leaves room for any real game.
        self.longest_game = 500 * players
        # Bounds from the box: rounds, ladder positions, Famine track, cards, tiles, events,
        # Great Works, coins and tokens of the limited supplies. Money, prestige, tokens
        # (unlimited by default), bids and cubes read COUNT_CAP at most.
        tiles, counts = len(components.tiles), COUNT_CAP
        self.greatest = {
            "round": components.rounds,
            "ladder": len(components.ladder_values),
            "famine": components.famine_max,
            "event_cubes": counts,
            "event_deck": e,
            "to_prevent": e,
            "building_stack": tiles,
            "deck": c,
            "great_work_stack": g,
            "cranes_left": components.crane_cards,
            "bank": components.coins,
            "token_supply": components.tokens_per_tendency,
            "high": counts,
            "owed": c,
            "tokens_due": counts,
            "offered": tiles,
            "revenue_uses": tiles,
            "prestige": counts,
            "money": counts,
            "tokens": counts,
            "known_tokens": counts,
            "unknown_tokens": counts,
            "held_by": c,
            "buildings": tiles,
            "buildings_face_down": tiles,
            "cubes_left": counts,
            "my_commitment": [1, 1, counts],
        }
        self.least = {
            "famine": min(0, components.famine_min),
            "high": -1,  # no bid yet
            "prestige": min(0, components.prestige_floor),
        }
        self.letters = {letter: i for i, letter in enumerate(components.letters_stacked)}

    def encode(self, state: State, seat: int, out: np.ndarray) -> None:
        assert isinstance(state, SyllaTable)
        at, components, n = self.at, self.components, state.players
        t, e, k = len(components.tendencies), len(components.events), len(components.buildings)
        c = len(components.card_names)
        step, phase = state.step, state.phase
        flags = [at["phase"] + PHASES.index(phase), at["step"] + STEP_NAMES.index(step)]
        spots = [at["round"], at["famine"], at["event_deck"], at["building_stack"], at["deck"]]
        counts = [state.round, state.famine, len(state.event_deck), len(state.building_stack)]
        counts.append(len(state.deck))
        spots += [at["great_work_stack"], at["cranes_left"]]
        counts += [len(state.great_work_stack), state.cranes_left]
        start = at["to_move"]
        flags += [start + (p - seat) % n for p in state.to_move]
        flags.append(at["first_consul"] + (state.first_consul - seat) % n)
        spots += range(at["ladder"], at["ladder"] + t)
        counts += state.ladder

        row, occurred, cubes = at["event_row"], at["event_occurred"], at["event_cubes"]
        for slot, event in enumerate(state.event_row):
            if event < 0:
                continue
            flags.append(row + event)
            if state.occurred[slot]:
                flags.append(occurred + event)
            spots += [cubes + event * n + (p - seat) % n for p in range(n)]
            counts += state.cubes[slot]
        if step in ("prevent", "remove", "flip"):
            events = state.event_row
            for name, slots in (
                ("prevented", state.prevented),
                ("tied", state.tied),
                ("occurring", state.occurring),
            ):
                flags += [at[name] + events[x] for x in slots]
            if step == "prevent":
                spots.append(at["to_prevent"])
                counts.append(state.prevent_needed)

        start = at["building_row"]
        tiles = components.tiles
        flags += [
            start + i * k + tiles[tile].kind
            for i, tile in enumerate(state.building_row)
            if tile >= 0
        ]
        if state.building_stack:
            flags.append(
                at["building_stack_top"] + self.letters[tiles[state.building_stack[-1]].letter]
            )
        start = at["display"]
        flags += [start + card for card in state.display]
        if state.deck:
            flags.append(at["deck_top_set"] + components.cards[state.deck[-1]][0])
        if state.great_work_current >= 0:
            flags.append(at["great_work"] + state.great_work_current)
        if state.great_work_stack:
            flags.append(at["next_great_work"] + state.great_work_stack[-1])
        flags.append(at["removed_great_work"] + state.great_work_removed)
        start = at["built_great_works"]
        flags += [start + w for w in state.great_works_built]
        options = state.options
        if options["limited_bank"]:
            spots.append(at["bank"])
            counts.append(_limited(state.bank()))
        if options["limited_tokens"]:
            spots += range(at["token_supply"], at["token_supply"] + t)
            counts += [_limited(state.supply(i)) for i in range(t)]
        self._decision(state, seat, flags, spots, counts)

        over = step == "over"
        open_screens = options["open_screens"]
        for p in range(n):
            rel = (p - seat) % n
            flags.append(
                at["revenue_tile"] + rel * len(components.set_numerals) + state.revenue_tiles[p]
            )
            spots.append(at["prestige"] + rel)
            counts.append(state.prestige[p])
            if p == seat or open_screens or over:
                flags.append(at["screen_open"] + rel)
                spots.append(at["money"] + rel)
                counts.append(state.money[p])
                spots += range(at["tokens"] + rel * t, at["tokens"] + rel * t + t)
                counts += state.tokens(p)
            spots += range(at["known_tokens"] + rel * t, at["known_tokens"] + rel * t + t)
            counts += state.known_tokens[p]
            for _, possible in state.private_tokens[p]:
                out[at["unknown_tokens"] + rel * MASKS + possible - 1] += 1.0
            base = rel * c
            for card, tilted, held in state.characters[p]:
                flags.append(at["characters"] + base + card)
                if tilted:
                    flags.append(at["tilted"] + base + card)
                if held != UP:
                    flags.append(at["face_down"] + base + card)
                    out[at["held_by"] + rel * e + held] += 1.0
            base = rel * k
            for kind, held in state.buildings[p]:
                out[at["buildings"] + base + kind] += 1.0
                if held != UP:
                    out[at["buildings_face_down"] + base + kind] += 1.0
            if step == "choose" and state.ready[p]:
                flags.append(at["ready"] + rel)
            if step == "commit" and state.commitments[p] is not None:
                flags.append(at["committed"] + rel)
            if phase == "events":
                spots += (at["cubes_left"] + rel * 2, at["cubes_left"] + rel * 2 + 1)
                counts += state.cubes_left[p]
        out.put(flags, 1.0)
        out[spots] = counts

    def _decision(
        self, state: SyllaTable, seat: int, flags: list[int], spots: list[int], counts: list[Any]
    ) -> None:
        """What the decision in progress shows, as `view` shows it to this seat."""
        at, n, step = self.at, state.players, state.step
        if step == "choose":
            own = state.starting_picks[seat]
            flags += [at["my_choice"] + card for card in own]
            left = self.components.set_cards[state.revenue_tiles[seat]]
            flags += [at["my_set"] + card for card in left if card not in own]
        elif step == "commit":
            mine = state.commitments[seat]
            if mine is not None:
                flags.append(at["my_commitment"] + (0 if mine[0] else 1))
                spots.append(at["my_commitment"] + 2)
                counts.append(mine[1])
        elif (state.phase == "first_consul" and step == "elect") or (
            state.phase == "buildings" and step in AUCTION_STEPS
        ):
            spots.append(at["high"])
            counts.append(state.high_bid)
            if state.high_bidder >= 0:
                flags.append(at["leader"] + (state.high_bidder - seat) % n)
            flags += [at["waiting"] + (p - seat) % n for p in state.queue]
            if step != "elect":
                flags.append(at["seller"] + (state.seller - seat) % n)
                flags.append(at["auction_slot"] + state.offered_slot)
                spots += (at["owed"], at["tokens_due"])
                counts += (state.cards_owed, state.tokens_due)
        elif step == "offer":
            flags.append(at["seller"] + (state.seller - seat) % n)
            spots.append(at["offered"])
            counts.append(state.tiles_offered)
        elif step == "revenue":
            spots += (at["revenue_uses"], at["revenue_uses"] + 1)
            counts += (state.building_uses.count(TEMPLE), state.building_uses.count(TAVERN))
            start = at["tavern_moved"]
            flags += [start + m for m, done in enumerate(state.markers_moved) if done]


def _limited(left: int | None) -> int:
    """What a limited bank or supply holds (`None` only when it is unlimited)."""
    assert left is not None
    return left
