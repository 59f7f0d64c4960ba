"""Phase I: the election lap, the First Consul's public token and the famine increase."""

import pytest

from tabulae.core import IllegalAction

from .helpers import arrange_events, holding, new_table, play

STARTS = {
    0: ["senator_plain", "senator_christian", "merchant_plain", "slave_plain"],
    1: ["senator_plain", "vestal_a", "legionary_a", "slave_plain"],
    2: ["vestal_a", "vestal_b", "legionary_a", "legionary_b"],
    3: ["merchant_plain", "merchant_christian", "legionary_a", "slave_plain"],
}


def table():
    s = new_table(4, STARTS)
    arrange_events(s, ["famine", "slave_revolt", "imperial_cult"])
    return s


def test_the_first_consul_opens_and_may_not_pass():
    """S-08: the current First Consul must make an opening bid, at least his Senators."""
    s = table()
    assert s.to_move == (0,) and s.money[0] == 4
    legal = [str(a) for a in s.legal_actions(0)]
    assert legal == ["bid 2", "bid 3", "bid 4", "bid 5", "bid 6"]
    with pytest.raises(IllegalAction, match="must open"):
        play(s, 0, "pass")
    with pytest.raises(IllegalAction, match="Senators all vote"):
        play(s, 0, "bid 1")
    with pytest.raises(IllegalAction, match="needs 5 deniers and you have 4"):
        play(s, 0, "bid 7")


def test_each_later_player_passes_or_outbids_once_and_only_the_winner_pays():
    """S-08: one lap; bids strictly higher; the winner pays only the deniers of his bid."""
    s = table()
    play(s, 0, "bid 3")  # 2 Senators + 1 denier
    with pytest.raises(IllegalAction, match="too low: the highest bid is 3"):
        play(s, 1, "bid 3")
    play(s, 1, "bid 4")  # 1 Senator + 3 deniers
    assert s.to_move == (3,)  # seat 2 (no Senator, 3 deniers) cannot outbid: a forced pass
    play(s, 3, "bid 5")  # 5 deniers
    assert s.first_consul == 3 and s.money == [4, 3, 3, 0]
    consul = [e for e in s.events if e.key == "sylla.consul"][-1]
    assert consul.args == {"seat": 3, "votes": 5, "deniers": 5}


def test_the_first_consul_keeps_office_when_all_pass_and_pays_his_deniers():
    s = table()
    play(s, 0, "bid 4")
    play(s, 3, "pass")  # seats 1 and 2 cannot outbid 4
    assert s.first_consul == 0 and s.money[0] == 2


def test_a_first_consul_with_nothing_to_bid_opens_at_zero_by_himself():
    s = table()
    holding(s, 0, "vestal_a")
    s.money[0] = 0
    from .helpers import enter

    enter(s, "first_consul")
    assert s.to_move == (1,)
    assert [e.args for e in s.events if e.key == "sylla.bid"][-1] == {
        "seat": 0,
        "votes": 0,
        "deniers": 0,
    }


def test_the_token_colour_is_public_and_famine_rises_by_the_symbols_in_play():
    """S-09, S-10: Famine, Slave Revolt and Decadence/Imperial Cult carry 2 symbols."""
    s = table()
    play(s, 0, "bid 2")
    while s.step == "elect":
        play(s, s.to_move[0], "pass")
    assert s.step == "consul_token" and s.to_move == (0,)
    play(s, 0, "token leisure")
    assert s.known_tokens[0] == [0, 0, 1]
    assert s.view(1)["players"][0]["known_tokens"]["leisure"] == 1
    token = [e for e in s.events if e.key == "sylla.token"][-1]
    assert token.audience is None
    assert s.famine == 2 and s.phase == "recruitment"


def test_famine_is_clamped_at_six():
    s = table()
    s.famine = 5
    play(s, 0, "bid 2")
    while s.step == "elect":
        play(s, s.to_move[0], "pass")
    play(s, 0, "token health")
    assert s.famine == 6
