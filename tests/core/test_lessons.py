"""Lessons as data: the format's checks, and a lesson played as a learner plays it, on the toy
game, whose package brings its lesson as any plugin game would."""

from __future__ import annotations

import re

import pytest

from tabulae.core import Action
from tabulae.core.lesson_run import LessonRun
from tabulae.core.lessons import LANGUAGES, BadLesson, Lesson, Refused, texts
from tests.plugin_games.tesserae.game import Tesserae

GAME = Tesserae()


def lesson() -> Lesson:
    (only,) = GAME.lessons()
    return only


def test_a_plugin_game_brings_its_lessons_from_its_package():
    found = lesson()
    assert found.id == "a-round" and found.title.in_("nl") == "Een ronde Tesserae"
    assert [step.expect for step in found.steps] == [None, Action("draw"), Action("play", 9)]
    assert all(set(text) == set(LANGUAGES) for text in texts(found))


def test_the_learner_takes_the_expected_actions_and_the_other_seats_reply():
    run = LessonRun(GAME, lesson())
    run.go_on()
    run.play(Action("draw"))
    assert run.state.hands[0] == [2, 6, 9] and run.state.step == "play"  # seat 1 passed
    run.play(Action("play", 9))
    assert run.finished and run.state.points == [1, 0]


def test_any_other_action_is_refused_with_the_steps_own_words():
    run = LessonRun(GAME, lesson())
    with pytest.raises(Refused) as refused:
        run.play(Action("draw"))  # the first step asks only to read
    assert refused.value.text.in_("pl").startswith("Przeczytaj")
    run.go_on()
    with pytest.raises(Refused) as refused:
        run.play(Action("pass"))  # legal in the game, not what the lesson teaches
    assert refused.value.text.in_("ru") == lesson().steps[1].otherwise.in_("ru")
    assert run.at == 1 and run.state.hands[0] == [6, 9]  # nothing was played


def test_a_lesson_is_replayed_to_any_step_and_no_further():
    run = LessonRun.at_step(GAME, lesson(), 2)
    assert run.step == lesson().steps[2] and run.state.hands[0] == [2, 6, 9]
    with pytest.raises(ValueError):
        LessonRun.at_step(GAME, lesson(), 4)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"id": "no spaces"}, "`id` must be a word"),
        ({"title": {"pl": "Bez angielskiego"}}, "English first"),
        ({"title": {"en": "A", "de": "B"}}, "each language"),
        ({"start": {"seed": 1}}, "give `players`"),
        ({"start": {"players": 2, "position": "elsewhere.json"}}, "names a JSON file"),
        ({"steps": []}, "at least one step"),
        ({"steps": [{"say": "Draw.", "expect": "draw"}]}, "says `otherwise`"),
        ({"steps": [{"say": "Draw.", "expect": "", "otherwise": "Draw."}]}, "an empty action"),
        ({"steps": [{"say": "Draw.", "reply": [["1", "pass"]]}]}, "expected [seat, action]"),
        ({"steps": [{"say": "Draw.", "colour": "red"}]}, "expected say, point"),
        ({"chapter": 2}, "unknown fields chapter"),
    ],
)
def test_a_lesson_that_breaks_the_format_is_refused_with_where_and_why(change, words):
    data = {
        "id": "x",
        "title": "X",
        "summary": "Done.",
        "start": {"players": 2},
        "steps": ["Read."],
        **change,
    }
    with pytest.raises(BadLesson, match=re.escape(words)):
        Lesson.from_data(data, "tests")
