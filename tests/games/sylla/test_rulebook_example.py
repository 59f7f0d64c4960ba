"""The rulebook's running example (round 1 of a 4-player game) and its end-game example.

The players sit clockwise Blue, Red, White, Black (seats 0–3). The example gives
what each does but not every card each holds; the table is arranged with cards
that make every stated move possible under the component data. One gap in the
text is filled: Blue places two cubes (one on Decadence, his "last Legionary
cube" on the Slave Revolt), although two Senators, two Merchants and one
recruited Legionary give him only one; Blue is given a Vestal for his first cube.
"""

import pytest

from tabulae.core import IllegalAction
from tabulae.games.sylla.famine_and_crisis import crisis

from .helpers import (
    arrange_display,
    arrange_events,
    arrange_great_work,
    arrange_row,
    enter,
    give,
    keys,
    laid_out,
    names,
    new_table,
    play,
)

BLUE, RED, WHITE, BLACK = range(4)
HEALTH, LEISURE, CIVIC = "health", "leisure", "civic_spirit"


def passes(s, seat):
    """The seat passes: by its own action, or played for it when it cannot bid."""
    if s.to_move == (seat,) and s.step in ("elect", "auction"):
        play(s, seat, "pass")
    else:
        last = [e for e in s.events if e.key == "sylla.pass"][-1]
        assert last.args["seat"] == seat


def example_table():
    state = new_table(
        4,
        {
            BLUE: ["senator_plain", "senator_christian", "merchant_plain", "merchant_christian"],
            RED: ["vestal_a", "legionary_b", "slave_plain", "slave_christian"],
            WHITE: ["slave_plain", "merchant_plain", "merchant_christian", "legionary_a"],
            BLACK: ["senator_plain", "legionary_b", "slave_plain", "slave_christian"],
        },
    )
    display = ["slave_plain", "legionary_b", "senator_plain", "vestal_a", "vestal_b"]
    row = ["market_stall", "statue", "market_stall", "private_temple", "field", "insula"]
    return laid_out(
        state,
        lambda table: give(table, BLUE, "vestal_a"),
        lambda table: arrange_events(table, ["famine", "slave_revolt", "imperial_cult"]),
        lambda table: arrange_display(table, [*display, "senator_christian"]),
        lambda table: arrange_row(table, row),
        lambda table: arrange_great_work(table, "public_baths"),
    )


def test_round_one_of_the_running_example():
    """Rulebook, phases I–VII of the example (translated from the Polish, Dutch and Russian).

    I: "Blue, who got tile I, starts as First Consul. He has two Senators and offers
    3 votes. Red passes, as does White. Black, who has one Senator, offers 4 votes
    and so becomes First Consul this round. He pays 3 deniers to the bank (3 deniers
    + 1 Senator = 4 votes) and takes one Res Publica token of his choice." "Of the 4
    events in play, 2 show the famine symbol. The Famine marker moves 2 spaces right."
    II: "Black as First Consul starts. He chooses a Slave, Blue a Legionary, Red a
    Senator and White a Vestal. The remaining two cards go under the deck."
    III: "Black offers the Field. As the Field is in the grey zone, it must be bought
    with that colour. Blue offers 2 grey characters, Red passes, White offers 3 grey
    and Black passes. White takes the Field." "To pay for the Field White tilts 3
    characters with a grey hex: 1 Slave and 2 Merchants. Then he offers a new building."
    IV: "Black receives 5 deniers (Revenue + Market stall); Blue also 5 (Revenue + 2
    untilted Merchants); Red 3 (Revenue) and uses his Private temple: he spends 2
    deniers and receives a token of his choice; White 5 (Revenue + Market stall): his
    Merchants, tilted, give nothing."
    V: "White, who used all his characters, takes no part. Black places his only cube
    on Decadence, Blue a cube on the same card, Red 1 cube (from a Vestal) on Famine.
    Black has no cubes left; Blue places his last Legionary cube on the Revolt. Red
    finishes by placing his last Legionary cube on Decadence." "Red has the majority on
    Famine and receives a Health token; Blue a Leisure token for the Revolt; the
    Imperial Cult gives nobody a token. Red, Blue and Black each score 1 prestige, as
    they have as many cubes on Decadence." "Decadence, with 3 cubes, is prevented.
    Famine and Revolt have one cube each, so Black as First Consul chooses. He owns
    Slaves, so he prevents the Revolt. Famine occurs (the Famine marker moves one space
    right) and so does the Imperial Cult (Civic Spirit moves one space left)."
    "Decadence has most cubes and should leave the game, but it cannot be removed, so
    the Revolt is removed instead. A new event card takes the Revolt's place."
    VI: "Blue points his thumb down and uses no deniers. He has 2 votes from 2 available
    Senators and scores 1 prestige. Red, who used 3 deniers and has 1 available Senator,
    has 4 votes, as does White (4 deniers). Black used 1 denier but his Senator is
    tilted, so he has only 1 vote. Red and White score 5 prestige. Black (third place)
    gets nothing. In all the Great Work received 9 votes, so Health moves one space
    right. With one more vote it would have moved 2 spaces."
    VII: "The Famine marker is on 3. Each player should lose 3 prestige, but White has a
    Field and subtracts 2: White loses 1 prestige."
    """
    s = example_table()
    assert s.first_consul == BLUE and s.phase == "first_consul" and s.to_move == (BLUE,)
    assert s.money == [5, 3, 5, 3]  # 3 deniers plus 1 per Merchant chosen

    # I — First Consul
    play(s, BLUE, "bid 3")
    passes(s, RED)  # no Senator and 3 deniers: he cannot outbid 3, so his pass is forced
    passes(s, WHITE)
    play(s, BLACK, "bid 4")
    assert s.first_consul == BLACK and s.money[BLACK] == 0 and s.money[BLUE] == 5
    play(s, BLACK, "token civic_spirit")
    assert s.known_tokens[BLACK] == [1, 0, 0]
    assert s.famine == 2

    # II — Recruitment
    play(s, BLACK, "recruit slave_plain")
    play(s, BLUE, "recruit legionary_b")
    play(s, RED, "recruit senator_plain")
    play(s, WHITE, "recruit vestal_a")
    assert [s.components.card_names[c] for c in s.deck[:2]] == ["senator_christian", "vestal_b"]
    assert s.deck_known == 2 and s.display == []

    # III — Buildings
    assert s.to_move == (BLACK,)
    play(s, BLACK, "offer field grey")
    play(s, BLUE, "bid 2")
    passes(s, RED)
    play(s, WHITE, "bid 3")
    passes(s, BLACK)
    assert s.step == "pay" and s.to_move == (WHITE,)  # four grey cards: White chooses three
    play(s, WHITE, "tilt slave_plain", "tilt merchant_plain", "tilt merchant_christian")
    assert s.buildings[WHITE] == [(s.components.index("buildings", "field"), -1)]
    assert ("legionary_a", False, False) in names(s, WHITE)
    assert s.to_move == (WHITE,) and s.step == "offer"  # the buyer offers next
    play(s, WHITE, "offer market_stall red")
    passes(s, BLACK)
    passes(s, BLUE)
    passes(s, RED)
    play(s, WHITE, "bid 2")  # his last two red cards, tilted without a choice
    assert all(tilted for _, tilted, _ in names(s, WHITE))
    play(s, WHITE, "offer market_stall yellow")
    # White, all tilted, cannot bid and passes by himself; the auction runs Black–White.
    play(s, BLACK, "bid 1")
    passes(s, BLUE)
    passes(s, RED)
    play(s, BLACK, "tilt senator_plain")
    play(s, BLACK, "offer private_temple yellow")
    passes(s, BLUE)
    play(s, RED, "bid 2")
    passes(s, BLACK)
    play(s, RED, "tilt slave_plain", "tilt slave_christian")
    play(s, RED, "offer insula grey")  # everyone passes and it is discarded
    passes(s, BLACK)
    passes(s, BLUE)
    assert "sylla.discarded" in keys(s) and "sylla.tiles_removed" in keys(s)
    assert s.phase == "revenue"  # five tiles offered; the Statue is removed
    assert s.building_row == [-1] * 6

    # IV — Revenue
    # Clockwise from Black: Black +5, Blue +5, Red +3, who decides on his temple first.
    assert s.money == [10, 6, 5, 5]
    assert s.to_move == (RED,) and s.step == "revenue"
    play(s, RED, "temple health")
    assert s.money == [10, 4, 10, 5]  # then White +5
    assert s.private_tokens[RED] == [(1, 0b111)]

    # V — Events
    assert s.phase == "events" and s.to_move == (BLACK,)
    assert s.cubes_left == [[1, 1], [1, 1], [0, 0], [1, 0]]
    play(s, BLACK, "cube legionary decadence")
    play(s, BLUE, "cube vestal decadence")
    play(s, RED, "cube vestal famine")
    assert s.to_move == (BLUE,)  # White has no cube, Black none left
    play(s, BLUE, "cube legionary slave_revolt")
    play(s, RED, "cube legionary decadence")
    assert s.known_tokens[RED] == [0, 1, 0]  # Health for Famine
    assert s.known_tokens[BLUE] == [0, 0, 1]  # Leisure for the Revolt
    assert s.prestige == [11, 11, 10, 11]  # the Decadence point for each tied majority
    assert s.step == "prevent" and s.to_move == (BLACK,)
    with pytest.raises(IllegalAction, match="not among the tied"):
        play(s, BLACK, "prevent imperial_cult")
    play(s, BLACK, "prevent slave_revolt")
    assert s.famine == 3 and s.ladder == [3, 4, 4]  # Famine and the Imperial Cult occurred
    revolt = s.components.index("events", "slave_revolt")
    assert revolt not in s.event_row and revolt not in s.event_deck
    assert s.components.index("events", "decadence") in s.event_row
    assert "sylla.removed" in keys(s) and "sylla.drawn" in keys(s)

    # VI — Great Work: the Public Baths
    assert s.phase == "great_work" and set(s.to_move) == {0, 1, 2, 3}
    play(s, BLUE, "thumb down 0")
    play(s, RED, "thumb up 3")
    play(s, WHITE, "thumb up 4")
    play(s, BLACK, "thumb up 1")
    thumbs = next(e for e in reversed(s.events) if e.key == "sylla.thumbs")
    assert thumbs.args["votes"] == {"0": 2, "1": 4, "2": 4, "3": 1}
    assert s.ladder[s.components.index("tendencies", HEALTH)] == 5  # 9 votes: one step
    # VII — famine 3: everyone loses 3, White with his Field only 1
    assert s.prestige == [11 + 1 - 3, 11 + 5 - 3, 10 + 5 - 1, 11 - 3]
    assert s.money == [10, 1, 6, 4]
    # End of round: a new display and row, everything untilted, round II
    assert s.round == 2 and s.phase == "first_consul" and s.first_consul == BLACK
    assert len(s.display) == 6 and all(t >= 0 for t in s.building_row)
    assert not any(tilted for seat in range(4) for _, tilted, _ in names(s, seat))


def test_one_more_vote_would_have_moved_health_two_spaces():
    """ "With one more vote it [Health] would have moved 2 spaces." (10 votes, per 5)."""

    def public_baths_committed_to(table):
        """Round one's Great Work phase: the Events phase has removed one event."""
        table.phase, table.step = "great_work", "commit"
        table.event_deck = table.event_deck[1:]
        table.great_work_current = table.great_work_stack.pop()
        table.ladder = [4, 4, 4]

    s = laid_out(example_table(), public_baths_committed_to)
    assert s.components.great_works[s.great_work_current].id == "public_baths"
    play(s, BLUE, "thumb down 0")
    play(s, RED, "thumb up 3")  # no Senator: 3 votes
    play(s, WHITE, "thumb up 5")  # no Senator: 5 votes
    play(s, BLACK, "thumb up 1")  # his Senator and 1 denier: 2 votes
    assert s.ladder[s.components.index("tendencies", HEALTH)] == 6


def test_civic_spirit_crisis_example():
    """Rulebook: "In round four a Civic Spirit crisis occurs (the marker is on the last
    space on the left). Everyone shows his Civic Spirit tokens. Blue has 4, White and
    Red 2 each, Black 1: Blue gains 3 prestige and Black loses 3."
    """

    def tokens_shown(table):
        table.known_tokens = [[4, 0, 0], [2, 0, 0], [1, 0, 0], [0, 0, 0]]
        table.private_tokens[WHITE] = [(0, 0b111)]  # one of White's came from an Insula
        table.private_tokens[BLACK] = [(0, 0b111), (2, 0b111)]
        table.ladder[0] = 1

    s = laid_out(example_table(), tokens_shown)
    crisis(s, 0)
    assert s.prestige == [13, 10, 10, 7]
    event = s.events[-1]
    assert event.key == "sylla.crisis" and event.args["tokens"] == {"0": 4, "1": 2, "2": 2, "3": 1}
    # The counts are public now; Black's other hidden token is known not to be Civic Spirit.
    assert s.known_tokens[WHITE] == [2, 0, 0] and s.private_tokens[WHITE] == []
    assert s.known_tokens[BLACK] == [1, 0, 0] and s.private_tokens[BLACK] == [(2, 0b110)]


def test_end_game_example():
    """Rulebook: "Red has 3 Christian characters, which give him 6 prestige. He pays
    2 deniers for each of his two Slaves and gains 6 more. Then he counts his tokens
    at the ladder positions: 8 Health tokens (3 points each), 5 Leisure tokens (3 points
    each) and 3 Civic Spirit tokens (1 point each)."
    """

    def fifth_great_work(table):
        """The fifth round's Great Work phase: five events have left the game, four Great
        Works are built and the last is being committed to."""
        table.round, table.phase, table.step = 5, "great_work", "commit"
        table.event_deck = table.event_deck[5:]
        table.great_works_built = [table.great_work_stack.pop() for _ in range(4)]
        table.great_work_current = table.great_work_stack.pop()

    def reds_holdings(table):
        table.deck += [card for card, _, _ in table.characters[RED]]
        table.characters[RED] = []
        for design in ("senator_christian", "merchant_christian", "slave_christian"):
            give(table, RED, design)
        give(table, RED, "slave_plain", tilted=True)  # tilted still counts
        table.known_tokens[RED] = [3, 8, 5]
        table.ladder = [2, 5, 6]  # values 1, 3, 3
        table.money[RED] = 4
        table.prestige[RED] = 20
        table.first_consul = RED

    s = laid_out(example_table(), fifth_great_work, reds_holdings)
    enter(s, "ecclesia")
    assert s.prestige[RED] == 20 + 6  # three face-up Christians
    assert s.to_move == (RED,)
    assert s.legal_actions(RED)[-1].args == (2,)
    play(s, RED, "free 2")
    assert s.money[RED] == 0 and s.prestige[RED] == 26 + 6
    while s.to_move:  # the others keep their Slaves
        play(s, s.to_move[0], "free 0")
    assert s.prestige[RED] == 26 + 6 + 8 * 3 + 5 * 3 + 3 * 1
