"""Phase III: offers, auctions paid by tilting, every building, and the player-count rules."""

import pytest

from tabulae.core import IllegalAction

from .helpers import arrange_row, enter, holding, names, play, started

ROW = ["insula", "crane", "triumphal_arch", "statue", "bank", "field"]  # red, red, yellow, ...


def table(players=4, row=ROW, **options):
    s = started(players, seed=7, **options)
    s.first_consul = 0
    for seat in range(players):
        holding(s, seat, "slave_plain", "slave_christian", "merchant_plain")
    arrange_row(s, row)
    enter(s, "buildings")
    return s


def finish_auction(s):
    """Everyone still to bid passes."""
    while s.step == "auction":
        play(s, s.to_move[0], "pass")


def test_the_slot_sets_the_sale_colour_and_a_bid_counts_cards_of_it():
    """S-12, S-14: red slots take red cards, each card counting one; at most all of them."""
    s = table()
    holding(s, 1, "legionary_b", "legionary_a", "vestal_b")  # red, red+grey, grey
    holding(s, 2, "slave_plain", "slave_christian", "legionary_b")  # three red
    assert s.to_move == (0,)
    play(s, 0, "offer insula red")
    assert s.to_move == (1,)
    assert [str(a) for a in s.legal_actions(1)] == ["pass", "bid 1", "bid 2"]
    with pytest.raises(IllegalAction, match="only 2 face-up untilted cards showing red"):
        play(s, 1, "bid 3")
    play(s, 1, "bid 2")
    with pytest.raises(IllegalAction, match="too low: the highest bid is 2"):
        play(s, 2, "bid 2")
    play(s, 2, "bid 3")
    finish_auction(s)
    assert s.high_bidder == 2


def test_a_colour_not_held_is_refused():
    s = table(row=["insula", "crane", "triumphal_arch", "statue", "bank", "field"])
    holding(s, 1, "vestal_b", "merchant_christian")  # grey only
    play(s, 0, "offer insula red")
    assert s.to_move == (2,)  # seat 1 holds no red card: its pass is forced
    holding(s, 2, "vestal_b")
    with pytest.raises(IllegalAction, match="no face-up untilted card showing red"):
        play(s, 2, "bid 1")


def test_the_winner_tilts_exactly_his_bid_and_tilted_cards_lose_their_abilities():
    """S-14: tilted characters lose their abilities until the end of the round."""
    s = table()
    holding(s, 1, "merchant_plain", "merchant_christian", "slave_plain")
    play(s, 0, "offer field grey")
    play(s, 1, "bid 2")
    finish_auction(s)
    assert s.step == "pay" and s.to_move == (1,)
    assert [str(a) for a in s.legal_actions(1)] == [
        "tilt merchant_plain",
        "tilt merchant_christian",
        "tilt slave_plain",
    ]
    play(s, 1, "tilt merchant_plain", "tilt merchant_christian")
    assert names(s, 1) == [
        ("merchant_plain", True, False),
        ("merchant_christian", True, False),
        ("slave_plain", False, False),
    ]
    assert s.active(1, "merchant") == 0  # no Merchant income this round
    assert s.seller == 1 and s.to_move == (1,) and s.step == "offer"


def test_when_everyone_passes_the_tile_is_discarded_and_the_seller_offers_again():
    """S-15 (option seller_after_all_pass, default same)."""
    s = table()
    play(s, 0, "offer triumphal_arch yellow")
    finish_auction(s)
    assert s.building_row[2] == -1 and s.tiles_offered == 1
    assert s.to_move == (0,) and s.step == "offer"


def test_the_next_seller_after_all_pass_may_be_the_next_player():
    s = table(seller_after_all_pass="next_clockwise")
    play(s, 0, "offer triumphal_arch yellow")
    finish_auction(s)
    assert s.to_move == (1,) and s.step == "offer"


@pytest.mark.parametrize("players, offers", [(4, 5), (3, 4)])
def test_five_tiles_are_offered_with_four_players_four_with_three(players, offers):
    """S-16: the tiles left are then removed from the game."""
    s = table(players)
    for _ in range(offers):
        seller = s.to_move[0]
        play(s, seller, str(s.legal_actions(seller)[0]))
        finish_auction(s)
    assert s.phase == "events" and s.building_row == [-1] * 6  # revenue had nothing to decide
    removed = [e for e in s.events if e.key == "sylla.tiles_removed"][-1]
    assert len(removed.args["buildings"]) == 6 - offers


def test_two_players_buy_one_tile_per_colour_and_offer_while_tiles_remain():
    """S-17 (Russian 2-player text): the other tile of a bought colour leaves at once."""
    s = table(2)
    play(s, 0, "offer insula red")
    play(s, 1, "bid 1")
    play(s, 0, "pass")
    play(s, 1, "tilt slave_plain")
    play(s, 1, "token health", "token health")
    assert s.building_row[:2] == [-1, -1]  # the Crane, the other red tile, is removed
    assert [e.args for e in s.events if e.key == "sylla.tile_removed"] == [
        {"building": "crane", "colour": "red"}
    ]
    play(s, 1, "offer triumphal_arch yellow")
    finish_auction(s)  # nobody buys: the other yellow tile stays
    assert s.building_row[3] >= 0
    for _ in range(3):
        play(s, s.to_move[0], str(s.legal_actions(s.to_move[0])[0]))
        finish_auction(s)
    assert s.phase == "events"


def buy(s, seat, slot):
    """The seller offers the tile in `slot` (from 1) and `seat` buys it for one card, the
    others passing."""
    building = s.components.buildings[s.components.tiles[s.building_row[slot - 1]].kind].id
    play(s, s.to_move[0], f"offer {building} {s.components.slot_colours[slot - 1]}")
    while s.step == "auction":
        mover = s.to_move[0]
        play(s, mover, "bid 1" if mover == seat else "pass")
    while s.step == "pay":
        play(s, seat, str(s.legal_actions(seat)[0]))


def test_insula_two_tokens_of_choice_behind_the_screen():
    """S-18: the colours stay hidden from the other players."""
    s = table()
    buy(s, 1, 1)
    assert s.step == "insula" and s.to_move == (1,)
    play(s, 1, "token leisure", "token health")
    assert s.tokens(1) == [0, 1, 1] and s.known_tokens[1] == [0, 0, 0]
    other = s.view(2)["players"][1]
    assert (
        other["tokens"] is None
        and other["unknown_tokens"] == [["civic_spirit", "health", "leisure"]] * 2
    )
    assert s.view(1)["players"][1]["tokens"] == {"civic_spirit": 0, "health": 1, "leisure": 1}
    private = [e for e in s.events if e.key == "sylla.token"]
    assert [e.audience for e in private] == [(1,), (1,)]


def test_crane_card_arrives_tilted_and_pays_any_colour_from_the_next_round():
    """S-19: one card in bids, any colour; no vote, no cube, no Christian, nothing at Ecclesia."""
    s = table()
    buy(s, 1, 2)
    assert names(s, 1)[-1] == ("crane", True, False)
    assert s.cranes_left == 2
    s.characters[1] = [s.characters[1][-1]]  # only the Crane card, as it arrived
    assert s.senators(1) == 0 and s.active(1, "legionary") == 0
    from tabulae.games.sylla.buildings import payers

    assert payers(s, 1, "red") == []  # tilted this round
    s.characters[1] = [(c, False, h) for c, _, h in s.characters[1]]  # the next round
    assert all(payers(s, 1, colour) == [0] for colour in ("red", "yellow", "grey"))


@pytest.mark.parametrize(
    "slot, prestige, money", [(3, 6, 0), (4, 4, 0), (5, 0, 5)], ids=["arch", "statue", "bank"]
)
def test_triumphal_arch_statue_and_bank_act_at_once(slot, prestige, money):
    """S-18: 6 prestige, 4 prestige, 5 deniers; the tile is discarded."""
    s = table()
    before = (s.prestige[2], s.money[2])
    buy(s, 2, slot)
    assert (s.prestige[2] - before[0], s.money[2] - before[1]) == (prestige, money)
    assert s.buildings[2] == []


def test_kept_buildings_stay_in_front_of_the_owner():
    s = table(row=["market_stall", "tavern", "private_temple", "statue", "field", "bank"])
    holding(s, 3, "slave_plain", "slave_christian", "merchant_plain", "vestal_b", "legionary_a")
    for slot in (1, 2, 3, 5):
        buy(s, 3, slot)
    kept = [s.components.buildings[k].id for k, held in s.buildings[3]]
    assert kept == ["market_stall", "tavern", "private_temple", "field"]
