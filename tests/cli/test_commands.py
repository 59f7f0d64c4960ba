"""The `tabulae` command, run as a real process."""

import json
import subprocess
import sys

from tabulae.core import Match, Rng, random_steps

TOY = "tests.core.toy_game:GAME"


def tabulae(*args: str, check: bool = True) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "tabulae", *args], capture_output=True, text=True, check=check
    )


def test_games_lists_every_registered_game_as_json():
    import tabulae as package

    listed = json.loads(tabulae("games", "--json").stdout)
    assert [g["id"] for g in listed] == list(package.games())
    for info in listed:
        low, high = info["players"]
        assert 1 <= low <= high


def test_bench_prints_figures_for_a_game_as_json_and_as_a_table():
    figures = json.loads(
        tabulae("bench", TOY, "--players", "3", "--seconds", "0.3", "--json").stdout
    )
    (toy,) = figures
    assert toy["game"] == "tesserae" and toy["players"] == 3 and toy["games"] > 0
    for key in (
        "games_per_s",
        "actions_per_s",
        "legal_actions_per_s",
        "clones_per_s",
        "determinizations_per_s",
    ):
        assert toy[key] > 0, key
    table = tabulae("bench", TOY, "--seconds", "0.2").stdout
    assert "applied actions/s" in table and "tesserae (4p)" in table


def test_bench_names_an_unknown_game():
    failed = tabulae("bench", "chess", check=False)
    assert failed.returncode != 0 and "no game 'chess'" in failed.stderr


def test_replay_prints_the_public_log_and_the_result(tmp_path):
    match = Match(TOY, 2, seed=9, seats=["Ann", "Bob"])
    state = match.start()
    for seat, action in random_steps(state.clone(), Rng(9)):
        match.play(state, seat, action)
    path = tmp_path / "match.json"
    match.save(path)
    out = tabulae("replay", str(path)).stdout
    assert "tesserae.revealed" in out and "tesserae.drew_tile" not in out  # private events stay out
    result = state.result()
    best = result.winners[0]
    assert f"1. {match.seats[best]}: {result.scores[best]}" in out


def test_replay_of_a_broken_record_says_why(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{"format": "tabulae.match", "version": 7}')
    failed = tabulae("replay", str(path), check=False)
    assert failed.returncode == 1 and "version 7" in failed.stdout


def test_games_table_shows_every_option_with_its_choices():
    import os

    import tabulae as package

    wide = subprocess.run(
        [sys.executable, "-m", "tabulae", "games"],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "COLUMNS": "400"},
    ).stdout
    for game in package.games().values():
        for option in game.describe()["options"]:
            if option.get("choices") and not isinstance(option["default"], bool):
                assert f"[{' / '.join(map(str, option['choices']))}]" in wide, option["name"]


def test_games_shows_whole_option_names_in_a_narrow_terminal():
    import os

    import tabulae as package

    narrow = subprocess.run(
        [sys.executable, "-m", "tabulae", "games"],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "COLUMNS": "80"},
    ).stdout
    assert "…" not in narrow
    for game in package.games().values():
        for option in game.describe()["options"]:
            assert f"-o {option['name']}={option['default']}" in narrow, option["name"]


def test_help_shows_flags_without_a_value_and_bench_help_its_options():
    games_help = tabulae("games", "--help").stdout
    assert "--json" in games_help and "<bool>" not in games_help
    bench_help = " ".join(tabulae("bench", "--help").stdout.split())
    for option in ("--players", "--seconds", "--json", "bench server"):
        assert option in bench_help, option
    assert "seconds of random playouts per game" in bench_help


def test_bench_refuses_a_player_count_the_game_is_not_for_in_one_line():
    for players in ("9", "0"):
        failed = tabulae("bench", "engine", "sylla", "--players", players, check=False)
        assert failed.returncode == 2 and "Traceback" not in failed.stderr
        assert f"Sylla is for 2–4 players, not {players}" in failed.stderr


def test_arena_names_the_games_player_count_before_the_number_of_bots():
    failed = tabulae("arena", "sylla", "--bots", "random", "--players", "5", check=False)
    assert failed.returncode == 2 and "Sylla is for 2–4 players, not 5" in failed.stderr
    failed = tabulae("arena", "sylla", "--bots", "random*3", "--players", "0", check=False)
    assert "Sylla is for 2–4 players, not 0" in failed.stderr


def test_serve_on_a_taken_port_says_so_and_creates_no_database(tmp_path):
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = str(taken.getsockname()[1])
        database = tmp_path / "tabulae.sqlite"
        failed = tabulae("serve", "--port", port, "--db", str(database), check=False)
    assert failed.returncode == 2 and f"cannot listen on 127.0.0.1:{port}" in failed.stderr
    assert "choose another port" in failed.stderr and not database.exists()
