"""`tabulae play` and `tabulae resume`, run as real processes with scripted input."""

from __future__ import annotations

import re

import pytest

import tabulae
from tabulae.bots import BOTS
from tabulae.core import Match, load
from tabulae.i18n import LANGUAGES, bot_label, translator
from tabulae.tui.seats import STRONGEST

from .driver import converse, random_person, run

TOY = "tests.plugin_games.tesserae:GAME"
GAMES = [TOY, *tabulae.all_games()]


def end_screen(out: str) -> str:
    return out.rsplit("─" * 10, 1)[-1]


# A score as each language writes it: a decimal point and a hyphen in English, a decimal comma
# and a minus sign (U+2212) in Polish, Dutch and Russian.
SCORE = {"en": r"-?\d+(?:\.\d+)?", **dict.fromkeys(("pl", "nl", "ru"), r"\u2212?\d+(?:,\d+)?")}


def read_score(shown: str) -> float:
    return float(shown.replace("\u2212", "-").replace(",", "."))


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("ref", GAMES)
def test_a_person_plays_a_whole_game_against_bots_in_every_language(ref, lang, tmp_path):
    game = load(ref)
    players = min(max(2, game.min_players), game.max_players)
    seats = ",".join(["human"] + ["random"] * (players - 1))
    path = tmp_path / "match.json"
    out, code = converse(
        "play", ref, "--seats", seats, "--seed", "11", "--lang", lang, "--save", str(path),
        answer=random_person(11),
    )  # fmt: skip
    assert code == 0, out[-3000:]
    tr = translator(lang)
    names = [tr._("Player {n}", n=1)] + [tr._("Bot {n}", n=n) for n in range(2, players + 1)]
    result = Match.open(path).replay().result()
    assert result is not None
    final = out.split(tr._("Game over"))[-1]
    for seat, name in enumerate(names):
        row = re.search(rf"│ {result.ranks[seat]} +│ {re.escape(name)} +│ ({SCORE[lang]}) ", final)
        assert row and read_score(row.group(1)) == result.scores[seat], (name, final)
    winners = [names[seat] for seat in result.winners]
    verdict = (
        tr._("{name} wins!", name=winners[0])
        if len(winners) == 1
        else tr._("Shared victory: {names}.", names=", ".join(winners))
    )
    assert verdict in final
    assert not re.search(rf"\b{game.id}\.[a-z_]+", out), "an event or action left untranslated"
    if lang != "en":
        assert "Type a number or an action" not in out


def test_a_script_of_numbers_plays_the_toy_game_to_its_end():
    out = run("play", TOY, "--seats", "human,random,random", "--seed", "4", input="1\n" * 100)
    assert out.returncode == 0, out.stderr
    assert "Game over" in out.stdout and "Tesserae · 3 players · seed 4" in out.stdout
    assert out.stdout.count("Player 1 [1–") >= 6  # two decisions a round, three rounds


def test_by_default_one_person_plays_against_the_strongest_bot_and_the_seed_is_shown():
    out = run("play", TOY, input="1\n" * 100).stdout
    seed = re.search(r"Tesserae · 3 players · seed (\d+)", out)
    assert seed, out[:500]
    strongest = bot_label(translator("en"), next(name for name in STRONGEST if name in BOTS))
    assert strongest == "planning bot"
    assert re.search(r"1\. +Player 1 +person", out)
    for number in (2, 3):
        assert re.search(rf"{number}\. +Bot {number} +{strongest}", out)
    again = run("play", TOY, "--seed", seed.group(1), input="1\n" * 100).stdout
    assert again == out  # the printed seed reproduces the game


def test_actions_are_chosen_by_notation_and_explained_on_request(tmp_path):
    out = run(
        "play", TOY, "--seats", "human,random", "--seed", "5", "--lang", "nl",
        input="? pass\npa\nplay\n9\nzz\nplay 5\nq\n", cwd=tmp_path,
    ).stdout  # fmt: skip
    assert "Trek deze ronde niets." in out  # the help for pass
    assert "Player 1 past." not in out and "Speler 1 past." in out
    assert "„play” kan zijn: play 3, play 5." in out
    assert "Kies een nummer van 1 tot en met 2." in out
    assert "„zz” is nu geen mogelijke actie." in out
    assert "Onthulde tegels: Speler 1: 5" in out


def test_only_bots_can_play_while_the_table_watches_the_public_log():
    out = run("play", TOY, "--seats", "random,random", "--seed", "2", "--lang", "ru")
    assert out.returncode == 0
    assert "Игра окончена" in out.stdout and "Открытые плитки" in out.stdout
    assert "Ваши плитки" not in out.stdout  # private events stay private from spectators


def test_hot_seat_hands_the_terminal_over_and_keeps_each_hand_secret(tmp_path):
    path = tmp_path / "match.json"
    out, code = converse(
        "play", TOY, "--seats", "human,human", "--names", "Ann,Bob", "--seed", "8",
        "--save", str(path), answer=random_person(3),
    )  # fmt: skip
    assert code == 0
    state = Match.open(path).replay()
    segments = re.split(r"Pass the terminal to (Ann|Bob)\.", out)[1:]
    assert len(segments) >= 6 and segments[0] == "Ann"
    private: dict[int, list[str]] = {0: [], 1: []}
    for name, segment in zip(segments[::2], segments[1::2], strict=True):
        seat = ["Ann", "Bob"].index(name)
        private[seat] += re.findall(r"· (Your tiles: [\d, ]+\.|You drew tile \d+\.)", segment)
    for seat in (0, 1):
        mine = [e for e in state.events if e.audience == (seat,)]
        expected = [
            f"Your tiles: {', '.join(map(str, e.args['tiles']))}."
            if e.key == "tesserae.hand"
            else f"You drew tile {e.args['tile']}."
            for e in mine
        ]
        assert private[seat] == expected[: len(private[seat])] and private[seat], seat
    assert "Game over" in out


def test_undo_takes_back_a_decision_until_something_hidden_shows(tmp_path):
    path = tmp_path / "match.json"
    out = run(
        "play", TOY, "--seats", "human,random", "--seed", "5", "--save", str(path),
        input="2\nu\nu\n1\n1\nu\nq\n",
    ).stdout  # fmt: skip
    assert "Taken back: Pass (and 2 bot moves after it)." in out
    assert "You have made no decision to take back yet." in out
    assert "You cannot take it back: something hidden has been revealed since." in out
    actions = [(seat, str(action)) for seat, action in Match.open(path).actions]
    assert actions[0] == (0, "draw")  # the pass is gone from the record


def test_the_view_command_shows_the_table_again_for_a_player_named_by_number_or_name(tmp_path):
    out = run(
        "play", TOY, "--seats", "human,random", "--names", "Ann,Bob", "--seed", "5",
        input="v 2\nv bob\nv 7\nq\n", cwd=tmp_path,
    ).stdout  # fmt: skip
    assert "“7” is not a player." in out
    assert out.count("Tesserae · Ann to move") == 4


def test_undo_is_for_games_against_bots_only(tmp_path):
    out = run(
        "play", TOY, "--seats", "human,human", "--seed", "5", input="\n2\n\nu\nq\n", cwd=tmp_path
    ).stdout  # fmt: skip
    assert "Undo is for games against bots only." in out


def test_a_saved_game_resumes_where_it_stopped(tmp_path):
    path = tmp_path / "match.json"
    first = run(
        "play", TOY, "--seats", "human,random", "--seed", "6", "--save", str(path),
        "--lang", "pl", input="1\n1\nq\n",
    )  # fmt: skip
    assert first.returncode == 0
    assert f"Zapisano w {path}. Aby kontynuować: tabulae resume {path}" in first.stdout
    stopped = Match.open(path)
    assert [seat for seat, _ in stopped.actions].count(0) == 2 and stopped.replay().result() is None
    second = run("resume", str(path), "--lang", "pl", input="1\n" * 50)
    assert second.returncode == 0 and "Koniec gry" in second.stdout
    finished = Match.open(path)
    assert finished.actions[: len(stopped.actions)] == stopped.actions
    assert finished.replay().result() is not None
    assert "Gracz 1" in run("replay", str(path)).stdout  # a saved game is a match record


def test_names_may_name_only_the_people(tmp_path):
    out = run(
        "play", TOY, "--seats", "random,human,random,human", "--names", "Ann,Bob", "--seed", "3",
        input="\n" + "1\n" * 200, cwd=tmp_path,
    ).stdout  # fmt: skip
    assert re.search(r"1\. +Bot 1 +random bot", out) and re.search(r"2\. +Ann +person", out)
    assert re.search(r"3\. +Bot 3 +random bot", out) and re.search(r"4\. +Bob +person", out)


def test_a_save_path_that_cannot_be_written_is_refused_before_the_first_move(tmp_path):
    path = tmp_path / "missing" / "x.json"
    out = run("play", TOY, "--seats", "human,random", "--save", str(path), input="1\n")
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert f"Cannot save to {path}: No such file or directory." in " ".join(out.stderr.split())
    assert "Player 1 [1–" not in out.stdout


def test_saving_to_a_path_that_cannot_be_written_says_why_and_the_game_goes_on(tmp_path):
    path = tmp_path / "missing" / "x.json"
    out = run(
        "play", TOY, "--seats", "human,random", "--seed", "5", "--lang", "pl",
        input=f"s {path}\n" + "1\n" * 100, cwd=tmp_path,
    )  # fmt: skip
    assert out.returncode == 0 and "Traceback" not in out.stderr
    assert f"Nie można zapisać do {path}: No such file or directory." in out.stdout
    assert "Koniec gry" in out.stdout  # played on to the end


def test_when_the_input_ends_the_game_is_saved_to_resume(tmp_path):
    out = run("play", TOY, "--seats", "human,random", "--seed", "9", input="1\n", cwd=tmp_path)
    assert out.returncode == 1
    assert "The input ended." in out.stdout
    assert Match.open(tmp_path / "tesserae-9.json").actions


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--seats", "human,stockfish"], "There is no bot stockfish (bots: random"),
        (["--seats", "human,random:depth"], "Bot parameters are written name=value, not depth."),
        (["--seats", "human,random:depth=3"], "Bot random does not take these parameters"),
        (["--seats", "human,random", "--players", "3"], "--players 3 does not match 2 seats."),
        (["--names", "Ann,Bob"], "2 names for 3 players: name them all, or only the people (1)."),
        (["--option", "rounds"], "Options are written name=value, not rounds."),
        (["--option", "rounds=0"], "option rounds must be at least 1"),
        (["--lang", "fr"], "en, pl, nl, ru"),
        (["--players", "9"], "Tesserae is for 2–4 players, not 9"),
        (["--players", "0"], "Tesserae is for 2–4 players, not 0"),
    ],
)
def test_a_table_that_cannot_be_set_says_why(args, message):
    out = run("play", TOY, *args)
    assert out.returncode == 2
    assert message in " ".join(out.stderr.split()), out.stderr


def test_errors_speak_the_players_language():
    out = run("play", TOY, "--seats", "human,stockfish", "--lang", "pl")
    assert "Nie ma bota stockfish" in " ".join(out.stderr.split())


def test_quitting_where_the_game_cannot_be_saved_keeps_the_game_until_it_is_saved(tmp_path):
    (tmp_path / "tesserae-5.json").mkdir()  # where quitting would save
    out = run(
        "play", TOY, "--seats", "human,random", "--seed", "5",
        input="q\ns mine.json\nq\n", cwd=tmp_path,
    )  # fmt: skip
    assert out.returncode == 0
    assert "Cannot save to tesserae-5.json: Is a directory." in out.stdout
    assert "Save the game elsewhere (“s FILE”) before you quit." in out.stdout
    assert "Saved to mine.json. Go on with: tabulae resume mine.json" in out.stdout
    assert Match.open(tmp_path / "mine.json").game == TOY


def test_an_action_the_rules_refuse_is_explained_in_the_players_language(tmp_path):
    """A refusal carries a message key: the terminal shows the game's own words for it."""
    out = run(
        "play", TOY, "--seats", "human,random", "--seed", "5", "--lang", "pl",
        input="play 9\nq\n", cwd=tmp_path,
    ).stdout  # fmt: skip
    assert "Niedozwolone: „play 9” jest teraz niedozwolone" in out
    assert "is not allowed now" not in out
