"""Two people at a Hadrian's Wall table play a year at the same time, each in a browser of their
own, clicking their own sheet in the same moment: both choose a Path card at once, then take
their actions of the same phase side by side. Of each pair of clicks, the second page has not
yet heard of the first's action (what reaches it over its socket is held back until it has
clicked, as a slower connection would), so its action goes out with the version its player saw,
which the other's action has since passed; it is not refused: the server finds it still means
what it meant (`LiveTable.moved_on`) and plays it."""

from __future__ import annotations

import json
import re
from typing import Any

import httpx

from .browser import Browser, Person, board_clicks

GAME = "hadrians_wall"
SEED = 3
OWN = ".hw-player.you"
CAUGHT_UP = """(version) => {
  const root = document.getElementById("table");
  return root.dataset.busy !== "true" && Number(root.dataset.version) === version;
}"""
BUSY = "() => document.getElementById('table').dataset.busy === 'true'"
SETTLED = """(before) => {
  const root = document.getElementById("table");
  const moved = Number(root.dataset.version) !== before;
  const refused = !document.getElementById("notice").hidden;
  return root.dataset.busy !== "true" && (moved || refused);
}"""


class Line:
    """A page's socket to the server, through which what the server says can be held back, and
    which keeps the actions the page sends and the answers they get."""

    def __init__(self) -> None:
        self.held: list[str | bytes] | None = None
        self.page_side: Any = None
        self.sent: dict[str, int] = {}  # each action's client id: the version it was decided at
        self.answers: list[tuple[str, dict]] = []  # (client id, the server's ack or error)

    def route(self, socket: Any) -> None:
        server = socket.connect_to_server()
        self.page_side = socket
        socket.on_message(lambda frame: self.outgoing(server, frame))
        server.on_message(self.incoming)

    def outgoing(self, server: Any, frame: str | bytes) -> None:
        message = json.loads(frame)
        if message.get("type") == "act":
            self.sent[message["client_action_id"]] = message["version"]
        server.send(frame)

    def incoming(self, frame: str | bytes) -> None:
        message = json.loads(frame)
        if message.get("client_action_id") in self.sent and message["type"] in ("ack", "error"):
            self.answers.append((message["client_action_id"], message))
        if self.held is None:
            self.page_side.send(frame)
        else:
            self.held.append(frame)

    def hold(self) -> None:
        self.held = []

    def release(self) -> None:
        held, self.held = self.held or [], None
        for frame in held:
            self.page_side.send(frame)


def seated(browser: Browser, table: str, seat: int, token: str) -> tuple[Person, Line]:
    """A person in a browser of their own, at `seat` with its token, as joining keeps it."""
    person, line = browser.person(), Line()
    seats = json.dumps({table: {"seat": seat, "token": token}})
    person.page.context.add_init_script(
        f"localStorage.setItem('tabulae.seats', {json.dumps(seats)})"
    )
    person.page.route_web_socket(re.compile(r"/live$"), line.route)
    person.open_table(table)
    return person, line


def settled(person: Person, before: int) -> None:
    """The page's action was answered, and not refused."""
    person.page.wait_for_function(SETTLED, arg=before)
    assert person.page.locator("#notice").is_hidden(), person.notice()


def now(api: httpx.Client, table: str, token: str) -> tuple[int, int]:
    """The table's version and the game's year."""
    state = api.get(f"/tables/{table}/state", headers={"X-Seat-Token": token}).json()
    return int(state["version"]), int(state["view"]["year"])


def test_two_people_play_a_year_at_once_and_no_legal_action_is_refused(browser):
    with browser.api() as api:
        table = api.post("/tables", json={"game": GAME, "players": 2, "seed": SEED}).json()["id"]
        tokens = [
            api.post(
                f"/tables/{table}/join", json={"name": name, "seat": seat, "accept_seed": True}
            ).json()["token"]
            for seat, name in enumerate(("Ala", "Bartek"))
        ]
        people = [seated(browser, table, seat, token) for seat, token in enumerate(tokens)]
        choosers = [
            board_clicks(seat + 1, f"{OWN} .clickable.legal:not(.hw-end)", f"{OWN} button.hw-end")
            for seat in range(2)
        ]
        together = 0
        for step in range(200):  # a year is some 30 actions
            version, year = now(api, table, tokens[0])
            if year != 1:
                break
            for person, _ in people:  # both pages show the table as it is
                person.page.wait_for_function(CAUGHT_UP, arg=version)
            acting = [
                (person, line, chooser)
                for (person, line), chooser in zip(people, choosers, strict=True)
                if person.legal()
            ]
            if len(acting) == 2:
                together += 1
                acting = acting[step % 2 :] + acting[: step % 2]  # each goes second in turn
                acting[1][1].hold()  # the second page hears nothing of the first's action
            waiting = []
            for person, line, chooser in acting:
                before = person.version
                chooser(person)(person.page)
                if line.held is None:
                    settled(person, before)
                else:  # sent, and waiting for the answer held back
                    person.page.wait_for_function(BUSY)
                    waiting.append((person, line, before))
            for person, line, before in waiting:
                line.release()
                settled(person, before)
        assert now(api, table, tokens[0])[1] == 2, "the year did not end"
    sent = {key: version for _, line in people for key, version in line.sent.items()}
    answers = [answer for _, line in people for answer in line.answers]
    refused = [answer for _, answer in answers if answer["type"] != "ack"]
    assert refused == [], refused
    assert len(answers) == len(sent) >= 2 * together
    assert together >= 2  # the Path cards, and at least one step of the actions phase, at once
    passed = [ack for key, ack in answers if ack["version"] > sent[key] + 1]
    assert len(passed) >= together, "an action went out knowing of the other's"
