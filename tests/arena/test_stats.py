"""The arena's figures, computed from known game records."""

import pytest

from tabulae.arena import ArenaSetup, GameRecord, Rate, parse_entrants, summarize
from tabulae.arena.stats import wins

TOY = "tests.plugin_games.tesserae:GAME"


def test_the_wilson_interval():
    rate = Rate.of(50, 100)
    assert rate.value == 0.5
    assert rate.low == pytest.approx(0.4038, abs=1e-4)
    assert rate.high == pytest.approx(0.5962, abs=1e-4)
    lopsided = Rate.of(0, 20)
    assert lopsided.low == 0.0 and lopsided.high == pytest.approx(0.1611, abs=1e-4)


def test_a_shared_win_is_split():
    record = GameRecord(0, (0, 1, 2), (3, 3, 1), (1, 1, 3), 10)
    assert wins(record) == [0.5, 0.5, 0.0]


def test_win_rates_scores_seats_and_ratings():
    setup = ArenaSetup(TOY, 2, parse_entrants("greedy,random"), games=4)
    # Entrant 0 (greedy) wins three games of four, and every game that seat 1 hosts it.
    records = [
        GameRecord(0, (0, 1), (2, 1), (1, 2), 12),
        GameRecord(1, (1, 0), (1, 3), (2, 1), 12),
        GameRecord(2, (0, 1), (0, 2), (2, 1), 12),
        GameRecord(3, (1, 0), (1, 2), (2, 1), 12),
    ]
    summary = summarize(setup, list(reversed(records)))
    greedy, random = summary.standings
    assert summary.fair_share == 0.5 and summary.records == tuple(records)
    assert greedy.wins == 3 and greedy.win_rate.value == 0.75
    assert random.win_rate.value == 0.25
    assert greedy.mean_score == pytest.approx((2 + 3 + 0 + 2) / 4)
    assert greedy.mean_rank == pytest.approx(1.25)
    assert [r.value for r in greedy.by_seat] == [0.5, 1.0]
    assert [r.value for r in summary.seats] == [0.25, 0.75]
    assert greedy.mu > random.mu and greedy.ordinal == pytest.approx(greedy.mu - 3 * greedy.sigma)
    row = summary.rows()[0]
    assert row["label"] == "greedy" and row["win_rate_seat_2"] == 1.0
