"""The log names the fourth apprentice by the pair of materials the game's option gives him
(ruling B-03), not by both pairs the sources disagree on."""

import pytest

from tabulae.core import Action
from tabulae.games.builders import GAME
from tabulae.i18n import LANGUAGES, GameText, translator

NAMES = ["Ala", "Bartek", "Celina", "Darek"]
PAIRS = {
    "stone_decoration": {"en": "Stone 1, Decoration 1", "pl": "Kamień 1, Dekoracja 1"},
    "stone_architecture": {"en": "Stone 1, Architecture 1", "pl": "Kamień 1, Element"},
}


@pytest.mark.parametrize("option", sorted(PAIRS))
def test_the_fourth_apprentice_is_told_with_the_materials_the_option_gives_him(option):
    state = GAME.new(4, seed=1, fourth_apprentice=option)  # four players: every apprentice dealt
    told = f"apprentice_4_{option}"
    (seat,) = [int(s) for s, word in state.events[0].args["apprentices"].items() if word == told]
    for lang in LANGUAGES:
        text = GameText(translator(lang), GAME, NAMES).event(state.events[0])
        assert "/" not in text, (lang, text)
    english = GameText(translator("en"), GAME, NAMES)
    assert f"Apprentice ({PAIRS[option]['en']})" in english.event(state.events[0])
    while state.to_move != (seat,):
        state.apply(state.to_move[0], Action("end"))
    building = state.events[0].args["buildings"][0]
    state.apply(seat, Action("start", building))
    state.apply(seat, Action("send", "apprentice_4", building))
    sent = state.events[-1]
    assert sent.key == "builders.sent" and sent.args["card"] == told
    polish = GameText(translator("pl"), GAME, NAMES).event(sent)
    assert PAIRS[option]["pl"] in polish and "/" not in polish


@pytest.mark.parametrize("option", sorted(PAIRS))
def test_the_board_is_given_the_fourth_apprentice_s_word_as_the_log_tells_it(option):
    """The view names each working card by the word the log uses, so the board's card and its
    tooltip name the fourth apprentice with the option's pair, as the log does."""
    state = GAME.new(4, seed=1, fourth_apprentice=option)
    (owner,) = [
        player
        for player in state.view(None)["players"]
        if any(card["id"] == "apprentice_4" for card in player["idle"])
    ]
    (card,) = [card for card in owner["idle"] if card["id"] == "apprentice_4"]
    assert card["word"] == f"apprentice_4_{option}"
    assert all(
        card["word"] == card["id"]
        for player in state.view(None)["players"]
        for card in player["idle"]
        if card["id"] != "apprentice_4"
    )
