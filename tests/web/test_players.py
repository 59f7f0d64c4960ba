"""Players in the browser, against the real server and a real SMTP server: accounts on two
devices, chat, turn-based tables with reminders and time-outs, and ratings."""

from __future__ import annotations

import re
import tempfile
import uuid
from pathlib import Path

import pytest

from tabulae.i18n.po import Catalog
from tests.server.harness import Server
from tests.server.players import admin, link_token, player_options, smtp_server
from tests.services import redis as redis_server

from .browser import Browser, Person, settled
from .pages import WEB, random_clicks

GAME = "tesserae"
PASSWORD = "correct horse battery"


@pytest.fixture(scope="module")
def site():
    """(server, mailbox): a server whose reminders go to an SMTP server the test started."""
    with tempfile.TemporaryDirectory() as directory, smtp_server() as (mailbox, port):
        server = Server(str(Path(directory) / "players.sqlite"), options=player_options(port))
        server.start()
        try:
            yield server, mailbox
        finally:
            server.stop()


def fresh_name() -> str:
    return f"p{uuid.uuid4().hex[:10]}"


def sign_up(person: Person, username: str, email: str | None = None) -> None:
    page = person.page
    page.goto("/account.html")
    page.fill("#sign-up input[name=username]", username)
    page.fill("#sign-up input[name=password]", PASSWORD)
    if email:
        page.fill("#sign-up input[name=email]", email)
    page.click("#sign-up button[type=submit]")
    page.wait_for_selector("#signed-in")


def sign_in(person: Person, username: str) -> None:
    page = person.page
    page.goto("/account.html")
    page.fill("#sign-in input[name=username]", username)
    page.fill("#sign-in input[name=password]", PASSWORD)
    page.click("#sign-in button[type=submit]")
    page.wait_for_selector("#signed-in")


def api_table(person: Person, name: str, **spec) -> dict:
    """Create a table and sit at it through the page's own session (its cookies)."""
    request = person.page.request
    created = request.post("/api/tables", data={"game": GAME, "players": 2, **spec})
    assert created.status == 201, created.text()
    table = created.json()["id"]
    joined = request.post(f"/api/tables/{table}/join", data={"name": name, "seat": 0})
    assert joined.status == 200, joined.text()
    return joined.json()


def test_a_seat_taken_signed_in_is_found_on_a_second_browser(people):
    phone, laptop = people.person(), people.person()
    username = fresh_name()
    sign_up(phone, username)
    table = phone.start_table(GAME, 2, "Ala")
    assert phone.page.get_attribute("#table", "data-seat") == "0"
    sign_in(laptop, username)
    link = laptop.page.locator(f"#waiting li[data-table='{table}'] a")
    link.click()
    laptop.page.wait_for_url(re.compile(rf"/table\.html\?id={table}"))
    laptop.page.wait_for_function("() => document.getElementById('table').dataset.seat === '0'")
    laptop.wait_connected()


def test_two_players_chat_and_a_spectator_talks_only_to_spectators(people):
    ala, bartek, cyryl = people.person(), people.person(), people.person()
    table = ala.start_table(GAME, 2, "Ala")
    bartek.open_table(table)
    bartek.take_seat(1, "Bartek")
    for person in (ala, bartek):
        person.page.evaluate("() => { window.notReloaded = true; }")
    hostile = '<img src=x onerror="window.pwned=1"><script>window.pwned=2</script> hello'
    ala.page.fill("#chat-form input[name=chat]", hostile)
    ala.page.click("#chat-form button[type=submit]")
    said = bartek.page.locator("#chat-messages li.players .text")
    said.first.wait_for()
    assert said.first.inner_text() == hostile  # shown as text
    assert bartek.page.locator("#chat-messages img, #chat-messages script").count() == 0
    assert bartek.page.evaluate("() => window.pwned === undefined")
    cyryl.open_table(table)
    assert cyryl.page.inner_text("#chat-form .channel").startswith("To the spectators")
    cyryl.page.locator("#chat-messages li.players").first.wait_for()  # spectators read players
    cyryl.page.fill("#chat-form input[name=chat]", "Bartek holds the 9")
    cyryl.page.click("#chat-form button[type=submit]")
    cyryl.page.locator("#chat-messages li.spectators").first.wait_for()
    forced = cyryl.page.request.post(
        f"/api/tables/{table}/chat", data={"channel": "players", "text": "play the 9!"}
    )
    assert forced.status == 403 and forced.json()["error"]["code"] == "players_only"
    ala.page.fill("#chat-form input[name=chat]", "good luck")
    ala.page.click("#chat-form button[type=submit]")
    ala.page.locator("#chat-messages li.players", has_text="good luck").wait_for()
    bartek.page.locator("#chat-messages li.players", has_text="good luck").wait_for()
    assert ala.page.locator("#chat-messages li.spectators").count() == 0  # no whispers
    for person in (ala, bartek):  # every message came over the live connection
        assert person.page.evaluate("() => window.notReloaded === true")


def test_a_turn_based_table_mails_a_reminder_and_a_bot_moves_when_time_runs_out(people, site):
    """The reminder reaches a real SMTP server; the page, open at the table, hears at once (no
    reload) that the time ran out and a bot moved."""
    _, mailbox = site
    ala = people.person()
    address = f"{uuid.uuid4().hex[:8]}@example.org"
    sign_up(ala, fresh_name(), email=address)
    letter = mailbox.wait_for(address)  # the link that confirms the address, opened in the page
    ala.page.goto(f"/confirm.html?token={link_token(letter)}")
    assert address in ala.page.locator("#confirmed").inner_text()
    mailbox.messages.remove(letter)
    ala.page.goto("/account.html")
    assert address in ala.page.locator("#email-status").inner_text()
    joined = api_table(ala, "Ala", move_seconds=6)
    table = joined["table"]["id"]
    with people.api() as api:
        api.post(f"/tables/{table}/join", json={"name": "Bartek", "seat": 1})
    reminder = mailbox.wait_for(address)
    assert "Your move" in reminder["Subject"] and f"table.html?id={table}" in str(
        reminder.get_content()
    )
    ala.page.goto("/account.html")
    ala.page.locator(f"#my_move li[data-table='{table}']").wait_for()
    assert ala.page.locator("#reminder").is_visible()
    assert ala.page.title().startswith("(1)")
    ala.page.click(f"#my_move li[data-table='{table}'] a")
    ala.wait_connected()
    assert "Turn-based: 6 seconds a move." in ala.page.inner_text("#turns")
    assert ala.page.locator("#turns .timeout").count() == 0
    ala.page.evaluate("() => { window.notReloaded = true; }")
    ala.page.locator("#notice", has_text="ran out").wait_for(timeout=30_000)
    assert ala.notice() == "The time of Ala ran out: a bot moved for them."
    late = ala.page.inner_text("#turns .timeout >> nth=0")
    assert late == "The time of Ala ran out: a bot made move 1 for them."
    assert ala.page.evaluate("() => window.notReloaded === true")


def test_a_finished_rated_game_updates_the_ratings_shown_at_the_end_and_on_the_leaderboard(
    people,
):
    ala = people.person()
    username = fresh_name()
    sign_up(ala, username)
    joined = api_table(ala, username, seats=[{}, {"bot": "random"}], rated=True)
    table = joined["table"]["id"]
    ala.page.goto("/account.html")
    ala.page.click(f"#my_move li[data-table='{table}'] a")
    ala.wait_connected()
    ala.play_to_the_end(random_clicks(3))
    changes = ala.page.locator("#rating-changes li")
    changes.first.wait_for()
    assert changes.count() == 2 and "→" in changes.first.inner_text()
    ala.page.goto(f"/leaderboard.html?game={GAME}")
    row = ala.page.locator(f"#board tr[data-name='{username}']")
    row.wait_for()
    assert ala.page.locator("#board tr[data-name='random bot']").count() == 1
    ala.page.goto(f"/player.html?name={username}")
    stats = ala.page.locator(f"#stats tr[data-game='{GAME}'] td")
    stats.first.wait_for()
    assert stats.nth(1).inner_text() == "1"  # played one game


def start_from_the_lobby(person: Person, fill: dict[str, str], unit: str | None = None) -> dict:
    """Start a table of two people from the lobby's form with these play fields: the table."""
    page = person.page
    page.goto("/")
    page.locator(f"input[name=game][value={GAME}]").check(force=True)
    if unit:
        page.select_option("select[name=move_unit]", unit)
    for name, value in fill.items():
        field = page.locator(f"[name={name}]")
        if name == "rated":
            field.set_checked(True)
        else:
            field.fill(value)
    page.select_option("select[name=seat-1]", "person")
    page.fill("input[name=name]", "Ala")
    page.click("#create")
    page.wait_for_url(re.compile(r"/table\.html\?id="))
    table = page.url.split("id=", 1)[1]
    reply = page.request.get(f"/api/tables/{table}")
    assert reply.status == 200
    return reply.json()


def test_the_lobby_creates_rated_turn_based_and_clocked_tables(people):
    ala = people.person()
    sign_up(ala, fresh_name())  # a rated table's seats are for accounts
    rated = start_from_the_lobby(ala, {"rated": "on"})
    assert rated["rated"] and rated["move_seconds"] is None and rated["clock_increment"] is None
    turns = start_from_the_lobby(ala, {"move_time": "2"}, unit="days")
    assert turns["move_seconds"] == 2 * 86400 and not turns["rated"]
    ala.wait_connected()
    assert "Turn-based: 2 days a move." in ala.page.inner_text("#turns")
    clocked = start_from_the_lobby(ala, {"clock_minutes": "5", "clock_increment": "3"})
    assert clocked["clock_increment"] == 3
    assert [seat["clock_left"] for seat in clocked["seats"]] == [300, 300]
    ala.wait_connected()
    assert "+3 s a move" in ala.page.inner_text("#turns .clocks")
    # the API's bounds hold in the form: no more than 30 days a move, no negative increment
    ala.page.goto("/")
    ala.page.select_option("select[name=move_unit]", "days")
    ala.page.fill("input[name=move_time]", "31")
    ala.page.fill("input[name=clock_increment]", "-1")
    ala.page.fill("input[name=name]", "Ala")
    invalid = ala.page.eval_on_selector_all("#new-table input:invalid", "n => n.map(i => i.name)")
    assert sorted(invalid) == ["clock_increment", "move_time"]
    ala.page.click("#create")
    assert ala.page.url.endswith("/")  # the browser kept the form from being sent
    help_texts = ala.page.inner_text("#new-table .play-choice")
    assert "At most 30 days." in help_texts and "Fischer" in help_texts


def english_words(lang: str) -> set[str]:
    """The words of the interface's English messages that its translation into `lang` never
    uses (placeholders left out): none of them may show on a page in that language."""
    catalog = Catalog.read(WEB / "locale" / lang / "web.po").messages
    said = " ".join(catalog.values()).lower()
    words = set()
    for msgid in catalog:
        words.update(re.findall(r"[A-Za-z]{3,}", re.sub(r"\{[^}]*\}", " ", msgid)))
    return {word for word in words if not re.search(rf"\b{word.lower()}\b", said)}


def english_on(page, selector: str, words: set[str]) -> set[str]:
    shown = page.inner_text(selector)
    return {word for word in words if re.search(rf"\b{word}\b", shown, re.IGNORECASE)}


@pytest.mark.parametrize("lang", ["pl", "ru"])
def test_the_pages_of_people_speak_the_players_language(people, lang):
    """Sign-up and sign-in (and its refusal), my games, the player page, the leaderboard, and
    at the table the chat, the clocks, the move time limit and a time-out notice: no English
    word on them."""
    words = english_words(lang)
    assert {"Password", "Leaderboards", "Send"} <= words  # the check can fail
    ola = people.person(lang)
    ola.page.goto("/account.html")
    ola.page.locator("#sign-up").wait_for()
    ola.page.fill("#sign-in input[name=username]", "nobody-here")
    ola.page.fill("#sign-in input[name=password]", "not the password")
    ola.page.click("#sign-in button[type=submit]")
    ola.page.locator("#sign-in .notice:not([hidden])").wait_for()  # refused, in words of lang
    assert english_on(ola.page, "body", words) == set()
    refused = [error for error in people.errors if "401 (Unauthorized)" in error]
    assert len(refused) == 1  # the browser logs the refused sign-in; nothing else went wrong
    people.errors.remove(refused[0])
    username = fresh_name()
    sign_up(ola, username)
    table = api_table(ola, username, clock={"seconds": 3, "increment": 1}, move_seconds=3600)
    table = table["table"]["id"]
    with people.api() as api:
        api.post(f"/tables/{table}/join", json={"name": "Bartek", "seat": 1})
    ola.page.goto("/account.html")
    ola.page.locator(f"#my_move li[data-table='{table}']").wait_for()
    assert english_on(ola.page, "body", words) == set()
    ola.page.click(f"#my_move li[data-table='{table}'] a")
    ola.wait_connected()
    ola.page.fill("#chat-form input[name=chat]", "!")
    ola.page.click("#chat-form button[type=submit]")
    ola.page.locator("#chat-messages li.players").wait_for()
    ola.page.locator("#turns .timeout").wait_for(timeout=30_000)  # the clock ran out
    ola.page.locator("#notice:not([hidden])").wait_for()
    for part in ("#talk", "#notice", "header"):
        assert english_on(ola.page, part, words) == set(), part
    assert ola.page.locator("#turns .clocks").count() == 1
    for page in (f"/player.html?name={username}", f"/leaderboard.html?game={GAME}"):
        ola.page.goto(page)
        ola.page.locator("main h2").wait_for()
        settled(ola.page)
        assert english_on(ola.page, "body", words) == set(), page


def test_a_table_closed_by_the_administrator_says_so_at_once(chromium, tmp_path):
    """`tabulae admin close --redis` reaches the page open at the table, with no reload."""
    db = str(tmp_path / "closing.sqlite")
    with redis_server(tmp_path / "redis") as redis:
        server = Server(db, redis=redis, options=player_options(1, "reminders_per_move=0"))
        server.start()
        opened = Browser(chromium, server.url)
        try:
            ala = opened.person("pl")
            table = ala.start_table(GAME, 2, "Ala")
            with opened.api() as api:
                api.post(f"/tables/{table}/join", json={"name": "Bartek", "seat": 1})
            ala.page.wait_for_function(f"() => {STATUS} === 'playing'")
            ala.page.evaluate("() => { window.notReloaded = true; }")
            assert "1 server process(es) told." in admin(db, "close", table, "--redis", redis)
            ala.page.wait_for_function(f"() => {STATUS} === 'closed'")
            closed = "Ten stół jest zamknięty: nie przyjmuje już ruchów."
            assert ala.page.inner_text("#prompt") == closed
            assert ala.page.locator("#actions button.action").count() == 0
            assert ala.page.evaluate("() => window.notReloaded === true")
        finally:
            errors = opened.close()
            server.stop()
    assert not errors, "errors in the browser console:\n" + "\n".join(errors)


STATUS = "document.getElementById('table').dataset.status"
