"""Each game at its most players in the middle of a game, reached over the API, and a page
seated there: the positions the layout tests measure."""

from __future__ import annotations

import json

import httpx

from tabulae.core import Rng
from tests.server.harness import api_client

from .browser import Browser

# The most players each game seats.
GAMES = {"sylla": 4, "builders": 4, "hadrians_wall": 6}
LANGUAGES = ("en", "nl", "ru")
ACTIONS_BEFORE = 24  # played at random by all seats, so the boards are in the middle of a game
SEED = 7


def act_at_random(api: httpx.Client, table: str, token: str, state: dict, rng: Rng) -> bool:
    legal = state["legal"]
    if state["status"] != "playing" or not legal:
        return False
    action = legal[rng.below(len(legal))]
    reply = api.post(
        f"/tables/{table}/actions",
        json={"action": action, "version": state["version"]},
        headers={"X-Seat-Token": token},
    )
    return reply.status_code == 200


def crowded_positions(server) -> dict[str, tuple[str, str]]:
    """For each game, a table at its most players, every seat a person, in the middle of a
    game reached by the same random actions each time, seat 1 to move: the table and seat 1's
    token."""
    found = {}
    with api_client(server.url, timeout=30) as api:
        for game, players in GAMES.items():
            table = api.post(
                "/tables", json={"game": game, "players": players, "seed": SEED}
            ).json()["id"]
            tokens = [
                api.post(
                    f"/tables/{table}/join",
                    json={"name": f"Player {seat + 1}", "accept_seed": True},
                ).json()["token"]
                for seat in range(players)
            ]
            rng, played = Rng(SEED), 0
            while True:
                headers = {"X-Seat-Token": tokens[0]}
                to_move = api.get(f"/tables/{table}/state", headers=headers).json()["to_move"]
                assert to_move, f"{game} ended before the middle of the game"
                if played >= ACTIONS_BEFORE and 0 in to_move:
                    break
                seat = to_move[rng.below(len(to_move))]
                state = api.get(
                    f"/tables/{table}/state", headers={"X-Seat-Token": tokens[seat]}
                ).json()
                played += act_at_random(api, table, tokens[seat], state, rng)
            found[game] = (table, tokens[0])
    return found


def seated(browser: Browser, table: str, token: str, lang: str):
    """A page at `table` in `lang`, sitting at seat 1 with its token."""
    page = browser.person(lang).page
    kept = json.dumps({table: {"seat": 0, "token": token}})
    page.context.add_init_script(f"localStorage.setItem('tabulae.seats', {json.dumps(kept)})")
    page.goto(f"/table.html?id={table}")
    page.wait_for_function("() => document.getElementById('table')?.dataset.online === 'true'")
    page.wait_for_selector("#board > *")
    page.wait_for_selector("#actions:not([hidden]) button.action", state="attached")
    return page
