"""`tabulae learn`: a course at the terminal, played as a learner types it."""

from __future__ import annotations

import pytest

from .driver import converse

TOY = "tests.plugin_games.tesserae:GAME"


@pytest.fixture
def state_home(tmp_path, monkeypatch):
    """A folder of its own for the lessons done, read by the command the test starts."""
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    return tmp_path


def scripted(*answers: str):
    """Answers each prompt with the next of `answers`; Enter once they are used up."""
    remaining = list(answers)

    def answer(prompt: str) -> str:
        return remaining.pop(0) if remaining else ""

    return answer


def test_the_toy_lesson_is_completed_and_a_wrong_action_hears_the_lesson_s_words(state_home):
    # Enter past the first step, pass (refused), draw (by its number), play 9 in notation.
    out, code = converse("learn", TOY, "--lang", "pl", answer=scripted("", "pass", "1", "play 9"))
    assert code == 0, out
    assert "Lekcje: Tesserae" in out and "1.     Runda Tesserae" in out
    assert "Masz płytki 6 i 9." in out and "Krok 1 z 3" in out
    assert "Płytki w ręce" in out and "│ 6, 9 " in out  # the table as the game's renderer draws it
    assert "│ 2, 6, 9 " in out  # after the draw the learner was taught
    assert "Więcej płytek wygrywa więcej rund; dobierz jedną." in out  # the step's `otherwise`
    assert out.index("Więcej płytek") < out.index("Zagraj 9.")
    assert "Lekcja ukończona" in out
    assert "Dobrałeś, zagrałeś najwyższą płytkę i zdobyłeś punkt." in out
    assert "a-round" in (state_home / "tabulae" / "lessons.json").read_text()
    # Done: the course shows it ticked, and there is nothing left to run from.
    again, code = converse("learn", TOY, answer=scripted())
    assert code == 0 and "✓  A round of Tesserae" in again
    assert "You have done every lesson" in again and "Step 1 of 3" not in again


def test_a_lesson_is_chosen_by_its_id_and_an_unknown_one_is_refused(state_home):
    out, code = converse("learn", TOY, "--lesson", "a-round", answer=scripted("q"))
    assert code == 0 and "You hold the tiles 6 and 9." in out
    assert not (state_home / "tabulae" / "lessons.json").exists()  # stopped, not done
    out, code = converse("learn", TOY, "--lesson", "nope", "--lang", "nl", answer=scripted())
    assert code == 2 and "Er is geen les nope; de lessen zijn: a-round." in out
