"""Illegal actions are refused with a reason a player can read, and change nothing."""

from tabulae.games.builders.components import RULES

from .helpers import NUMBER, play, refused, set_up

PYRAMID = NUMBER["pyramid"]


def test_a_second_investment_in_a_turn():
    table = set_up(idle={0: ["craftsman_1"]})
    play(table, table.active_seat, "loan")
    assert "already taken an investment" in refused(table, "buy tool mallet")
    assert "already taken an investment" in refused(table, "buy slave 52")
    assert "already taken an investment" in refused(table, f"train {NUMBER['craftsman_1']} wood")
    assert "already taken an investment" in refused(table, "loan")
    play(table, table.active_seat, "end")
    play(table, table.active_seat, "end")
    play(table, table.active_seat, "buy tool mallet")


def test_training_a_worker_on_a_site():
    table = set_up(sites={0: {"pyramid": ["craftsman_1"]}})
    reason = refused(table, f"train {NUMBER['craftsman_1']} wood")
    assert "working on a building site" in reason and "only an idle card" in reason


def test_training_a_slave():
    table = set_up(idle={0: ["slave_1"]}, sesterces={0: 20})
    slave = NUMBER["slave_1"]
    assert "cannot be trained" in refused(table, f"train {slave} wood")
    play(table, table.active_seat, f"free {slave}")
    play(table, table.active_seat, f"train {slave} wood")
    assert table.provides(slave) == (2, 3, 0, 2), "a citizen can be trained"


def test_training_a_machine_or_a_worker_twice():
    table = set_up(finished={0: ["machine_saw"]}, idle={0: ["laborer_2"]}, sesterces={0: 30})
    saw, worker = NUMBER["machine_saw"], NUMBER["laborer_2"]
    assert "machine cannot be trained" in refused(table, f"train {saw} stone")
    play(table, table.active_seat, f"train {worker} stone")
    play(table, table.active_seat, "end")
    play(table, table.active_seat, "end")
    assert "already trained" in refused(table, f"train {worker} wood")


def test_a_tool_on_a_slave_or_a_machine():
    table = set_up(
        sites={0: {"pyramid": []}},
        idle={0: ["slave_1"]},
        finished={0: ["machine_saw"]},
        tools={0: ["mallet"]},
    )
    slave, saw = NUMBER["slave_1"], NUMBER["machine_saw"]
    assert "cannot carry a tool" in refused(table, f"send {slave} {PYRAMID} mallet")
    assert "machine cannot carry a tool" in refused(table, f"send {saw} {PYRAMID} mallet")
    play(table, table.active_seat, f"send {slave} {PYRAMID}")


def test_a_tool_the_player_does_not_have():
    table = set_up(sites={0: {"pyramid": []}}, idle={0: ["laborer_2"]})
    worker = NUMBER["laborer_2"]
    assert "no idle tool" in refused(table, f"send {worker} {PYRAMID} brush")


def test_spending_sesterces_you_lack():
    table = set_up(idle={0: ["master_1"]}, sites={0: {"pyramid": []}}, sesterces={0: 3})
    worker = NUMBER["master_1"]
    assert "costs 7 sesterces and you have only 3" in refused(table, "buy slave 52")
    assert "costs 5 sesterces and you have only 3" in refused(table, f"send {worker} {PYRAMID}")
    assert "costs 7 sesterces" in refused(table, f"train {worker} wood")
    play(table, table.active_seat, "take 1", "take 1", "take 1")
    assert table.sesterces[0] == 6 and table.actions_used == RULES.free_actions
    assert "2 sesterces + 5 for extra actions and you have only 6" in refused(
        table, "buy tool mallet"
    )
    assert "costs 10 for extra actions" in refused(table, "take 3")
    play(table, table.active_seat, "take 1")
    assert table.sesterces[0] == 6 - 5 + 1
    assert "costs 5 for extra actions and you have only 2" in refused(table, "loan")


def test_freeing_a_slave_on_a_site():
    table = set_up(sites={0: {"pyramid": ["slave_2"]}})
    reason = refused(table, f"free {NUMBER['slave_2']}")
    assert "working on a building site" in reason
    assert "is not a slave" in refused(table, f"free {NUMBER['master_1']}")


def test_cards_and_buildings_that_are_not_there():
    table = set_up(idle={0: ["laborer_2"]})
    worker = NUMBER["laborer_2"]
    missing = next(b for b in range(1, 34) if b not in table.building_row)
    assert "not in the building row" in refused(table, f"start {missing}")
    absent = next(w for w in range(34, 52) if w not in table.worker_row + table.idle[0])
    assert "not in the worker row" in refused(table, f"hire {absent}")
    assert "not one of your idle cards" in refused(table, f"send {absent} {PYRAMID}")
    assert "not one of your buildings" in refused(table, f"send {worker} {PYRAMID}")
    assert "can take 1, 3, 6 sesterces" in refused(table, "take 2")
    assert "slave or a tool, not 'loan'" in refused(table, "buy loan 1")
    assert "no tool 'hammer'" in refused(table, "buy tool hammer")
    assert "no card 'hammer'" in refused(table, f"send hammer {PYRAMID}")
    assert "no card '99'" in refused(table, "start 99")


def test_out_of_turn_malformed_and_unknown_actions():
    table = set_up()
    assert "not seat 1's turn: waiting for seat 0" in refused(table, "end", seat=1)
    assert "write it as 'start temple'" in refused(table, "start")
    assert "not an action of The Builders" in refused(table, "pass")


def test_nothing_after_the_end():
    table = set_up(finished={0: ["colossus_of_rhodes", "hanging_gardens", "town_hall"]})
    assert table.victory_points[0] == 17
    play(table, table.active_seat, "end")
    play(table, table.active_seat, "end")
    assert table.result() is not None
    assert "the game is over" in refused(table, "end", seat=0)


def test_a_freed_slave_is_written_by_its_citizen_side():
    """Rulebook: "The card of such a Prisoner is turned to its 'Citizen' side. From then on
    he is treated as a full Worker" — so his actions name the Citizen, not the Prisoner."""
    table = set_up(
        sites={0: {"pyramid": []}}, idle={0: ["slave_1"]}, tools={0: ["mallet"]}, sesterces={0: 20}
    )
    play(table, table.active_seat, "free slave_1")
    legal = {str(a) for a in table.legal_actions(0)}
    assert {"send citizen_1 pyramid", "send citizen_1 pyramid mallet"} <= legal
    assert not any("slave_1" in a for a in legal)
    assert "other side" in refused(table, "send slave_1 pyramid")
    assert "other side" in refused(table, "train slave_1 wood")
    assert "not a slave" in refused(table, "free citizen_1")
    assert "not in the investment row" in refused(table, "buy slave citizen_2")
    play(table, table.active_seat, "send citizen_1 pyramid mallet")
    assert table.events[-1].args["card"] == "citizen_1"
