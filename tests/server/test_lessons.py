"""Lessons over HTTP: a game's course, each step replayed from the lesson's start (no lesson
kept in the server's memory), refusals in the lesson's words, and an account's lessons done."""

from __future__ import annotations

import uuid

import httpx

from .players import sign_up

LESSONS = "/games/tesserae/lessons"
LESSON = f"{LESSONS}/a-round"


def test_the_course_lists_each_lesson_s_id_title_in_the_asked_language_and_steps(client):
    reply = client.get(LESSONS, headers={"Accept-Language": "pl"})
    assert reply.status_code == 200, reply.text
    assert reply.json() == {
        "game": "tesserae",
        "signed_in": False,
        "lessons": [{"id": "a-round", "title": "Runda Tesserae", "steps": 3, "done": False}],
    }
    assert client.get(LESSONS, params={"lang": "ru"}).json()["lessons"][0]["title"] == (
        "Раунд Тессер"
    )
    assert client.get("/games/nogame/lessons").json()["error"]["code"] == "unknown_game"


def test_a_step_shows_the_learner_s_view_words_parts_and_the_action_it_waits_for(client):
    first = client.get(LESSON, params={"at": 0, "lang": "nl"}).json()
    assert first["say"] == "Je hebt de tegels 6 en 9."
    assert first["point"] == ["[data-area=hands]"] and not first["expects_action"]
    assert first["view"]["hands"] == [[6, 9], 2]  # the learner's own tiles, the other's count
    second = client.get(LESSON, params={"at": 1}).json()
    assert second["expects_action"] and second["expect"] == ["draw"]
    assert second["legal"] == [["draw"], ["pass"]]
    assert second["otherwise"] == "More tiles win more rounds; draw one."
    end = client.get(LESSON, params={"at": 3}).json()
    assert end["finished"] and end["say"] is None
    assert end["summary"] == "You drew, played your highest tile and scored the round."
    assert end["view"]["points"] == [1, 0]


def test_playing_through_a_lesson_answers_each_next_step_and_refuses_in_its_words(client):
    steps = f"{LESSON}/steps"
    assert client.post(steps, json={"at": 0}).json()["at"] == 1  # a step only read
    refused = client.post(
        steps, json={"at": 1, "action": "pass"}, headers={"Accept-Language": "pl"}
    )
    assert refused.status_code == 409
    assert refused.json()["error"] == {
        "code": "lesson_refused",
        "message": "Więcej płytek wygrywa więcej rund; dobierz jedną.",
        "at": 1,
    }
    waits = client.post(steps, json={"at": 1})  # no action where one is expected
    assert waits.json()["error"]["code"] == "lesson_refused"
    third = client.post(steps, json={"at": 1, "action": ["draw"]}).json()
    assert third["at"] == 2 and third["view"]["hands"][0] == [2, 6, 9]
    assert client.post(steps, json={"at": 2, "action": "play 9"}).json()["finished"]


def test_a_step_outside_the_lesson_and_malformed_actions_are_refused(client):
    past = client.get(LESSON, params={"at": 4})
    assert past.status_code == 422 and past.json()["error"]["code"] == "invalid_request"
    assert past.json()["error"]["message"] == "This lesson's steps are 0 to 3; there is no step 4."
    assert client.get(LESSON, params={"at": 10_001}).status_code == 422
    assert client.post(f"{LESSON}/steps", json={"at": 3}).status_code == 422
    assert client.post(f"{LESSON}/steps", json={"at": 1, "action": ""}).status_code == 422
    unknown = client.get(f"{LESSONS}/no-such-lesson")
    assert unknown.status_code == 404 and unknown.json()["error"]["code"] == "unknown_lesson"


def test_an_account_s_lessons_done_are_stored_and_listed(server):
    # From an address of its own: the server counts sign-ins per client, and the other tests
    # sign in from 127.0.0.1.
    own = httpx.HTTPTransport(local_address="127.0.0.9")
    with httpx.Client(base_url=f"{server.url}/api", transport=own, timeout=30) as http:
        sign_up(http, f"l{uuid.uuid4().hex[:10]}")
        # The session cookie is for HTTPS only; over loopback the test sends it itself.
        session = {"Cookie": f"tabulae_session={http.cookies['tabulae_session']}"}
        http.cookies.clear()
        listed = http.get(LESSONS, headers=session).json()
        assert listed["signed_in"] and not listed["lessons"][0]["done"]
        for at, action in ((0, None), (1, "draw"), (2, "play 9")):
            reply = http.post(f"{LESSON}/steps", json={"at": at, "action": action}, headers=session)
            assert reply.status_code == 200, reply.text
        assert http.get(LESSONS, headers=session).json()["lessons"][0]["done"]
        reply = http.post(f"{LESSON}/steps", json={"at": 2, "action": "play 9"}, headers=session)
        assert reply.status_code == 200  # done again: still done, once
        assert http.get(LESSONS, headers=session).json()["lessons"][0]["done"]
        assert not http.get(LESSONS).json()["lessons"][0]["done"]  # a guest's are its own
