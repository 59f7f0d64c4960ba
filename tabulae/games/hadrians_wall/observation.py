"""A seat's position as numbers: a fixed layout sized by the components, not by play.

Every sheet is public; what a seat may not see (see `view`) is the order of the decks,
the two cards each other player drew and his choice between them until the reveal, and
the others' favour choices at an attack. The observation reads only what the view
shows. Players are listed from the observing seat (player 0 is the seat itself, then
the next seats in order); cards are indexed as in `components.yaml`: 12 player cards
(each player's deck holds the same 12), 48 Fate cards.

| field | shape | holds |
|---|---|---|
| year | 1 | the year (1–6; 0 before the first) |
| phase | 4 | one-hot: choose, actions, attack, over |
| fate_card | 48 | the Fate card on the table this year |
| fate_deck | 1 | Fate cards left in the deck |
| fate_discard | 48 | 1 for each discarded Fate card |
| attack | 48 | 1 for each Fate card attacking this year |
| attacks | 3 | attack cards against each Cohort |
| neutral | neutral cards × 12 | the Neutral Prospect cards (alone: 2, two players: 1) |
| neutral_pieces | neutral cards | pieces given to each Neutral card |
| neutral_deck | 1 | cards left in the Neutral deck |
| sheet | players × 107 | the player's board and sheets as `sheet.py` lays them out (map slot 0) |
| scouting_map | players × 20 | 1 for each filled Scouting Map cell |
| paths | players × 12 | 1 for each card on the player's Path |
| prospect | players × 12 | the player's Prospect card, one-hot |
| earlier_prospects | players × 12 | 1 for each of his earlier Prospect cards |
| unseen | players × 12 | 1 for each card of his deck the seat has not seen |
| pending | players × 4 | rewards waiting for his choice, per kind |
| next_pending | players × 4 | the one to settle first, one-hot |
| chosen, passed, deciding | players each | chose a card; ended his year; decides at the attack |
| drawn | 12 | the seat's own two drawn cards |
| choice | 12 | the seat's own choice among them, one-hot |
| favours | 6 | the seat's favours used at this attack (temple, diplomat, per Cohort) |

Every number lies between 0 and 1 (flags, one-hot entries) or its field's maximum
(`greatest`: 6 years, 48 Fate cards, …); the sheet's numbers, pending rewards, Neutral
pieces and favours read at most 99.

Four players make 928 numbers, six 1,300, one 396.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from tabulae.core.game import Observation as Layout
from tabulae.core.game import State

from .components import COHORTS, FATE_CARDS, PLAYER_CARDS, YEARS
from .rewards import CHOICES
from .scouting import CELLS
from .sheet import MAP, SIZE
from .table import HadriansWallTable, neutral_count

PHASES = ("choose", "actions", "attack", "over")
PENDING = tuple(CHOICES)
CARDS = len(PLAYER_CARDS)
CELL_BITS = np.arange(CELLS, dtype=np.int64)
SHEET_CAP = 99  # what a sheet's number or a count the rules do not limit reads at most


class Observation(Layout):
    def __init__(self, players: int, options: Mapping[str, Any]) -> None:
        fates, neutral = len(FATE_CARDS), neutral_count(players)
        super().__init__(
            [
                ("year", (1,)),
                ("phase", (len(PHASES),)),
                ("fate_card", (fates,)),
                ("fate_deck", (1,)),
                ("fate_discard", (fates,)),
                ("attack", (fates,)),
                ("attacks", (len(COHORTS),)),
                ("neutral", (neutral, CARDS)),
                ("neutral_pieces", (neutral,)),
                ("neutral_deck", (1,)),
                ("sheet", (players, SIZE)),
                ("scouting_map", (players, CELLS)),
                ("paths", (players, CARDS)),
                ("prospect", (players, CARDS)),
                ("earlier_prospects", (players, CARDS)),
                ("unseen", (players, CARDS)),
                ("pending", (players, len(PENDING))),
                ("next_pending", (players, len(PENDING))),
                ("chosen", (players,)),
                ("passed", (players,)),
                ("deciding", (players,)),
                ("drawn", (CARDS,)),
                ("choice", (CARDS,)),
                ("favours", (2 * len(COHORTS),)),
            ]
        )
        # Longest game: six years; random games of six players end within 450 decisions, alone
        # within 90, so 150 per player leaves room for any real game.
        self.longest_game = 150 * players
        # Bounds: six years, 48 Fate cards, 12 Neutral cards; the sheets' tracks and boxes
        # hold at most 25 (the attribute tracks), and workers and resources on the board,
        # which the rules do not limit, read SHEET_CAP at most.
        self.greatest = {
            "year": YEARS,
            "fate_deck": fates,
            "attacks": fates,
            "neutral_pieces": SHEET_CAP,
            "neutral_deck": CARDS,
            "sheet": SHEET_CAP,
            "pending": SHEET_CAP,
            "favours": SHEET_CAP,
        }
        at = self.at
        self.sheets = slice(at["sheet"], at["sheet"] + players * SIZE)
        self.sheet_shape = (players, SIZE)
        self.maps = slice(at["scouting_map"], at["scouting_map"] + players * CELLS)
        self.seen = [
            slice(at[name], at[name] + players * CARDS)
            for name in ("paths", "prospect", "earlier_prospects")
        ]
        self.map_shape = (players, CELLS)
        self.unseen = slice(at["unseen"], at["unseen"] + players * CARDS)
        # The last sheet read for each seat, with its numbers: a step changes few sheets,
        # and converting an unchanged one again is most of the work.
        self.read: dict[int, tuple[list[int], np.ndarray, np.ndarray]] = {}
        self.favours_used = slice(at["favours"], at["favours"] + 2 * len(COHORTS))

    def encode(self, table: State, seat: int, out: np.ndarray) -> None:
        assert isinstance(table, HadriansWallTable)
        at, n, phase = self.at, table.players, table.phase
        order = [(seat + k) % n for k in range(n)]
        sheets = out[self.sheets].reshape(self.sheet_shape)
        maps = out[self.maps].reshape(self.map_shape)
        for k, p in enumerate(order):
            sheets[k], maps[k] = self._sheet(table.sheets[p], p)

        flags = [at["phase"] + PHASES.index(phase)]
        spots = [at["year"], at["fate_deck"], at["neutral_deck"]]
        counts = [table.year, len(table.fate_deck), len(table.neutral_deck)]
        flags.append(at["fate_card"] + table.fate_card)
        start = at["fate_discard"]
        flags += [start + c for c in table.fate_discard]
        start = at["attack"]
        flags += [start + c for c in table.attack_cards]
        if table.attack_cards:
            spots += range(at["attacks"], at["attacks"] + len(COHORTS))
            counts += table.attacks()
        start = at["neutral"]
        flags += [start + k * CARDS + c for k, c in enumerate(table.neutral_cards)]
        spots += range(at["neutral_pieces"], at["neutral_pieces"] + len(table.neutral_pieces))
        counts += table.neutral_pieces
        paths, prospect, earlier = at["paths"], at["prospect"], at["earlier_prospects"]
        pending, next_pending = at["pending"], at["next_pending"]
        chosen, passed, deciding = at["chosen"], at["passed"], at["deciding"]
        for k, p in enumerate(order):
            row = k * CARDS
            flags += [paths + row + c for c in table.paths[p]]
            shown = table.prospects[p]
            if shown:
                flags.append(prospect + row + shown[-1])
                flags += [earlier + row + c for c in shown[:-1]]
            waiting = table.pending[p]
            if waiting:
                row = k * len(PENDING)
                flags.append(next_pending + row + PENDING.index(waiting[0]))
                for word in waiting:
                    out[pending + row + PENDING.index(word)] += 1.0
            if phase == "choose" and table.chosen[p] is not None:
                flags.append(chosen + k)
            if phase == "actions" and table.ended_year[p]:
                flags.append(passed + k)
            if phase == "attack" and table.choosing_favours[p]:
                flags.append(deciding + k)
        drawn = at["drawn"]
        flags += [drawn + c for c in table.drawn[seat]]
        choice = table.chosen[seat]
        if phase == "choose" and choice is not None:
            flags.append(at["choice"] + choice)
        out.put(flags, 1.0)
        out[spots] = counts
        out[self.favours_used] = table.favours_used[seat]
        # A card not on a Path nor shown as a Prospect (nor drawn, for the seat itself)
        # is one the seat has not seen.
        unseen = out[self.unseen]
        unseen[:] = 1.0
        for part in self.seen:
            unseen -= out[part]
        unseen[:CARDS] -= out[drawn : drawn + CARDS]

    def _sheet(self, sheet: list[int], seat: int) -> tuple[np.ndarray, np.ndarray]:
        """A sheet's numbers (the map slot 0) and its Scouting Map cells."""
        known = self.read.get(seat)
        if known is not None and known[0] == sheet:
            return known[1], known[2]
        numbers = np.array(sheet, dtype=np.float32)
        numbers[MAP] = 0.0
        cells = ((sheet[MAP] >> CELL_BITS) & 1).astype(np.float32)
        self.read[seat] = (list(sheet), numbers, cells)
        return numbers, cells
