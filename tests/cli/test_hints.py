"""At the terminal, `h` shows the strongest bot's best moves, numbered as the choices are, so
the player can type one of those numbers."""

import json
import re

from tabulae.core import Action, Match

from .driver import converse

TOY = "tests.plugin_games.tesserae:GAME"
# A hint's row: the choice's number, its label, its notation, then why.
ROW = re.compile(r"│ (\d+)  .+?  (draw|pass|play \d+) +expected (?:share of wins|score)")


def play(tmp_path, replies: list[str], *args: str) -> str:
    answers = iter(replies)
    text, code = converse(
        "play",
        TOY,
        "--seats",
        "human,easy",
        "--seed",
        "3",
        *args,
        answer=lambda prompt: next(answers),
        cwd=tmp_path,
    )
    assert code == 0, text
    return text


def test_h_shows_up_to_three_moves_by_their_choice_numbers(tmp_path):
    text = play(tmp_path, ["h", "2", "h", "q"])
    assert text.count("Hint: the strongest bot's best moves") == 2
    first, second = text.split("Hint:")[1:3]
    start = Match(TOY, 2, seed=3).start()
    legal = start.legal_actions(0)
    rows = ROW.findall(first)
    assert len(rows) == min(3, len(legal))
    assert {str(legal[int(number) - 1]) for number, _ in rows} == {n for _, n in rows}
    assert 1 <= len(ROW.findall(second)) <= 3
    saved = json.loads((tmp_path / "tesserae-3.json").read_text())
    assert Action.from_json(saved["actions"][0][1]) == legal[1]  # the number typed was played


def test_the_hint_speaks_the_player_s_language(tmp_path):
    text = play(tmp_path, ["h", "q"], "--lang", "pl")
    assert "Podpowiedź: najlepsze ruchy najsilniejszego bota" in text
    assert "oczekiwany udział zwycięstw" in text


def test_the_help_screen_names_the_hint_command(tmp_path):
    text = play(tmp_path, ["?", "q"])
    assert "h · hint" in text
    assert "what the strongest bot would play here" in text
