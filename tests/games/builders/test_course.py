"""The Builders' course of lessons covers the rulebook: a lesson for each part of the rules, in
which the learner takes the actions that part is about; the rulebook's worked examples rebuilt,
ending where the rulebook says; and every board part a step points at drawn by the board at
that step. That each lesson plays legally and speaks four languages is checked for every game
in tests/games/test_lessons.py."""

from __future__ import annotations

import re
from collections.abc import Callable
from importlib import resources

import pytest

import tabulae
from tabulae.core import Action
from tabulae.core.lesson_run import LessonRun
from tabulae.core.lessons import Lesson
from tabulae.games.builders.actions import NUMBER
from tabulae.games.builders.components import BUILDINGS, MACHINES, MATERIALS, RULES, TOOLS
from tabulae.games.builders.table import BuildersTable

GAME = tabulae.all_games()["builders"]
LESSONS = {lesson.id: lesson for lesson in GAME.lessons()}
LIGHTHOUSE = NUMBER["lighthouse_of_alexandria"]


def before(lesson: Lesson, step: int) -> BuildersTable:
    """The position the learner sees at `step` (0 the first), each earlier step played."""
    state = LessonRun.at_step(GAME, lesson, step).state
    assert isinstance(state, BuildersTable)
    return state


def after(lesson: Lesson, expected: str) -> BuildersTable:
    """The position right after the learner's action `expected`, before the replies to it."""
    run = LessonRun(GAME, lesson)
    while not run.finished:
        step = run.step
        assert step is not None
        if step.expect is None:
            run.go_on()
            continue
        if step.expect == Action.parse(expected):
            run.state.apply(lesson.seat, step.expect)
            assert isinstance(run.state, BuildersTable)
            return run.state
        run.play(step.expect)
    raise AssertionError(f"{lesson.id} never expects {expected}")


def learner_actions(lesson: Lesson) -> list[str]:
    return [str(step.expect) for step in lesson.steps if step.expect is not None]


def starts_a_new_game_and_plays_a_whole_turn(lesson: Lesson) -> bool:
    kinds = {Action.parse(a).kind for a in learner_actions(lesson)}
    return lesson.start.position is None and {"start", "send", "hire", "end"} <= kinds


def starts_two_buildings_in_a_turn(lesson: Lesson) -> bool:
    return sum(a.startswith("start ") for a in learner_actions(lesson)) >= 2


def hires_and_pays_the_wage_only_when_sending(lesson: Lesson) -> bool:
    hired = next(a.split()[1] for a in learner_actions(lesson) if a.startswith("hire "))
    sesterces = before(lesson, 0).sesterces[lesson.seat]
    paid_on_hiring = after(lesson, f"hire {hired}").sesterces[lesson.seat] != sesterces
    sends = [a for a in learner_actions(lesson) if a.startswith(f"send {hired} ")]
    return not paid_on_hiring and bool(sends)


def sends_a_second_worker_to_one_building_for_two_more_actions(lesson: Lesson) -> bool:
    craftsman = after(lesson, "send craftsman_1 lighthouse_of_alexandria")
    apprentice = after(lesson, "send apprentice_2 lighthouse_of_alexandria")
    return (craftsman.actions_used, apprentice.actions_used) == (1, 3)


def takes_sesterces_and_buys_an_action(lesson: Lesson) -> bool:
    took = after(lesson, "take 6")
    sent = after(lesson, "send apprentice_1 trading_post")
    extra_and_wage = RULES.extra_action_cost + 2
    return (took.actions_used, sent.actions_used) == (3, 4) and (
        sent.sesterces[0] == took.sesterces[0] - extra_and_wage + 6
    )


def cannot_send_a_worker_it_cannot_pay(lesson: Lesson) -> bool:
    start = before(lesson, 0)
    master = NUMBER["master_2"]
    unpaid = start.wage(master) > start.sesterces[lesson.seat]
    refused = Action.parse("send master_2 noble_house") not in start.legal_actions(lesson.seat)
    return unpaid and refused and "send master_2 noble_house" in learner_actions(lesson)


def sends_a_finished_machine_for_no_wage(lesson: Lesson) -> bool:
    built = after(lesson, "send apprentice_1 machine_saw")
    sent = after(lesson, "send machine_saw port")
    saw = NUMBER["machine_saw"]
    return (
        saw in built.idle[lesson.seat]
        and built.victory_points[0] == 2
        and sent.sesterces[0] == built.sesterces[0] + BUILDINGS[NUMBER["port"] - 1].coins
    )


def takes_a_loan(lesson: Lesson) -> bool:
    took = after(lesson, "loan")
    return took.loans[0] == 1 and took.sesterces[0] == before(lesson, 0).sesterces[0] + 10


def buys_sends_and_frees_a_slave(lesson: Lesson) -> bool:
    bought = after(lesson, "buy slave slave_1")
    freed = after(lesson, "free slave_1")
    slave = NUMBER["slave_1"]
    return (
        bought.sesterces[0] == before(lesson, 0).sesterces[0] - RULES.slave_price
        and "send slave_1 rural_house" in learner_actions(lesson)
        and slave in freed.freed
    )


def triggers_the_end_and_is_scored(lesson: Lesson) -> bool:
    last = before(lesson, len(lesson.steps))
    result = last.result()
    return last.game_over and result is not None and result.winners == (lesson.seat,)


PARTS: dict[str, tuple[str, Callable[[Lesson], bool]]] = {
    "set-up and the goal": ("setup-and-goal", starts_a_new_game_and_plays_a_whole_turn),
    "taking a building": ("start-construction", starts_two_buildings_in_a_turn),
    "hiring a worker": ("hire-worker", hires_and_pays_the_wage_only_when_sending),
    "sending workers to work": (
        "send-to-work",
        sends_a_second_worker_to_one_building_for_two_more_actions,
    ),
    "taking sesterces and buying actions": ("take-sesterces", takes_sesterces_and_buys_an_action),
    "paying workers": ("wages", cannot_send_a_worker_it_cannot_pay),
    "machines": ("machines", sends_a_finished_machine_for_no_wage),
    "loans": ("loans", takes_a_loan),
    "slaves": ("slaves", buys_sends_and_frees_a_slave),
    "the end and scoring": ("end-and-scoring", triggers_the_end_and_is_scored),
}
EXAMPLES = ("send-to-work", "lighthouse-completed", "tools", "university")


def test_the_course_has_at_least_eight_lessons():
    assert len(LESSONS) >= 8


@pytest.mark.parametrize("part", PARTS)
def test_each_part_of_the_rules_has_a_lesson_in_which_the_learner_plays_it(part):
    lesson_id, played = PARTS[part]
    assert lesson_id in LESSONS, f"no lesson for {part}"
    assert played(LESSONS[lesson_id]), f"{lesson_id} does not show {part}"


@pytest.mark.parametrize("lesson", LESSONS.values(), ids=list(LESSONS))
def test_each_lesson_has_several_steps_and_the_learner_acts_in_most(lesson):
    acting = sum(step.expect is not None for step in lesson.steps)
    assert len(lesson.steps) >= 3 and acting * 2 > len(lesson.steps)


@pytest.mark.parametrize("lesson_id", EXAMPLES)
def test_each_rulebook_example_quotes_its_passage(lesson_id):
    source = LESSONS[lesson_id].source
    assert source is not None
    assert "Rulebook" in source["en"] and "Instrukcja" in source["pl"]


def test_a_craftsman_goes_to_the_lighthouse_for_one_action_and_four_sesterces():
    """Rulebook, "Sending a worker to work" (lesson send-to-work): "Sending a Worker to work on
    the Lighthouse of Alexandria costs the player 1 action and 4 sesterces. [...] If in the same
    turn he sent a second Worker to the same Building, it costs 2 more actions. [...] If in one
    turn the player sends two Workers to two different Buildings, it costs only one action per
    Worker, 2 actions in all."
    """
    lesson = LESSONS["send-to-work"]
    start = before(lesson, 0)
    sent = after(lesson, "send craftsman_1 lighthouse_of_alexandria")
    assert sent.actions_used == 1
    assert sent.sesterces[0] == start.sesterces[0] - 4
    assert sent.sites[0][LIGHTHOUSE].supplied == [3, 0, 1, 0]
    second = after(lesson, "send apprentice_2 lighthouse_of_alexandria")
    assert second.actions_used == 1 + 2
    two_buildings = after(lesson, "send apprentice_1 trading_post")
    assert two_buildings.actions_used == 2, "a new turn: one action on each of two buildings"
    trading_post = NUMBER["trading_post"]
    assert two_buildings.sent_this_turn == {LIGHTHOUSE: 1, trading_post: 1}
    assert trading_post in two_buildings.finished[0]


def test_the_laborer_finishes_the_lighthouse_for_fourteen_sesterces_and_five_vp():
    """Rulebook, "Completing a building" (lesson lighthouse-completed): "After sending a Laborer
    to work on the Lighthouse of Alexandria (for 3 sesterces) the player finished building it.
    The Lighthouse needed 2 Stone, 4 Wood, 1 Architecture and 3 Decoration. Adding the Laborer
    to the crew supplied the missing 1 Wood and 2 Decoration [...] The player receives from the
    bank the 14 sesterces shown on the Lighthouse card, then turns the card over and lays it
    beside his other finished Buildings, securing 5 victory points."
    """
    lesson = LESSONS["lighthouse-completed"]
    start = before(lesson, 0)
    site = start.sites[0][LIGHTHOUSE]
    assert BUILDINGS[LIGHTHOUSE - 1].cost == (2, 4, 1, 3)
    assert site.missing() == [0, 1, 0, 2]
    finished = after(lesson, "send laborer_1 lighthouse_of_alexandria")
    assert LIGHTHOUSE not in finished.sites[0] and finished.finished[0] == [LIGHTHOUSE]
    assert finished.victory_points[0] == start.victory_points[0] + 5
    assert finished.sesterces[0] == start.sesterces[0] - 3 + 14
    crew = [card for card, _ in site.crew] + [NUMBER["laborer_1"]]
    assert set(crew) <= set(finished.idle[0]), "the crew comes back"


def test_a_craftsman_with_a_mallet_goes_to_the_lighthouse_for_one_action_and_four_sesterces():
    """Rulebook, "Buying tools" (lesson tools): "For 2 sesterces the player may choose one of
    the available Tool cards and lay it before him. From then on, when he sends a Worker to
    work, he may equip him with the Tool at no extra cost. [...] Sending this Worker equipped
    with a Mallet to work on the Lighthouse of Alexandria costs 1 action and 4 sesterces. The
    player had already spent 2 sesterces on buying the Mallet."
    """
    lesson = LESSONS["tools"]
    start = before(lesson, 0)
    bought = after(lesson, "buy tool mallet")
    assert bought.sesterces[0] == start.sesterces[0] - 2 and bought.actions_used == 1
    sent = after(lesson, "send craftsman_1 lighthouse_of_alexandria mallet")
    assert sent.sesterces[0] == bought.sesterces[0] - 4
    assert sent.actions_used == bought.actions_used + 1
    assert sent.sites[0][LIGHTHOUSE].supplied == [3 + 1, 0, 1, 0], "the Mallet's 1 Stone"


def test_a_trained_craftsman_still_goes_to_the_lighthouse_for_four_sesterces():
    """Rulebook, "Training a worker" (lesson university): "For 7 sesterces the player may train
    one of his available Workers [...] The new Materials replace the old Materials on the Worker
    card. The cost of sending the Worker to work does not rise. [...] After training this Worker
    at the cost of 1 action and 7 sesterces, sending him to work on the Lighthouse of
    Alexandria costs the player 1 action and 4 sesterces."
    """
    lesson = LESSONS["university"]
    start = before(lesson, 0)
    craftsman = NUMBER["craftsman_5"]
    trained = after(lesson, "train craftsman_5 decoration")
    assert trained.sesterces[0] == start.sesterces[0] - 7 and trained.actions_used == 1
    assert trained.provides(craftsman) == (0, 3, 0, 3), "his Decoration is 3 now"
    sent = after(lesson, "send craftsman_5 lighthouse_of_alexandria")
    assert sent.sesterces[0] == trained.sesterces[0] - 4
    assert sent.actions_used == trained.actions_used + 1


def test_the_end_lesson_scores_as_it_says():
    """Lesson end-and-scoring says: the slave freed during the turn, the loan repaid at the end,
    19 VP and 7 sesterces: 19.7, against the opponent's 16 VP and 21 sesterces: 18.1."""
    lesson = LESSONS["end-and-scoring"]
    last = before(lesson, len(lesson.steps))
    result = last.result()
    assert result is not None and result.scores == (19.7, 18.1)
    assert last.victory_points == [19, 16] and last.sesterces == [7, 21]
    assert last.loans == [0, 0] and last.slaves_of(0) == []


# -- what the steps point at --

BOARD_JS = resources.files("tabulae.games.builders").joinpath("web/board.js").read_text("utf-8")
AREAS = set(re.findall(r'"data-area": "([a-z]+)"', BOARD_JS))
ATTRIBUTE = re.compile(r"\[(data-[a-z]+)(?:=['\"]?([a-z0-9_]+)['\"]?)?\]")
DRAWN_ATTRIBUTES = set(re.findall(r'"(data-[a-z]+)"', BOARD_JS))
POINTS = [
    (lesson, n) for lesson in LESSONS.values() for n, step in enumerate(lesson.steps) if step.point
]


def cards_in(table: BuildersTable, seat: int | None, area: str | None) -> set[int]:
    """The cards the board draws in an area (of a seat's, if given) at this position."""
    seats = range(table.players) if seat is None else [seat]
    places: dict[str, set[int]] = {
        "buildings": set(table.building_row),
        "workers": set(table.worker_row),
        "investments": set(table.slave_stack),
        "idle": {card for s in seats for card in table.idle[s]},
        "sites": {
            card
            for s in seats
            for site in table.sites[s].values()
            for card in (site.building, *(member for member, _ in site.crew))
        },
        "finished": {b for s in seats for b in table.finished[s] if b not in MACHINES},
    }
    if area is None:
        return set().union(*places.values())
    return places.get(area, set())


@pytest.mark.parametrize(
    ("lesson", "step"), POINTS, ids=[f"{lesson.id}-{n + 1}" for lesson, n in POINTS]
)
def test_each_pointed_part_is_drawn_by_the_board_at_that_step(lesson, step):
    table = before(lesson, step)
    for selector in lesson.steps[step].point:
        found = dict(ATTRIBUTE.findall(selector))
        assert found and set(found) <= DRAWN_ATTRIBUTES, selector
        seat = int(found["data-seat"]) if "data-seat" in found else None
        assert seat is None or seat < table.players, selector
        area = found.get("data-area")
        assert area is None or area in AREAS, selector
        if area in ("idle", "sites", "finished"):
            assert seat is not None, f"{selector}: every player has one, name the seat"
        if area == "turn":
            assert not table.game_over, "the turn bar is drawn only while the game goes on"
        if "data-site" in found:
            sites = {b for s in range(table.players) for b in table.sites[s]}
            assert int(found["data-site"]) in sites, selector
        if "data-card" in found:
            assert int(found["data-card"]) in cards_in(table, seat, area), selector
        if "data-tool" in found:
            offered = {TOOLS[material].word for material in table.tool_stack}
            assert found["data-tool"] in offered, selector
        if "data-material" in found:
            assert found["data-material"] in MATERIALS, selector
            if ".university" in selector:
                offered = {MATERIALS[m] for m in table.university_stack}
                assert found["data-material"] in offered, selector
