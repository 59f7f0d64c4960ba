"""The README's screenshots: each game's board in the middle of a game, seen from seat 1, and
one on a phone.

Run ``python -m tests.web.screenshots`` after changing a board; it starts a server on a temp
database, plays each game part of the way (the first seat at random, bots elsewhere) and
writes docs/screenshots/<game>.png and docs/screenshots/phone.png.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import httpx
from playwright.sync_api import sync_playwright

import tabulae
from tabulae.core import Rng
from tests.server.harness import Server, api_client

from .conftest import CHROMIUM_ARGS, chromium_executable

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "docs" / "screenshots"
# game: (players, actions of the first seat before the picture, seed)
SCENES = {"sylla": (3, 30, 5), "builders": (2, 25, 4), "hadrians_wall": (3, 40, 11)}
# The game also pictured on a phone, with the drawer of actions at the bottom of the window.
PHONE_GAME, PHONE = "builders", {"width": 390, "height": 844}


def play_first_seat(api: httpx.Client, table: str, token: str, actions: int, seed: int) -> None:
    """Play the first seat at random over the API while the bots answer."""
    rng = Rng(seed)
    played = 0
    while played < actions:
        state = api.get(f"/tables/{table}/state", headers={"X-Seat-Token": token}).json()
        if state["status"] != "playing":
            return
        legal = state["legal"]
        if not legal:
            continue
        quick = [a for a in legal if a[0] not in ("pass", "defend")]
        action = (quick or legal)[rng.below(len(quick or legal))]
        reply = api.post(
            f"/tables/{table}/actions",
            json={"action": action, "version": state["version"]},
            headers={"X-Seat-Token": token},
        )
        played += reply.status_code == 200


def main() -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as directory:
        server = Server(str(Path(directory) / "tabulae.sqlite")).start()
        try:
            with (
                api_client(server.url, timeout=30) as api,
                sync_playwright() as playwright,
            ):
                executable = chromium_executable(playwright.chromium.executable_path)
                browser = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
                for game, (players, actions, seed) in SCENES.items():
                    if game not in tabulae.all_games():
                        continue
                    seats = [{}] + [{"bot": "random"} for _ in range(players - 1)]
                    table = api.post(
                        "/tables",
                        json={"game": game, "players": players, "seats": seats, "seed": seed},
                    ).json()["id"]
                    token = api.post(f"/tables/{table}/join", json={"name": "Livia"}).json()[
                        "token"
                    ]
                    play_first_seat(api, table, token, actions, seed)
                    context = browser.new_context(viewport={"width": 1600, "height": 1000})
                    seats_kept = json.dumps({table: {"seat": 0, "token": token}})
                    context.add_init_script(
                        f"localStorage.setItem('tabulae.seats', {json.dumps(seats_kept)})"
                    )
                    page = context.new_page()
                    page.goto(f"{server.url}/table.html?id={table}")
                    page.wait_for_function(
                        "() => document.getElementById('table')?.dataset.online === 'true'"
                    )
                    page.wait_for_selector("#board > *")
                    page.wait_for_timeout(300)
                    page.screenshot(path=str(SHOTS / f"{game}.png"), full_page=False)
                    print(f"wrote docs/screenshots/{game}.png")
                    if game == PHONE_GAME:
                        page.set_viewport_size(PHONE)
                        page.wait_for_timeout(300)
                        page.screenshot(path=str(SHOTS / "phone.png"), full_page=False)
                        print("wrote docs/screenshots/phone.png")
                    context.close()
                browser.close()
        finally:
            server.stop()


if __name__ == "__main__":
    main()
