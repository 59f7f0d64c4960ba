"""The worked examples of the rulebook, replayed on the engine."""

from tabulae.games.builders.components import RULES

from .helpers import NUMBER, play, set_up

LIGHTHOUSE = NUMBER["lighthouse_of_alexandria"]


def test_a_worker_with_a_mallet_goes_to_the_lighthouse_for_one_action_and_four_sesterces():
    """Rulebook, "Zakup narzędzi": "For 2 sesterces the player may take one of the Tool cards.
    From then on, when he sends a Worker to work, he may equip him with the Tool at no
    extra cost. [...] Sending this Worker equipped with a Mallet to work on the Lighthouse
    of Alexandria costs 1 action and 4 sesterces. The player had already spent 2 sesterces
    buying the Mallet."
    """
    table = set_up(idle={0: ["craftsman_1"]}, sites={0: {"lighthouse_of_alexandria": []}})
    craftsman = NUMBER["craftsman_1"]

    play(table, table.active_seat, "buy tool mallet")
    assert (table.sesterces[0], table.actions_used, table.tools[0]) == (8, 1, [0])

    play(table, table.active_seat, f"send {craftsman} {LIGHTHOUSE} mallet")
    assert table.sesterces[0] == 4, "the wage of 4 sesterces and nothing for the tool"
    assert table.actions_used == 2, "one action"
    lighthouse = table.sites[0][LIGHTHOUSE]
    assert lighthouse.crew == [(craftsman, 0)]
    assert lighthouse.supplied == [3 + 1, 0, 1, 0], "the craftsman's 3 stone and the mallet's 1"
    assert table.tools[0] == [], "the mallet is on the site"


def test_a_trained_worker_still_costs_his_wage():
    """Rulebook, "Szkolenie robotnika": "For 7 sesterces the player may train one of his
    available Workers [...] The new Materials replace the old Materials on the Worker card.
    The cost of sending the Worker to work does not rise. [...] After training this Worker
    at the cost of 1 action and 7 sesterces, sending him to work on the Lighthouse of
    Alexandria costs the player 1 action and 4 sesterces."
    """
    table = set_up(
        idle={0: ["craftsman_5"]},
        sites={0: {"lighthouse_of_alexandria": []}},
        sesterces={0: 11},
    )
    craftsman = NUMBER["craftsman_5"]

    play(table, table.active_seat, f"train {craftsman} decoration")
    assert (table.sesterces[0], table.actions_used) == (4, 1), "1 action and 7 sesterces"
    assert table.provides(craftsman) == (0, 3, 0, 3), "decoration 1 became 3"
    assert table.wage(craftsman) == 4

    play(table, table.active_seat, f"send {craftsman} {LIGHTHOUSE}")
    assert (table.sesterces[0], table.actions_used) == (0, 2), "1 action and 4 sesterces"
    assert table.sites[0][LIGHTHOUSE].supplied == [0, 3, 0, 3]


def test_three_workers_to_one_building_in_one_turn_cost_six_actions():
    """Rulebook, "Wysłanie robotnika do pracy": "If the player sent only one Worker to a
    given Building in his turn, it takes only one action (whatever the number of Workers
    already working on it). If in the same turn he sent a second Worker to the same
    Building, it costs 2 more actions. A third Worker costs 3 more actions, and so on.
    Sending three Workers in one turn to the same Building therefore costs six actions!
    If in one turn the player sends two Workers to two different Buildings, it costs only
    one action per Worker, 2 actions in all."
    """
    next_turn = 3 + 4  # the wages of the laborer and the craftsman sent in the next turn
    table = set_up(
        idle={0: ["apprentice_1", "apprentice_2", "apprentice_3", "laborer_1", "craftsman_1"]},
        sites={0: {"pyramid": ["master_1"], "temple": []}},
        sesterces={0: 2 * 3 + 3 * RULES.extra_action_cost + next_turn},
    )
    workers = [NUMBER[card] for card in ("apprentice_1", "apprentice_2", "apprentice_3")]
    workers.append(NUMBER["laborer_1"])
    pyramid, temple = NUMBER["pyramid"], NUMBER["temple"]

    play(table, table.active_seat, f"send {workers[0]} {pyramid}")
    assert table.actions_used == 1, "one action, though a master already works there"
    play(table, table.active_seat, f"send {workers[1]} {pyramid}")
    assert table.actions_used == 1 + 2
    play(table, table.active_seat, f"send {workers[2]} {pyramid}")
    assert table.actions_used == 1 + 2 + 3 == 6
    assert table.sesterces[0] == next_turn, "three wages of 2, and 3 extra actions at 5 each"

    play(table, table.active_seat, "end")
    play(table, table.active_seat, "end")
    play(table, table.active_seat, f"send {workers[3]} {temple}")
    play(table, table.active_seat, f"send {NUMBER['craftsman_1']} {pyramid}")
    assert table.actions_used == 2, "two buildings, one action each"


def test_a_journeyman_completes_the_lighthouse():
    """Rulebook, "Ukończenie budynku": "After sending a Journeyman to work on the
    Lighthouse of Alexandria (for 3 sesterces) the player finished building it. The
    Lighthouse needed 2 Stone, 4 Wood, 1 Architecture and 3 Decoration. Adding the
    Journeyman to the crew supplied the missing 1 Wood and 2 Decoration [...] The player
    receives from the bank the 14 sesterces shown on the Lighthouse card, then turns the
    card over and puts it beside his other finished Buildings, securing 5 victory points."
    "The Workers working on a finished Building return to the player's pool, as do any
    Tools they had with them."
    """
    crew = ["master_2", "apprentice_2", "apprentice_3"]
    table = set_up(idle={0: ["laborer_1"]}, sites={0: {"lighthouse_of_alexandria": crew}})
    lighthouse = table.sites[0][LIGHTHOUSE]
    assert lighthouse.supplied == [4, 3, 1, 1], "1 wood and 2 decoration are missing"
    journeyman = NUMBER["laborer_1"]
    assert table.wage(journeyman) == 3

    play(table, table.active_seat, f"send {journeyman} {LIGHTHOUSE}")
    assert LIGHTHOUSE not in table.sites[0]
    assert table.finished[0] == [LIGHTHOUSE]
    assert table.victory_points[0] == 5
    assert table.sesterces[0] == 10 - 3 + 14
    assert sorted(table.idle[0]) == sorted([NUMBER[c] for c in crew] + [journeyman])
    completed = table.events[-1]
    assert completed.key == "builders.completed"
    assert completed.args == {
        "seat": 0,
        "building": "lighthouse_of_alexandria",
        "sesterces": 14,
        "vp": 5,
    }


def test_tools_come_back_with_their_workers():
    """Rulebook, "Zakup narzędzi": "When the Building is finished, the Tool and the Worker
    who used it return to the player's pool of available Workers. The player may use the
    Tool for the next construction."
    """
    table = set_up(
        idle={0: ["apprentice_1"]}, sites={0: {"camel_stable": []}}, tools={0: ["mallet"]}
    )
    apprentice = NUMBER["apprentice_1"]
    play(table, table.active_seat, f"send {apprentice} {NUMBER['camel_stable']} mallet")
    assert table.finished[0] == [NUMBER["camel_stable"]], "1 stone from the mallet, 1 architecture"
    assert table.tools[0] == [0] and apprentice in table.idle[0]


def test_the_game_ends_after_the_round_of_the_player_who_reached_17():
    """Rulebook, "Koniec gry": "If at the end of his turn a player has at least 17 victory
    points (counting only Buildings and Machines, not sesterces, Prisoners or Loans), the
    game ends. Players who have not yet played their turn in the current round play their
    last turn (so that everyone has the same number of turns, the player to the right of
    the first player playing last). If the first player reaches 17 points at the end of his
    turn, all the other players play their last turns."
    """
    table = set_up(
        players=3,
        first=1,
        finished={
            1: ["barracks", "fortress", "town_hall", "trading_post"],
            0: ["pyramid", "sphinx"],
        },
        sites={
            1: {"lighthouse_of_alexandria": ["master_2", "apprentice_2", "apprentice_3"]},
            0: {"tower_of_babel": ["master_4", "craftsman_1"]},
        },
        idle={1: ["laborer_1"], 0: ["craftsman_3"]},
    )
    assert table.victory_points == [14, 12, 0]
    play(table, table.active_seat, f"send {NUMBER['laborer_1']} {LIGHTHOUSE}")
    assert table.victory_points[1] == 17 and not table.last_round, (
        "the trigger waits for the turn's end"
    )

    play(table, table.active_seat, "end")
    assert table.last_round and table.to_move == (2,)
    play(table, table.active_seat, "end")
    assert table.to_move == (0,), "seat 0, to the right of the first player, plays last"
    play(table, table.active_seat, f"send {NUMBER['craftsman_3']} {NUMBER['tower_of_babel']}")
    assert table.victory_points == [14 + 6, 17, 0], "the last turn can still change the winner"
    play(table, table.active_seat, "end")
    assert table.to_move == () and table.result() is not None
    assert table.result().scores == (20 + 2.1, 17 + 2.1, 1.0)
    assert table.result().winners == (0,)


def test_the_game_ends_at_once_when_the_last_player_reaches_17():
    """Rulebook, "Koniec gry": "But if it is the last player, the round ends with the end
    of his turn, and with it the whole game."
    """
    finished = ["colossus_of_rhodes", "hanging_gardens", "town_hall"]
    table = set_up(players=3, first=1, to_move=0, finished={0: finished})
    assert table.victory_points[0] == 17 and table.last_seat == 0
    play(table, table.active_seat, "end")
    assert table.to_move == ()
    assert [e.key for e in table.events[-6:]] == [
        "builders.turn_ended",
        "builders.last_round",
        "builders.settled",
        "builders.settled",
        "builders.settled",
        "builders.game_over",
    ]


def test_sesterces_slaves_and_loans_do_not_trigger_the_end():
    """Rulebook, "Koniec gry": "counting only Buildings and Machines, not sesterces,
    Prisoners or Loans"."""
    table = set_up(
        finished={0: ["pyramid", "colossus_of_rhodes", "trading_post"]},
        idle={0: ["slave_1"]},
        loans={0: 2},
        sesterces={0: 500},
    )
    assert table.victory_points[0] == 16
    play(table, table.active_seat, "end")
    assert not table.last_round and table.to_move == (1,)


def test_slaves_are_freed_and_loans_repaid_at_final_scoring():
    """Rulebook, "Koniec gry": "1. Each player may, if he has not done it yet, free his
    Prisoners and repay his Loans. Each Prisoner not freed costs 1 victory point and each
    unpaid Loan 2 victory points. 2. Then each player counts the points of his finished
    Buildings and Machines, and gets 0.1 point for each sesterce he holds."
    "During final scoring freeing a Prisoner costs 5 sesterces (the cost of an extra
    action). Only a Prisoner not working on a Building can be freed."
    "During final scoring the player must return 15 sesterces to the bank for each Loan.
    If he does not, he subtracts 2 victory points per unpaid Loan. Repaying is not an
    action."
    """
    table = set_up(
        players=2,
        first=1,
        to_move=0,
        idle={0: ["slave_1", "slave_2"]},
        sites={0: {"pyramid": ["slave_3"]}},
        finished={
            0: ["colossus_of_rhodes", "hanging_gardens", "town_hall"],
            1: ["ziggurat", "theater"],
        },
        sesterces={0: 27, 1: 14},
        loans={0: 2, 1: 1},
    )
    assert table.victory_points == [17, 10]
    idle = [NUMBER["slave_1"], NUMBER["slave_2"]]
    play(table, table.active_seat, "end")

    result = table.result()
    assert result is not None
    me, other = result.details["players"]
    assert me["freed"] == ["slave_1", "slave_2"] and sorted(table.freed) == idle
    assert me["repaid"] == 1 and me["paid"] == 25 and me["left"] == 2
    assert me["unfreed_slaves"] == 1, "the slave on the Pyramid cannot be freed"
    assert result.scores[0] == 17 - 1 - 2 + 0.2
    assert (me["sesterces_vp"], me["slaves_vp"], me["loans_vp"]) == (0.2, -1, -2)
    assert result.details["rules"]["sesterces_per_vp"] == 10
    assert other["repaid"] == 0 and other["paid"] == 0, "14 sesterces do not repay a loan"
    assert result.scores[1] == 10 - 2 + 1.4
    assert table.sesterces == [2, 14] and table.loans == [1, 1]
    assert set(idle) <= table.freed


def test_tied_players_share_the_victory():
    """Rulebook, "Koniec gry": "The player with the most points wins! In case of a tie the
    players share the victory."
    """
    table = set_up(
        players=3,
        finished={
            0: ["colossus_of_rhodes", "hanging_gardens", "town_hall"],
            1: ["pyramid", "sphinx", "stall", "rural_house"],
            2: ["tower_of_babel", "ziggurat", "palace_of_assur"],
        },
        sesterces={0: 3, 1: 13, 2: 13},
    )
    assert table.victory_points == [17, 16, 16]
    play(table, table.active_seat, "end")
    play(table, table.active_seat, "end")
    play(table, table.active_seat, "end")
    result = table.result()
    assert result.scores == (17.3, 17.3, 17.3)
    assert result.ranks == (1, 1, 1) and result.winners == (0, 1, 2)
