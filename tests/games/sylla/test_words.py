"""What a player reads of Sylla is in the player's words, in each of the four languages.

Seeded games are played to their end; at their positions every legal action's label, every
event, what the board shows of each view, the refusal of illegal and hostile actions, and every
lobby option are put into words, and each text is checked for what must never reach a player:
a dotted message key, a ``name=value`` pair, a snake_case id, a number where a card's name
belongs, and in Polish, Dutch and Russian an English word that is not one of the game's proper
names (or a word the language spells the same).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest

from tabulae.core import Action, Event, IllegalAction, Rng, random_steps
from tabulae.games.sylla import GAME
from tabulae.i18n import LANGUAGES, GameText, glossary, translator
from tabulae.i18n.catalogs import read

NAMES = ("Ala", "Bartek", "Cyryl", "Dorota")
SEEDS = range(9)
# Names a language keeps as the rulebook prints them, and words it spells as English does.
PROPER_NAMES = {"senator", "insula", "bank", "ecclesia", "res", "publica", "consul", "colosseum"}
SPELLED_ALIKE = {
    "pl": set(),
    "nl": {"open", "over", "hand", "per", "crisis", "pantheon", "set", "marker", "ladder"},
    "ru": set(),
}
# Action kinds whose arguments are things named by the rulebook, never numbers.
NAMING_KINDS = {"choose", "token", "recruit", "offer", "tilt", "temple", "tavern", "cube"}
NAMING_KINDS |= {"prevent", "remove", "flip"}
# Event arguments that name cards, buildings, events or Great Works (a number of them is a count).
NAMING_ARGS = {"card", "cards", "building", "buildings", "event", "events", "work", "next"}
NAMING_ARGS |= {"great_work", "great_work_removed", "characters"}
HOSTILE = ("xyz 1", "bid -1", "recruit nobody", "offer insula blue", "thumb sideways 1")
HOSTILE += ("free many", "tavern famine up", "cube centurion flood", "choose crane", "pass")


class Position:
    """What one position offers to be read: its seats' legal actions, the refusals of actions
    it does not allow, and each seat's view."""

    def __init__(self, state: Any) -> None:
        self.players = state.players
        self.step = state.step
        self.legal = {seat: state.legal_actions(seat) for seat in state.to_move}
        self.views = [state.view(seat) for seat in (*range(state.players), None)]
        self.refusals = list(refusals(state))


def refusals(state: Any) -> Iterator[IllegalAction]:
    """What the engine answers to actions of every kind it does not allow here, to hostile
    text, to a seat whose turn it is not and to a seat that is not at the table."""
    space = GAME.action_space(state.players)
    seat = state.to_move[0] if state.to_move else 0
    tried = [space.decode(code) for code in range(0, len(space), 23)]
    tried += [Action.parse(text) for text in HOSTILE]
    for action in tried:
        if action not in state.legal_actions(seat):
            yield refused(state, seat, action)
    others = [s for s in range(state.players) if s not in state.to_move]
    if others:
        yield refused(state, others[0], Action("pass"))
    yield refused(state, 9, Action("pass"))


def refused(state: Any, seat: int, action: Action) -> IllegalAction:
    with pytest.raises(IllegalAction) as refusal:
        state.clone().apply(seat, action)
    return refusal.value


@cache
def games() -> tuple[tuple[int, tuple[Event, ...], tuple[Position, ...]], ...]:
    played = []
    for seed in SEEDS:
        players = 2 + seed % 3
        state = GAME.new(players, seed=seed, open_screens=seed % 2 == 1)
        positions = [Position(state)]
        for step, _ in enumerate(random_steps(state, Rng(seed)), start=1):
            if step % 11 == 0 or not state.to_move:
                positions.append(Position(state))
        played.append((players, tuple(state.events), tuple(positions)))
    return tuple(played)


@cache
def english_words() -> frozenset[str]:
    words: set[str] = set()
    for message in read("en", GAME).messages.values():
        words |= set(re.findall(r"[A-Za-z]{3,}", re.sub(r"\{[^}]*\}", " ", message)))
    for names in glossary(GAME).values():
        words |= set(re.findall(r"[A-Za-z]{3,}", names["en"]))
    return frozenset(word.lower() for word in words)


def faults(text: str, lang: str) -> list[str]:
    found = re.findall(r"\bsylla\.[a-z_.]+", text)
    found += re.findall(r"\b\w+=\S+", text)
    found += re.findall(r"\b[a-z]+_[a-z_]+\b", text)
    if lang != "en":
        allowed = PROPER_NAMES | SPELLED_ALIKE[lang]
        english = english_words()
        found += [
            word
            for word in re.findall(r"[A-Za-z]{3,}", text)
            if word.lower() in english and word.lower() not in allowed
        ]
    return found


def check(text: str | None, lang: str, what: Any) -> None:
    assert text, f"{lang}: nothing to show for {what!r}"
    found = faults(text, lang)
    assert not found, f"{lang}: {found} in {text!r} ({what!r})"


def words_in(lang: str) -> Iterator[tuple[GameText, Position | None, Event | None]]:
    for players, events, positions in games():
        text = GameText(translator(lang), GAME, NAMES[:players])
        for event in events:
            yield text, None, event
        for position in positions:
            yield text, position, None


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_action_label_names_what_it_acts_on(lang):
    labelled = 0
    for text, position, _ in words_in(lang):
        for actions in position.legal.values() if position else ():
            for action in actions:
                label = text.action(action)
                check(label, lang, action)
                if action.kind in NAMING_KINDS:  # a number, not an angle ("на 90°")
                    assert not re.search(r"\b\d+\b(?!°)", label), f"{lang}: a number in {label!r}"
                labelled += 1
    assert labelled > 1000


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_event_is_told_with_names(lang):
    kinds = set()
    for text, _, event in words_in(lang):
        if event is None:
            continue
        check(text.event(event), lang, event)
        for name, value in event.args.items():
            if name in NAMING_ARGS and isinstance(value, str | list | dict) and value:
                shown = str(text.show(value, name))
                assert re.search(r"[^\W\d_]", shown), f"{lang}: {name}={shown!r} in {event.key}"
        kinds.add(event.key)
    assert {"sylla.recruit", "sylla.offer", "sylla.thumbs", "sylla.crisis", "sylla.end"} <= kinds


def board_words(view: dict[str, Any]) -> Iterator[str]:
    """The ids a board shows by their rulebook names."""
    yield view["phase"]
    yield from view["ladder"]
    for card in view["events"]:
        if card["event"]:
            yield card["event"]
            yield from card["fought_by"]
            if card["tendency"]:
                yield card["tendency"]
    for slot in view["building_row"]:
        yield slot["colour"]
        if slot["building"]:
            yield slot["building"]
    work = view["great_work"]
    yield from (w for w in (work["current"], work["next"], work["removed"], *work["built"]) if w)
    cards = [*view["display"], *view.get("my_set", [])]
    for player in view["players"]:
        yield player["colour"]
        cards += player["characters"]
        for building in player["buildings"]:
            yield building["building"]
            if building["held_by"]:
                yield building["held_by"]
    for card in cards:
        yield "crane_card" if card["card"] == "crane" else card["card"]
        yield from card["hexes"]
        if card.get("held_by"):
            yield card["held_by"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_what_the_board_shows_of_a_view_is_named(lang):
    steps = set()
    for text, position, _ in words_in(lang):
        for view in position.views if position else ():
            for word in board_words(view):
                assert word in glossary(GAME), f"no rulebook name for {word!r}"
                check(text.term(word), lang, word)
            if view["step"] not in ("", "over"):
                check(text.message(f"sylla.step.{view['step']}"), lang, view["step"])
                steps.add(view["step"])
            for player in view["players"]:
                points = text.message("sylla.board.prestige_points", {"n": player["prestige"]})
                check(points, lang, player)
                if player["money"] is not None:
                    check(text.message("sylla.board.deniers", {"n": player["money"]}), lang, player)
    assert {"choose", "elect", "recruit", "offer", "auction", "cube", "commit"} <= steps


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_refusal_is_in_the_player_s_language(lang):
    keys = set()
    for text, position, _ in words_in(lang):
        for refusal in position.refusals if position else ():
            assert refusal.key and refusal.key.startswith("sylla.refused."), refusal.reason
            check(text.message(refusal.key, refusal.arguments), lang, refusal.key)
            keys.add(refusal.key)
    assert len(keys) >= 15, keys


def test_the_plurals_on_the_player_bars_follow_each_language():
    shown = {
        lang: [
            GameText(translator(lang), GAME, NAMES).message(msgid, {"n": n})
            for msgid in ("sylla.board.prestige_points", "sylla.board.deniers")
            for n in (1, 3, 34)
        ]
        for lang in LANGUAGES
    }
    assert shown["en"] == [
        "1 prestige point",
        "3 prestige points",
        "34 prestige points",
        "1 denier",
        "3 deniers",
        "34 deniers",
    ]
    assert shown["pl"][:3] == ["1 punkt prestiżu", "3 punkty prestiżu", "34 punkty prestiżu"]
    assert shown["ru"][3:] == ["1 денарий", "3 денария", "34 денария"]
    assert shown["nl"][:2] == ["1 punt in aanzien", "3 punten in aanzien"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_lobby_option_and_choice_has_a_label_and_help(lang):
    text = GameText(translator(lang), GAME, NAMES)
    for option in GAME.options:
        check(text.message(f"sylla.option.{option.name}"), lang, option.name)
        check(text.message(f"sylla.option.{option.name}.help"), lang, option.name)
        choices = option.choices or ((option.default,) if isinstance(option.default, str) else ())
        for choice in choices:
            check(text.message(f"sylla.option.{option.name}.{choice}"), lang, choice)


def test_alike_cards_are_told_apart_by_the_colours_they_show():
    """The display may hold both Legionaries: "Recruit: Legionary (red, grey)" and "Recruit:
    Legionary (red)", never a slot number."""
    text = GameText(translator("en"), GAME, NAMES)
    assert text.action(Action("recruit", "legionary_a")) == "Recruit: Legionary (red, grey)"
    assert text.action(Action("recruit", "legionary_b")) == "Recruit: Legionary (red)"
    assert text.action(Action("offer", "market_stall", "red")) == (
        "Offer for sale: Market stall (sale colour: red)"
    )
    polish = GameText(translator("pl"), GAME, NAMES)
    assert polish.action(Action("recruit", "vestal_b")) == "Zrekrutuj: Westalka (szary)"
