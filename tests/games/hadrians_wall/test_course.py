"""Hadrian's Wall's course covers the rulebook: set-up and the goal, the Fate card, every area
of both sheets, the attack, the scoring and the Path cards, solo play, and each worked example
rebuilt as a lesson whose end position is the one the rulebook describes."""

from __future__ import annotations

import json
import re
from importlib import resources
from typing import Any

import pytest

from tabulae.core.lesson_run import LessonRun
from tabulae.core.lessons import Lesson
from tabulae.games.hadrians_wall import GAME
from tabulae.games.hadrians_wall.scoring import disdain_penalty

LESSONS = {lesson.id: lesson for lesson in GAME.lessons()}

REQUIRED = {
    "set-up and the goal": "setup-and-goal",
    "the Fate card": "fate-card",
    "Path and Prospect cards": "path-and-prospect",
    "Cohorts, Mining & Foresting, Wall Guard": "cohorts-mining-guard",
    "Cippi, Wall and Fort": "cippi-wall-fort",
    "Granaries, Resource Production, Training Grounds": "granaries-production-barracks",
    "Hotel, Workshop, Road, Forum, Landmarks, attributes": "buildings-forum-landmarks",
    "citizens, Precincts, Market": "citizens-precincts-market",
    "Theatre and Ludus": "theatre-ludus",
    "Temples and Gardens": "temples-gardens",
    "Baths and Courthouse": "baths-courthouse",
    "Diplomats and Scouts": "diplomats-scouts",
    "the attack": "attack",
    "scoring and Path cards": "scoring-and-paths",
    "solo": "solo",
}

# Each area of the two sheets, as the board marks it, and the lesson that teaches it.
AREAS = {
    "[data-cohort=": "cohorts-mining-guard",
    "[data-track=mining_foresting]": "cohorts-mining-guard",
    "[data-track=wall_guard]": "cohorts-mining-guard",
    "[data-track=cippi]": "cippi-wall-fort",
    "[data-track=wall]": "cippi-wall-fort",
    "[data-track=fort]": "cippi-wall-fort",
    "[data-building=medium_granary]": "granaries-production-barracks",
    "[data-area=resource_production]": "granaries-production-barracks",
    "[data-area=training_grounds]": "granaries-production-barracks",
    "[data-building=small_hotel]": "buildings-forum-landmarks",
    "[data-building=small_workshop]": "buildings-forum-landmarks",
    "[data-building=small_road]": "buildings-forum-landmarks",
    "[data-area=forum]": "buildings-forum-landmarks",
    "[data-landmark=": "buildings-forum-landmarks",
    ".hw-attributes": "buildings-forum-landmarks",
    ".hw-citizens": "citizens-precincts-market",
    "[data-building=medium_precinct]": "citizens-precincts-market",
    "[data-area=market]": "citizens-precincts-market",
    "[data-area=theatre]": "theatre-ludus",
    "[data-area=ludus]": "theatre-ludus",
    "[data-area=temples]": "temples-gardens",
    "[data-building=small_gardens]": "temples-gardens",
    "[data-area=baths]": "baths-courthouse",
    "[data-area=courthouse]": "baths-courthouse",
    "[data-area=disdain]": "baths-courthouse",
    "[data-area=diplomats]": "diplomats-scouts",
    "[data-area=scouts]": "diplomats-scouts",
    "[data-area=scouting_map]": "diplomats-scouts",
}

# The lessons that rebuild a worked example of the rulebook.
EXAMPLES = (
    "fate-card",
    "path-and-prospect",
    "cohorts-mining-guard",
    "cippi-wall-fort",
    "granaries-production-barracks",
    "buildings-forum-landmarks",
    "citizens-precincts-market",
    "theatre-ludus",
    "temples-gardens",
    "baths-courthouse",
    "diplomats-scouts",
    "attack",
    "scoring-and-paths",
    "solo",
)


WEB = resources.files("tabulae.games.hadrians_wall").joinpath("web")
BOARD = WEB.joinpath("board.js").read_text(encoding="utf-8")


def _words(data: Any) -> set[str]:
    """Every key and string of `data` (the printed sheets, a view), as the board names its
    parts."""
    if isinstance(data, dict):
        return {str(key) for key in data} | {w for value in data.values() for w in _words(value)}
    if isinstance(data, list):
        return {w for value in data for w in _words(value)}
    return {data} if isinstance(data, str) else set()


NAMES = (
    _words(json.loads(WEB.joinpath("printed.json").read_text(encoding="utf-8")))
    | _words(GAME.new(2, 1).view(0))
    | set(re.findall(r'"([a-z_]+)"', BOARD))
)
SELECTORS = sorted({s for lesson in LESSONS.values() for step in lesson.steps for s in step.point})


def played(lesson_id: str, steps: int | None = None) -> LessonRun:
    """The lesson played up to `steps` steps (all of them by default)."""
    lesson = LESSONS[lesson_id]
    return LessonRun.at_step(GAME, lesson, len(lesson.steps) if steps is None else steps)


def sheet(run: LessonRun, seat: int = 0) -> dict[str, Any]:
    return run.state.position()["table"]["sheets"][seat]


def events(run: LessonRun, key: str) -> list[dict[str, Any]]:
    return [e["args"] for e in run.state.position()["table"]["events"] if e["key"] == key]


def test_the_course_has_at_least_eight_lessons():
    assert len(LESSONS) >= 8


@pytest.mark.parametrize(("part", "lesson_id"), REQUIRED.items())
def test_each_required_part_has_its_lesson(part, lesson_id):
    assert lesson_id in LESSONS, part


@pytest.mark.parametrize(("area", "lesson_id"), AREAS.items())
def test_every_sheet_area_is_pointed_at_in_its_lesson(area, lesson_id):
    lesson: Lesson = LESSONS[lesson_id]
    assert any(area in selector for step in lesson.steps for selector in step.point), area


@pytest.mark.parametrize("selector", SELECTORS)
def test_each_point_names_parts_the_board_draws(selector):
    for attribute, value in re.findall(r"\[(data-[a-z-]+)(?:='?([^'\]]*)'?)?\]", selector):
        assert f'"{attribute}"' in BOARD, selector
        assert not value or value.isdigit() or value in NAMES, selector
    for name in re.findall(r"\.([a-z][a-z-]*)", selector):
        assert re.search(rf"[\"` ]{name}[\"` $]", BOARD), selector


@pytest.mark.parametrize("lesson_id", EXAMPLES)
def test_each_example_lesson_quotes_its_passage_and_says_where(lesson_id):
    source = LESSONS[lesson_id].source
    assert source is not None
    assert all("(" in words and words.rstrip().endswith(")") for words in source.values())


def test_the_solo_lesson_starts_from_a_one_player_game():
    assert LESSONS["solo"].start.players == 1


def test_fate_card():
    """Rulebook: "Reveal the top Fate card … all players at once take the workers and resources
    shown at its bottom" (Preparing the year, step 1): fate_18 gives 2 soldiers, 1 builder, 2
    servants, 1 civilian, 2 resources; then the Aristocrat Prospect card (1 builder, 1 civilian) and
    the pre-filled Resource Production circle (1 resource)."""
    run = played("fate-card")
    assert events(run, "hadrians_wall.year")[0]["items"] == {
        "soldier": 2,
        "builder": 1,
        "servant": 2,
        "civilian": 1,
        "resource": 2,
    }
    assert sheet(run)["pool"] == {
        "soldier": 2,
        "builder": 2,
        "servant": 2,
        "civilian": 2,
        "resource": 3,
    }


def test_path_and_prospect():
    """Rulebook: "It is year 3. In earlier years this player chose the Defender and Vanguard Paths.
    This year he added the Pontiff to his Path cards and used the Trainer as his Prospect card. He
    gains at once 1 servant and 1 resource." (Choosing player cards)"""
    end = played("path-and-prospect")
    assert end.state.position()["table"]["year"] == 3
    player = end.state.view(0)["players"][0]
    assert player["paths"] == ["vanguard", "defender", "pontiff"]
    assert player["prospect"] == "trainer"
    income = [e for e in events(end, "hadrians_wall.income") if e["seat"] == 0][-1]
    assert income["prospect"] == {"servant": 1, "resource": 1}


def test_cohorts_mining_guard():
    """Rulebook: "After returning 1 servant … he gains 1 resource at once and his Resource
    Production rises by 1." "After returning 1 soldier he fills the next Wall Guard box, which lets
    him fill 1 box of any Cohort." "He could take the left Cohort for 1 Discipline, but it is better
    to fill the first box of the centre Cohort." (Mining & Foresting; Wall Guard; Cohorts)"""
    before = sheet(played("cohorts-mining-guard", 0))
    after = sheet(played("cohorts-mining-guard"))
    assert after["pool"]["resource"] == before["pool"]["resource"] + 1
    assert after["resource_production"] == before["resource_production"] + 1
    assert after["wall_guard"] == 1
    assert after["cohorts"] == {"left": 2, "centre": 1, "right": 0}
    assert after["attributes"]["discipline"] == 0


def test_cippi_wall_fort():
    """Rulebook: "This player has filled the first 6 boxes of his Fort. Until he fills the next Fort
    box he cannot fill the next box of his Cippi." "This player has Infrastructure 3: enough for the
    Medium Granary, too little for the Large." "It is an empty box, so he gains nothing at once; but
    the next time … he will also fill 1 box of a Cohort (the Shield on the next Wall box)."
    (Actions; Cippi, Wall and Fort)"""
    start = played("cippi-wall-fort", 0)
    view = start.state.view(0)["players"][0]["left_sheet"]
    assert view["infrastructure"] == 3
    legal = {str(a) for a in start.state.legal_actions(0)}
    assert "cippi" not in legal and "wall" in legal
    after_wall = played("cippi-wall-fort", 2)
    assert events(after_wall, "hadrians_wall.wall")[-1] == {"seat": 0, "box": 6, "reward": None}
    end = played("cippi-wall-fort")
    assert events(end, "hadrians_wall.wall")[-1]["reward"] == ["cohort"]
    assert sheet(end)["wall"] == 7 and sheet(end)["fort"] == 7 and sheet(end)["cippi"] == 3


def test_medium_granary_opens_the_centre_column():
    """Rulebook: "This player has just built the Medium Granary … He may now fill further boxes of
    his Mining & Foresting and Fort tracks." (Granaries)"""
    start = played("granaries-production-barracks", 0)
    assert "mine" not in {str(a) for a in start.state.legal_actions(0)}
    end = played("granaries-production-barracks")
    assert sheet(end)["mining_foresting"] == 5
    assert sheet(end)["resource_production"] == sheet(start)["resource_production"] + 1
    assert sheet(end)["training_grounds"][0] == 1 and sheet(end)["wall_guard"] == 1


def test_workshop_forum_and_monolith():
    """Rulebook: "He means to build the Small Workshop … He returns 3 resources and gains … 1
    builder at once." "In year 2 this player returned 1 servant and 1 civilian to take the builder
    he needed." "The Monolith needs at least 15 Piety; after returning 1 builder and 2 resources the
    player gains 2 Discipline." "This player has 2 Renown, 16 Piety, 3 Valour and 9 Discipline."
    (Hotel, Workshop and Road; Forum; Landmarks; Attribute tracks)"""
    start = sheet(played("buildings-forum-landmarks", 0))
    assert start["attributes"] == {"renown": 2, "piety": 16, "valour": 3, "discipline": 9}
    after_workshop = sheet(played("buildings-forum-landmarks", 2))
    assert after_workshop["pool"]["resource"] == start["pool"]["resource"] - 3
    assert after_workshop["pool"]["builder"] == start["pool"]["builder"] + 1
    after_forum = sheet(played("buildings-forum-landmarks", 3))
    assert after_forum["forum"][0] == 2
    assert after_forum["pool"]["builder"] == after_workshop["pool"]["builder"] + 1
    end = sheet(played("buildings-forum-landmarks"))
    assert end["attributes"]["discipline"] == 11
    assert end["landmarks"] == ["monolith"]


def test_medium_precinct_and_market():
    """Rulebook: "After returning 1 servant and 2 civilians he gains 1 Discipline, raises his
    Resource Production by 1 and takes 1 resource at once." "This player already has trade goods 4
    and 5 … He draws a card showing 6 and gains 1 Renown for his third different trade good!"
    (Precincts; Market)"""
    start = sheet(played("citizens-precincts-market", 0))
    end = played("citizens-precincts-market")
    assert sheet(end)["attributes"]["discipline"] == 1
    assert sheet(end)["resource_production"] == start["resource_production"] + 1
    assert sorted(good for good in sheet(end)["market"] if good) == [4, 5, 6]
    assert events(end, "hadrians_wall.market")[-1]["renown"] == 1
    assert sheet(end)["attributes"]["renown"] == 1


def test_theatre_and_gladiators():
    """Rulebook: "He may return 1 resource to hold the last performance of the left column or the
    top one of the right column." "The Red Gladiator took 3 damage and survived, gaining 2 Renown.
    The Blue Gladiator took 2 damage, which killed him, and the player gains 2 Piety." (Theatre;
    Ludus Gladiatorius)"""
    start = played("theatre-ludus", 0)
    legal = {str(a) for a in start.state.legal_actions(0)}
    assert {a for a in legal if a.startswith("perform")} == {"perform 3", "perform 4"}
    end = sheet(played("theatre-ludus"))
    assert end["attributes"]["renown"] == 2 and end["attributes"]["piety"] == 2
    assert end["ludus"]["red"]["dead"] is False and end["ludus"]["red"]["filled"] == 3
    assert end["ludus"]["blue"]["dead"] is True and end["ludus"]["blue"]["filled"] == 2


def test_temple_row_gives_piety():
    """Rulebook: "He has filled both boxes of the Small Temple and holds 1 Favour. With his next
    action, filling another box of the Medium Temple, he completes its second row and gains 1
    Piety." (Temples)"""
    start = sheet(played("temples-gardens", 0))
    assert start["temples"] == 5 and start["temple_favours"] == 1
    after = sheet(played("temples-gardens", 2))
    assert after["attributes"]["piety"] == start["attributes"]["piety"] + 1


def test_bribes_and_rulings():
    """Rulebook: "This player gave 1 bribe in year 2 … he may take 2 actions to remove 2 more
    Disdain: the first costs him 1 resource, the second 2." "Year 4, 7 Apparitores: he may gain 1
    servant … then trade that servant for a builder … He may not fill the last box of the centre
    column." (Baths; Courthouse)"""
    start = played("baths-courthouse", 0)
    assert "ruling 6" not in {str(a) for a in start.state.legal_actions(0)}
    paid = [bribe["paid"] for bribe in events(played("baths-courthouse"), "hadrians_wall.bribe")]
    assert paid[-2:] == [1, 2]
    end = sheet(played("baths-courthouse"))
    assert end["disdain"]["circled"] - end["disdain"]["removed"] == 0
    assert end["pool"]["builder"] == sheet(start)["pool"]["builder"] + 1
    assert end["pool"]["servant"] == sheet(start)["pool"]["servant"]


def test_diplomat_and_scout():
    """Rulebook: "If he gains another Diplomat, it must serve in the left or centre Cohort." "For
    the third Scout he uses his neighbour's pattern, giving him 1 soldier … gaining at once 1
    servant, 1 resource and 2 Valour (for completing two rows)." (Diplomats; Scouts)"""
    start = played("diplomats-scouts", 0)
    legal = {str(a) for a in start.state.legal_actions(0)}
    assert "diplomat right" not in legal and {"diplomat left", "diplomat centre"} <= legal
    after_diplomat = played("diplomats-scouts", 1)
    end = played("diplomats-scouts")
    gained = sheet(end)["attributes"]["valour"] - sheet(after_diplomat)["attributes"]["valour"]
    assert gained == 2
    assert sheet(end)["pool"]["servant"] == sheet(after_diplomat)["pool"]["servant"] + 1
    assert sheet(end)["pool"]["resource"] == sheet(after_diplomat)["pool"]["resource"] + 1
    assert sheet(end, 1)["pool"]["soldier"] == sheet(after_diplomat, 1)["pool"]["soldier"] + 1
    assert sheet(end)["scouts"] == 3


def test_attack_in_year_three():
    """Rulebook: "In year 3 only 3 cards were revealed: one against the centre Cohort and two
    against the right … If only 1 attack got through he would gain 1 Disdain and 1 Valour; he could
    instead use a Favour to ignore one of those cards and gain 2 Valour." (End of the year;
    Favours)"""
    end = played("attack")
    attack = events(end, "hadrians_wall.attack")[-1]
    assert attack["year"] == 3 and attack["attacks"] == {"left": 0, "centre": 1, "right": 2}
    assert sheet(end)["attributes"]["valour"] == 2
    assert sheet(end)["disdain"]["circled"] == 0
    without_favour = played("attack", 2)
    without_favour.state.apply(0, LESSONS["attack"].steps[3].expect)
    assert sheet(without_favour)["attributes"]["valour"] == 1
    assert sheet(without_favour)["disdain"]["circled"] == 1


def test_example_scoring():
    """Rulebook: "The player scored 57 VP for his attributes (6 + 23 + 12 + 16), 11 VP for his Path
    cards and -5 VP for his final Disdain: 63 VP in all." "With 4 Disdain at the end of the game,
    this player would lose 7 VP." (Example scoring; Disdain)"""
    end = played("scoring-and-paths")
    result = end.state.result()
    assert result is not None
    score = result.details["scores"][0]
    assert score["attributes"] == {"renown": 6, "piety": 23, "valour": 12, "discipline": 16}
    assert (score["attribute_vp"], score["path_vp"], score["disdain_penalty"]) == (57, 11, 5)
    assert score["total"] == 63
    assert disdain_penalty(4) == 7


def test_solo_neutral_piece_adds_an_attack_card():
    """Rulebook: "Each time a player uses a Neutral Prospect card … he puts the resource or soldier
    on the card. At the attack, reveal 1 extra Fate card for each of them." (Changes for 1-2
    players)"""
    end = played("solo")
    attack = events(end, "hadrians_wall.attack")[0]
    assert attack["neutral_extra"] == 1 and len(attack["cards"]) == 2
