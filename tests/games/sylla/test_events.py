"""Phase V: cubes, rewards, prevention, every event, the card-turning exceptions and refill."""

import pytest

from tabulae.core import IllegalAction

from .helpers import arrange_events, building, enter, holding, names, play, started

HELD = {"christian_persecution", "senate_purge", "slave_revolt", "flood", "pillage"}


def table(events=("epidemic", "eruption", "imperial_cult"), **options):
    s = started(4, seed=5, **options)
    s.first_consul = 0
    for seat in range(4):
        holding(s, seat, "slave_plain")
    arrange_events(s, list(events))
    return s


def event_id(s, name):
    return s.components.index("events", name)


def place(s, *moves):
    """(seat, move) pairs, each checked to be that seat's turn."""
    for seat, move in moves:
        assert s.to_move == (seat,), (seat, move, s.to_move)
        play(s, seat, move)


# -- cubes and rewards -------------------------------------------------------------------------


def test_cubes_come_from_untilted_legionaries_and_vestals_and_keep_their_type():
    """S-23: a Vestal cube only on a Vestal event, a Legionary cube only on a Legionary one."""
    s = table(("epidemic", "senate_purge", "imperial_cult"))
    holding(s, 0, "vestal_a", "legionary_a", "legionary_b")
    s.characters[0][2] = (s.characters[0][2][0], True, -1)  # a tilted Legionary gives no cube
    enter(s, "events")
    assert s.cubes_left[0] == [1, 1] and s.to_move == (0,)
    assert [str(a) for a in s.legal_actions(0)] == [
        "cube legionary senate_purge",
        "cube legionary imperial_cult",
        "cube legionary decadence",
        "cube vestal epidemic",
        "cube vestal imperial_cult",
        "cube vestal decadence",
    ]
    with pytest.raises(IllegalAction, match="Senate Purge does not show the Vestal symbol"):
        play(s, 0, "cube vestal senate_purge")
    with pytest.raises(IllegalAction, match="not an event in play"):
        play(s, 0, "cube vestal flood")


def test_players_without_cubes_are_skipped_and_the_last_place_several_in_a_row():
    s = table()
    holding(s, 1, "vestal_a", "vestal_b", "legionary_a")
    holding(s, 2, "vestal_a")
    enter(s, "events")
    place(s, (1, "cube vestal epidemic"), (2, "cube vestal eruption"))
    place(s, (1, "cube vestal epidemic"), (1, "cube legionary imperial_cult"))
    assert s.phase != "events" or s.step in ("prevent", "remove", "flip")


def test_majorities_take_public_tokens_ties_all_take_and_decadence_gives_prestige():
    """S-24: each tied majority takes a token; no cube, no token; Decadence 1 prestige."""
    s = table()
    holding(s, 1, "vestal_a", "vestal_b")
    holding(s, 2, "vestal_a", "legionary_a")
    holding(s, 3, "vestal_b")
    enter(s, "events")
    place(
        s,
        (1, "cube vestal epidemic"),
        (2, "cube vestal epidemic"),
        (3, "cube vestal decadence"),
        (1, "cube vestal eruption"),
        (2, "cube legionary decadence"),
    )
    assert s.known_tokens[1] == [0, 1, 1] and s.known_tokens[2] == [
        0,
        1,
        0,
    ]  # Epidemic tied, Eruption
    assert s.known_tokens[0] == [0, 0, 0] and s.known_tokens[3] == [
        0,
        0,
        0,
    ]  # Imperial Cult had no cube
    assert s.prestige == [10, 10, 11, 11]
    assert all(e.audience is None for e in s.events if e.key == "sylla.token")


# -- prevention and removal ----------------------------------------------------------------


def test_the_first_consul_breaks_ties_even_without_any_cube():
    """S-25: with no cube at all, the First Consul picks the two prevented events."""
    s = table()
    enter(s, "events")
    assert s.step == "prevent" and s.to_move == (0,) and s.prevent_needed == 2
    play(s, 0, "prevent decadence")
    play(s, 0, "prevent eruption")
    # Epidemic and Imperial Cult occurred; Decadence is never removed: Eruption leaves.
    assert s.ladder == [3, 3, 4]
    assert event_id(s, "eruption") not in s.event_row
    assert event_id(s, "decadence") == s.event_row[3]
    assert len(s.event_deck) == 5


def test_the_event_with_more_cubes_is_removed_and_a_tie_is_the_consuls_choice():
    s = table()
    holding(s, 1, "vestal_a", "vestal_b")
    holding(s, 2, "vestal_a", "vestal_b")
    enter(s, "events")
    place(
        s,
        (1, "cube vestal epidemic"),
        (2, "cube vestal eruption"),
        (1, "cube vestal epidemic"),
        (2, "cube vestal eruption"),
    )
    assert s.step == "remove" and s.to_move == (0,)
    with pytest.raises(IllegalAction, match="leaves the game: Epidemic, Eruption"):
        play(s, 0, "remove imperial_cult")
    play(s, 0, "remove epidemic")
    assert event_id(s, "epidemic") not in s.event_row and event_id(s, "eruption") in s.event_row


def test_events_occur_from_the_top_and_each_marker_event_moves_its_marker():
    """S-26; Epidemic, Eruption, Imperial Cult move Health, Leisure, Civic Spirit left."""
    s = table(("famine", "epidemic", "eruption"))
    holding(s, 1, "vestal_a", "vestal_b")
    enter(s, "events")
    place(s, (1, "cube vestal decadence"), (1, "cube vestal eruption"))
    moves = [e.args for e in s.events if e.key in ("sylla.famine", "sylla.marker")][-2:]
    assert [m["cause"] for m in moves] == ["famine", "epidemic"]
    assert s.famine == 1 and s.ladder == [4, 3, 4]


@pytest.mark.parametrize(
    "before, after",
    [([5, 6, 5], [4, 4, 4]), ([3, 5, 2], [3, 3, 2]), ([1, 1, 1], [1, 1, 1])],
)
def test_decadence_moves_every_rightmost_marker_but_never_famine(before, after):
    """S-30: all tied rightmost markers move, even all three; one on position 1 stays.

    Epidemic occurs first (Health one left), then Decadence.
    """
    s = table()
    s.ladder = list(before)
    s.famine = 3
    enter(s, "events")
    play(s, 0, "prevent eruption")
    play(s, 0, "prevent imperial_cult")
    assert s.ladder == after and s.famine == 3


# -- card-turning events ------------------------------------------------------------------


def occur(s, *events):
    """Make these events occur: everyone else is prevented by the First Consul."""
    enter(s, "events")
    while s.step == "cube":  # cubes go on the events to prevent
        seat = s.to_move[0]
        moves = [str(a) for a in s.legal_actions(seat)]
        play(s, seat, next((m for m in moves if m.split()[2] not in events), moves[0]))
    rows = [s.components.events[e].id for e in s.event_row]
    for name in rows:
        if (
            name not in events
            and s.step == "prevent"
            and name in [str(a).split()[1] for a in s.legal_actions(0)]
        ):
            play(s, 0, f"prevent {name}")


@pytest.mark.parametrize(
    "event, cards, eligible",
    [
        (
            "christian_persecution",
            ["senator_christian", "merchant_christian", "slave_christian", "senator_plain"],
            ["senator_christian", "merchant_christian", "slave_christian"],
        ),
        (
            "senate_purge",
            ["senator_christian", "senator_plain", "merchant_plain"],
            ["senator_christian", "senator_plain"],
        ),
        (
            "slave_revolt",
            ["slave_christian", "slave_plain", "vestal_a"],
            ["slave_christian", "slave_plain"],
        ),
    ],
)
def test_character_events_turn_one_eligible_card_face_down(event, cards, eligible):
    """S-27: each player chooses which of his face-up eligible cards turns face down."""
    s = table((event, "epidemic", "eruption"))
    holding(s, 0, *cards)
    occur(s, event, "epidemic")
    assert s.step == "flip" and s.to_move == (0,)
    assert [str(a) for a in s.legal_actions(0)] == [f"flip {c}" for c in eligible]
    play(s, 0, f"flip {eligible[-1]}")
    down = [n for n, _, d in names(s, 0) if d]
    assert down == [eligible[-1]]
    assert s.characters[0][cards.index(eligible[-1])][2] == event_id(s, event)
    # the other seats held one Slave each: only the Slave Revolt touched them, by itself
    touched = [seat for seat in (1, 2, 3) if names(s, seat)[0][2]]
    assert touched == ([1, 2, 3] if event == "slave_revolt" else [])


def test_tilted_cards_are_eligible_and_named_so():
    s = table(("senate_purge", "epidemic", "eruption"))
    holding(s, 0, "senator_plain", "senator_christian")
    s.characters[0][0] = (s.characters[0][0][0], True, -1)
    occur(s, "senate_purge", "epidemic")
    assert [str(a) for a in s.legal_actions(0)] == [
        "flip senator_plain tilted",
        "flip senator_christian",
    ]
    play(s, 0, "flip senator_plain tilted")
    assert names(s, 0)[0] == ("senator_plain", True, True)


def test_flood_turns_a_building_or_the_crane_card_never_the_revenue_tile():
    s = table(("flood", "epidemic", "eruption"))
    holding(s, 0, "slave_plain", "crane")
    building(s, 0, "market_stall", "field")
    building(s, 1, "tavern")
    occur(s, "flood", "epidemic")
    assert [str(a) for a in s.legal_actions(0)] == ["flip crane", "flip market_stall", "flip field"]
    play(s, 0, "flip field")
    assert s.buildings[0][1][1] == event_id(s, "flood")
    assert s.buildings[1][0][1] == event_id(s, "flood")  # a single choice is made by itself


def test_pillage_turns_a_market_stall():
    s = table(("pillage", "epidemic", "eruption"))
    building(s, 0, "field", "market_stall")
    occur(s, "pillage", "epidemic")
    assert s.buildings[0] == [
        (s.components.index("buildings", "field"), -1),
        (s.components.index("buildings", "market_stall"), event_id(s, "pillage")),
    ]


def test_a_player_with_no_eligible_card_is_unaffected():
    s = table(("senate_purge", "epidemic", "eruption"))
    occur(s, "senate_purge", "epidemic")
    assert all(not d for seat in range(4) for _, _, d in names(s, seat))
    assert s.phase != "events"


@pytest.mark.parametrize("again, down", [(True, 2), (False, 1)])
def test_an_event_that_occurs_again_turns_another_card(again, down):
    """S-28 (option repeat_event_flips_again, default true)."""
    s = table(("senate_purge", "epidemic", "eruption"), repeat_event_flips_again=again)
    holding(s, 0, "senator_plain", "senator_christian", "slave_plain")
    occur(s, "senate_purge", "epidemic")
    play(s, 0, "flip senator_plain")
    s.phase = "events"
    occur(s, "senate_purge", "epidemic")
    assert sum(d for _, _, d in names(s, 0)) == down


# -- when an event leaves play (S-29) -----------------------------------------------------


def leave(s, event):
    """Remove an event from play, as phase V's removal does."""
    from tabulae.games.sylla.events import remove_event

    s.tied = []
    remove_event(s, s.event_row.index(event_id(s, event)))


def hold(s, seat, position, event):
    card, tilted, _ = s.characters[seat][position]
    s.characters[seat][position] = (card, tilted, event_id(s, event))


@pytest.mark.parametrize(
    "leaving, staying, card, stays",
    [
        ("christian_persecution", "senate_purge", "senator_christian", True),
        ("christian_persecution", "slave_revolt", "slave_christian", True),
        ("christian_persecution", "senate_purge", "merchant_christian", False),
        ("christian_persecution", "slave_revolt", "senator_christian", False),
        ("senate_purge", "christian_persecution", "senator_christian", True),
        ("senate_purge", "christian_persecution", "senator_plain", False),
        ("slave_revolt", "christian_persecution", "slave_christian", True),
        ("slave_revolt", "christian_persecution", "slave_plain", False),
    ],
)
def test_characters_stay_face_down_while_another_event_could_hold_them(
    leaving, staying, card, stays
):
    """Rulebook exceptions: "If Senate Purge (or Slave Revolt) is visible, Christian Senators
    (or Slaves) stay face down even after the Persecution card is removed", and the reverse."""
    s = table((leaving, staying, "epidemic"))
    holding(s, 0, card)
    hold(s, 0, 0, leaving)
    leave(s, leaving)
    held = s.characters[0][0][2]
    assert held == (event_id(s, staying) if stays else -1)


@pytest.mark.parametrize(
    "leaving, staying, kind, stays",
    [
        ("flood", "pillage", "market_stall", True),
        ("flood", "pillage", "field", False),
        ("pillage", "flood", "market_stall", True),
        ("flood", "epidemic", "market_stall", False),
    ],
)
def test_market_stalls_stay_face_down_between_flood_and_pillage(leaving, staying, kind, stays):
    """Rulebook exceptions: "If Pillage is visible, Market stalls stay face down even after the
    Flood card is removed", and the reverse."""
    s = table((leaving, staying, "eruption"))
    building(s, 0, kind)
    s.buildings[0][0] = (s.buildings[0][0][0], event_id(s, leaving))
    leave(s, leaving)
    assert s.buildings[0][0][1] == (event_id(s, staying) if stays else -1)


def test_a_card_held_over_follows_the_rule_again_when_its_new_event_leaves():
    s = table(("christian_persecution", "senate_purge", "epidemic"))
    holding(s, 0, "senator_christian")
    hold(s, 0, 0, "christian_persecution")
    leave(s, "christian_persecution")
    assert s.characters[0][0][2] == event_id(s, "senate_purge")
    leave(s, "senate_purge")
    assert s.characters[0][0][2] == -1
    assert [e.key for e in s.events if e.key in ("sylla.still_face_down", "sylla.face_up")] == [
        "sylla.still_face_down",
        "sylla.face_up",
    ]


def test_face_down_cards_have_no_effect():
    s = table()
    holding(s, 0, "merchant_plain", "vestal_a", "senator_plain")
    for position, event in enumerate(("christian_persecution", "flood", "senate_purge")):
        hold(s, 0, position, event)
    assert s.active(0, "merchant") == 0 and s.active(0, "vestal") == 0 and s.senators(0) == 0


@pytest.mark.parametrize(
    "event, marker, famine",
    [
        ("epidemic", "health", 0),
        ("eruption", "leisure", 0),
        ("imperial_cult", "civic_spirit", 0),
        ("famine", None, 1),
    ],
)
def test_each_marker_event_moves_its_marker(event, marker, famine):
    """Epidemic: Health one left; Eruption: Leisure; Imperial Cult: Civic Spirit; Famine:
    the Famine marker one right. The other three events are prevented here."""
    others = [e for e in ("epidemic", "eruption", "imperial_cult", "famine") if e != event]
    s = table((event, others[0], others[1]))
    s.ladder = [4, 4, 4]
    enter(s, "events")
    play(s, 0, f"prevent {others[0]}")
    play(s, 0, f"prevent {others[1]}")
    # the event occurred, then Decadence moved the rightmost markers
    occurred = [e.args["event"] for e in s.events if e.key == "sylla.occurs"]
    assert occurred == [event, "decadence"]
    changes = [e.args for e in s.events if e.key in ("sylla.marker", "sylla.famine")]
    first = changes[0]
    assert first["cause"] == event and first["after"] - first["before"] == (1 if famine else -1)
    assert first.get("marker") == marker and s.famine == famine


# -- a card-turning event resolves once per phase (S-27, S-28) --------------------------------

# For each event, two cards of different kinds it can turn, so that every player must choose.
CHOICES = {
    "christian_persecution": ("senator_christian", "slave_christian"),
    "senate_purge": ("senator_plain", "senator_christian"),
    "slave_revolt": ("slave_plain", "slave_christian"),
    "flood": ("field", "tavern"),
    "pillage": ("market_stall", "market_stall"),  # all Market stalls are alike: no choice
}


def hit_by(players, event, again):
    """Every seat holds two cards the event can turn; the event tops the row over Epidemic."""
    s = started(players, seed=5, repeat_event_flips_again=again)
    s.first_consul = 0
    for seat in range(players):
        if event in ("flood", "pillage"):
            holding(s, seat, "vestal_a")
            building(s, seat, *CHOICES[event])
        else:
            holding(s, seat, "legionary_a", *CHOICES[event])
    arrange_events(s, [event, "epidemic", "eruption"])
    return s


def face_down(s, seat):
    held = [h for _, _, h in s.characters[seat]] + [h for _, h in s.buildings[seat]]
    return sum(h != -1 for h in held)


def told(s, key, event, since=0):
    return sum(1 for e in s.events[since:] if e.key == f"sylla.{key}" and e.args["event"] == event)


@pytest.mark.parametrize("again", [True, False], ids=["repeat", "no_repeat"])
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("event", sorted(CHOICES))
def test_each_player_turns_exactly_one_card_when_the_last_player_chooses(event, players, again):
    """S-27: "each of the players turns face down one of his Senator cards" (Senate Purge; the
    other four events say the same of their cards). The event occurs once, every player from
    the First Consul on turns one card, the last one asked by his own choice, and the phase
    goes on: no second "occurs", no "no effect"."""
    s = hit_by(players, event, again)
    since = len(s.events)
    occur(s, event, "epidemic")
    asked = []
    while s.step == "flip":
        (seat,) = s.to_move
        asked.append(seat)
        play(s, seat, str(s.legal_actions(seat)[-1]))
    assert asked == ([] if event == "pillage" else list(range(players)))
    assert [face_down(s, seat) for seat in range(players)] == [1] * players
    assert told(s, "occurs", event, since) == 1 and told(s, "no_effect", event, since) == 0
    assert told(s, "occurs", "epidemic", since) == 1 and s.phase != "events"


@pytest.mark.parametrize("again", [True, False], ids=["repeat", "no_repeat"])
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("top, below", [("pillage", "flood"), ("flood", "pillage")])
def test_pillage_and_flood_in_one_phase_each_turn_one_card(top, below, players, again):
    """S-26, S-27: both occur, top first; each turns one card of every player. Every player
    holds two Market stalls and a Field, so the Flood asks everyone, the last player too."""
    s = started(players, seed=5, repeat_event_flips_again=again)
    s.first_consul = 0
    for seat in range(players):
        holding(s, seat, "vestal_a")
        building(s, seat, "market_stall", "market_stall", "field")
    arrange_events(s, [top, below, "eruption"])
    since = len(s.events)
    occur(s, top, below)
    while s.step == "flip":
        (seat,) = s.to_move
        play(s, seat, str(s.legal_actions(seat)[-1]))
    assert [face_down(s, seat) for seat in range(players)] == [2] * players
    for event in (top, below):
        assert told(s, "occurs", event, since) == 1 and told(s, "no_effect", event, since) == 0
        assert told(s, "face_down", event, since) == players


@pytest.mark.parametrize("again, more", [(True, 1), (False, 0)], ids=["repeat", "no_repeat"])
@pytest.mark.parametrize("event", ["senate_purge", "flood"])
def test_an_event_still_in_play_that_occurs_in_a_later_phase_follows_the_option(event, again, more):
    """S-28: "If a card-turning event still in play occurs again in a later round, each player
    turns face down another eligible card, and the event holds it too" (option
    repeat_event_flips_again); without the option it occurs with no effect. Either way it
    occurs once in each phase."""
    s = hit_by(4, event, again)
    for phase in range(2):
        since = len(s.events)
        s.phase = "events"
        occur(s, event, "epidemic")
        while s.step == "flip":
            (seat,) = s.to_move
            play(s, seat, str(s.legal_actions(seat)[-1]))
        assert told(s, "occurs", event, since) == 1
        assert told(s, "no_effect", event, since) == (phase == 1 and not again)
        assert told(s, "face_down", event, since) == (4 if phase == 0 else 4 * more)
    assert [face_down(s, seat) for seat in range(4)] == [1 + more] * 4
