"""`tabulae review`: a saved match, one seat's decisions judged, with marks and turning points,
in the player's language, or as JSON for tools."""

import json

import pytest

import tabulae
from tabulae.bots import bot_steps, make_bot
from tabulae.core import Match, Rng
from tabulae.tui import saving
from tabulae.tui.seats import Seat

from .driver import run

# Few futures per decision, never cut short by the clock: the same review on any machine.
BUDGET = ("--iterations", "6", "--seconds", "60", "--seed", "2")


@pytest.fixture(scope="module")
def saved(tmp_path_factory):
    """A finished two-player game of The Builders between random players, saved by the
    terminal with a bot in seat 1 and a person in seat 2."""
    state = tabulae.load("builders").new(2, 5)
    match = Match("builders", 2, 5, seats=["Ann", "Bob"])
    bots = [make_bot("random"), make_bot("random")]
    for seat, action in bot_steps(state, bots, [Rng(0), Rng(1)]):
        match.actions.append((seat, action))
    path = tmp_path_factory.mktemp("review") / "builders.json"
    saving.save(path, match, [Seat("random"), Seat("human")], 0)
    return path


@pytest.fixture(scope="module")
def as_json(saved):
    done = run("review", str(saved), *BUDGET, "--json")
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_json_reviews_the_person_s_seat_by_default(saved, as_json):
    assert as_json["seat"] == 1 and as_json["names"] == ["Ann", "Bob"]
    assert as_json["measure"] == "wins"
    assert as_json["decisions"] and all(d["seat"] == 1 for d in as_json["decisions"])
    assert all(d["loss"] >= 0 for d in as_json["decisions"])
    assert set(as_json["thresholds"]) == {"inaccuracy", "mistake", "blunder"}
    assert len(as_json["turning_points"]) <= 3
    last = as_json["series"][-1]
    assert last["number"] == len(Match.open(saved).actions)  # the game's result ends the series
    assert sorted(last["expected"]) == [0.0, 1.0]


def test_the_table_names_every_decision_s_mark_and_the_turning_points(saved, as_json):
    done = run("review", str(saved), *BUDGET)
    assert done.returncode == 0, done.stderr
    text = done.stdout
    assert "Review of Bob, seat 2: The Builders: Antiquity, seed 5" in text
    decisions = as_json["decisions"]
    assert f"{len(decisions)} decisions reviewed" in text
    for number in as_json["turning_points"]:
        judged = next(d for d in decisions if d["number"] == number)
        assert f"Action {number}: " in text
        assert f"a loss of {round(100 * judged['loss'])}% ({judged['mark']})" in " ".join(
            text.split()
        )
    rows = [line.split() for line in text.splitlines()]
    numbered = [row[0] for row in rows if row and row[0].isdigit() and row[1] != "decisions"]
    assert numbered == [str(d["number"]) for d in decisions]


def test_the_review_speaks_polish(saved):
    done = run("review", str(saved), *BUDGET, "--lang", "pl", "--seat", "1")
    assert done.returncode == 0, done.stderr
    assert "Analiza gry: Ann, miejsce 1" in done.stdout
    assert "zagrany ruch" in done.stdout and "Przeanalizowano:" in done.stdout


def test_a_seat_not_at_the_table_is_refused(saved):
    done = run("review", str(saved), "--seat", "3")
    assert done.returncode != 0
    assert "The seats are numbered 1 to 2." in done.stderr


def test_a_file_that_is_no_match_is_refused_in_a_sentence(tmp_path):
    path = tmp_path / "not-a-match.json"
    path.write_text("{}")
    done = run("review", str(path))
    assert done.returncode == 1
    assert "Cannot review" in done.stderr and "not a Tabulae match record" in done.stderr
