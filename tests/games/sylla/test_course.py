"""Sylla's course covers the rulebook: setup and the goal, each of the seven phases of a round,
each kind of event, the end of the game, the 2-player variant, and each worked example, whose
lesson ends where the rulebook says it does.

The examples are rebuilt with the board's seat colours: Blue, Red, Black and White are seats
0 to 3 (clockwise). The rulebook seats White before Black; the outcomes it gives do not depend
on that, and the lessons say where the order shows.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import tabulae
from tabulae.core.lesson_run import LessonRun

GAME = tabulae.all_games()["sylla"]
LESSONS = {lesson.id: lesson for lesson in GAME.lessons()}
BLUE, RED, BLACK, WHITE = range(4)
BOARD = Path(tabulae.__file__).parent / "games" / "sylla" / "web" / "board.js"

COVERS = {
    "setup and the goal": "setup-and-goal",
    "phase I, First Consul": "first-consul",
    "phase II, Recruitment": "recruitment",
    "phase III, Buildings": "buildings",
    "phase IV, Revenue": "revenue",
    "phase V, Events": "events",
    "phase VI, Great Work": "great-work",
    "phase VII, Famine and Crisis": "famine-and-crisis",
    "events that move a marker": "events",
    "events that turn cards face down": "event-kinds",
    "Decadence": "event-kinds",
    "the end of the game and scoring": "end-and-scoring",
    "the 2-player variant": "two-players",
    "example: phase I, the election and famine": "first-consul",
    "example: phase II, recruitment": "recruitment",
    "example: phase III, the Field": "buildings",
    "example: phase IV, revenue": "revenue",
    "example: phase V, events": "events",
    "example: phases VI and VII, Public Baths and famine": "great-work",
    "example: the Civic Spirit crisis": "famine-and-crisis",
    "example: the end of the game": "end-and-scoring",
}


def finished(lesson_id: str):
    lesson = LESSONS[lesson_id]
    return LessonRun.at_step(GAME, lesson, len(lesson.steps)).state


def card_names(state, seat):
    return [
        (state.components.card_names[c], tilted, held != -1)
        for c, tilted, held in state.characters[seat]
    ]


def test_the_course_has_at_least_eight_lessons():
    assert len(LESSONS) >= 8


@pytest.mark.parametrize("part", COVERS)
def test_each_required_part_has_its_lesson(part):
    assert COVERS[part] in LESSONS, part


def test_every_example_lesson_quotes_the_rulebook():
    for part, lesson_id in COVERS.items():
        if part.startswith("example") or lesson_id == "two-players":
            assert LESSONS[lesson_id].source is not None, lesson_id


def test_points_name_parts_the_board_draws():
    """Every `point` selector uses attributes, areas and class names that board.js writes, with
    the names of real cards, buildings, events and tendencies."""
    board = BOARD.read_text(encoding="utf-8")
    attributes = set(re.findall(r'"data-([a-z-]+)"', board))
    areas = set(re.findall(r'"data-area": "([a-z_]+)"', board))
    components = GAME.new(2, 0).components
    designs = {design.id for design in components.designs}
    names = {
        "event": {event.id for event in components.events},
        "building": {building.id for building in components.buildings},
        "card": designs | {"crane"},
        "design": designs,
        "tendency": set(components.tendencies),
        "seat": {"0", "1", "2", "3"},
        "screen": {"0", "1", "2", "3"},
    }
    for lesson in LESSONS.values():
        for step in lesson.steps:
            for selector in step.point:
                for name, value in re.findall(r"\[data-([a-z-]+)(?:=['\"]?([^'\"\]]+))?", selector):
                    assert name in attributes, (lesson.id, selector)
                    if name == "area":
                        assert value in areas, (lesson.id, selector)
                    if name in names:
                        assert value in names[name], (lesson.id, selector)
                for name in re.findall(r"\.([a-z-]+)", selector):
                    assert re.search(rf'[`" ]{name}[`" $]', board), (lesson.id, selector)


def shown(view, legal, lesson, name, value) -> bool:
    """Whether the board drawn from `view` has the part `[data-name=value]` now."""
    players = view["players"]
    if name == "event":
        return any(event.get("event") == value for event in view["events"])
    if name == "building":
        return any(slot.get("building") == value for slot in view["building_row"]) or any(
            own["building"] == value for player in players for own in player["buildings"]
        )
    if name == "card":
        cards = [*view["display"], *(c for player in players for c in player["characters"])]
        return any(card.get("card") == value for card in cards)
    if name == "design":
        return f"choose {value}" in legal
    if name == "area" and value == "choose":
        return any(action.startswith("choose ") for action in legal)
    if name == "screen":  # money shows on the learner's own screen only
        return value == str(lesson.seat)
    return True


def test_points_name_parts_on_the_table_at_their_step():
    """A step points at cards, events and buildings that lie on the table when it is read."""
    for lesson in LESSONS.values():
        for at, step in enumerate(lesson.steps):
            state = LessonRun.at_step(GAME, lesson, at).state
            view = state.view(lesson.seat)
            legal = [str(action) for action in state.legal_actions(lesson.seat)]
            for selector in step.point:
                for name, value in re.findall(r"\[data-([a-z-]+)(?:=['\"]?([^'\"\]]+))?", selector):
                    assert shown(view, legal, lesson, name, value), (lesson.id, at + 1, selector)


def test_first_consul_example():
    """Phase I: "Blue, who got tile I, starts the game as First Consul. He has two Senators
    and offers 3 votes. Red passes, as does White. Black, who has one Senator, offers 4 votes
    and so becomes First Consul this round. He pays 3 deniers to the bank (3 deniers + 1
    Senator = 4 votes) and takes one Res Publica token of his choice." "Of the 4 events in
    play, 2 show the famine symbol. The Famine marker moves 2 spaces right."
    """
    state = finished("first-consul")
    assert state.first_consul == BLACK
    assert state.money[BLACK] == 0 and state.money[BLUE] == 5  # only the winner pays
    assert state.known_tokens[BLACK] == [1, 0, 0]
    assert state.famine == 2


def test_recruitment_example():
    """Phase II: "Black as First Consul starts. He chooses a Slave, Blue a Legionary, Red a
    Senator and White a Vestal. The remaining two cards go to the bottom of the character
    deck."
    """
    state = finished("recruitment")
    assert ("slave_plain", False, False) in card_names(state, BLACK)
    assert ("legionary_b", False, False) in card_names(state, BLUE)
    assert ("senator_plain", False, False) in card_names(state, RED)
    assert ("vestal_a", False, False) in card_names(state, WHITE)
    assert state.display == [] and state.deck_known == 2


def test_buildings_example():
    """Phase III: "Black as First Consul offers the Field for sale. As the Field is in the
    grey zone, it must be bought with that colour. […] White offers 3 grey and Black decides
    to pass. White takes the Field." "To pay for the Field White must tilt 3 characters with
    a grey hex. He chooses 1 Slave and 2 Merchants among his characters. Then he offers a new
    building for sale (and will bid last)."
    """
    state = finished("buildings")
    field = state.components.index("buildings", "field")
    assert (field, -1) in [tuple(b) for b in state.buildings[WHITE]]
    tilted = {name for name, is_tilted, _ in card_names(state, WHITE) if is_tilted}
    assert {"slave_plain", "merchant_plain", "merchant_christian"} <= tilted
    offered = [e.args for e in state.events if e.key == "sylla.offer"]
    assert offered[1]["seat"] == WHITE  # the buyer offers next
    assert state.phase == "revenue" and state.building_row == [-1] * 6


def test_revenue_example():
    """Phase IV: "Black receives 5 deniers (Revenue + Market stall). Blue also receives 5
    deniers (Revenue + 2 untilted Merchants). Red receives 3 deniers (Revenue) and decides to
    use his Private temple: he spends 2 deniers and receives a Res Publica token (of the colour
    of his choice). White receives 5 deniers (Revenue + Market stall). His Merchants […] give
    him nothing, as they are tilted."
    """
    state = finished("revenue")
    income = {e.args["seat"]: e.args["deniers"] for e in state.events if e.key == "sylla.income"}
    assert income == {BLACK: 5, BLUE: 5, RED: 3, WHITE: 5}
    assert state.money[RED] == 3 + 3 - 2
    assert [colour for colour, _ in state.private_tokens[RED]] == [1]  # Health, behind his screen


def test_events_example():
    """Phase V: "Red has the majority on Famine and gets a Health token. Blue gets a Leisure
    token for his majority on the Revolt. The Imperial Cult gives nobody a token. Last, Red,
    Blue and Black each get 1 prestige point […]" "Decadence, with 3 cubes, is prevented.
    Famine and the Revolt have one cube each, so Black, as First Consul, chooses. […] he
    prevents the Revolt. So Famine applies (the Famine marker moves one space right), and so
    does the Imperial Cult (the Civic Spirit marker moves one space left)." "Decadence […]
    cannot be removed, [so] the Revolt (the other prevented event) is removed instead. […] a
    new event card takes the Revolt's place."
    """
    state = finished("events")
    assert state.known_tokens[RED][1] == 1 and state.known_tokens[BLUE][2] == 1
    assert state.prestige == [11, 11, 11, 10]
    assert state.famine == 3 and state.ladder == [3, 4, 4]
    revolt = state.components.index("events", "slave_revolt")
    decadence = state.components.index("events", "decadence")
    assert revolt not in state.event_row and revolt not in state.event_deck
    assert decadence in state.event_row and -1 not in state.event_row


def test_great_work_and_famine_example():
    """Phases VI and VII: "Blue points his thumb down and uses no deniers. He has two votes
    […] and gets 1 prestige point. Red, who used 3 deniers and has 1 available Senator, has 4
    votes, as does White (4 deniers). Black used 1 denier but his Senator is tilted, so he has
    only one vote. So Red and White get 5 prestige points. Black (third place) gets nothing.
    In all the Great Work received 9 votes, so the Health marker moves one space right." "The
    Famine marker is on 3. In theory every player should lose 3 prestige points, but White has
    one Field tile and subtracts 2 from that. White loses 1 prestige point."
    """
    state = finished("great-work")
    thumbs = next(e for e in state.events if e.key == "sylla.thumbs")
    assert thumbs.args["votes"] == {"0": 2, "1": 4, "2": 1, "3": 4}
    assert state.ladder[state.components.index("tendencies", "health")] == 5
    losses = {
        e.args["seat"]: e.args["points"] for e in state.events if e.key == "sylla.famine_loss"
    }
    assert losses == {BLUE: 3, RED: 3, BLACK: 3, WHITE: 1}
    # From 11, 11, 11, 10 after the events: +1 gift, +5, +0, +5, then the famine.
    assert state.prestige == [9, 13, 8, 14]
    assert state.round == 2 and state.first_consul == BLACK


def test_crisis_example():
    """Phase VII: "In round four a Civic Spirit crisis occurs (the Civic Spirit marker is on
    the last space on the left of the ladder). All players reveal their Civic Spirit tokens.
    Blue has 4 tokens, White and Red 2 tokens each, Black 1 token: Blue gains 3 prestige
    points and Black loses 3. If the Civic Spirit marker is still in the same position next
    round, a new Civic Spirit crisis occurs."
    """
    state = finished("famine-and-crisis")
    crisis = next(e for e in state.events if e.key == "sylla.crisis")
    assert crisis.args["tendency"] == "civic_spirit"
    assert crisis.args["tokens"] == {"0": 4, "1": 2, "2": 1, "3": 2}
    assert crisis.args["gained_seats"] == [BLUE] and crisis.args["lost_seats"] == [BLACK]
    assert state.ladder[0] == 1 and state.round == 5  # still in the zone for the next round
    eruption = state.components.index("events", "eruption")
    assert eruption not in state.event_row  # the Consul's choice between the tied prevented two


def test_event_kinds_lesson_turns_a_card_down_and_gives_one_back():
    state = finished("event-kinds")
    flood = state.components.index("events", "flood")
    stall = state.components.index("buildings", "market_stall")
    assert (stall, flood) in [tuple(b) for b in state.buildings[BLUE]]
    assert ("senator_christian", False, False) in card_names(state, BLUE)  # the Purge left
    purge = state.components.index("events", "senate_purge")
    assert purge not in state.event_row and purge not in state.event_deck
    assert state.ladder[state.components.index("tendencies", "health")] == 4  # Decadence


def test_end_game_example():
    """End of the game: "Red has 3 Christian characters, so he scores 6 prestige points. He
    pays 2 deniers for each of his two Slaves and scores 6 more points. Last, he counts his
    tokens at the positions of the markers on the Res Publica ladder. He has 8 Health tokens
    (3 points per token), 5 Leisure tokens (3 points per token) and 3 Civic Spirit tokens
    (1 point per token)."
    """
    state = finished("end-and-scoring")
    assert state.step == "over"
    assert state.final["christians"][RED] == 6
    assert state.final["freed"][RED] == 6 and state.money[RED] == 0
    assert state.final["politics"][RED] == 8 * 3 + 5 * 3 + 3 * 1


def test_two_player_lesson_shows_what_differs():
    state = finished("two-players")
    assert state.players == 2
    assert len(state.characters[0]) == 6 + 2 and len(state.characters[1]) == 6 + 2
    removed = [e.args for e in state.events if e.key == "sylla.tile_removed"]
    assert removed == [{"building": "crane", "colour": "red"}]
