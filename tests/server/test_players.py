"""Players, not just seats: accounts and sessions, seats owned by accounts, my games, player
pages, ratings, chat and turn-based tables, against a real server and a real SMTP server."""

from __future__ import annotations

import time
import uuid
from contextlib import nullcontext
from datetime import UTC, datetime

import httpx
import pytest
import sqlalchemy as sa

from tabulae.server.config import database_url
from tabulae.server.errors import ApiError
from tabulae.server.limits import SignInBackoff
from tabulae.server.storage import SeatRow, Storage, TableRow

from .harness import LIMITS, TOY, Server, create, postgres_database, running
from .players import admin, confirm, link_token, play_randomly, player_options, sign_up, smtp_server

PASSWORD = "correct horse battery"


def error(reply, status: int, code: str) -> dict:
    assert reply.status_code == status, reply.text
    body = reply.json()["error"]
    assert body["code"] == code and body["message"]
    return body


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def site(request, tmp_path_factory):
    """A server whose reminders go to a real SMTP server: (server, mailbox, database)."""
    database = (
        postgres_database()
        if request.param == "postgresql"
        else nullcontext(str(tmp_path_factory.mktemp("db") / "players.sqlite"))
    )
    with (
        database as db,
        smtp_server() as (mailbox, port),
        running(db, options=player_options(port)) as server,
    ):
        yield server, mailbox, db


def person(site, name: str | None = None, **extra):
    """A new browser: its own cookies, signed up as a fresh username."""
    server = site[0]
    http = server.http()
    username = name or f"p{uuid.uuid4().hex[:10]}"
    sign_up(http, username, PASSWORD, **extra)
    return http, username


def test_a_seat_taken_signed_in_is_found_again_on_another_device(site):
    phone, username = person(site)
    table = create(phone, TOY, 2, {})["id"]
    joined = phone.post(f"/tables/{table}/join", json={"name": "Ann"}).json()
    with site[0].http() as laptop:
        assert error(laptop.get("/me/games"), 401, "not_signed_in")
        reply = laptop.post("/session", json={"username": username.upper(), "password": PASSWORD})
        assert reply.status_code == 200, reply.text
        games = laptop.get("/me/games").json()
        [waiting] = [g for g in games["waiting"] if g["id"] == table]
        assert waiting["my_seat"] == joined["seat"] and waiting["token"] == joined["token"]
        state = laptop.get(f"/tables/{table}/state", headers={"X-Seat-Token": waiting["token"]})
        assert state.json()["seat"] == joined["seat"]
        again = laptop.post(f"/tables/{table}/join", json={"name": "Ann"}).json()
        assert again["seat"] == joined["seat"]  # one account, one seat
    phone.close()


def test_my_games_sorts_my_move_waiting_and_finished(site):
    http, _ = person(site)
    table = create(http, TOY, 2, {1: "random"})["id"]
    token = http.post(f"/tables/{table}/join", json={"name": "Ann"}).json()["token"]
    games = http.get("/me/games").json()
    listed = {g["id"]: kind for kind, entries in games.items() for g in entries}
    assert listed[table] == "my_move"
    play_randomly(http, table, token)
    games = http.get("/me/games").json()
    [finished] = [g for g in games["finished"] if g["id"] == table]
    assert finished["status"] == "finished" and "token" not in finished
    assert http.get(f"/tables/{table}/match").json()["format"] == "tabulae.match"
    http.close()


def test_the_player_page_shows_history_and_statistics(site):
    http, username = person(site)
    for seed in (1, 2):
        table = create(http, TOY, 2, {1: "random"}, rated=True)["id"]
        token = http.post(f"/tables/{table}/join", json={"name": "Ann"}).json()["token"]
        final = play_randomly(http, table, token, seed)
    page = http.get(f"/players/{username}").json()
    stats = page["games"]["tesserae"]
    assert stats["played"] == 2 and stats["rated_games"] == 2
    won = sum(entry["seats"][entry["my_seat"]]["rank"] == 1 for entry in page["history"])
    assert stats["won"] == won and len(page["history"]) == 2
    assert final["result"] is not None
    error(http.get("/players/nobody-at-all"), 404, "unknown_player")
    http.close()


def test_ratings_change_after_a_finished_rated_game_and_fill_the_leaderboard(site):
    http, username = person(site)
    table = create(http, TOY, 2, {1: "greedy"}, rated=True)["id"]
    token = http.post(f"/tables/{table}/join", json={"name": username}).json()["token"]
    play_randomly(http, table, token)
    for _ in range(100):
        changes = http.get(f"/tables/{table}/ratings").json()
        if changes:
            break
        time.sleep(0.1)
    assert [c["seat"] for c in changes] == [0, 1]
    assert all(c["before"] == 0.0 and c["after"] != c["before"] for c in changes)
    board = http.get("/leaderboard/tesserae").json()
    names = [entry["name"] for entry in board]
    assert username in names and "greedy bot" in names
    assert board == sorted(board, key=lambda e: -e["rating"])
    assert all("player" not in entry for entry in board)
    bots = {entry["name"]: entry["bot"] for entry in board if entry["bot"]}
    assert bots["greedy bot"] == {"name": "greedy", "params": {}}
    unrated = create(http, TOY, 2, {0: "random", 1: "random"})["id"]
    assert http.get(f"/tables/{unrated}/ratings").json() == []
    refused = http.post("/tables", json={"game": TOY, "players": 2, "seed": 4, "rated": True})
    error(refused, 422, "bad_options")
    http.close()


def test_bots_at_their_levels_are_rated(site):
    http, _ = person(site)
    seats = [{"bot": "random"}, {"bot": "greedy"}]
    table = http.post(
        "/tables", json={"game": TOY, "players": 2, "seats": seats, "rated": True}
    ).json()["id"]
    for _ in range(300):
        if http.get(f"/tables/{table}/ratings").json():
            break
        time.sleep(0.1)
    names = {entry["name"]: entry for entry in http.get("/leaderboard/tesserae").json()}
    assert names["random bot"]["games"] >= 1 and names["greedy bot"]["games"] >= 1
    http.close()


def test_chat_has_a_players_channel_and_a_spectators_channel(site):
    server = site[0]
    ann, _ = person(site)
    table = create(ann, TOY, 2, {})["id"]
    ann_token = ann.post(f"/tables/{table}/join", json={"name": "Ann"}).json()["token"]
    with server.http() as guest:
        bea_token = guest.post(f"/tables/{table}/join", json={"name": "Bea"}).json()["token"]
    assert bea_token != ann_token
    said = ann.post(
        f"/tables/{table}/chat",
        json={"channel": "players", "text": " <script>alert(1)</script> hi "},
        headers={"X-Seat-Token": ann_token},
    )
    assert said.status_code == 201, said.text
    assert said.json()["text"] == "<script>alert(1)</script> hi"  # stored as plain text
    with server.http() as watcher:
        refused = watcher.post(
            f"/tables/{table}/chat", json={"channel": "players", "text": "play 3!"}
        )
        error(refused, 403, "players_only")
        aside = watcher.post(
            f"/tables/{table}/chat",
            json={"channel": "spectators", "text": "Bea holds a 9", "name": "Cy"},
        )
        assert aside.status_code == 201 and aside.json()["name"] == "Cy"
        seen = [(m["channel"], m["name"]) for m in watcher.get(f"/tables/{table}/chat").json()]
        assert seen == [("players", "Ann"), ("spectators", "Cy")]
    bea = {"X-Seat-Token": bea_token}
    heard = [m["text"] for m in ann.get(f"/tables/{table}/chat", headers=bea).json()]
    assert heard == ["<script>alert(1)</script> hi"]  # no whisper from the spectators
    error(
        ann.post(
            f"/tables/{table}/chat",
            json={"channel": "spectators", "text": "psst"},
            headers=bea,
        ),
        403,
        "spectators_only",
    )
    after = said.json()["id"]
    assert ann.get(f"/tables/{table}/chat", params={"after": after}, headers=bea).json() == []
    ann.close()


def test_chat_is_length_limited_rate_limited_and_clean(site):
    ann, _ = person(site)
    table = create(ann, TOY, 2, {})["id"]
    token = {"X-Seat-Token": ann.post(f"/tables/{table}/join", json={"name": "A"}).json()["token"]}
    say = lambda text: ann.post(  # noqa: E731
        f"/tables/{table}/chat", json={"channel": "players", "text": text}, headers=token
    )
    error(say("x" * 501), 422, "bad_message")
    error(say("   "), 422, "bad_message")
    error(say("a\u202eb"), 422, "bad_message")
    error(say("a\x00b"), 422, "bad_message")
    for n in range(10):
        assert say(f"line {n}\nsecond line").status_code == 201
    body = error(say("one too many"), 429, "too_many_messages")
    assert body["retry_after"] > 0
    ann.close()


BLANK_TALL_AND_STACKED = [
    "\u3164",  # a Hangul filler: a letter that prints as nothing
    "\u2800\u2800",  # the blank Braille pattern
    "\u3164 \u2800\n\u115f\u1160 \uffa0\u3000",
    "\u0301\u0308",  # marks with nothing to sit on
    "a" + "\n" * 498 + "b",  # 499 lines in 500 characters
    "\n".join(["line"] * 11),
    "x" + "\u0301" * 400,
    "Zalgo: e\u0301\u0300\u0302\u0303\u0308\u0304",  # five marks on é, once composed
]


def test_chat_refuses_blank_tall_and_stacked_messages(site):
    """Blank-looking messages, more than ten lines, and more than four combining marks on one
    character are refused; ten lines, and Hebrew with its points, are not."""
    ann, _ = person(site)
    table = create(ann, TOY, 2, {})["id"]
    token = {"X-Seat-Token": ann.post(f"/tables/{table}/join", json={"name": "A"}).json()["token"]}
    say = lambda text: ann.post(  # noqa: E731
        f"/tables/{table}/chat", json={"channel": "players", "text": text}, headers=token
    )
    for text in BLANK_TALL_AND_STACKED:
        assert say(text).json()["error"]["code"] == "bad_message", repr(text[:20])
    shalom = "\u05e9\u05c1\u05b8\u0591\u05dc\u05d5\u05b9\u05dd"  # three marks on the shin
    for fine in ("\n".join(["line"] * 10), shalom):
        assert say(fine).status_code == 201, repr(fine)
    ann.close()


def test_a_seated_account_reads_no_spectator_without_its_token(site):
    """While the game is on, a player signed in to the account that holds the seat is a player,
    token or not: it does not read the spectators' channel."""
    ann, _ = person(site)
    table = create(ann, TOY, 2, {})["id"]
    ann.post(f"/tables/{table}/join", json={"name": "Ann"})
    with site[0].http() as watcher:
        aside = {"channel": "spectators", "text": "Ann holds a 9", "name": "Cy"}
        assert watcher.post(f"/tables/{table}/chat", json=aside).status_code == 201
        assert [m["text"] for m in watcher.get(f"/tables/{table}/chat").json()] == [aside["text"]]
    assert ann.get(f"/tables/{table}/chat").json() == []
    error(ann.post(f"/tables/{table}/chat", json=aside), 403, "spectators_only")
    ann.close()


def test_a_turn_based_table_reminds_by_mail_and_a_bot_moves_when_time_runs_out(site):
    """The reminder names no username: one like this must not read as an instruction."""
    server, mailbox, _ = site
    username = f"Visit evil.example now {uuid.uuid4().hex[:6]}"
    ann, _ = person(site, username, email=f"{uuid.uuid4().hex[:8]}@example.org")
    address = ann.get("/me").json()["email"]
    confirm(ann, mailbox, address)
    table = create(ann, TOY, 2, {}, move_seconds=2)["id"]
    assert ann.get(f"/tables/{table}").json()["move_seconds"] == 2
    ann.post(f"/tables/{table}/join", json={"name": "Ann", "seat": 0})
    with server.http() as bea:
        bea.post(f"/tables/{table}/join", json={"name": "Bea", "seat": 1})
    reminder = mailbox.wait_for(address)
    assert table in reminder["Subject"] and "evil.example" not in reminder.get_content()
    assert f"table.html?id={table}" in reminder.get_payload()
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        summary = ann.get(f"/tables/{table}").json()
        if summary["timeouts"]:
            break
        time.sleep(0.2)
    assert summary["timeouts"][0] == {"version": 1, "seat": 0}
    assert summary["version"] >= 1 and summary["deadline"] is not None
    ann.close()


def test_an_email_address_is_one_plain_address(site):
    """A list, a display name, a header smuggled after a line break, NUL or ESC never reach
    the SMTP envelope: such an address is refused at sign-up and when changed."""
    http, _ = person(site)
    refused = [
        "victim@example.org,root",
        "a\x00b@example.org",
        "a\x1b[2J@example.org",
        "Ann <ann@example.org>",
        "ann@example.org\r\nBcc: eve@example.org",
        "ann",
    ]
    with site[0].http() as other:
        for address in refused:
            body = {"username": f"p{uuid.uuid4().hex[:10]}", "password": PASSWORD}
            error(other.post("/accounts", json=body | {"email": address}), 422, "bad_email")
            error(http.post("/me/email", json={"email": address}), 422, "bad_email")
    http.close()


def test_reminders_go_only_to_an_address_confirmed_by_the_link_mailed_to_it(site):
    """Until its owner opens the link (once, before it expires), an address gets no reminder;
    a new address needs its own link; the e-mail names no username."""
    server, mailbox, db = site
    address = f"{uuid.uuid4().hex[:8]}@example.org"
    username = f"Visit evil.example now {uuid.uuid4().hex[:6]}"
    ann, _ = person(site, username, email=address)
    letter = mailbox.wait_for(address)
    assert "evil.example" not in letter.get_content()
    assert ann.get("/me").json()["email_confirmed"] is False
    table = create(ann, TOY, 2, {}, move_seconds=2)["id"]
    ann.post(f"/tables/{table}/join", json={"name": "Ann", "seat": 0})
    with server.http() as bea:
        bea.post(f"/tables/{table}/join", json={"name": "Bea", "seat": 1})
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and not ann.get(f"/tables/{table}").json()["timeouts"]:
        time.sleep(0.2)
    assert mailbox.to(address) == [letter]  # the move started and ran out: no reminder
    token = {"token": link_token(letter)}
    confirmed = ann.post("/email/confirm", json=token).json()
    assert confirmed == {"email": address, "email_confirmed": True}
    error(ann.post("/email/confirm", json=token), 404, "unknown_link")  # once only
    assert ann.get("/me").json()["email_confirmed"] is True
    other = f"{uuid.uuid4().hex[:8]}@example.org"
    assert ann.post("/me/email", json={"email": other}).json()["email_confirmed"] is False
    assert ann.get("/me").json()["email"] == other
    late = {"token": link_token(mailbox.wait_for(other))}
    engine = sa.create_engine(database_url(db))
    with engine.begin() as connection:
        connection.execute(
            sa.text("UPDATE accounts SET email_token_expires = :past WHERE email = :email"),
            {"past": datetime(2000, 1, 1, tzinfo=UTC), "email": other},
        )
    engine.dispose()
    error(ann.post("/email/confirm", json=late), 404, "unknown_link")  # expired
    assert ann.get("/me").json()["email_confirmed"] is False
    ann.close()


def test_a_time_limit_is_bounded(site):
    with site[0].http() as http:
        for seconds in (0, 31 * 86400, "60"):
            reply = http.post("/tables", json={"game": TOY, "players": 2, "move_seconds": seconds})
            error(reply, 422, "invalid_request")


def test_passwords_are_stored_only_as_argon2_hashes(site):
    _, _, db = site
    password = f"clear-{uuid.uuid4().hex}"
    http, username = person(site)
    reply = http.post("/me/password", json={"password": PASSWORD, "new_password": password})
    assert reply.status_code == 200, reply.text
    engine = sa.create_engine(database_url(db))
    with engine.connect() as connection:
        rows = connection.exec_driver_sql("SELECT * FROM accounts").all()
        sessions = connection.exec_driver_sql("SELECT * FROM sessions").all()
    engine.dispose()
    stored = repr(rows) + repr(sessions)
    assert password not in stored and PASSWORD not in stored
    [mine] = [row for row in rows if row.username == username]
    assert mine.password_hash.startswith("$argon2id$")
    cookie = http.cookies.get("tabulae_session")
    assert cookie and cookie not in stored  # only the session's hash is kept
    http.close()


def test_session_cookies_are_httponly_and_samesite(site):
    http, username = person(site)
    reply = http.post("/session", json={"username": username, "password": PASSWORD})
    cookie = reply.headers["set-cookie"].lower()
    assert "httponly" in cookie and "samesite=lax" in cookie and "path=/" in cookie
    signed_out = http.delete("/session")
    assert signed_out.status_code == 200
    assert http.get("/me").json() == {"signed_in": False}
    http.close()


def test_changing_the_password_ends_other_sessions(site):
    phone, username = person(site)
    with site[0].http() as laptop:
        laptop.post("/session", json={"username": username, "password": PASSWORD})
        assert laptop.get("/me").json()["username"] == username
        error(
            phone.post("/me/password", json={"password": "wrong one!", "new_password": "x" * 8}),
            401,
            "wrong_password",
        )
        new = {"password": PASSWORD, "new_password": "a new password"}
        assert phone.post("/me/password", json=new).status_code == 200
        error(laptop.get("/me/games"), 401, "not_signed_in")
        assert phone.get("/me").json()["signed_in"]
        old = laptop.post("/session", json={"username": username, "password": PASSWORD})
        error(old, 401, "wrong_password")
    phone.close()


def test_a_password_change_gives_the_accounts_seats_new_tokens(site):
    """Whoever kept a seat token of the account (on a shared or lost device) loses it with the
    password: state, actions and a rematch refuse it, at a game under way and at a finished
    one. Signed in, the account finds the new token under my games, and plays on with it."""
    phone, username = person(site)
    playing = create(phone, TOY, 2, {1: "random"})["id"]
    old = phone.post(f"/tables/{playing}/join", json={"name": "Ann"}).json()["token"]
    finished = create(phone, TOY, 2, {1: "random"})["id"]
    over = phone.post(f"/tables/{finished}/join", json={"name": "Ann"}).json()["token"]
    play_randomly(phone, finished, over)
    change = {"password": PASSWORD, "new_password": "a new password"}
    assert phone.post("/me/password", json=change).status_code == 200
    with site[0].http() as kept:  # the device that kept the old tokens, signed out
        stale = {"X-Seat-Token": old}
        error(kept.get(f"/tables/{playing}/state", headers=stale), 403, "wrong_token")
        move = {"action": ["draw"], "version": 0}
        error(kept.post(f"/tables/{playing}/actions", json=move, headers=stale), 403, "wrong_token")
        rematch = kept.post(f"/tables/{finished}/rematch", headers={"X-Seat-Token": over})
        error(rematch, 403, "wrong_token")
        assert phone.get(f"/tables/{finished}").json()["rematch"] is None
        signing_in = {"username": username, "password": "a new password"}
        assert kept.post("/session", json=signing_in).status_code == 200
        [game] = [g for g in kept.get("/me/games").json()["my_move"] if g["id"] == playing]
        again = kept.post(f"/tables/{finished}/rematch")  # signed in, the seat is its own
        assert again.status_code == 200 and again.json()["seat"] == 0, again.text
    assert game["token"] != old
    assert play_randomly(phone, playing, game["token"])["status"] == "finished"
    phone.close()


def test_sign_up_refuses_bad_names_short_passwords_and_taken_names(site):
    http, username = person(site)
    with site[0].http() as other:
        taken = {"username": username.upper(), "password": PASSWORD}
        error(other.post("/accounts", json=taken), 409, "username_taken")
        short = {"username": "shorty" + uuid.uuid4().hex[:6], "password": "1234567"}
        error(other.post("/accounts", json=short), 422, "bad_password")
        hidden = {"username": "ad\u200bmin", "password": PASSWORD}
        error(other.post("/accounts", json=hidden), 422, "invalid_request")
    http.close()


def test_no_username_can_pass_for_another(site):
    """Names that look like a taken one are refused: with an invisible or blank character in
    them, or spelt with letters of another script that look the same (Unicode's confusables)."""
    http, taken = person(site, f"ann{uuid.uuid4().hex[:8]}")
    invisible = [taken + "\u034f", taken + "\ufe0f", taken + "\u3164", "\u3164", taken + "\u2800"]
    with site[0].http() as other:
        for name in [*invisible, taken[:2] + "\u00a0" + taken[2:]]:
            reply = other.post("/accounts", json={"username": name, "password": PASSWORD})
            assert reply.status_code == 422, (name, reply.text)
        for name in ("\u0430" + taken[1:], taken.upper().replace("A", "\u0391")):
            reply = other.post("/accounts", json={"username": name, "password": PASSWORD})
            error(reply, 409, "username_taken")
    http.close()


def test_one_account_cannot_act_or_read_secrets_at_anothers_seat(site):
    ann, _ = person(site)
    bea, _ = person(site)
    table = create(ann, TOY, 2, {})["id"]
    ann_seat = ann.post(f"/tables/{table}/join", json={"name": "Ann"}).json()
    bea_seat = bea.post(f"/tables/{table}/join", json={"name": "Bea"}).json()
    assert ann_seat["seat"] != bea_seat["seat"] and ann_seat["token"] != bea_seat["token"]
    tokens = [
        g["token"]
        for g in bea.get("/me/games").json()["my_move"] + bea.get("/me/games").json()["waiting"]
        if g["id"] == table
    ]
    assert tokens == [bea_seat["token"]]
    state = bea.get(f"/tables/{table}/state", headers={"X-Seat-Token": bea_seat["token"]}).json()
    assert state["seat"] == bea_seat["seat"]
    assert (
        state["view"]
        == ann.get(f"/tables/{table}/state", headers={"X-Seat-Token": bea_seat["token"]}).json()[
            "view"
        ]
    )  # what a token shows depends on the token, never on the cookie
    ann_view = ann.get(f"/tables/{table}/state", headers={"X-Seat-Token": ann_seat["token"]})
    assert ann_view.json()["view"] != state["view"]
    if ann_seat["seat"] in state["to_move"]:
        legal = ann_view.json()["legal"][0]
        played = bea.post(
            f"/tables/{table}/actions",
            json={"action": legal, "version": state["version"]},
            headers={"X-Seat-Token": bea_seat["token"]},
        )
        assert played.status_code == 409  # Bea's token plays only Bea's seat
    ann.close()
    bea.close()


def test_sign_in_attempts_are_rate_limited_and_cookies_secure_by_default(tmp_path):
    """A server with the default settings: five sign-in attempts for a username from one
    client, then waits, and session cookies sent only over HTTPS."""
    with running(str(tmp_path / "limits.sqlite")) as server, server.http() as http:
        reply = http.post("/accounts", json={"username": "Ann", "password": PASSWORD})
        assert "secure" in reply.headers["set-cookie"].lower()
        codes = [
            http.post("/session", json={"username": "ann", "password": f"guess {n}!"}).json()[
                "error"
            ]["code"]
            for n in range(10)
        ]
    assert codes[:3] == ["wrong_password"] * 3 and codes[-1] == "too_many_attempts"


def test_guessing_a_password_does_not_lock_its_owner_out(tmp_path):
    """Wrong guesses from one address slow that address down, not the account: its owner,
    signing in from another address, gets in and changes the password at once."""
    options = (*LIMITS, "--set", "secure_cookies=false")
    with running(str(tmp_path / "guess.sqlite"), options=options) as server:
        transport = httpx.HTTPTransport(local_address="127.0.0.2")
        with httpx.Client(base_url=f"{server.url}/api", transport=transport) as owner:
            sign_up(owner, "Ann", PASSWORD)
            with server.http() as guesser:
                guesses = [
                    guesser.post("/session", json={"username": "ann", "password": f"guess {n}!"})
                    for n in range(12)
                ]
            assert error(guesses[-1], 429, "too_many_attempts")["retry_after"] > 0
            signing_in = {"username": "ANN", "password": PASSWORD}
            assert owner.post("/session", json=signing_in).status_code == 200
            change = {"password": PASSWORD, "new_password": "a new password"}
            assert owner.post("/me/password", json=change).status_code == 200


def test_sign_in_failures_back_off_per_address_and_username_and_a_success_clears_them():
    """The first failures are free; then each waits twice as long as the last, up to a most;
    another username from the same address, or the same from another, is not held."""
    now = [0.0]
    backoff = SignInBackoff(free=3, first=1.0, most=4.0, clock=lambda: now[0])
    for _ in range(3):
        backoff.attempt("a", "ann")
    waits = []
    for _ in range(4):
        with pytest.raises(ApiError) as refused:
            backoff.attempt("a", "ann")
        waits.append(refused.value.extra["retry_after"])
        now[0] += waits[-1]
        backoff.attempt("a", "ann")
    assert waits == [1.0, 2.0, 4.0, 4.0]
    backoff.attempt("b", "ann")
    backoff.attempt("a", "bea")
    backoff.succeeded("a", "ann")
    backoff.attempt("a", "ann")


def test_admin_prints_names_and_addresses_as_plain_text(tmp_path):
    """A username that reads as Rich markup, and an e-mail address with a terminal escape (as
    an older server stored it), are printed as text: the commands work, the terminal obeys
    nothing."""
    db = str(tmp_path / "admin.sqlite")
    store = Storage(database_url(db))
    store.migrate()
    store.create_account("[/]", "[/]", "[/]", "$argon2id$x", "a\x1b[2J@example.org")
    store.create_account("[bold]b", "[bold]b", "[bold]b", "$argon2id$x", None)
    store.create(
        TableRow(
            id="t1",
            game=TOY,
            players=2,
            seed=5,
            options={},
            status="open",
            seats=[SeatRow(seat=0, name="[/]"), SeatRow(seat=1)],
        )
    )
    store.close()
    listed = admin(db, "accounts")
    assert "[/]" in listed and "[bold]b" in listed and "\x1b" not in listed
    assert "[/]" in admin(db, "tables")
    assert "[/] is disabled." in admin(db, "disable", "[/]")
    assert "[bold]b is enabled." in admin(db, "enable", "[bold]b")


def test_admin_lists_and_closes_tables(site):
    _, _, db = site
    http, _ = person(site)
    table = create(http, TOY, 2, {})["id"]
    with site[0].http() as guest:
        tokens = [
            client.post(f"/tables/{table}/join", json={"name": n}).json()
            for client, n in ((http, "A"), (guest, "B"))
        ]
    assert tokens[0]["seat"] != tokens[1]["seat"]
    assert table in admin(db, "tables", "--status", "playing")
    assert f"Table {table} is closed." in admin(db, "close", table)
    state = http.get(f"/tables/{table}/state", headers={"X-Seat-Token": tokens[0]["token"]})
    mover = next(t for t in tokens if t["seat"] in state.json()["to_move"])
    mover_state = http.get(
        f"/tables/{table}/state", headers={"X-Seat-Token": mover["token"]}
    ).json()
    played = http.post(
        f"/tables/{table}/actions",
        json={"action": mover_state["legal"][0], "version": mover_state["version"]},
        headers={"X-Seat-Token": mover["token"]},
    )
    assert error(played, 409, "not_playing")["table_status"] == "closed"
    assert http.get(f"/tables/{table}").json()["status"] == "closed"
    listed = http.get("/tables", params={"status": "closed"}).json()
    assert table in [entry["id"] for entry in listed]
    http.close()


def test_admin_lists_disables_and_resets_accounts(site):
    """A reset re-issues the account's seat tokens as a password change does: a server not
    told of it (no Redis here) still refuses the old tokens' moves and rematches, which it
    checks against the database."""
    _, _, db = site
    http, username = person(site)
    playing = create(http, TOY, 2, {1: "random"})["id"]
    old = http.post(f"/tables/{playing}/join", json={"name": "Ann"}).json()["token"]
    finished = create(http, TOY, 2, {1: "random"})["id"]
    over = http.post(f"/tables/{finished}/join", json={"name": "Ann"}).json()["token"]
    play_randomly(http, finished, over)  # its last look keeps the finished table in memory
    assert username in admin(db, "accounts")
    admin(db, "disable", username)
    assert http.get("/me").json() == {"signed_in": False}
    signing_in = {"username": username, "password": PASSWORD}
    error(http.post("/session", json=signing_in), 401, "wrong_password")
    admin(db, "enable", username)
    shown = admin(db, "reset", username)
    password = shown.strip().rsplit(": ", 1)[1]
    error(http.post("/session", json=signing_in), 401, "wrong_password")
    reply = http.post("/session", json={"username": username, "password": password})
    assert reply.status_code == 200, reply.text
    move = {"action": ["draw"], "version": 0}
    played = http.post(f"/tables/{playing}/actions", json=move, headers={"X-Seat-Token": old})
    error(played, 403, "wrong_token")
    error(http.get(f"/tables/{playing}/state", headers={"X-Seat-Token": old}), 403, "wrong_token")
    rematch = http.post(f"/tables/{finished}/rematch", headers={"X-Seat-Token": over})
    error(rematch, 403, "wrong_token")
    assert http.get(f"/tables/{finished}").json()["rematch"] is None
    http.close()


def test_passwords_are_never_logged(tmp_path):
    """Everything a server prints at its most talkative, through sign-ups, sign-ins (right
    and wrong), malformed bodies and a password change, holds no password."""
    secret, other = f"clear-{uuid.uuid4().hex}", f"other-{uuid.uuid4().hex}"
    log = tmp_path / "server.log"
    server = Server(
        str(tmp_path / "log.sqlite"), options=(*LIMITS, "--log-level", "debug"), log=log
    )
    server.start()
    try:
        with server.http() as http:
            http.post("/accounts", json={"username": "Ann", "password": secret})
            http.post("/session", json={"username": "Ann", "password": other})
            http.post("/session", json={"username": "Ann", "password": secret})
            http.post("/session", json={"username": ["Ann"], "password": other, "x": 1})
            http.post("/me/password", json={"password": secret, "new_password": other})
            http.post("/accounts", json={"username": "Bea", "password": "short"})
    finally:
        server.stop()
    printed = log.read_text()
    assert "POST /api/session" in printed  # the log is there, and talkative
    assert secret not in printed and other not in printed and "short" not in printed


def test_the_rematch_of_an_account_seat_belongs_to_the_account(site):
    http, _ = person(site)
    table = create(http, TOY, 2, {1: "random"})["id"]
    token = http.post(f"/tables/{table}/join", json={"name": "Ann"}).json()["token"]
    play_randomly(http, table, token)
    rematch = http.post(f"/tables/{table}/rematch", headers={"X-Seat-Token": token}).json()
    again = http.post(f"/tables/{table}/rematch", headers={"X-Seat-Token": token}).json()
    assert again["token"] == rematch["token"] and again["seat"] == rematch["seat"] == 0
    games = http.get("/me/games").json()
    [mine] = [g for g in games["my_move"] + games["waiting"] if g["id"] == rematch["table"]["id"]]
    assert mine["token"] == rematch["token"]
    stranger, _ = person(site)  # signed in, but holding no seat there: a token is needed
    error(stranger.post(f"/tables/{table}/rematch"), 401, "token_required")
    stranger.close()
    http.close()


def test_a_fischer_clock_runs_for_the_seat_to_move_and_a_bot_moves_when_it_runs_out(site):
    """Each seat has 3 s for the game and 1 s more after each move: a quick move leaves more
    than it found (the increment), and a seat that then waits loses its time to a bot."""
    with site[0].http() as http:
        spec = {"game": TOY, "players": 2, "clock": {"seconds": 3, "increment": 1}}
        table = http.post("/tables", json=spec).json()
        assert [s["clock_left"] for s in table["seats"]] == [3, 3]
        assert table["clock_increment"] == 1
        tokens = {}
        for seat in (0, 1):
            joined = http.post(f"/tables/{table['id']}/join", json={"name": f"P{seat}"}).json()
            tokens[joined["seat"]] = joined["token"]
        state = http.get(f"/tables/{table['id']}/state", headers={"X-Seat-Token": tokens[0]})
        mover = state.json()["to_move"][0]
        legal = http.get(
            f"/tables/{table['id']}/state", headers={"X-Seat-Token": tokens[mover]}
        ).json()["legal"]
        played = http.post(
            f"/tables/{table['id']}/actions",
            json={"action": legal[0], "version": 0},
            headers={"X-Seat-Token": tokens[mover]},
        )
        assert played.status_code == 200, played.text
        after = http.get(f"/tables/{table['id']}").json()
        left = after["seats"][mover]["clock_left"]
        assert 3 < left <= 4  # spent a moment, gained the increment
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and not after["timeouts"]:
            time.sleep(0.2)
            after = http.get(f"/tables/{table['id']}").json()
        assert after["timeouts"] and after["timeouts"][0]["version"] == 2
        for bad in ({"seconds": 0}, {"seconds": 60, "increment": -1}, {"seconds": "60"}):
            reply = http.post("/tables", json={"game": TOY, "players": 2, "clock": bad})
            error(reply, 422, "invalid_request")
