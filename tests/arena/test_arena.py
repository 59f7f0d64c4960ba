"""Arenas: seats rotate, deals repeat per rotation, and a seed fixes every game."""

import pytest

from tabulae.arena import ArenaSetup, parse_entrants, play_game, run_arena

TOY = "tests.plugin_games.tesserae:GAME"
HORREUM = "tests.plugin_games.horreum:GAME"


def small(game=TOY, bots="ismcts:iterations=20,greedy,random", games=6, seed=3):
    entrants = parse_entrants(bots)
    return ArenaSetup(game, len(entrants), entrants, games, seed=seed)


def untimed(figures):
    """The arena's figures without the time the bots took, which no seed fixes."""
    for entrant in figures["entrants"]:
        del entrant["seconds_per_decision"], entrant["cpu_seconds_per_decision"]
    return figures


def test_seats_rotate_and_each_deal_is_played_from_every_seat():
    setup = small()
    assert [setup.seating(i) for i in range(4)] == [(0, 1, 2), (1, 2, 0), (2, 0, 1), (0, 1, 2)]
    assert setup.deal(0) == setup.deal(1) == setup.deal(2) != setup.deal(3)


def test_a_game_knows_who_sat_where():
    record = play_game(small(), 1)
    assert record.seating == (1, 2, 0) and sorted(record.ranks)[0] == 1
    assert record.decisions[0] > 0 and record.seconds[0] > 0  # ismcts thought in seat 3
    assert 0 < record.cpu[0] <= record.seconds[0] * 1.5  # in processor time too


def test_a_seeded_arena_is_reproducible_and_the_seed_matters():
    first = run_arena(small())
    again = run_arena(small())
    assert first.records == again.records
    assert untimed(first.to_json()) == untimed(again.to_json())
    other = run_arena(small(seed=4))
    assert other.records != first.records


def test_worker_processes_play_the_same_games():
    setup = small(game=HORREUM, bots="greedy,random", games=4)
    assert run_arena(setup, workers=2).records == run_arena(setup).records


def test_the_ray_backend_plays_the_same_games():
    pytest.importorskip("ray")
    setup = small(bots="greedy,random", games=4)
    assert run_arena(setup, workers=2, backend="ray").records == run_arena(setup).records


def test_progress_hears_of_every_game():
    heard = []
    run_arena(small(bots="random,random", games=5), progress=heard.append)
    assert sorted(record.index for record in heard) == [0, 1, 2, 3, 4]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"players": 3}, "3 players need 3 bots, not 2"),
        ({"games": 0}, "at least one game"),
        ({"options": (("rounds", 0),)}, "at least 1"),
    ],
)
def test_a_bad_setup_says_why(change, message):
    given = {"game": TOY, "players": 2, "entrants": parse_entrants("greedy,random"), "games": 2}
    with pytest.raises(Exception, match=message):
        ArenaSetup(**{**given, **change})


def test_unknown_backends_are_named():
    with pytest.raises(ValueError, match="no arena backend 'spark'"):
        run_arena(small(), backend="spark")
