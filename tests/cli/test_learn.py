"""`tabulae learn`: a course at the terminal, played as a learner types it."""

from __future__ import annotations

import pytest

import tabulae
from tabulae.core.lesson_run import LessonRun

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


@pytest.mark.parametrize(
    ("game", "lang"), [("sylla", "en"), ("builders", "ru"), ("hadrians_wall", "pl")]
)
def test_the_shortest_lesson_of_each_game_is_completed_at_the_terminal(state_home, game, lang):
    """The learner reads each step, types a legal action the first expected step does not
    teach (answered with the lesson's words), then the actions the lesson asks for."""
    rules = tabulae.load(game)
    lesson = min(rules.lessons(), key=lambda lesson: len(lesson.steps))
    first = next(at for at, step in enumerate(lesson.steps) if step.expect is not None)
    taught = lesson.steps[first].expect
    legal = LessonRun.at_step(rules, lesson, first).state.legal_actions(lesson.seat)
    wrong = next(action for action in legal if action != taught)
    answers = []
    for at, step in enumerate(lesson.steps):
        if at == first:
            answers.append(str(wrong))
        answers.append("" if step.expect is None else str(step.expect))
    out, code = converse(
        "learn", game, "--lesson", lesson.id, "--lang", lang, answer=scripted(*answers)
    )
    assert code == 0, out
    for step in lesson.steps:
        assert step.say.in_(lang) in out
    otherwise = lesson.steps[first].otherwise
    assert otherwise is not None
    refused_at = out.index(otherwise.in_(lang))
    assert out.index(lesson.steps[first].say.in_(lang)) < refused_at
    if first + 1 < len(lesson.steps):
        assert refused_at < out.index(lesson.steps[first + 1].say.in_(lang))
    assert lesson.summary.in_(lang) in out
    assert lesson.id in (state_home / "tabulae" / "lessons.json").read_text()
