"""Every game's lessons, played as a learner plays them: each expected action legal at its step,
each reply legal, any other legal action refused with the step's own words, and every text in
the four languages; the toy game's lesson among them. Each game's own tests check that its
course covers the rulebook."""

from __future__ import annotations

import pytest

import tabulae
from tabulae.core.lesson_run import LessonRun, lesson_problems
from tabulae.core.lessons import LANGUAGES, Refused, texts
from tests.plugin_games.tesserae.game import Tesserae

TAUGHT = [game for game in (*tabulae.all_games().values(), Tesserae()) if game.lessons()]
LESSONS = [(game, lesson) for game in TAUGHT for lesson in game.lessons()]


@pytest.mark.parametrize(("game", "lesson"), LESSONS, ids=lambda x: getattr(x, "id", ""))
def test_each_lesson_plays_legally_and_refuses_any_other_action(game, lesson):
    assert lesson_problems(game, lesson) == []
    run = LessonRun(game, lesson)
    while not run.finished:
        step = run.step
        assert step is not None
        if step.expect is None:
            run.go_on()
            continue
        others = [a for a in run.state.legal_actions(lesson.seat) if a != step.expect]
        for other in others[:3]:
            with pytest.raises(Refused) as refused:
                run.play(other)
            assert refused.value.text == step.otherwise
        run.play(step.expect)


@pytest.mark.parametrize(("game", "lesson"), LESSONS, ids=lambda x: getattr(x, "id", ""))
def test_each_lesson_speaks_every_language(game, lesson):
    for text in texts(lesson):
        assert set(text) == set(LANGUAGES), (lesson.id, text["en"])
