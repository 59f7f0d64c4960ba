"""Screens, private token colours, secret choices and deck orders (rulings, Hidden information)."""

from tabulae.core import Rng, random_playout

from .helpers import arrange_events, enter, holding, play, started


def with_hidden_tokens(**options):
    s = started(4, seed=21, **options)
    s.take_token(1, 2, "insula", secret=True)
    s.take_token(1, 0, "private_temple", secret=True)
    s.take_token(1, 1, "first_consul", secret=False)
    return s


def test_screens_hide_money_and_tokens_from_the_others():
    s = with_hidden_tokens()
    mine, theirs = s.view(1)["players"][1], s.view(0)["players"][1]
    assert mine["money"] == s.money[1] and mine["tokens"] == {
        "civic_spirit": 1,
        "health": 1,
        "leisure": 1,
    }
    assert theirs["money"] is None and theirs["tokens"] is None
    assert theirs["known_tokens"] == {"civic_spirit": 0, "health": 1, "leisure": 0}
    assert len(theirs["unknown_tokens"]) == 2
    assert s.view(None)["players"][1]["money"] is None
    seen_by_0 = [e for e in s.events if e.visible_to(0) and e.key == "sylla.token"]
    assert [e.args["tendency"] for e in seen_by_0] == ["health"]


def test_open_screens_show_everything():
    s = with_hidden_tokens(open_screens=True)
    theirs = s.view(0)["players"][1]
    assert theirs["money"] == s.money[1]
    assert theirs["tokens"] == {"civic_spirit": 1, "health": 1, "leisure": 1}
    assert s.private_tokens[1] == [] and all(
        e.audience is None for e in s.events if e.key == "sylla.token"
    )


def test_determinize_resamples_hidden_colours_within_what_crises_revealed():
    s = with_hidden_tokens()
    worlds = {tuple(s.determinize(0, Rng(k)).tokens(1)) for k in range(40)}
    assert len(worlds) > 1 and all(sum(w) == 3 and w[1] >= 1 for w in worlds)
    assert all(tuple(s.determinize(1, Rng(k)).tokens(1)) == (1, 1, 1) for k in range(5))
    from tabulae.games.sylla.famine_and_crisis import crisis

    crisis(s, 0)  # Civic Spirit shown: one of the two was Civic Spirit
    worlds = {tuple(s.determinize(0, Rng(k)).tokens(1)) for k in range(40)}
    assert worlds == {(1, 2, 0), (1, 1, 1)}


def test_determinize_reshuffles_decks_but_keeps_what_everyone_knows():
    s = started(4, seed=2)
    s.deck[:0] = [s.deck.pop(), s.deck.pop()]
    s.deck_known = 2
    components = s.components
    top_set = components.cards[s.deck[-1]][0]
    orders = set()
    for k in range(20):
        copy = s.determinize(0, Rng(k))
        assert copy.deck[:2] == s.deck[:2] and sorted(copy.deck) == sorted(s.deck)
        assert components.cards[copy.deck[-1]][0] == top_set
        assert [components.tiles[t].letter for t in copy.building_stack] == [
            components.tiles[t].letter for t in s.building_stack
        ]
        assert sorted(copy.event_deck) == sorted(s.event_deck)
        assert copy.great_work_stack[-1] == s.great_work_stack[-1]
        orders.add((tuple(copy.deck), tuple(copy.building_stack), tuple(copy.event_deck)))
    assert len(orders) > 1


def test_a_determinized_copy_keeps_only_the_events_its_seat_saw():
    s = with_hidden_tokens()
    copy = s.determinize(0, Rng(3))
    assert all(e.visible_to(0) for e in copy.events)
    assert len(copy.events) < len(s.events)


def test_everything_shows_at_the_end():
    from tabulae.games.sylla import GAME

    s = GAME.new(3, seed=4)
    random_playout(s, Rng(4))
    for seat in (None, 0, 1, 2):
        view = s.view(seat)
        assert all(p["money"] is not None and p["tokens"] is not None for p in view["players"])
        assert view["result"]["scores"] == list(s.prestige)


def test_tokens_won_on_events_are_public():
    s = started(4, seed=8)
    s.first_consul = 0
    for seat in range(4):
        holding(s, seat, "slave_plain")
    holding(s, 2, "vestal_a")
    arrange_events(s, ["epidemic", "eruption", "famine"])
    enter(s, "events")
    play(s, 2, "cube vestal eruption")
    assert s.view(0)["players"][2]["known_tokens"]["leisure"] == 1
