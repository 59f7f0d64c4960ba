"""Illegal actions are refused with a reason a player can read, and change nothing."""

from tabulae.games.builders.cards import RULES

from .positions import NUMBER, hand, new, play, refused, site, tool

PYRAMID = NUMBER["pyramid"]


def test_a_second_investment_in_a_turn():
    state = new()
    hand(state, 0, "craftsman_1")
    play(state, "loan")
    assert "already taken an investment" in refused(state, "buy tool mallet")
    assert "already taken an investment" in refused(state, "buy slave 52")
    assert "already taken an investment" in refused(state, f"train {NUMBER['craftsman_1']} wood")
    assert "already taken an investment" in refused(state, "loan")
    play(state, "end", "end")
    play(state, "buy tool mallet")


def test_training_a_worker_on_a_site():
    state = new()
    site(state, 0, "pyramid", "craftsman_1")
    reason = refused(state, f"train {NUMBER['craftsman_1']} wood")
    assert "working on a building site" in reason and "only an idle card" in reason


def test_training_a_slave():
    state = new()
    (slave,) = hand(state, 0, "slave_1")
    state.sesterces[0] = 20
    assert "cannot be trained" in refused(state, f"train {slave} wood")
    play(state, f"free {slave}")
    play(state, f"train {slave} wood")
    assert state.provides(slave) == (2, 3, 0, 2), "a citizen can be trained"


def test_training_a_machine_or_a_worker_twice():
    state = new()
    (saw,) = hand(state, 0, "machine_saw")
    (worker,) = hand(state, 0, "laborer_2")
    state.sesterces[0] = 30
    assert "machine cannot be trained" in refused(state, f"train {saw} stone")
    play(state, f"train {worker} stone")
    play(state, "end", "end")
    assert "already trained" in refused(state, f"train {worker} wood")


def test_a_tool_on_a_slave_or_a_machine():
    state = new()
    site(state, 0, "pyramid")
    (slave, saw) = hand(state, 0, "slave_1", "machine_saw")
    tool(state, 0, "mallet")
    assert "cannot carry a tool" in refused(state, f"send {slave} {PYRAMID} mallet")
    assert "machine cannot carry a tool" in refused(state, f"send {saw} {PYRAMID} mallet")
    play(state, f"send {slave} {PYRAMID}")


def test_a_tool_the_player_does_not_have():
    state = new()
    site(state, 0, "pyramid")
    (worker,) = hand(state, 0, "laborer_2")
    assert "no idle tool" in refused(state, f"send {worker} {PYRAMID} brush")


def test_spending_sesterces_you_lack():
    state = new()
    (worker,) = hand(state, 0, "master_1")
    site(state, 0, "pyramid")
    state.sesterces[0] = 3
    assert "costs 7 sesterces and you have only 3" in refused(state, "buy slave 52")
    assert "costs 5 sesterces and you have only 3" in refused(state, f"send {worker} {PYRAMID}")
    assert "costs 7 sesterces" in refused(state, f"train {worker} wood")
    play(state, "take 1", "take 1", "take 1")
    assert state.sesterces[0] == 6 and state.actions_used == RULES.free_actions
    assert "2 sesterces + 5 for extra actions and you have only 6" in refused(
        state, "buy tool mallet"
    )
    assert "costs 10 for extra actions" in refused(state, "take 3")
    play(state, "take 1")
    assert state.sesterces[0] == 6 - 5 + 1
    assert "costs 5 for extra actions and you have only 2" in refused(state, "loan")


def test_freeing_a_slave_on_a_site():
    state = new()
    site(state, 0, "pyramid", "slave_2")
    reason = refused(state, f"free {NUMBER['slave_2']}")
    assert "working on a building site" in reason
    assert "is not a slave" in refused(state, f"free {NUMBER['master_1']}")


def test_cards_and_buildings_that_are_not_there():
    state = new()
    missing = next(b for b in range(1, 34) if b not in state.building_row)
    assert "not in the building row" in refused(state, f"start {missing}")
    absent = next(w for w in range(34, 52) if w not in state.worker_row + state.idle[0])
    assert "not in the worker row" in refused(state, f"hire {absent}")
    assert "not one of your idle cards" in refused(state, f"send {absent} {PYRAMID}")
    (worker,) = hand(state, 0, "laborer_2")
    assert "not one of your buildings" in refused(state, f"send {worker} {PYRAMID}")
    assert "can take 1, 3, 6 sesterces" in refused(state, "take 2")
    assert "slave or a tool, not 'loan'" in refused(state, "buy loan 1")
    assert "no tool 'hammer'" in refused(state, "buy tool hammer")
    assert "no card 'hammer'" in refused(state, f"send hammer {PYRAMID}")
    assert "no card '99'" in refused(state, "start 99")


def test_out_of_turn_malformed_and_unknown_actions():
    state = new()
    assert "seat 0's turn, not seat 1's" in refused(state, "end", seat=1)
    assert "write it as 'start temple'" in refused(state, "start")
    assert "not an action of The Builders" in refused(state, "pass")


def test_nothing_after_the_end():
    state = new()
    state.victory_points[0] = 17
    play(state, "end", "end")
    assert state.result() is not None
    assert "the game is over" in refused(state, "end", seat=0)


def test_a_freed_slave_is_written_by_its_citizen_side():
    """Rulebook: "The card of such a Prisoner is turned to its 'Citizen' side. From then on
    he is treated as a full Worker" — so his actions name the Citizen, not the Prisoner."""
    state = new()
    site(state, 0, "pyramid")
    hand(state, 0, "slave_1")
    tool(state, 0, "mallet")
    state.sesterces[0] = 20
    play(state, "free slave_1")
    legal = {str(a) for a in state.legal_actions(0)}
    assert {"send citizen_1 pyramid", "send citizen_1 pyramid mallet"} <= legal
    assert not any("slave_1" in a for a in legal)
    assert "other side" in refused(state, "send slave_1 pyramid")
    assert "other side" in refused(state, "train slave_1 wood")
    assert "not a slave" in refused(state, "free citizen_1")
    assert "not in the investment row" in refused(state, "buy slave citizen_2")
    play(state, "send citizen_1 pyramid mallet")
    assert state.events[-1].args["card"] == "citizen_1"
