"""People at the browser: each a Chromium context of its own (its own storage, so its own
seat tokens), acting only through what the page shows."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from typing import Any
from weakref import WeakKeyDictionary

import httpx
from playwright.sync_api import Browser as Chromium
from playwright.sync_api import BrowserContext, Page

from tabulae.core import Rng
from tests.server.harness import api_client

WAIT_MS = 20_000
PACE = "tabulae.pace"  # the table page's pace of the moves, in localStorage
# Ready to act, or over: the page is not waiting on an answer and shows actions, or the end.
READY = """() => {
  const root = document.getElementById("table");
  if (!root) return false;
  if (root.dataset.status === "finished") return document.getElementById("result") !== null;
  if (root.dataset.busy === "true") return false;
  return document.querySelector("#actions:not([hidden]) button.action") !== null;
}"""


QUIET_S = 0.1
_IN_FLIGHT: WeakKeyDictionary[Page, set[Any]] = WeakKeyDictionary()
"""The requests of each person's page not yet answered."""


def settled(page: Page) -> None:
    """Wait until the page's requests are all answered and none has been made for `QUIET_S`:
    Playwright's "networkidle", which waits half a second, in a fifth of it."""
    pending = _IN_FLIGHT[page]
    deadline = time.monotonic() + WAIT_MS / 1000
    quiet_since: float | None = None
    while True:
        now = time.monotonic()
        if pending:
            quiet_since = None
        elif quiet_since is None:
            quiet_since = now
        elif now - quiet_since >= QUIET_S:
            return
        assert now < deadline, f"still waiting for {sorted(r.url for r in pending)}"
        page.wait_for_timeout(20)  # Playwright tells of requests while it waits


class Browser:
    def __init__(self, chromium: Chromium, url: str) -> None:
        self.chromium, self.url = chromium, url
        self.contexts: list[BrowserContext] = []
        self.errors: list[str] = []

    def person(self, lang: str = "en", pace: str = "off") -> Person:
        """A person in a browser of their own; the table page shows the moves at `pace` (off:
        the updates as they come, a burst of them at the next frame, so that tests wait for
        nothing), until they choose another.
        The browser asks for less motion, so that what a step changed is lit without a fade
        drawn frame by frame (a test of motion asks for it again)."""
        context = self.chromium.new_context(
            base_url=self.url,
            locale=lang,
            viewport={"width": 1400, "height": 1000},
            reduced_motion="reduce",
        )
        context.set_default_timeout(WAIT_MS)
        context.add_init_script(
            f"localStorage.getItem('{PACE}') || localStorage.setItem('{PACE}', '{pace}')"
        )
        self.contexts.append(context)
        page = context.new_page()
        page.on("console", lambda message: self._console(page, message))
        page.on("pageerror", lambda error: self.errors.append(f"{page.url}: {error}"))
        pending = _IN_FLIGHT[page] = set()
        page.on("request", lambda request: pending.add(request))
        page.on("requestfinished", lambda request: pending.discard(request))
        page.on("requestfailed", lambda request: pending.discard(request))
        return Person(page, self.url)

    def _console(self, page: Page, message: Any) -> None:
        if message.type == "error":
            self.errors.append(f"{page.url}: {message.text}")

    def api(self) -> httpx.Client:
        return api_client(self.url, timeout=10)

    def close(self) -> list[str]:
        for context in self.contexts:
            context.close()
        return self.errors


class Person:
    def __init__(self, page: Page, url: str) -> None:
        self.page, self.url = page, url

    # The lobby

    def start_table(
        self,
        game: str,
        players: int,
        name: str,
        seats: dict[int, str] | None = None,
        options: dict[str, Any] | None = None,
    ) -> str:
        """Start a table from the lobby, sitting at seat 1: returns the table id."""
        page = self.page
        page.goto("/")
        page.locator(f"input[name=game][value={game}]").check(force=True)
        page.select_option("select[name=players]", str(players))
        for option, value in (options or {}).items():
            field = page.locator(f"[name={option}]")
            if isinstance(value, bool):
                field.set_checked(value)
            elif field.evaluate("node => node.tagName") == "SELECT":
                field.select_option(value=str(value))
            else:
                field.fill(str(value))
                field.dispatch_event("change")
        for seat in range(1, players):
            page.select_option(f"select[name=seat-{seat}]", (seats or {}).get(seat, "person"))
        page.fill("input[name=name]", name)
        page.click("#create")
        page.wait_for_url(re.compile(r"/table\.html\?id="))
        self.wait_connected()
        return page.url.split("id=", 1)[1]

    # The table

    def open_table(self, table: str) -> None:
        self.page.goto(f"/table.html?id={table}")
        self.wait_connected()

    def wait_connected(self) -> None:
        self.page.wait_for_function(
            "() => document.getElementById('table')?.dataset.online === 'true'"
        )
        self.page.wait_for_selector("#board > *")

    def take_seat(self, seat: int, name: str) -> None:
        self.page.fill("#join input[name=name]", name)
        self.page.click(f"#join button.take-seat[data-seat='{seat}']")
        self.page.wait_for_function(
            f"() => document.getElementById('table').dataset.seat === '{seat}'"
        )
        self.wait_connected()

    @property
    def status(self) -> str:
        return self.page.get_attribute("#table", "data-status") or ""

    @property
    def version(self) -> int:
        return int(self.page.get_attribute("#table", "data-version") or 0)

    def legal(self) -> list[list]:
        return [
            json.loads(item)
            for item in self.page.eval_on_selector_all(
                "#actions button.action", "nodes => nodes.map(n => n.dataset.action)"
            )
        ]

    def wait_ready(self) -> None:
        self.page.wait_for_function(READY)

    def act(self, click: Callable[[Page], None]) -> None:
        """Click something that plays, then wait until the table moves on or refuses."""
        before = self.version
        click(self.page)
        self.page.wait_for_function(
            f"""() => {{
              const root = document.getElementById("table");
              const moved = Number(root.dataset.version) !== {before};
              const refused = !document.getElementById("notice").hidden;
              return root.dataset.busy !== "true" && (moved || refused);
            }}"""
        )

    def click_action(self, action: list) -> None:
        as_json = json.dumps(action, separators=(",", ":"))  # as the page writes it
        self.act(lambda page: page.click(f"#actions button.action[data-action='{as_json}']"))

    def play_to_the_end(
        self, choose: Callable[[Person], Callable[[Page], None]], most: int | None = None
    ) -> int:
        """Act whenever the page offers actions, by the click `choose` picks, until the game
        is over (or after `most` clicks); returns the number of clicks."""
        clicks = 0
        while most is None or clicks < most:
            self.wait_ready()
            if self.status == "finished":
                break
            self.act(choose(self))
            clicks += 1
        return clicks

    def finish_over_the_api(self, table: str, seed: int = 1) -> int:
        """Play this person's seat to the end over HTTP, a random legal action each time, with
        the page away meanwhile, then open the finished table: for tests whose point is the
        end, not the clicks on the way. Returns the number of actions played."""
        if self.status == "finished":
            return 0
        seats = self.page.evaluate("() => JSON.parse(localStorage.getItem('tabulae.seats'))")
        headers = {"X-Seat-Token": seats[table]["token"]}
        self.page.goto("/")  # the lobby, meanwhile
        rng, played, seen, deadline = Rng(seed), 0, -1, time.monotonic() + 300
        with api_client(self.url, headers=headers, timeout=10) as api:
            while time.monotonic() < deadline:
                reply = api.get(f"/tables/{table}/state", params={"since": seen})
                state = reply.raise_for_status().json()
                seen = state["version"]
                if state["status"] == "finished":
                    break
                if not state["legal"]:  # another seat's turn
                    time.sleep(0.02)
                    continue
                action = state["legal"][rng.below(len(state["legal"]))]
                body = {"action": action, "version": state["version"]}
                played += api.post(f"/tables/{table}/actions", json=body).is_success
            else:
                raise AssertionError(f"table {table} did not end within 300 s")
        self.open_table(table)
        self.wait_ready()
        return played

    def play_over_the_api(
        self,
        table: str,
        until: Callable[[dict[str, Any]], bool],
        pick: Callable[[list[list]], list],
    ) -> int:
        """Play this person's seat over HTTP, the action `pick` takes of the legal ones, with
        the page away meanwhile, until the seat is to move in a state where `until(state)`
        holds (the table's state as the seat sees it), then open the table again: for tests
        that play the moves around a stretch of the game in the browser, not the moves in it.
        Returns the number of actions played; fails if the game ends first."""
        seats = self.page.evaluate("() => JSON.parse(localStorage.getItem('tabulae.seats'))")
        headers = {"X-Seat-Token": seats[table]["token"]}
        self.page.goto("/")  # the lobby, meanwhile
        played, deadline = 0, time.monotonic() + 300
        with api_client(self.url, headers=headers, timeout=10) as api:
            while time.monotonic() < deadline:
                state = api.get(f"/tables/{table}/state").raise_for_status().json()
                assert state["status"] == "playing", f"table {table} ended over the API"
                if not state["legal"]:  # another seat's turn
                    time.sleep(0.02)
                    continue
                if until(state):
                    break
                body = {"action": pick(state["legal"]), "version": state["version"]}
                played += api.post(f"/tables/{table}/actions", json=body).is_success
            else:
                raise AssertionError(f"table {table} did not come where it was played to")
        self.open_table(table)
        return played

    def scores(self) -> dict[int, float]:
        """The final scores as the end screen shows them, by seat (names are in the page's
        language, a bot's included, so the seat is what the engine's record is compared by)."""
        self.page.wait_for_selector("#result")
        rows = self.page.eval_on_selector_all(
            "#result table.scores tr[data-seat]",
            "rows => rows.map(r => [r.dataset.seat, r.querySelector('.score').textContent])",
        )
        return {int(seat): shown_number(score) for seat, score in rows}

    def notice(self) -> str:
        return self.page.inner_text("#notice")


def board_clicks(seed: int, parts: str, ends: str | None = None):
    """A chooser that clicks a random legal part of the board (the CSS selector `parts`), or
    about one time in three a button that ends the turn (`ends`), when there is one; a part
    offering several actions opens a menu, where a random one is taken."""
    rng = Rng(seed)

    def choose(person: Person):
        page = person.page
        found = page.locator(parts)
        finish = page.locator(ends) if ends else None
        count, finishing = found.count(), finish.count() if finish else 0
        if finishing and (count == 0 or rng.below(3) == 0):
            return lambda page: finish.first.click()
        assert count > 0, f"the board offers no legal part for {person.legal()}"
        part = found.nth(rng.below(count))

        def click(page: Page) -> None:
            part.click()
            if page.locator(".board-menu").count():
                menu = page.locator(".board-menu button")
                menu.nth(rng.below(menu.count())).click()

        return click

    return choose


def shown_number(text: str) -> float:
    """A number as the page writes it, in any language: "−3,9" in Polish is -3.9."""
    return float(text.replace("\u2212", "-").replace(",", "."))
