"""Game reviews on the server: a game that is over, reviewed for one seat by the bot workers
in the background, with progress until it is done, kept once done, and bounded."""

from __future__ import annotations

import time

import httpx
import pytest

import tabulae
from tabulae.bots import bot_steps, make_bot
from tabulae.bots.review import decisions
from tabulae.core import Match, Rng

from .harness import LIMITS, TOY, create, join, running

# One review under way at a time, a twentieth of a second a decision, at most 100 decisions.
OPTIONS = (
    *LIMITS,
    *("--bot-workers", "1", "--review-seconds", "0.05"),
    *("--reviews-running", "1", "--review-decisions", "100"),
)


@pytest.fixture(scope="module")
def http(tmp_path_factory):
    db = str(tmp_path_factory.mktemp("reviews") / "tabulae.sqlite")
    with running(db, options=OPTIONS) as server, server.http() as client:
        yield client


def record(game: str, players: int, seed: int) -> Match:
    """A finished match between random players."""
    state = tabulae.load(game).new(players, seed)
    match = Match(game, players, seed)
    bots = [make_bot("random") for _ in range(players)]
    for seat, action in bot_steps(state, bots, [Rng(n) for n in range(players)]):
        match.actions.append((seat, action))
    return match


def imported(http, match: Match) -> str:
    reply = http.post("/matches", json=match.to_json())
    assert reply.status_code == 201, reply.text
    return reply.json()["id"]


def ask(http, table: str, seat: int):
    return http.get(f"/matches/{table}/review", params={"seat": seat})


def done(http, table: str, seat: int) -> dict:
    """The review once done, asking again and again (at most 600 times, 0.1 s apart)."""
    for _ in range(600):
        reply = ask(http, table, seat)
        if reply.status_code == 200:
            return reply.json()
        assert reply.status_code == 202, reply.text
        time.sleep(0.1)
    raise AssertionError("the review was not done in time")


def test_a_review_starts_tells_its_progress_and_is_kept_once_done(http):
    match = record(TOY, 2, 3)
    table = imported(http, match)
    expected = decisions(match, 1)
    first = ask(http, table, 1)
    assert first.status_code == 202, first.text
    assert first.json() == {"status": "running", "done": 0, "total": len(expected)}
    found = done(http, table, 1)
    assert found["status"] == "done" and found["seat"] == 1 and found["measure"] == "wins"
    assert [judged["number"] for judged in found["decisions"]] == expected
    assert all(judged["loss"] >= 0 for judged in found["decisions"])
    assert found["series"][-1]["number"] == len(match.actions)
    again = ask(http, table, 1)
    assert again.status_code == 200 and again.json() == found


def test_a_game_not_over_and_a_seat_not_at_the_table_are_refused(http):
    table = create(http, TOY, 2, {})["id"]
    join(http, table, 0)
    join(http, table, 1)
    reply = ask(http, table, 0)
    assert reply.status_code == 409 and reply.json()["error"]["code"] == "not_finished"
    over = imported(http, record(TOY, 2, 4))
    reply = ask(http, over, 2)
    assert reply.status_code == 422 and reply.json()["error"]["code"] == "bad_seat"
    assert ask(http, over, -1).status_code == 422
    assert ask(http, "no-such-table", 0).status_code == 404
    long = record("builders", 2, 5)
    assert len(decisions(long, 0)) > 100
    reply = ask(http, imported(http, long), 0)
    assert reply.status_code == 422 and reply.json()["error"]["code"] == "review_too_long"


def test_reviews_past_the_bound_are_refused_as_busy_while_one_is_under_way(http):
    long = imported(http, record("sylla", 2, 5))  # 87 decisions for the first seat
    assert ask(http, long, 0).status_code == 202
    busy = ask(http, imported(http, record(TOY, 2, 5)), 0)
    assert busy.status_code == 503, busy.text
    assert busy.json()["error"]["code"] == "busy"
    assert busy.json()["error"]["retry_after"] >= 1
    assert ask(http, long, 0).status_code == 202  # the one under way still answers


def test_one_client_starts_only_so_many_reviews_and_others_still_may(tmp_path):
    """With room for two reviews and one a client, a client's second is refused while its first
    is under way, and another client's is started."""
    options = (*OPTIONS[:-4], "--reviews-running", "2", "--review-decisions", "100")
    with running(str(tmp_path / "tabulae.sqlite"), options=options) as server:
        with server.http() as first:
            long = imported(first, record("sylla", 2, 5))  # 87 decisions for the first seat
            toy = imported(first, record(TOY, 2, 5))
            assert ask(first, long, 0).status_code == 202
            refused = ask(first, toy, 0)
            assert refused.status_code == 429, refused.text
            assert refused.json()["error"]["code"] == "too_many_reviews"
            assert refused.json()["error"]["retry_after"] >= 1
            assert ask(first, long, 0).status_code == 202  # its own still answers
        other = httpx.HTTPTransport(local_address="127.0.0.2")
        with httpx.Client(base_url=f"{server.url}/api", transport=other, timeout=30) as second:
            assert ask(second, toy, 0).status_code in (200, 202)
