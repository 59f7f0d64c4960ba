"""Supply limits (S-41): unlimited by default; the limited options as the box holds them."""

from .helpers import enter, holding, play, started


def test_the_bank_is_unlimited_by_default():
    s = started(4, seed=2)
    s.money = [100, 100, 100, 100]
    assert s.bank() is None and s.earn(0, 5) == 5


def test_a_limited_bank_pays_only_what_it_holds():
    s = started(4, seed=2, limited_bank=True)
    s.money = [20, 20, 18, 0]
    assert s.bank() == 2
    for seat in range(4):
        holding(s, seat, "slave_plain")
    enter(s, "revenue")
    assert s.money == [20, 20, 18, 2]  # clockwise from the First Consul until the bank is empty
    assert s.view(0)["bank"] == 0


def test_limited_tokens_run_out():
    s = started(4, seed=2, limited_tokens=True)
    s.known_tokens = [[38, 0, 0], [0, 0, 0], [0, 0, 0], [0, 0, 0]]
    assert s.supply(0) == 0 and s.available_tendencies() == [1, 2]
    s.first_consul = 1
    enter(s, "first_consul")
    while s.step == "elect":
        seat = s.to_move[0]
        play(s, seat, str(s.legal_actions(seat)[0]))
    assert [str(a) for a in s.legal_actions(s.first_consul)] == ["token health", "token leisure"]
    assert s.view(0)["token_supply"] == {"civic_spirit": 0, "health": 38, "leisure": 38}
