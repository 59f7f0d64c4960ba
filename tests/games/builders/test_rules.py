"""The rules of a turn and the rulings behind the game options."""

import json

import pytest

from tabulae.core import Action, BadOptions, Rng, random_playout
from tabulae.games.builders import GAME
from tabulae.games.builders.cards import APPRENTICES, BUILDINGS, RULES, SLAVES

from .positions import NUMBER, action, hand, lift, new, play, site, tool

PYRAMID = NUMBER["pyramid"]


def test_setup():
    """Rulebook, "Przygotowanie": five buildings and five workers face up, one Apprentice
    each (the others shuffled into the workers), the investment row of 6 Slaves, 4 Tools,
    4 Loans and 4 Universities, 10 sesterces each and a random first player."""
    firsts = set()
    for seed in range(30):
        state = GAME.new(2, seed)
        assert len(state.building_row) == 5 and len(state.building_deck) == 33 - 5
        assert len(state.worker_row) == 5 and len(state.worker_deck) == 18 - 2 - 5
        assert all(len(cards) == 1 and cards[0] in APPRENTICES for cards in state.idle)
        undealt = set(APPRENTICES) - {cards[0] for cards in state.idle}
        assert undealt <= set(state.worker_row + state.worker_deck)
        assert state.slave_stack == list(SLAVES) and state.tool_stack == [0, 1, 2, 3]
        assert state.loan_stack == 4 and state.university_stack == [0, 1, 2, 3]
        assert state.sesterces == [10, 10] and state.bank is None
        assert state.to_move == (state.first_player,)
        firsts.add(state.first_player)
    assert firsts == {0, 1}
    four = GAME.new(4, 0)
    assert sorted(c for cards in four.idle for c in cards) == list(APPRENTICES)


def test_three_free_actions_then_five_sesterces_each():
    """Rulebook, "Przebieg gry": "In his turn a player may take 3 free actions. He may also
    pay to take any number of extra actions. Each extra action costs 5 sesterces." Ruling
    B-09: the part of a multi-action choice beyond the free ones is bought the same way."""
    state = new()
    state.sesterces[0] = 20
    play(state, "take 1", "take 1")
    assert state.sesterces[0] == 22
    play(state, "take 6")
    assert state.actions_used == 5 and state.sesterces[0] == 22 - 2 * 5 + 6
    play(state, "take 3")
    assert state.sesterces[0] == 18 - 2 * 5 + 3


def test_taking_sesterces():
    """Rulebook, "Pobranie sestercji": "for one action 1 sesterce, for two actions 3
    sesterces, for three actions 6 sesterces"."""
    for gain, spent in ((1, 1), (3, 2), (6, 3)):
        state = new()
        play(state, f"take {gain}")
        assert (state.sesterces[0], state.actions_used) == (10 + gain, spent)


def test_recruiting_and_starting_refill_the_rows():
    state = new()
    building, worker = state.building_row[2], state.worker_row[4]
    next_building, next_worker = state.building_deck[-1], state.worker_deck[-1]
    play(state, f"start {building}", f"hire {worker}")
    assert state.building_row[2] == next_building and building in state.sites[0]
    assert state.worker_row[4] == next_worker and worker in state.idle[0]


def test_rows_shrink_once_their_deck_is_empty():
    """Ruling B-07: an empty deck leaves its row unrefilled."""
    state = new()
    state.building_deck.clear()
    state.worker_deck.clear()
    play(state, f"start {state.building_row[0]}", f"hire {state.worker_row[0]}")
    assert len(state.building_row) == 4 and len(state.worker_row) == 4


def test_investment_prices():
    state = new()
    state.sesterces[0] = 30
    play(state, "buy slave 53")
    assert state.sesterces[0] == 23 and 53 in state.idle[0] and 53 not in state.slave_stack
    play(state, "end", "end", "buy tool brush")
    assert state.sesterces[0] == 21 and state.tools[0] == [3]
    play(state, "end", "end", "loan")
    assert state.sesterces[0] == 31 and state.loans[0] == 1 and state.loan_stack == 3
    play(state, "end", "end", f"train {state.idle[0][0]} stone")
    assert state.sesterces[0] == 24 and state.university_stack == [1, 2, 3]


def test_a_slave_works_for_nothing_and_a_citizen_for_his_wage():
    """Rulebook, "Zakup więźniów": slaves "do not need to be paid to be sent to work";
    once freed "he is treated as a full Worker and the player must pay the standard cost of
    sending him to work". Ruling B-04: the citizen's wage is 4 (option citizen_wage)."""
    for wage in (4, 6):
        state = new(citizen_wage=wage)
        site(state, 0, "pyramid")
        site(state, 0, "temple")
        slaves = hand(state, 0, "slave_1", "slave_2")
        play(state, f"send {slaves[0]} {PYRAMID}")
        assert state.sesterces[0] == 10
        play(state, f"free {slaves[1]}")
        assert state.actions_used == 2 and state.wage(slaves[1]) == wage
        play(state, f"send {slaves[1]} {NUMBER['temple']}")
        assert state.sesterces[0] == 10 - wage
        assert state.provides(slaves[1]) == (0, 0, 2, 2), "the citizen keeps his materials"


def test_a_finished_machine_joins_the_workers():
    """Rulebook, "Maszyny": "When a player finishes a Machine, it acts as a Worker that
    needs no pay (sending a Machine to work costs 0) [...] instead of putting it beside his
    other finished Buildings, the player puts it in the pool of his available Workers."
    Ruling B-15: it pays no sesterces, scores its VP and counts in the cost of sending
    several cards to one building in a turn."""
    state = new()
    state.sesterces[0] = 20
    saw = NUMBER["machine_saw"]
    site(state, 0, "machine_saw", "slave_3")
    (worker,) = hand(state, 0, "laborer_1")
    play(state, f"send {worker} {saw}")
    assert saw in state.idle[0] and saw in state.finished[0] and state.victory_points[0] == 2
    assert state.sesterces[0] == 20 - 3, "a machine pays no sesterces"
    assert state.wage(saw) == 0 and state.provides(saw) == (0, 3, 0, 0)
    site(state, 0, "pyramid")
    play(state, f"send {worker} {PYRAMID}", f"send {saw} {PYRAMID}")
    assert state.actions_used == 1 + 1 + 2
    assert state.sesterces[0] == 17 - 3 - 5, "the machine is the second card: 1 extra action"
    view = state.view(0)["players"][0]
    assert view["machines"] == [saw] and view["finished"] == []


def test_returned_cards_may_work_again_in_the_same_turn():
    """Ruling B-16: cards and tools return at once and may be sent again in the same turn."""
    state = new()
    stable = site(state, 0, "camel_stable").building
    site(state, 0, "pyramid")
    (worker,) = hand(state, 0, "apprentice_3")
    play(state, f"send {worker} {stable}")
    assert state.victory_points[0] == 1 and worker in state.idle[0]
    play(state, f"send {worker} {PYRAMID}")
    assert state.sites[0][PYRAMID].crew == [(worker, -1)]


@pytest.mark.parametrize(
    ("effect", "provides"), [("set_to_3", (3, 0, 3, 0)), ("add_3", (3, 0, 4, 0))]
)
def test_university_effect(effect, provides):
    """Ruling B-05: a University sets its material to 3 (option university_effect)."""
    state = new(university_effect=effect)
    (worker,) = hand(state, 0, "craftsman_1")
    play(state, f"train {worker} architecture")
    assert state.provides(worker) == provides and state.wage(worker) == 4


@pytest.mark.parametrize(
    ("choice", "provides"),
    [("stone_decoration", (1, 0, 0, 1)), ("stone_architecture", (1, 0, 1, 0))],
)
def test_fourth_apprentice(choice, provides):
    """Ruling B-03: the fourth apprentice brings 1 stone and 1 decoration by default."""
    state = new(fourth_apprentice=choice)
    assert state.provides(NUMBER["apprentice_4"]) == provides


def test_a_limited_bank_pays_only_what_it_holds():
    """Ruling B-06, option limited_bank: the 108 sesterces of the coins."""
    state = new(limited_bank=True)
    assert state.bank == RULES.bank - 2 * 10
    state.bank = 4
    play(state, "take 6")
    assert state.sesterces[0] == 14 and state.bank == 0
    site(state, 0, "pyramid")
    (worker,) = hand(state, 0, "master_1")
    play(state, f"send {worker} {PYRAMID}")
    assert state.bank == 5 + 5 and state.sesterces[0] == 14 - 10, "wage and extra action paid in"
    total = sum(state.sesterces) + state.bank
    random_playout(state, Rng(3))
    assert sum(state.sesterces) + state.bank == total, "no sesterce is made or lost"


def test_unknown_options_are_refused():
    with pytest.raises(BadOptions):
        GAME.new(2, 0, university_effect="add_2")
    with pytest.raises(BadOptions):
        GAME.new(2, 0, citizen_wage=-1)
    with pytest.raises(BadOptions):
        GAME.new(5, 0)


def test_legal_actions_follow_what_the_player_can_pay():
    state = new()
    (worker,) = hand(state, 0, "master_4")
    (slave,) = hand(state, 0, "slave_4")
    site(state, 0, "pyramid")
    tool(state, 0, "saw")
    state.sesterces[0] = 4
    legal = set(state.legal_actions(0))
    assert action(f"send {slave} {PYRAMID}") in legal
    assert action(f"send {slave} {PYRAMID} saw") not in legal
    assert not any(a[:2] == ("send", "master_4") for a in legal), "a wage of 5 with 4 held"
    assert action("buy slave 52") not in legal and action("buy tool mallet") in legal
    assert action("loan") in legal and action("take 1") in legal and action("end") in legal
    state.sesterces[0] = 5
    legal = set(state.legal_actions(0))
    assert {action(f"send {worker} {PYRAMID}"), action(f"send {worker} {PYRAMID} saw")} <= legal
    assert state.legal_actions(1) == []


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
    state = new(players=3, first=1)
    stuck(state)
    play(state, "end")
    assert state.last_round and state.events[-1].key == "builders.stuck"
    play(state, "take 6", "end", "end")
    assert state.to_move == () and state.result().scores == (1.0, 1.0, 1.6)

    state = new(players=3, first=1, end_stuck_game=False)
    stuck(state)
    for _ in range(30):
        play(state, "take 6", "end")
    assert state.to_move and not state.last_round


def test_idle_cards_that_cannot_finish_any_building_leave_the_game_stuck():
    """Idle cards do not keep a game alive by themselves: only if their materials, all
    together, could finish a site or a building of the row, with every University and tool
    left in the investment row on them."""
    state = stranded_apprentice()
    assert not state.may_finish(0) and state.stuck()
    play(state, "end")
    assert state.last_round and state.events[-1].key == "builders.stuck"

    state = stranded_apprentice()
    state.building_row.append(NUMBER["trading_post"])
    assert state.may_finish(0) and not state.stuck()
    play(state, "end")
    assert not state.last_round


def test_a_building_still_in_the_deck_keeps_the_game_going():
    """Rulebook: on starting a building the player "immediately refills the row with a new
    card from the building deck", and the game ends when "at the end of his turn a player has
    at least 17 victory points". A building the stranded apprentice (wood 1, architecture 1) can
    finish, the Trading Post, lies in the building deck behind a row he cannot use: starting
    the row's building brings it out, so the game is not stuck and must go on."""
    state = stranded_apprentice()
    state.building_row.append(NUMBER["colossus_of_rhodes"])
    state.building_deck.append(NUMBER["trading_post"])
    assert state.may_finish(0) and not state.stuck()
    play(state, "end")
    assert not state.last_round and state.events[-1].key == "builders.turn_ended"
    play(state, "end")  # seat 2's turn; then seat 0's (first player 1), the apprentice's owner
    assert state.active_seat == 0
    apprentice = state.idle[0][0]
    play(state, f"start {NUMBER['colossus_of_rhodes']}")
    assert state.building_row == [NUMBER["trading_post"]] and not state.building_deck
    play(state, f"start {NUMBER['trading_post']}", f"send {apprentice} {NUMBER['trading_post']}")
    assert state.finished[0] == [NUMBER["trading_post"]] and state.victory_points[0] == 1


def test_a_deck_of_buildings_out_of_reach_leaves_the_game_stuck():
    """The deck keeps a game alive only with a building someone could finish: here it holds
    only buildings the stranded apprentice and everyone else can never cover, so no one can
    ever reach 17 VP and the game ends with the round."""
    state = stranded_apprentice()
    state.building_row.append(NUMBER["colossus_of_rhodes"])
    state.building_deck += [NUMBER["hanging_gardens"], NUMBER["theater"]]
    assert not state.may_finish(0) and state.stuck()
    play(state, "end")
    assert state.last_round and state.events[-1].key == "builders.stuck"


def stranded_apprentice():
    """A stuck game but for one idle apprentice (wood 1, architecture 1) of seat 0's, with no
    University or tool left to buy."""
    state = new(players=3, first=1)
    apprentice = lift(state, NUMBER["apprentice_1"])
    stuck(state)
    state.university_stack.clear()
    state.tool_stack.clear()
    state.idle[0].append(apprentice)
    return state


def stuck(state):
    """Every card on an unfinished site, and nothing left to recruit, buy or start."""
    for seat, building in enumerate(("pyramid", "sphinx", "temple")):
        placed = site(state, seat, building)
        placed.crew += [(c, -1) for c in state.idle[seat]]
        state.idle[seat] = []
    for supply in (state.building_row, state.building_deck, state.worker_row, state.worker_deck):
        supply.clear()
    state.slave_stack.clear()


def test_views_show_every_public_thing():
    state = new()
    site(state, 0, "lighthouse_of_alexandria", "master_2")
    tool(state, 0, "mallet")
    play(state, "take 3")
    view = state.view(1)
    assert json.loads(json.dumps(view)) == view and view == state.view(None) | {"you": 1}
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
    assert view["workers"]["deck"] == len(state.worker_deck), "only the deck's size is shown"


def test_evaluation_reads_the_position():
    state = new()
    base = GAME.evaluate(state, 0)
    richer = state.clone()
    richer.sesterces[0] += 10
    assert GAME.evaluate(richer, 0) == pytest.approx(base + 1)
    building = state.clone()
    site(building, 0, "lighthouse_of_alexandria", "master_2", "apprentice_3")
    assert GAME.evaluate(building, 0) > base
    within_reach = building.clone()
    hand(within_reach, 0, "craftsman_5", "craftsman_6")  # 4 wood and 4 decoration
    out_of_reach = building.clone()
    hand(out_of_reach, 0, "craftsman_1", "craftsman_2")  # stone and architecture
    assert GAME.evaluate(within_reach, 0) > GAME.evaluate(out_of_reach, 0)
    indebted = state.clone()
    indebted.loans[0] = 1
    assert GAME.evaluate(indebted, 0) < base
    random_playout(state, Rng(5))
    assert [GAME.evaluate(state, s) for s in range(2)] == list(state.result().scores)


def test_every_word_players_read_has_names():
    """Action words, materials, tools and kinds of card are terms with the rulebook's names."""
    words = {w for a in GAME.action_space(4) for w in a if isinstance(w, str)}
    words |= {"worker", "slave", "citizen", "machine", "turn", "over"}
    assert words <= set(GAME.terms)
    assert GAME.terms["slave"]["pl"] == "Więzień" and GAME.terms["mallet"]["pl"] == "Pobijak"
    assert GAME.terms["lighthouse_of_alexandria"]["pl"] == "Latarnia w Aleksandrii"
    assert all({"en", "pl", "nl", "ru"} <= set(GAME.terms[w]) for w in words)


def test_every_building_machine_and_the_title_are_named_in_every_language():
    """The rulebook prints only the Lighthouse's name; the others are the card names translated."""
    for name in [b.id for b in BUILDINGS] + ["builders"]:
        assert set(GAME.terms[name]) == {"en", "pl", "nl", "ru"}, name
    assert GAME.terms["builders"]["nl"] == "De Bouwers: Oudheid"
    assert GAME.terms["builders"]["ru"] == "Строители: Античность"
    assert GAME.terms["machine_hoist"]["pl"] == "Wciągarka (Maszyna)"
    assert GAME.terms["lighthouse_of_alexandria"]["ru"] == "Александрийский маяк"
