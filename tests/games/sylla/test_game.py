"""The rule set: options from the rulings, the action space and notation, views and judgement."""

import json

from tabulae.core import Action, Rng, load, random_playout
from tabulae.games.sylla import GAME

from .helpers import building, holding, started

RULINGS_OPTIONS = {
    "open_screens": False,
    "seller_after_all_pass": "same",
    "private_temple_uses_per_phase": 1,
    "tavern_may_lock_at_end": True,
    "tavern_may_move_famine": False,
    "repeat_event_flips_again": True,
    "limited_bank": False,
    "limited_tokens": False,
    "edition": "standard",
}


def test_registered_with_the_rulings_options_as_defaults():
    assert load("sylla") is GAME
    assert (GAME.min_players, GAME.max_players) == (2, 4)
    assert {o.name: o.default for o in GAME.options} == RULINGS_OPTIONS


def test_the_action_space_is_fixed_and_reads_the_issue_notation():
    space = GAME.action_space(4)
    for text in (
        "bid 4",
        "recruit legionary_b",
        "offer market_stall yellow",
        "cube vestal epidemic",
        "thumb up 3",
    ):
        action = Action.parse(text)
        assert action in space and space.decode(space.encode(action)) == action
    assert Action.parse("tavern famine left") not in space
    assert Action.parse("tavern famine left") in GAME.action_space(4, tavern_may_move_famine=True)
    assert Action.parse("recruit 6") not in space  # a card is named, never a slot
    assert Action.parse("offer market_stall blue") not in space  # no slot is blue


def test_the_view_is_what_a_board_needs_and_json_ready():
    s = started(4, seed=1)
    view = s.view(0)
    assert json.loads(json.dumps(view)) == view
    for key in ("round", "phase", "step", "to_move", "first_consul", "players", "ladder"):
        assert key in view
    for key in ("famine", "events", "building_row", "display", "great_work", "deck_top_set"):
        assert key in view
    assert [e["event"] for e in view["events"]][-1] == "decadence"
    assert [b["colour"] for b in view["building_row"]] == list(s.components.slot_colours)
    assert view["players"][0]["characters"][0].keys() >= {"card", "tilted", "face_down", "hexes"}


def test_evaluate_counts_prestige_tokens_at_ladder_values_and_holdings():
    s = started(4, seed=1)
    for seat in range(4):
        holding(s, seat, "slave_plain")
        s.money[seat] = 0
    base = GAME.evaluate(s, 0)
    s.known_tokens[0][1] = 2
    s.ladder[1] = 7  # value 4
    assert GAME.evaluate(s, 0) == base + 8
    building(s, 0, "market_stall")
    assert GAME.evaluate(s, 0) > base + 8
    random_playout(s, Rng(1))
    assert GAME.evaluate(s, 0) == s.prestige[0]
