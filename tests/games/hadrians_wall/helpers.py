"""Set up positions for scenario tests: a game in its year, with sheets filled as a test needs.

A scenario writes its table as a position: the year, the sheets by their named areas as the
printed sheets name them (``sheets=[{"wall": 3, "pool": {"builder": 2}}]``), the cards held
(`deal`, `stack_fate`); `GAME.from_position` reads it and refuses a table the rules could not
reach. A scenario changed on the way (`amended`) is written and read again the same way."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from typing import Any

from tabulae.core import Action
from tabulae.core.conformance import snapshot
from tabulae.games.hadrians_wall import GAME, HadriansWallTable
from tabulae.games.hadrians_wall import sheet as S
from tabulae.games.hadrians_wall.components import BUILDING_INDEX, CARD_INDEX, FATE_CARDS, POOL
from tabulae.i18n import glossary, translator

Sheets = Sequence[Mapping[str, Any]]
"""Per seat, from seat 0, named areas of his sheets as the position format writes them, each
replacing the one of the sheets they are written over (a nested area only in the parts
given)."""


def in_year(players: int = 1, seed: int = 0, year: int = 1, **given) -> HadriansWallTable:
    """A game in the actions of `year`, read from its `position` (which takes the rest)."""
    return GAME.from_position(position(players, seed, year, **given))


def position(
    players: int = 1,
    seed: int = 0,
    year: int = 1,
    phase: str = "actions",
    sheets: Sheets = (),
    prospects: Mapping[int, str] | None = None,
    neutral: Sequence[str] = (),
    fate: Sequence[str] = (),
    **options,
) -> dict[str, Any]:
    """The JSON position of a seeded game at `phase` of `year`, every earlier year played by
    each player taking his first drawn card as his Path, passing and defending without
    favours; in the actions, every pool is empty. A seat given `sheets` has fresh sheets with
    an empty pool and those named areas (`Sheets`), so a scenario sets exactly what it needs;
    `prospects` names seats' current Prospect cards (seat: card), `neutral` the Neutral cards
    face up, `fate` the Fate cards on top of the deck, the first named drawn first."""
    table = GAME.new(players, seed=seed, **options)
    while (table.year, table.phase) != (year, phase):
        assert table.phase != "over", f"the game ended before {phase} of year {year}"
        if table.phase == "actions":
            end_year(table)
        else:
            for seat in table.to_move:
                table.apply(
                    seat,
                    table.legal_actions(seat)[0] if table.phase == "choose" else Action("defend"),
                )
    data = json.loads(json.dumps(table.position()))
    if phase == "actions":
        for sheet in data["table"]["sheets"]:
            sheet["pool"] = dict.fromkeys(POOL, 0)
    for seat, named in enumerate(sheets):
        data["table"]["sheets"][seat] = S.write(sheet_with(**named))
    for seat, card in (prospects or {}).items():
        _swap_in(data["table"], seat, "prospects", -1, card)
        data["table"]["chosen"][seat] = data["table"]["paths"][seat][-1]
    for at, card in enumerate(neutral):
        _face_up(data["table"], at, card)
    stack_fate(data, *fate)
    return data


def _over(written: dict[str, Any], areas: Mapping[str, Any]) -> None:
    for name, value in areas.items():
        if isinstance(value, Mapping) and isinstance(written.get(name), dict):
            _over(written[name], value)
        else:
            written[name] = value


def amended(state: HadriansWallTable, sheets: Sheets) -> HadriansWallTable:
    """The game in play with the named areas of `sheets` written over its sheets, read back
    from its position (so checked as any position is)."""
    data = json.loads(json.dumps(state.position()))
    for written, named in zip(data["table"]["sheets"], sheets, strict=False):
        _over(written, named)
    return GAME.from_position(data)


def areas(state: HadriansWallTable, seat: int = 0) -> dict[str, Any]:
    """A player's sheets by their named areas, as the position format writes them."""
    return S.write(state.sheets[seat])


def sheet_with(**named: Any) -> list[int]:
    """Fresh sheets with these named areas filled: sheet_with(wall=14, disdain={"circled": 2})."""
    data = S.write(S.new_sheet())
    _over(data, named)
    return S.read(data, "sheet")


_HELD = ("decks", "drawn", "paths", "prospects")


def deal(data: dict[str, Any], seat: int, **held: tuple[str, ...]) -> None:
    """Give `seat` the named player cards, e.g. deal(data, 0, paths=("defender", "vanguard")):
    each is swapped with the card in its place, so every card stays in exactly one place."""
    table = data["table"]
    for pile, cards in held.items():
        for at, card in enumerate(cards):
            _swap_in(table, seat, pile, at, card)
    if table["phase"] != "choose":
        table["chosen"][seat] = table["paths"][seat][-1]


def _swap_in(table: dict[str, Any], seat: int, pile: str, at: int, card: str) -> None:
    """Put `card` at place `at` of the seat's `pile`, swapped with the card there."""
    wanted = CARD_INDEX[card]
    ((source, where),) = [
        (other, i) for other in _HELD for i, c in enumerate(table[other][seat]) if c == wanted
    ]
    table[source][seat][where] = table[pile][seat][at]
    table[pile][seat][at] = wanted


def _face_up(table: dict[str, Any], at: int, card: str) -> None:
    """Make `card` the Neutral card face up at place `at`, swapped with the card there."""
    wanted = CARD_INDEX[card]
    for pile in ("neutral_deck", "neutral_cards"):
        if wanted in table[pile]:
            table[pile][table[pile].index(wanted)] = table["neutral_cards"][at]
    table["neutral_cards"][at] = wanted


def stack_fate(data: dict[str, Any], *fate_ids: str) -> None:
    """Put Fate cards on top of the deck of a position, the first named drawn first."""
    table = data["table"]
    indices = [i for f in fate_ids for i, c in enumerate(FATE_CARDS) if c.id == f]
    table["fate_deck"] = [i for i in table["fate_deck"] if i not in indices] + indices[::-1]


def give(state: HadriansWallTable, seat: int = 0, **pieces: int) -> None:
    """Set a player's workers and resources, e.g. give(state, resource=2, soldier=1)."""
    for name, amount in pieces.items():
        state.sheets[seat][S.POOL_AT + POOL.index(name)] = amount


def pool(state: HadriansWallTable, seat: int = 0) -> dict[str, int]:
    """The workers and resources a player holds, those he has none of left out."""
    return {piece: n for piece, n in areas(state, seat)["pool"].items() if n}


def build(state: HadriansWallTable, *buildings: str, seat: int = 0) -> None:
    """Mark buildings as built without paying (the position a rulebook example starts from)."""
    for b in buildings:
        state.sheets[seat][S.BUILT + BUILDING_INDEX[b]] = 1


def prospect(state: HadriansWallTable, seat: int, card: str) -> None:
    """Make `card` the seat's current Prospect card."""
    state.prospects[seat][-1] = CARD_INDEX[card]


def fate_on_top(state: HadriansWallTable, *fate_ids: str) -> None:
    """Put Fate cards on top of the deck, the first named drawn first."""
    indices = [i for f in fate_ids for i, c in enumerate(FATE_CARDS) if c.id == f]
    rest = [i for i in state.fate_deck if i not in indices]
    state.fate_deck = rest + list(reversed(indices))


def fate_with(**fields) -> str:
    """The id of the first Fate card whose fields match, e.g. fate_with(trade_good=6)."""
    for card in FATE_CARDS:
        if all(getattr(card, k) == v for k, v in fields.items()):
            return card.id
    raise LookupError(fields)


def play(table: HadriansWallTable, seat: int, *moves: str) -> None:
    """Play actions of `seat`."""
    for move in moves:
        table.apply(seat, Action.parse(move))


def refused(state: HadriansWallTable, seat: int, text: str) -> str:
    """Apply an action that must be refused; check nothing changed and return the reason."""
    from tabulae.core import IllegalAction

    before = snapshot(state)
    try:
        state.apply(seat, Action.parse(text))
    except IllegalAction as error:
        assert snapshot(state) == before, f"refusing '{text}' changed the state"
        return error.reason
    raise AssertionError(f"'{text}' was accepted")


def end_year(state: HadriansWallTable) -> None:
    """Everyone passes; the attack follows (favour choices left to the test)."""
    for seat in range(state.players):
        if not state.ended_year[seat]:
            while state.pending[seat]:
                state.apply(seat, state.legal_actions(seat)[0])
            state.apply(seat, Action("pass"))


NAMES = ["Ala", "Bartek", "Celina", "Darek", "Ewa", "Feliks"]


# Words that are no language's: the players' names and the Latin of the rulebook's titles.
PROPER = {*NAMES, "Ludus", "Gladiatorius"}


DOTTED = re.compile(r"\b[a-z_]+\.[a-z_]+(?:\.[a-z_0-9]+)+")


PAIR = re.compile(r"\b\w+=")


SNAKE = re.compile(r"\b[a-z]+_[a-z0-9_]+\b")


LATIN = re.compile(r"[A-Za-z]{2,}")


WORD = re.compile(r"[^\W\d_]{3,}")


FIELD = re.compile(r"\{[^{}]*\}")


def catalog(lang: str) -> dict[str, str]:
    return translator(lang).catalog(GAME).messages


def words(text: str) -> set[str]:
    """The words of a text of three letters or more, its {fields} left out."""
    return {word.lower() for word in WORD.findall(FIELD.sub(" ", text))}


def glossary_words(lang: str) -> set[str]:
    return set().union(*(words(names.get(lang, "")) for names in glossary(GAME).values()))


# The words of the English messages and names; in Polish or Dutch, any of them is English
# unless the language's own glossary uses it (Forum, Fort, Centurion...) or it is a word the
# two languages share.
ENGLISH = set().union(*map(words, catalog("en").values())) | glossary_words("en")


SHARED = {
    "pl": glossary_words("pl"),
    "nl": glossary_words("nl") | {"bonus", "later", "per", "rest", "stop", "training"},
}


def check(text: str | None, lang: str, what: str) -> None:
    assert text, f"{lang}: nothing shown for {what}"
    assert not DOTTED.search(text), f"{lang}: a message key in {text!r} ({what})"
    assert not PAIR.search(text), f"{lang}: a name=value pair in {text!r} ({what})"
    assert not SNAKE.search(text), f"{lang}: an id in {text!r} ({what})"
    if lang == "en":
        return
    if lang == "ru":
        latin = [word for word in LATIN.findall(text) if word not in PROPER]
        assert not latin, f"ru: Latin words {latin} in {text!r} ({what})"
        return
    english = words(text) & ENGLISH - SHARED[lang] - {name.lower() for name in PROPER}
    assert not english, f"{lang}: English words {sorted(english)} in {text!r} ({what})"
