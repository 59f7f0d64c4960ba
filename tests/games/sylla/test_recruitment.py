"""Phase II: recruitment order, two cards each with 2 players, and the deck bottom."""

from .helpers import arrange_display, new_table, play, started


def test_two_players_take_two_each_first_consul_first():
    """S-11 (Russian 2-player text): the First Consul takes 2 cards, then his opponent 2."""
    s = new_table(2, {})
    while s.step == "choose":
        play(s, s.to_move[0], str(s.legal_actions(s.to_move[0])[0]))
    arrange_display(
        s, ["slave_plain", "vestal_a", "vestal_b", "legionary_a", "legionary_b", "senator_plain"]
    )
    while s.step == "elect":
        seat = s.to_move[0]
        play(s, seat, str(s.legal_actions(seat)[0]))  # the lowest opening bid, then passes
    play(s, s.first_consul, "token civic_spirit")
    first = s.first_consul
    assert s.step == "recruit" and s.to_move == (first,)
    play(s, first, "recruit slave_plain")
    assert s.to_move == (first,)
    play(s, first, "recruit vestal_a")
    assert s.to_move == (1 - first,)
    play(s, 1 - first, "recruit vestal_b", "recruit legionary_a")
    assert s.phase == "buildings"
    assert [s.components.card_names[c] for c in s.deck[:2]] == ["senator_plain", "legionary_b"]
    assert s.deck_known == 2


def test_a_recruit_arrives_face_up_and_untilted():
    s = started(3, seed=4)
    while s.step == "elect":
        seat = s.to_move[0]
        play(s, seat, str(s.legal_actions(seat)[0]))  # the lowest opening bid, then passes
    play(s, s.first_consul, "token health")
    seat = s.to_move[0]
    before = len(s.characters[seat])
    play(s, seat, str(s.legal_actions(seat)[1]))
    _, tilted, held = s.characters[seat][-1]
    assert len(s.characters[seat]) == before + 1 and not tilted and held == -1
    assert len(s.display) == 4
