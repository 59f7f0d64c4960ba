"""The `tabulae` command, run as a real process."""

import json
import re
import subprocess
import sys

from tabulae.core import Match, Rng, random_steps

TOY = "tests.plugin_games.tesserae:GAME"


def tabulae(*args: str, check: bool = True) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "tabulae", *args], capture_output=True, text=True, check=check
    )


def test_games_lists_every_registered_game_as_json():
    import tabulae as package

    listed = json.loads(tabulae("games", "--json").stdout)
    assert [g["id"] for g in listed] == list(package.all_games())
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


def test_replay_narrates_the_public_log_with_names_in_the_chosen_language(tmp_path):
    match = Match(TOY, 2, seed=9, seats=["Ann", "Bob"])
    state = match.start()
    for seat, action in random_steps(state.clone(), Rng(9)):
        match.play(state, seat, action)
    path = tmp_path / "match.json"
    match.save(path)
    out = tabulae("replay", str(path), "--lang", "pl").stdout
    assert "Tesserae · 2 gracze · ziarno 9" in out
    assert "· Odkryte płytki: Ann: " in out and "Bob: " in out  # seats by name, not from 0
    assert "Dobrano płytkę" not in out  # private events stay out
    assert not re.search(r"tesserae\.[a-z_]+|seat=", out), "an event left untold"
    result = state.result()
    best = result.winners[0]
    assert re.search(rf"│ 1 +│ {match.seats[best]} +│ {result.scores[best]:g} ", out)
    assert f"Wygrywa {match.seats[best]}!" in out or "Wspólne zwycięstwo" in out


def test_replay_of_an_unfinished_match_says_where_it_stops(tmp_path):
    match = Match(TOY, 2, seed=9, seats=["Ann", "Bob"])
    state = match.start()
    for seat, action in list(random_steps(state.clone(), Rng(9)))[:3]:
        match.play(state, seat, action)
    path = tmp_path / "match.json"
    match.save(path)
    out = tabulae("replay", str(path)).stdout
    assert "The record stops after 3 actions; the game is not over." in out


def test_replay_of_a_broken_record_says_why(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{"format": "tabulae.match", "version": 7}')
    failed = tabulae("replay", str(path), "--lang", "nl", check=False)
    assert failed.returncode == 1 and "Kan" in failed.stderr and "version 7" in failed.stderr


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
    for game in package.all_games().values():
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
    for game in package.all_games().values():
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


def test_arena_tells_a_log_of_each_game_played_and_its_summary_stays_on_standard_output():
    played = tabulae("arena", TOY, "--bots", "random*2", "--games", "3", "--json")
    lines = played.stderr.splitlines()
    assert [line.split(",")[0] for line in lines] == [
        f"{TOY} arena: {done} of 3 games played" for done in (1, 2, 3)
    ]
    assert json.loads(played.stdout)["games"] == 3


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


def played(ref: str, players: int, seed: int, path) -> Match:
    """A match of random moves, saved to `path`."""
    match = Match(ref, players, seed=seed, seats=[f"P{n}" for n in range(1, players + 1)])
    state = match.start()
    for seat, action in random_steps(state.clone(), Rng(seed)):
        match.play(state, seat, action)
    match.save(path)
    return match


def test_tie_breaks_are_named_and_shown_only_when_scores_tie(tmp_path):
    """Hadrian's Wall: "on a tie, the tied player with the least Disdain wins; if still tied,
    the most VP from Path cards; then the tied players share the win.\""""
    tied = played("hadrians_wall", 3, 1, tmp_path / "tied.json").replay().result()
    assert tied.scores == (-14, -18, -14) and tied.winners == (2,)  # P1 and P3 tie on points
    out = tabulae("replay", str(tmp_path / "tied.json")).stdout
    assert "Tie-breaks" in out
    assert re.search(r"│ 1 +│ P3 +│ -14 +│ Disdain 13, Path cards 0 ", out)
    assert re.search(r"│ 2 +│ P1 +│ -14 +│ Disdain 14, Path cards 1 ", out)
    assert "P3 wins!" in out
    untied = played("hadrians_wall", 2, 0, tmp_path / "untied.json").replay().result()
    assert len(set(untied.scores)) == 2
    assert "Tie-breaks" not in tabulae("replay", str(tmp_path / "untied.json")).stdout


def test_a_solo_game_ends_with_its_score_and_rank_not_a_victory():
    out = tabulae("play", "hadrians_wall", "--seats", "random", "--seed", "1", "--lang", "en")
    assert "Game over" in out.stdout and "Solo rank:" in out.stdout
    assert "wins!" not in out.stdout and "Shared victory" not in out.stdout


def test_the_end_of_sylla_names_the_winner_once():
    out = tabulae("play", "sylla", "--seats", "random,random,random", "--seed", "1").stdout
    assert out.count("wins!") == 1 and "Furthest on the Road to Glory" not in out
    assert not re.search(
        r"^ +Bot \d: -?\d+ prestige points?$", out, re.M
    )  # the end screen tells them
