"""The game review in the browser: a finished game's review asked from the replay page, its
progress shown while the server judges, then each of the seat's decisions marked, a chart with
one line per seat, and turning points that move the replay; reached from the finished table's
"Review my game" link too, on a phone, in Polish, by the keyboard."""

from __future__ import annotations

import re
import tempfile
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from tabulae.bots import bot_steps, make_bot
from tabulae.bots.review import MARKS, decisions
from tabulae.core import Match, Rng
from tests.server.harness import LIMITS, TOY, Server, api_client
from tests.server.players import play_randomly, sign_up

from .scans import violations

GAME = "tesserae"
PASSWORD = "correct horse battery"
PHONE = {"width": 390, "height": 844}
SIDEWAYS = "() => document.documentElement.scrollWidth > innerWidth"
# Every line the progress shows, kept as it changes (it is gone once the review is done).
PROGRESS = """
new MutationObserver(() => {
  const line = document.getElementById("review-progress");
  if (line) (window.progressSeen ??= []).push(line.textContent);
}).observe(document, { childList: true, subtree: true, characterData: true });
"""


@pytest.fixture(scope="module")
def site() -> Iterator[tuple[Server]]:
    """A server whose reviews judge a decision in a twentieth of a second, and whose session
    cookie needs no HTTPS."""
    settings = ("secure_cookies=false", "sign_ins_per_minute=1000000")
    options = (*LIMITS, "--review-seconds", "0.05", *(o for s in settings for o in ("--set", s)))
    with tempfile.TemporaryDirectory() as directory:
        server = Server(str(Path(directory) / "review.sqlite"), options=options).start()
        try:
            yield (server,)
        finally:
            server.stop()


def long_record() -> Match:
    """A finished toy game of eight rounds between random players: enough decisions that some
    lose against the best (a turning point), however the search's time falls."""
    match = Match(TOY, 2, 3, options={"rounds": 8})
    state = match.start()
    bots = [make_bot("random") for _ in range(2)]
    match.actions.extend(bot_steps(state, bots, [Rng(n) for n in range(2)]))
    return match


def reviewed(page, count: int) -> None:
    """Wait until the review lists `count` decisions (it polls the server meanwhile)."""
    page.wait_for_function(
        f"() => document.querySelectorAll('#review-steps > li').length === {count}"
    )


def at_step(page, number: int) -> None:
    """Wait until the replay shows step `number`."""
    page.wait_for_function(
        f"() => document.getElementById('replay').dataset.version === '{number}'"
    )


def test_a_review_marks_the_steps_charts_each_seat_and_jumps_to_turning_points(people, site):
    match = long_record()
    with api_client(site[0].url, timeout=10) as api:
        reply = api.post("/matches", json=match.to_json())
        assert reply.status_code == 201, reply.text
        table = reply.json()["id"]
    judged = decisions(match, 1)
    assert len(judged) >= 3
    ala = people.person()
    page = ala.page
    page.add_init_script(PROGRESS)
    page.goto(f"/replay.html?id={table}")
    page.wait_for_selector("#review-start")
    page.select_option("#review-seat", "1")
    page.click("#review-start")
    reviewed(page, len(judged))
    seen = page.evaluate("() => window.progressSeen ?? []")
    judging = re.compile(rf"Judging decision \d+ of {len(judged)}…")
    assert any(judging.fullmatch(line) for line in seen), seen
    assert "review=1" in page.url
    steps = page.locator("#review-steps > li")
    assert [int(n) for n in steps.evaluate_all("(ls) => ls.map((l) => l.dataset.step)")] == judged
    marks = steps.evaluate_all("(ls) => ls.map((l) => l.querySelector('.mark').textContent)")
    assert set(marks) <= set(MARKS) and len(marks) == len(judged)
    assert page.locator("#review-chart polyline.review-line").count() == 2
    legend = page.locator("#review-legend li").all_inner_texts()
    names = page.locator("#seat option").all_inner_texts()[1:]  # as "Watch as" names them
    assert len(names) == 2 and [name.strip() for name in legend] == names
    with api_client(site[0].url, timeout=10) as api:
        review = api.get(f"/matches/{table}/review", params={"seat": 1}).json()  # kept, done
    assert review["status"] == "done" and review["turning_points"]  # this game has a blunder
    turning = page.locator("#review-turning a")
    assert (
        turning.evaluate_all("(ls) => ls.map((l) => +l.dataset.step)") == review["turning_points"]
    )
    assert violations(page, "the replay with its review") == []
    for index in range(turning.count()):
        number = int(turning.nth(index).get_attribute("data-step") or -1)
        assert number in judged
        turning.nth(index).click()
        at_step(page, number)
        detail = page.locator("#step-events #review-step")
        assert re.fullmatch(r"Loss: \d+ %", detail.locator("#review-loss").inner_text())
        assert detail.locator(".mark").inner_text() in MARKS
        assert page.locator(f"#review-steps > li[data-step='{number}'].current").count() == 1
    page.click("#first")
    at_step(page, 0)
    assert page.locator("#review-step").count() == 0  # step 0 is no decision


def test_the_finished_table_links_to_the_review_of_my_seat_on_a_phone_in_polish(people):
    ala = people.person(lang="pl")
    ala.page.set_viewport_size(PHONE)
    table = ala.start_table(GAME, 2, "Ala", seats={1: "random"})
    ala.finish_over_the_api(table)
    link = ala.page.locator("#review-link")
    assert link.inner_text() == "Analiza mojej gry"
    link.click()
    page = ala.page
    page.wait_for_url(re.compile(r"/replay\.html\?id=.*&seat=0&review=0"))
    with api_client(ala.url, timeout=10) as api:
        actions = api.get(f"/tables/{table}/match").json()["actions"]
    count = sum(1 for seat, _ in actions if seat == 0)  # at most: some were no choice
    page.wait_for_selector("#review-steps > li")
    reviewed(page, len(page.locator("#review-steps > li").all()))
    assert 1 <= page.locator("#review-steps > li").count() <= count
    assert page.locator("#review-title").inner_text() == "Analiza gry"
    words = {"dobry", "niedokładność", "błąd", "poważny błąd"}
    marks = page.locator("#review-steps .mark").all_inner_texts()
    assert marks and set(marks) <= words
    assert not page.evaluate(SIDEWAYS), "the replay with its review scrolls sideways on a phone"
    last = page.locator("#review-steps > li a").last  # a decision, reached by the keyboard
    number = int(page.locator("#review-steps > li").last.get_attribute("data-step") or -1)
    last.focus()
    page.keyboard.press("Enter")
    at_step(page, number)
    assert page.locator("#review-loss").inner_text().startswith("Strata: ")
    assert not page.evaluate(SIDEWAYS)


def test_my_finished_games_link_to_the_review_of_my_seat(people, site):
    username = f"r{uuid.uuid4().hex[:8]}"
    with api_client(site[0].url, timeout=10) as http:
        sign_up(http, username, PASSWORD)
        spec = {"game": GAME, "players": 2, "seats": [{"bot": "random"}, {}]}
        table = http.post("/tables", json=spec).json()["id"]
        joined = http.post(f"/tables/{table}/join", json={"name": username}).json()
        assert joined["seat"] == 1
        play_randomly(http, table, joined["token"])
        deadline = time.monotonic() + 60
        while http.get(f"/tables/{table}").json()["status"] != "finished":
            assert time.monotonic() < deadline, "the game did not finish"
            time.sleep(0.2)
    page = people.person().page
    reply = page.request.post("/api/session", data={"username": username, "password": PASSWORD})
    assert reply.ok, reply.text()
    page.goto("/account.html")
    link = page.locator(f"#finished li[data-table='{table}'] a.review-link")
    assert link.inner_text() == "Review my game"
    link.click()
    page.wait_for_url(re.compile(r"/replay\.html\?id=.*&seat=1&review=1"))
    page.wait_for_selector("#review-steps > li")
    assert page.locator("#review-seat").input_value() == "1"
    assert f"Decisions of {username}" in page.locator("#review h3").all_inner_texts()
