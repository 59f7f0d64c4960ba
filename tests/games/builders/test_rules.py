"""The rules of a turn and the rulings behind the game options."""

import json

import pytest

from tabulae.core import Action, BadOptions, Rng, random_playout
from tabulae.games.builders import GAME
from tabulae.games.builders.actions import CITIZEN, WORD
from tabulae.games.builders.components import (
    APPRENTICES,
    BUILDINGS,
    CREW,
    RULES,
    SLAVES,
    TOOLS,
    WORKERS,
    provisions,
)
from tabulae.i18n import glossary

from .helpers import NUMBER, action, play, set_up

PYRAMID = NUMBER["pyramid"]
TERMS = glossary(GAME)


def test_setup():
    """Rulebook, "Przygotowanie": five buildings and five workers face up, one Apprentice
    each (the others shuffled into the workers), the investment row of 6 Slaves, 4 Tools,
    4 Loans and 4 Universities, 10 sesterces each and a random first player."""
    firsts = set()
    for seed in range(30):
        table = GAME.new(2, seed)
        assert len(table.building_row) == 5 and len(table.building_deck) == 33 - 5
        assert len(table.worker_row) == 5 and len(table.worker_deck) == 18 - 2 - 5
        assert all(len(cards) == 1 and cards[0] in APPRENTICES for cards in table.idle)
        undealt = set(APPRENTICES) - {cards[0] for cards in table.idle}
        assert undealt <= set(table.worker_row + table.worker_deck)
        assert table.slave_stack == list(SLAVES) and table.tool_stack == [0, 1, 2, 3]
        assert table.loan_stack == 4 and table.university_stack == [0, 1, 2, 3]
        assert table.sesterces == [10, 10] and table.bank is None
        assert table.to_move == (table.first_player,)
        firsts.add(table.first_player)
    assert firsts == {0, 1}
    four = GAME.new(4, 0)
    assert sorted(c for cards in four.idle for c in cards) == list(APPRENTICES)


def test_three_free_actions_then_five_sesterces_each():
    """Rulebook, "Przebieg gry": "In his turn a player may take 3 free actions. He may also
    pay to take any number of extra actions. Each extra action costs 5 sesterces." Ruling
    B-09: the part of a multi-action choice beyond the free ones is bought the same way."""
    table = set_up(sesterces={0: 20})
    play(table, table.active_seat, "take 1", "take 1")
    assert table.sesterces[0] == 22
    play(table, table.active_seat, "take 6")
    assert table.actions_used == 5 and table.sesterces[0] == 22 - 2 * 5 + 6
    play(table, table.active_seat, "take 3")
    assert table.sesterces[0] == 18 - 2 * 5 + 3


def test_taking_sesterces():
    """Rulebook, "Pobranie sestercji": "for one action 1 sesterce, for two actions 3
    sesterces, for three actions 6 sesterces"."""
    for gain, spent in ((1, 1), (3, 2), (6, 3)):
        table = set_up()
        play(table, table.active_seat, f"take {gain}")
        assert (table.sesterces[0], table.actions_used) == (10 + gain, spent)


def test_recruiting_and_starting_refill_the_rows():
    table = set_up()
    building, worker = table.building_row[2], table.worker_row[4]
    next_building, next_worker = table.building_deck[-1], table.worker_deck[-1]
    play(table, table.active_seat, f"start {building}", f"hire {worker}")
    assert table.building_row[2] == next_building and building in table.sites[0]
    assert table.worker_row[4] == next_worker and worker in table.idle[0]


def test_rows_shrink_once_their_deck_is_empty():
    """Ruling B-07: an empty deck leaves its row unrefilled."""
    row = ["camel_stable", "ziggurat", "stall", "house", "palace_of_assur"]
    hired = ["laborer_2", "craftsman_3", "apprentice_4", "master_4", "craftsman_4"]
    table = set_up(  # seat 1 has started the other buildings and hired the other workers
        buildings=row,
        workers=hired,
        sites={1: {building.id: [] for building in BUILDINGS if building.id not in row}},
        idle={1: [WORD[worker] for worker in WORKERS if WORD[worker] not in hired]},
    )
    assert not table.building_deck and not table.worker_deck
    play(table, table.active_seat, f"start {table.building_row[0]}", f"hire {table.worker_row[0]}")
    assert len(table.building_row) == 4 and len(table.worker_row) == 4


def test_investment_prices():
    table = set_up(sesterces={0: 30})
    play(table, table.active_seat, "buy slave 53")
    assert table.sesterces[0] == 23 and 53 in table.idle[0] and 53 not in table.slave_stack
    play(table, table.active_seat, "end")
    play(table, table.active_seat, "end")
    play(table, table.active_seat, "buy tool brush")
    assert table.sesterces[0] == 21 and table.tools[0] == [3]
    play(table, table.active_seat, "end")
    play(table, table.active_seat, "end")
    play(table, table.active_seat, "loan")
    assert table.sesterces[0] == 31 and table.loans[0] == 1 and table.loan_stack == 3
    play(table, table.active_seat, "end")
    play(table, table.active_seat, "end")
    play(table, table.active_seat, f"train {table.idle[0][0]} stone")
    assert table.sesterces[0] == 24 and table.university_stack == [1, 2, 3]


def test_a_slave_works_for_nothing_and_a_citizen_for_his_wage():
    """Rulebook, "Zakup więźniów": slaves "do not need to be paid to be sent to work";
    once freed "he is treated as a full Worker and the player must pay the standard cost of
    sending him to work". Ruling B-04: the citizen's wage is 4 (option citizen_wage)."""
    for wage in (4, 6):
        table = set_up(
            sites={0: {"pyramid": [], "temple": []}},
            idle={0: ["slave_1", "slave_2"]},
            citizen_wage=wage,
        )
        slaves = [NUMBER["slave_1"], NUMBER["slave_2"]]
        play(table, table.active_seat, f"send {slaves[0]} {PYRAMID}")
        assert table.sesterces[0] == 10
        play(table, table.active_seat, f"free {slaves[1]}")
        assert table.actions_used == 2 and table.wage(slaves[1]) == wage
        play(table, table.active_seat, f"send {slaves[1]} {NUMBER['temple']}")
        assert table.sesterces[0] == 10 - wage
        assert table.provides(slaves[1]) == (0, 0, 2, 2), "the citizen keeps his materials"


def test_a_finished_machine_joins_the_workers():
    """Rulebook, "Maszyny": "When a player finishes a Machine, it acts as a Worker that
    needs no pay (sending a Machine to work costs 0) [...] instead of putting it beside his
    other finished Buildings, the player puts it in the pool of his available Workers."
    Ruling B-15: it pays no sesterces, scores its VP and counts in the cost of sending
    several cards to one building in a turn."""
    table = set_up(
        sites={0: {"machine_saw": ["slave_3"], "pyramid": []}},
        idle={0: ["laborer_1"]},
        sesterces={0: 20},
    )
    saw, worker = NUMBER["machine_saw"], NUMBER["laborer_1"]
    play(table, table.active_seat, f"send {worker} {saw}")
    assert saw in table.idle[0] and saw in table.finished[0] and table.victory_points[0] == 2
    assert table.sesterces[0] == 20 - 3, "a machine pays no sesterces"
    assert table.wage(saw) == 0 and table.provides(saw) == (0, 3, 0, 0)
    play(table, table.active_seat, f"send {worker} {PYRAMID}", f"send {saw} {PYRAMID}")
    assert table.actions_used == 1 + 1 + 2
    assert table.sesterces[0] == 17 - 3 - 5, "the machine is the second card: 1 extra action"
    view = table.view(0)["players"][0]
    assert view["machines"] == [saw] and view["finished"] == []


def test_returned_cards_may_work_again_in_the_same_turn():
    """Ruling B-16: cards and tools return at once and may be sent again in the same turn."""
    table = set_up(sites={0: {"camel_stable": [], "pyramid": []}})
    stable, worker = NUMBER["camel_stable"], NUMBER["apprentice_3"]
    assert table.idle[0] == [worker], "seat 0's apprentice, dealt at the start"
    play(table, table.active_seat, f"send {worker} {stable}")
    assert table.victory_points[0] == 1 and worker in table.idle[0]
    play(table, table.active_seat, f"send {worker} {PYRAMID}")
    assert table.sites[0][PYRAMID].crew == [(worker, -1)]


@pytest.mark.parametrize(
    ("effect", "provides"), [("set_to_3", (3, 0, 3, 0)), ("add_3", (3, 0, 4, 0))]
)
def test_university_effect(effect, provides):
    """Ruling B-05: a University sets its material to 3 (option university_effect)."""
    table = set_up(idle={0: ["craftsman_1"]}, university_effect=effect)
    worker = NUMBER["craftsman_1"]
    play(table, table.active_seat, f"train {worker} architecture")
    assert table.provides(worker) == provides and table.wage(worker) == 4


@pytest.mark.parametrize(
    ("choice", "provides"),
    [("stone_decoration", (1, 0, 0, 1)), ("stone_architecture", (1, 0, 1, 0))],
)
def test_fourth_apprentice(choice, provides):
    """Ruling B-03: the fourth apprentice brings 1 stone and 1 decoration by default."""
    table = set_up(fourth_apprentice=choice)
    assert table.provides(NUMBER["apprentice_4"]) == provides


def test_a_limited_bank_pays_only_what_it_holds():
    """Ruling B-06, option limited_bank: the 108 sesterces of the coins."""
    assert set_up(limited_bank=True).bank == RULES.bank - 2 * 10
    held = RULES.bank - 10 - 4  # all but 4 of the bank's sesterces paid out to seat 1
    table = set_up(
        sites={0: {"pyramid": []}}, idle={0: ["master_1"]}, sesterces={1: held}, limited_bank=True
    )
    assert table.bank == 4
    worker = NUMBER["master_1"]
    play(table, table.active_seat, "take 6")
    assert table.sesterces[0] == 14 and table.bank == 0
    play(table, table.active_seat, f"send {worker} {PYRAMID}")
    assert table.bank == 5 + 5 and table.sesterces[0] == 14 - 10, "wage and extra action paid in"
    total = sum(table.sesterces) + table.bank
    random_playout(table, Rng(3))
    assert sum(table.sesterces) + table.bank == total, "no sesterce is made or lost"


def test_unknown_options_are_refused():
    with pytest.raises(BadOptions):
        GAME.new(2, 0, university_effect="add_2")
    with pytest.raises(BadOptions):
        GAME.new(2, 0, citizen_wage=-1)
    with pytest.raises(BadOptions):
        GAME.new(5, 0)


def test_legal_actions_follow_what_the_player_can_pay():
    def holding(sesterces):
        given = {"idle": {0: ["master_4", "slave_4"]}, "tools": {0: ["saw"]}}
        return set_up(sites={0: {"pyramid": []}}, sesterces={0: sesterces}, **given)

    table = holding(4)
    worker, slave = NUMBER["master_4"], NUMBER["slave_4"]
    legal = set(table.legal_actions(0))
    assert action(f"send {slave} {PYRAMID}") in legal
    assert action(f"send {slave} {PYRAMID} saw") not in legal
    assert not any(a[:2] == ("send", "master_4") for a in legal), "a wage of 5 with 4 held"
    assert action("buy slave 52") not in legal and action("buy tool mallet") in legal
    assert action("loan") in legal and action("take 1") in legal and action("end") in legal
    table = holding(5)
    legal = set(table.legal_actions(0))
    assert {action(f"send {worker} {PYRAMID}"), action(f"send {worker} {PYRAMID} saw")} <= legal
    assert table.legal_actions(1) == []


def test_every_legal_action_is_in_the_fixed_action_space():
    space = GAME.action_space(4)
    assert len(space) == len(set(space))
    assert Action("send", "laborer_1", "lighthouse_of_alexandria", "mallet") in space
    assert Action("send", "machine_saw", "lighthouse_of_alexandria") in space
    assert Action("send", "machine_saw", "temple", "mallet") not in space, "machines carry no tools"
    assert Action("send", "machine_saw", "machine_saw") not in space
    for text in ("start temple", "hire laborer_1", "buy slave slave_1", "buy tool mallet", "loan"):
        assert Action.parse(text) in space, "the notation reads back"
    assert {"train laborer_1 stone", "take 6", "free slave_1", "end"} <= {str(a) for a in space}


def test_a_game_no_one_can_finish_ends_with_the_round():
    """Nothing in the rulebook ends a game once no player can finish another building (every
    card on an unfinished site, no card left to recruit or buy, or no building left). By
    default the engine then completes the round and scores it (option end_stuck_game)."""
    table = stuck()
    play(table, table.active_seat, "end")
    assert table.last_round and table.events[-1].key == "builders.stuck"
    play(table, table.active_seat, "take 6", "end")
    play(table, table.active_seat, "end")
    assert table.to_move == () and table.result().scores == (1.0, 1.0, 1.6)

    table = stuck(end_stuck_game=False)
    for _ in range(30):
        play(table, table.active_seat, "take 6", "end")
    assert table.to_move and not table.last_round


def test_idle_cards_that_cannot_finish_any_building_leave_the_game_stuck():
    """Idle cards do not keep a game alive by themselves: only if their materials, all
    together, could finish a site or a building of the row, with every University and tool
    left in the investment row on them."""
    table = stranded_apprentice()
    assert not table.may_finish(0) and table.stuck()
    play(table, table.active_seat, "end")
    assert table.last_round and table.events[-1].key == "builders.stuck"

    table = stranded_apprentice(buildings=["trading_post"])
    assert table.may_finish(0) and not table.stuck()
    play(table, table.active_seat, "end")
    assert not table.last_round


OUT_OF_REACH = ["colossus_of_rhodes", "hanging_gardens", "theater", "forum", "barracks"]
"""A row of buildings the stranded apprentice cannot cover: each needs stone, which he lacks."""


def test_a_building_still_in_the_deck_keeps_the_game_going():
    """Rulebook: on starting a building the player "immediately refills the row with a new
    card from the building deck", and the game ends when "at the end of his turn a player has
    at least 17 victory points". A building the stranded apprentice (wood 1, architecture 1) can
    finish, the Trading Post, lies in the building deck behind a row he cannot use: starting
    the row's building brings it out, so the game is not stuck and must go on."""
    table = stranded_apprentice(buildings=[*OUT_OF_REACH, "trading_post"])
    assert table.building_deck == [NUMBER["trading_post"]]
    assert table.may_finish(0) and not table.stuck()
    play(table, table.active_seat, "end")
    assert not table.last_round and table.events[-1].key == "builders.turn_ended"
    play(
        table, table.active_seat, "end"
    )  # seat 2's turn; then seat 0's (first player 1), the apprentice's owner
    assert table.active_seat == 0
    apprentice = table.idle[0][0]
    play(table, table.active_seat, f"start {NUMBER['colossus_of_rhodes']}")
    refilled = ["trading_post", *OUT_OF_REACH[1:]]
    assert table.building_row == [NUMBER[b] for b in refilled] and not table.building_deck
    play(
        table,
        table.active_seat,
        f"start {NUMBER['trading_post']}",
        f"send {apprentice} {NUMBER['trading_post']}",
    )
    assert table.finished[0] == [NUMBER["trading_post"]] and table.victory_points[0] == 1


def test_a_deck_of_buildings_out_of_reach_leaves_the_game_stuck():
    """The deck keeps a game alive only with a building someone could finish: here it holds
    only buildings the stranded apprentice and everyone else can never cover, so no one can
    ever reach 17 VP and the game ends with the round."""
    table = stranded_apprentice(buildings=[*OUT_OF_REACH, "fortress", "tower_of_babel"])
    assert len(table.building_deck) == 2
    assert not table.may_finish(0) and table.stuck()
    play(table, table.active_seat, "end")
    assert table.last_round and table.events[-1].key == "builders.stuck"


def stranded_apprentice(buildings=()):
    """A stuck game but for one idle apprentice (wood 1, architecture 1) of seat 0's, with no
    University or tool left to buy: seat 1 holds the tools, and each University taught a
    worker on a site a material he already brought 3 of (ruling B-05: it sets it to 3)."""
    taught = {"craftsman_1": "stone", "master_3": "wood", "craftsman_2": "architecture"}
    return stuck(
        idle=["apprentice_1"],
        buildings=buildings,
        tools={1: [tool.word for tool in TOOLS]},
        trained=taught | {"craftsman_6": "decoration"},
    )


def stuck(idle=(), buildings=(), **given):
    """A 3-player game, seat 1 first, with every card on an unfinished site and nothing left
    to recruit, buy or start, but seat 0's `idle` cards and the `buildings` left to start (the
    row's, then the deck's). Seat 0 builds the Pyramid; seats 1 and 2 the Sphinx and the
    Temple and, in turn, every other building. Each card joins the first site that it leaves
    at least 2 of a material short, so that an apprentice (at most 1 of each) could not
    finish it; the slaves were freed, so that none costs a VP at the end."""
    provides = provisions("stone_decoration")
    first = ["pyramid", "sphinx", "temple"]
    started = first + [b.id for b in BUILDINGS if b.id not in first + list(buildings)]
    owner = {building: 0 if place == 0 else 2 - place % 2 for place, building in enumerate(started)}
    missing = {building: list(BUILDINGS[NUMBER[building] - 1].cost) for building in started}
    crews: dict[str, list[str]] = {building: [] for building in started}
    for worker in CREW:
        if worker.id in idle:
            continue
        brings = provides[worker.number]
        building = next(
            b for b in started if max(m - n for m, n in zip(missing[b], brings, strict=True)) >= 2
        )
        missing[building] = [m - n for m, n in zip(missing[building], brings, strict=True)]
        crews[building].append(CITIZEN[worker.number] or worker.id)
    sites = {seat: {b: crews[b] for b in started if owner[b] == seat} for seat in range(3)}
    return set_up(
        3,
        first=1,
        sites=sites,
        idle={0: list(idle)},
        buildings=buildings,
        workers=[],
        slaves=[],
        **given,
    )


def test_views_show_every_public_thing():
    table = set_up(sites={0: {"lighthouse_of_alexandria": ["master_2"]}}, tools={0: ["mallet"]})
    play(table, table.active_seat, "take 3")
    view = table.view(1)
    assert json.loads(json.dumps(view)) == view and view == table.view(None) | {"you": 1}
    assert view["phase"] == "turn" and view["turn"]["seat"] == 0
    assert view["turn"]["actions_used"] == 2 and view["turn"]["free_actions_left"] == 1
    assert len(view["buildings"]["row"]) + view["buildings"]["deck"] == 33 - 1
    mine = view["players"][0]
    assert mine["sesterces"] == 13 and mine["tools"][0]["word"] == "mallet"
    (lighthouse,) = mine["sites"]
    assert lighthouse["building"]["names"]["pl"] == "Latarnia w Aleksandrii"
    assert lighthouse["missing"] == [0, 2, 1, 3]
    assert lighthouse["crew"][0]["card"]["kind"] == "worker"
    assert view["investments"]["loans"] == 4 and view["investments"]["tools"][0]["word"] == "saw"
    assert view["workers"]["deck"] == len(table.worker_deck), "only the deck's size is shown"


def test_evaluation_reads_the_position():
    table = set_up()
    base = GAME.evaluate(table, 0)
    richer = set_up(sesterces={0: 10 + 10})
    assert GAME.evaluate(richer, 0) == pytest.approx(base + 1)
    lighthouse = {0: {"lighthouse_of_alexandria": ["master_2", "apprentice_3"]}}
    building = set_up(sites=lighthouse)
    assert GAME.evaluate(building, 0) > base
    # 4 wood and 4 decoration; then stone and architecture
    within_reach = set_up(sites=lighthouse, idle={0: ["craftsman_5", "craftsman_6"]})
    out_of_reach = set_up(sites=lighthouse, idle={0: ["craftsman_1", "craftsman_2"]})
    assert GAME.evaluate(within_reach, 0) > GAME.evaluate(out_of_reach, 0)
    indebted = set_up(loans={0: 1})
    assert GAME.evaluate(indebted, 0) < base
    random_playout(table, Rng(5))
    assert [GAME.evaluate(table, s) for s in range(2)] == list(table.result().scores)


def test_every_word_players_read_has_names():
    """Action words, materials, tools and kinds of card are terms with the rulebook's names."""
    words = {w for a in GAME.action_space(4) for w in a if isinstance(w, str)}
    words |= {"worker", "slave", "citizen", "machine", "turn", "over"}
    assert words <= set(TERMS)
    assert TERMS["slave"]["pl"] == "Więzień" and TERMS["mallet"]["pl"] == "Pobijak"
    assert TERMS["lighthouse_of_alexandria"]["pl"] == "Latarnia w Aleksandrii"
    assert all({"en", "pl", "nl", "ru"} <= set(TERMS[w]) for w in words)


def test_every_building_machine_and_the_title_are_named_in_every_language():
    """The rulebook prints only the Lighthouse's name; the others are the card names translated."""
    for name in [b.id for b in BUILDINGS] + ["builders"]:
        assert set(TERMS[name]) == {"en", "pl", "nl", "ru"}, name
    assert TERMS["builders"]["nl"] == "De Bouwers: Oudheid"
    assert TERMS["builders"]["ru"] == "Строители: Античность"
    assert TERMS["machine_hoist"]["pl"] == "Wciągarka (Maszyna)"
    assert TERMS["lighthouse_of_alexandria"]["ru"] == "Александрийский маяк"
