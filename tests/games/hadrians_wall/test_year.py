"""The year: its start, the attack at its end, and the hidden choices in between."""

from tabulae.core import Action, Rng
from tabulae.games.hadrians_wall import GAME
from tabulae.games.hadrians_wall import sheet as S
from tabulae.games.hadrians_wall.components import COHORTS, DIPLOMAT_NEEDS, FATE_CARDS, PLAYER_CARDS

from .helpers import (
    areas,
    deal,
    end_year,
    fate_with,
    in_year,
    play,
    pool,
    position,
    refused,
    stack_fate,
)

TEMPLE_FAVOUR = {
    "built": ["small_temple"],
    "citizens": {"priests": 1},
    "temples": 2,  # the Small Temple's second box gives piety and a favour
    "temple_favours": 1,
}
"""Sheets holding one temple favour."""


def test_year_start_gives_the_fate_items_then_asks_for_a_secret_choice():
    """PL p.3: "reveal the top Fate card … all players at once take the workers and resources
    shown on it … each player draws the top 2 cards of his deck."
    """
    state = GAME.new(3, seed=4)
    card = FATE_CARDS[state.fate_card]
    for seat in range(3):
        assert list(areas(state, seat)["pool"].values()) == list(card.items)
        assert len(state.drawn[seat]) == 2
    assert state.phase == "choose" and state.to_move == (0, 1, 2)
    assert len(state.legal_actions(0)) == 2 and all(a[0] == "path" for a in state.legal_actions(0))


def test_the_prospect_bonus_of_the_trainer():
    """PL p.4: "It is year 3. In earlier years this player chose the Defender and Vanguard Paths.
    This year he added the Pontiff to his Path cards and used the Trainer as his Prospect card.
    He at once gains 1 servant and 1 resource, as that Prospect card shows."
    """
    data = position(year=3, phase="choose")
    deal(
        data,
        0,
        paths=("defender", "vanguard"),
        prospects=("merchant", "forager"),
        drawn=("pontiff", "trainer"),
    )
    state = GAME.from_position(data)
    before = areas(state)["pool"]
    play(state, 0, "path pontiff")
    assert [PLAYER_CARDS[c].id for c in state.paths[0]] == ["defender", "vanguard", "pontiff"]
    assert state.prospect_card(0).id == "trainer"
    after = areas(state)["pool"]
    production = areas(state)["resource_production"]
    assert after["servant"] == before["servant"] + 1
    assert after["resource"] == before["resource"] + 1 + production


def test_the_choice_stays_secret_until_everyone_has_chosen():
    state = GAME.new(3, seed=2)
    first = state.legal_actions(0)[0]
    state.apply(0, first)
    assert state.view(0)["choice"] == first[1]
    for seat in (1, 2, None):
        view = state.view(seat)
        assert view["players"][0]["chosen"] is True
        assert view["players"][0]["paths"] == []
        assert first[1] not in str(view.get("choice"))
        if seat is not None:
            own = {PLAYER_CARDS[c].id for c in state.drawn[seat]}
            assert set(view["drawn"]) == own
            assert not set(view["drawn"]) & {PLAYER_CARDS[c].id for c in state.drawn[0]} - own
    assert refused(state, 0, str(first)).startswith("it is not seat 0's turn")
    state.apply(1, state.legal_actions(1)[0])
    state.apply(2, state.legal_actions(2)[0])
    assert state.phase == "actions"
    assert state.view(1)["players"][0]["paths"] == [first[1]]


def test_determinize_resamples_the_others_drawn_cards_and_choices():
    state = GAME.new(3, seed=5)
    state.apply(1, state.legal_actions(1)[0])
    seen = set()
    for k in range(30):
        copy = state.determinize(0, Rng(k))
        assert copy.drawn[0] == state.drawn[0]
        assert copy.chosen[1] in copy.drawn[1]
        seen.add(tuple(sorted(copy.drawn[1])))
        assert copy.view(0) == state.view(0)
    assert len(seen) > 5


def _attack_in_year_3(cohorts: tuple[int, int, int], temple_favour: bool = False, favour: str = ""):
    """A solo year 3 on easy, attacked by 1 card on the centre and 2 on the right."""
    sheet = {"cohorts": dict(zip(COHORTS, cohorts, strict=True))}
    data = position(year=3, sheets=[{**sheet, **TEMPLE_FAVOUR} if temple_favour else sheet])
    deck = [FATE_CARDS[i] for i in data["table"]["fate_deck"]]
    centre = next(c.id for c in deck if c.attack == 1)
    right = [c.id for c in deck if c.attack == 2][:2]
    stack_fate(data, centre, *right)
    state = GAME.from_position(data)
    before = (areas(state)["attributes"]["valour"], S.disdain(state.sheets[0]))
    end_year(state)
    if temple_favour:
        assert state.phase == "attack" and state.to_move == (0,)
        if favour:
            play(state, 0, favour)
        play(state, 0, "defend")
    defence = [e for e in state.events if e.key == "hadrians_wall.defence"][-1].args
    gained = (
        areas(state)["attributes"]["valour"] - before[0],
        S.disdain(state.sheets[0]) - before[1],
    )
    return state, defence, gained


def test_the_year_3_attack_defended_in_full_gives_the_grey_flags_valour():
    """PL p.13: "in year 3 only 3 cards were revealed: one against the centre Cohort and two
    against the right. … each player would need at least 1 filled box in the centre Cohort and
    2 in the right Cohort." A full defence gains the grey flag's valour (2 in year 3).
    """
    state, defence, gained = _attack_in_year_3((0, 1, 2))
    assert defence["players"][0] == {
        "temple_favours": [0, 0, 0],
        "diplomat_favours": [0, 0, 0],
        "undefended": 0,
        "disdain": 0,
        "valour": 2,
    }
    assert gained == (2, 0)
    assert state.year == 4


def test_the_year_3_attack_with_two_undefended_gives_two_disdain():
    """PL p.13: "if at least 2 attacks got through (e.g. the player had no box filled in his
    right Cohort) he would gain 2 disdain."
    """
    _state, defence, gained = _attack_in_year_3((0, 1, 0))
    assert (defence["players"][0]["disdain"], defence["players"][0]["valour"]) == (2, 0)
    assert gained == (0, 2)


def test_the_year_3_attack_with_one_undefended_gives_disdain_and_valour():
    """PL p.13: "if only 1 attack got through (e.g. the player had only one box of the right
    Cohort filled) he would gain 1 disdain and 1 valour."
    """
    _state, defence, gained = _attack_in_year_3((0, 1, 1))
    assert gained == (1, 1)
    assert (defence["players"][0]["disdain"], defence["players"][0]["valour"]) == (1, 1)


def test_the_year_3_attack_with_a_favour():
    """PL p.13: "if this player were to let one of the attacks on the right Cohort through, and
    so gain 1 disdain and 1 valour, he could instead use an available favour to ignore one of
    those cards and gain 2 valour for a successful defence."
    """
    state, defence, _ = _attack_in_year_3(
        (0, 1, 1), temple_favour=True, favour="favour right temple"
    )
    assert defence["players"][0]["temple_favours"] == [0, 0, 1]
    assert (defence["players"][0]["disdain"], defence["players"][0]["valour"]) == (0, 2)
    assert areas(state)["temple_favours"] == 0
    state, defence, _ = _attack_in_year_3((0, 1, 1), temple_favour=True)
    assert (defence["players"][0]["disdain"], defence["players"][0]["valour"]) == (1, 1)
    assert areas(state)["temple_favours"] == 1, "an unspent favour is kept"


def test_a_diplomat_favour_ignores_only_its_own_cohort():
    state = in_year(
        sheets=[
            {
                "citizens": {"patricians": DIPLOMAT_NEEDS[0]},
                "diplomats": 1,
                "diplomat_serving": {"left": 1},
                "diplomat_favours": {"left": 2},
            }
        ],
        fate=[fate_with(attack=0)],
    )
    end_year(state)
    assert state.phase == "attack"
    assert [str(a) for a in state.legal_actions(0)] == ["favour left diplomat", "defend"]
    play(state, 0, "favour left diplomat")
    assert refused(state, 0, "favour left diplomat") == (
        "no attack card against the left Cohort is left to ignore"
    )
    play(state, 0, "defend")
    assert areas(state)["diplomat_favours"]["left"] == 1
    assert areas(state)["attributes"]["valour"] == 1


def test_favour_choices_are_secret_until_all_have_decided():
    state = in_year(players=2, sheets=[TEMPLE_FAVOUR, TEMPLE_FAVOUR], fate=[fate_with(attack=0)])
    end_year(state)
    play(state, 0, "favour left temple")
    assert state.view(0)["favours"]["temple"]["left"] == 1
    assert state.view(1)["favours"]["temple"]["left"] == 0
    assert state.view(1)["players"][0]["deciding"] is True
    for k in range(10):
        assert state.determinize(1, Rng(k)).view(1) == state.view(1)


def test_neutral_pieces_add_attack_cards():
    """PL p.15: "during the Picts' attack, players must reveal 1 extra Fate card for each
    resource and soldier on the Neutral Prospect cards."
    """
    data = position(difficulty="normal")
    data["table"]["neutral_pieces"] = [2, 1]
    state = GAME.from_position(data)
    end_year(state)
    attack = [e for e in state.events if e.key == "hadrians_wall.attack"][-1].args
    assert len(attack["cards"]) == 1 + 3 and attack["neutral_extra"] == 3


def test_neutral_cards_offer_goods_and_patterns_with_one_or_two_players():
    """PL p.15: reveal 2 Neutral Prospect cards alone and 1 with two players; the resource or
    soldier paid for using one is placed on it."""
    solo = in_year(players=1, sheets=[{"citizens": {"patricians": 2}, "pool": {"soldier": 1}}])
    assert len(solo.neutral_cards) == 2
    duo = in_year(players=2)
    assert len(duo.neutral_cards) == 1 and len(in_year(players=3).neutral_cards) == 0
    scout = next(a for a in solo.legal_actions(0) if a[0] == "scout" and a[1] == "neutral2")
    solo.apply(0, scout)
    assert solo.neutral_pieces == [0, 1]


def test_valour_workers_from_the_attack_are_kept_for_next_year():
    """PL p.13: "if the valour would fill a box with a worker … he gains it at once (the
    workers gained this way can be used next year)."
    """
    state = in_year(
        sheets=[{"attributes": {"valour": 2}, "cohorts": {"left": 1}, "pool": {"resource": 5}}],
        fate=[fate_with(attack=0)],
    )
    end_year(state)
    assert areas(state)["attributes"]["valour"] == 3
    card = FATE_CARDS[state.fate_card]
    assert areas(state)["pool"]["soldier"] == 1 + card.items[0], (
        "the soldier is kept beside year 2's Fate items"
    )


def test_workers_gained_in_the_last_attack_are_lost():
    """PL p.14: "all workers gained from the Valour track in the last year's attack are lost." """
    full = dict.fromkeys(COHORTS, 6)  # every attack defended: the grey flags' valour
    state = in_year(year=6, sheets=[{"attributes": {"valour": 2}, "cohorts": full}])
    end_year(state)
    while state.phase == "attack":
        play(state, 0, "defend")
    assert state.phase == "over"
    assert areas(state)["attributes"]["valour"] > 3, "valour box 3 gives a soldier"
    assert pool(state) == {}
    assert state.legal_actions(0) == [] and state.to_move == ()


def test_the_fate_deck_is_reshuffled_when_it_runs_out():
    """H-19: when the Fate deck is empty and a card is needed, the discard pile (this year's
    Fate card included) is shuffled to form a new deck."""
    data = position()
    table = data["table"]
    table["fate_discard"] += table["fate_deck"][:-1]
    table["fate_deck"] = table["fate_deck"][-1:]
    state = GAME.from_position(data)
    state.draw_fate()
    state.draw_fate()
    assert len(state.fate_deck) == len(FATE_CARDS) - 1
    assert len(state.fate_discard) == 1
    assert state.events[-1].key == "hadrians_wall.fate_reshuffled"


def test_every_player_acts_until_he_passes():
    state = in_year(players=3)
    assert state.to_move == (0, 1, 2)
    play(state, 1, "pass")
    assert state.to_move == (0, 2)
    assert state.legal_actions(1) == []
    assert refused(state, 1, "pass").startswith("it is not seat 1's turn")
    play(state, 0, "pass")
    play(state, 2, "pass")
    assert state.phase in ("attack", "choose")
    assert Action("pass") not in state.legal_actions(0)


def test_views_show_both_sheets_of_every_player_and_only_the_own_draw():
    import json

    state = GAME.new(4, seed=9)
    drew = [e for e in state.events if e.key == "hadrians_wall.drew"]
    assert [e.audience for e in drew] == [(0,), (1,), (2,), (3,)]
    view = state.view(2)
    assert json.loads(json.dumps(view)) == view
    assert len(view["players"]) == 4
    for player in view["players"]:
        assert {"left_sheet", "right_sheet", "pool", "score"} <= set(player)
        assert player["left_sheet"]["open_boxes"]["fort"] == 7
    assert view["drawn"] == sorted(view["drawn"]) and len(view["drawn"]) == 2
    assert "drawn" not in state.view(None)
    assert len(view["players"][2]["cards_unseen"]) == 10
    assert len(view["players"][1]["cards_unseen"]) == 12
