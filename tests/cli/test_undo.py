"""What counts as revealed since a decision, on the toy game's secrets and chance."""

from tabulae.core import Action, Match
from tabulae.tui.undo import last_decision, revealed_since

TOY = "tests.plugin_games.tesserae:GAME"


def played(*steps: tuple[int, str]) -> Match:
    match = Match(TOY, 2, seed=5)
    state = match.start()
    for seat, notation in steps:
        match.play(state, seat, Action.parse(notation))
    return match


def hand(match: Match, seat: int) -> list[int]:
    return match.replay().hands[seat]


def test_a_public_move_and_a_secret_that_stays_secret_reveal_nothing():
    match = played((0, "pass"), (1, "draw"))
    tile = hand(match, 1)[0]
    match = played((0, "pass"), (1, "draw"), (1, f"play {tile}"))
    assert last_decision(match, 0) == 0
    assert not revealed_since(match, 0, 0)


def test_a_tile_drawn_from_the_hidden_stack_is_revealed_to_the_drawer_only():
    match = played((0, "draw"), (1, "pass"))
    assert revealed_since(match, 0, 0)
    assert not revealed_since(match, 1, 1)  # the other player only saw that a tile was drawn


def test_the_reveal_of_the_secret_choices_counts():
    match = played((0, "pass"), (1, "pass"))
    mine, theirs = hand(match, 0)[0], hand(match, 1)[0]
    hidden = played((0, "pass"), (1, "pass"), (1, f"play {theirs}"))
    assert not revealed_since(hidden, 0, 0)  # a tile played face down stays hidden
    shown = played((0, "pass"), (1, "pass"), (1, f"play {theirs}"), (0, f"play {mine}"))
    assert revealed_since(shown, 3, 0) and revealed_since(shown, 0, 0)
