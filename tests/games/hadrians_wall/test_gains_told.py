"""The log tells what a move gave: a performance's and a Wall box's rewards, and what the
year's Fate card brings every player, in each player's language."""

from tabulae.games.hadrians_wall import GAME
from tabulae.games.hadrians_wall.components import FATE_CARDS, POOL
from tabulae.i18n import GameText, translator

from .helpers import in_year, play


def told(state, key):
    return [event for event in state.events if event.key == f"hadrians_wall.{key}"][-1]


def words(lang, event):
    return GameText(translator(lang), GAME, ["Ala"]).event(event)


def test_a_performance_tells_its_rewards():
    theatre = {"built": ["theatre"], "citizens": {"performers": 1}, "pool": {"resource": 1}}
    state = in_year(sheets=[theatre])
    play(state, 0, "perform 1")
    event = told(state, "perform")
    assert event.args == {"seat": 0, "performance": 1, "reward": ["trader"]}
    assert words("en", event) == "Ala puts on performance 1 at the Theatre; gains: Trader."
    assert words("ru", event).endswith("получено: Торговец.")


def test_a_wall_box_tells_its_rewards_and_an_empty_one_that_it_gives_nothing():
    state = in_year(sheets=[{"wall": 2, "fort": 7, "pool": {"resource": 2}}])
    play(state, 0, "wall")
    event = told(state, "wall")
    assert event.args == {"seat": 0, "box": 3, "reward": ["civilian"]}
    assert words("en", event) == "Ala builds Wall box 3; gains: Civilian."
    play(state, 0, "wall")
    assert told(state, "wall").args["reward"] == ["renown", "cohort"]
    assert words("pl", told(state, "wall")).startswith("Ala wykreśla pole Muru 4; zysk: ")
    state = in_year(sheets=[{"wall": 1, "fort": 7, "pool": {"resource": 1}}])
    play(state, 0, "wall")
    assert told(state, "wall").args["reward"] is None
    assert words("en", told(state, "wall")) == "Ala builds Wall box 2; gains: —."


def test_a_year_tells_what_its_fate_card_brings_every_player():
    state = GAME.new(2, seed=5)
    event = told(state, "year")
    card = next(card for card in FATE_CARDS if card.id == event.args["fate_card"])
    brought = {word: n for word, n in zip(POOL, card.items, strict=True) if n}
    assert brought and event.args["items"] == brought
    for lang in ("en", "pl", "nl", "ru"):
        text = words(lang, event)
        # the Fate cards have no printed numbers: the log says what the card brings, not its id
        named = GameText(translator(lang), GAME, ["Ala"]).term(card.id)
        assert named not in text and all(f": {n}" in text for n in brought.values()), (lang, text)
