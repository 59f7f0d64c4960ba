"""The lobby and the table page, driven through Chromium against the real server, on the test
game Tesserae (which has no board of its own, so the generic board shows it)."""

from __future__ import annotations

from .pages import GAME, PLAYING, engine_scores, random_clicks


def test_a_table_with_a_bot_is_played_to_the_end_by_clicking(browser):
    ala = browser.person()
    table = ala.start_table(GAME, 2, "Ala", seats={1: "random"}, options={"rounds": 4})
    clicks = ala.play_to_the_end(random_clicks(1))
    assert clicks >= 4  # at least one tile played in each of the four rounds
    assert ala.scores() == engine_scores(browser, table)
    assert ala.page.locator("#result tr.winner").count() >= 1
    assert ala.page.get_attribute("#table", "data-state") == "finished"


def test_two_people_each_see_only_their_own_tiles(browser):
    ala, bartek = browser.person(), browser.person()
    table = ala.start_table(GAME, 2, "Ala")
    link = ala.page.input_value(".share-url")
    assert link.endswith(f"/table.html?id={table}")
    bartek.page.goto(link)
    bartek.wait_connected()
    assert bartek.page.locator("#join button.take-seat").count() == 1
    bartek.take_seat(1, "Bartek")
    ala.wait_ready()
    with browser.api() as api:
        ala_view = api.get(f"/tables/{table}/state").json()
    hands = {}
    for seat, person in enumerate((ala, bartek)):
        person.page.wait_for_function(PLAYING)
        hands[seat] = person.page.locator("table.players tr", has_text="Tiles in hand")
    ala_row = hands[0].locator("td").all_inner_texts()
    bartek_row = hands[1].locator("td").all_inner_texts()
    # Each sees their own two tiles and only the number of the other's.
    assert "," in ala_row[0] and ala_row[1] == "2"
    assert bartek_row[0] == "2" and "," in bartek_row[1]
    assert ala_view["view"]["hands"] == [2, 2]  # a spectator sees counts only
    # Each log holds its own hand and not the other's.
    ala_private = ala.page.locator("#log li.private").all_inner_texts()
    bartek_private = bartek.page.locator("#log li.private").all_inner_texts()
    assert len(ala_private) == len(bartek_private) == 1
    assert ala_private != bartek_private
    assert ala_row[0].replace(" ", "") in ala_private[0].replace(" ", "")


def test_a_reload_resumes_at_the_same_seat(browser):
    ala = browser.person()
    table = ala.start_table(GAME, 2, "Ala", seats={1: "random"}, options={"rounds": 3})
    choose = random_clicks(2)
    for _ in range(2):
        ala.wait_ready()
        ala.act(choose(ala))
    # The text as written, the padlock's label included, whatever the layout shows of it.
    version, log = ala.version, ala.page.locator("#log li").all_text_contents()
    ala.page.reload()
    ala.wait_connected()
    assert ala.page.get_attribute("#table", "data-seat") == "0"
    assert ala.version >= version
    assert ala.page.locator("#log li").all_text_contents()[: len(log)] == log
    assert ala.page.locator("#join button").count() == 0
    ala.play_to_the_end(choose)
    assert ala.scores() == engine_scores(browser, table)


def test_a_spectator_watches_without_secrets_or_actions(browser):
    ala, watcher = browser.person(), browser.person()
    table = ala.start_table(GAME, 2, "Ala", seats={1: "random"})
    watcher.open_table(table)
    assert watcher.page.get_attribute("#table", "data-seat") == ""
    assert watcher.page.locator("#actions button.action").count() == 0
    assert watcher.page.locator("#log li.private").count() == 0
    row = watcher.page.locator("table.players tr", has_text="Tiles in hand").locator("td")
    assert row.all_inner_texts() == ["2", "2"]
    # The watcher follows the play live.
    before = watcher.version
    ala.wait_ready()
    ala.page.evaluate(STATES_SEEN)
    ala.act(random_clicks(3)(ala))
    watcher.page.wait_for_function(
        f"() => Number(document.getElementById('table').dataset.version) > {before}"
    )
    # Each page names the state it is in (js/page_state.js): the player's went from his move
    # through sending it, the watcher's watches.
    assert watcher.page.get_attribute("#table", "data-state") == "watching"
    seen = ala.page.evaluate("() => window.statesSeen")
    assert seen[0] == "sending" and seen[-1] in ("watching", "to_move"), seen


# Every state the table page takes from now on, in order, kept in `window.statesSeen`.
STATES_SEEN = """() => {
  const root = document.getElementById("table");
  window.statesSeen = [];
  new MutationObserver(() => window.statesSeen.push(root.dataset.state))
    .observe(root, { attributes: true, attributeFilter: ["data-state"] });
}"""


def test_an_illegal_action_is_refused_with_its_reason(browser):
    ala = browser.person()
    ala.start_table(GAME, 2, "Ala", seats={1: "random"})
    ala.wait_ready()
    version = ala.version
    ala.page.fill("input[name=notation]", "play 99")
    ala.act(lambda page: page.press("input[name=notation]", "Enter"))
    assert "Not allowed" in ala.notice() and "'play 99' is not allowed now" in ala.notice()
    assert ala.version == version


def test_the_language_switch_changes_the_board(browser):
    ala = browser.person()
    ala.start_table(GAME, 2, "Ala", seats={1: "random"})
    ala.wait_ready()
    page, board = ala.page, ala.page.locator("#board")
    assert "Tiles in hand" in board.inner_text()
    assert "Draw a tile" in page.inner_text("#actions")
    page.select_option("#language-switch", "pl")
    page.wait_for_function("() => document.documentElement.lang === 'pl'")
    assert "Płytki w ręce" in board.inner_text()
    assert "Tiles in hand" not in board.inner_text()
    assert "Dobierz płytkę" in page.inner_text("#actions")  # the game's catalog
    assert page.inner_text("#prompt") == "Twój ruch."  # the interface's catalog
    assert "Rozpoczyna się gra dla 2 graczy." in page.inner_text("#log")  # a plural form
    page.reload()
    ala.wait_connected()
    assert "Płytki w ręce" in board.inner_text()  # the choice is kept
    page.select_option("#language-switch", "ru")
    page.wait_for_function("() => document.documentElement.lang === 'ru'")
    assert "Плитки в руке" in board.inner_text()


def test_the_replay_viewer_steps_through_a_finished_match(browser):
    ala = browser.person()
    table = ala.start_table(GAME, 2, "Ala", seats={1: "random"}, options={"rounds": 1})
    ala.play_to_the_end(random_clicks(4))
    ala.page.click("#replay-link")
    page = ala.page
    page.wait_for_selector("#controls #step")
    with browser.api() as api:
        last = api.get(f"/tables/{table}").json()["version"]
    assert page.get_attribute("#replay", "data-version") == "0"
    assert page.locator("#end").is_hidden()
    page.click("#forward")
    page.wait_for_function("() => document.getElementById('replay').dataset.version === '1'")
    page.click("#last")
    page.wait_for_function(f"() => document.getElementById('replay').dataset.version === '{last}'")
    assert page.locator("#result").is_visible()
    page.click("#back")
    page.wait_for_function(
        f"() => document.getElementById('replay').dataset.version === '{last - 1}'"
    )
    assert page.locator("#log li.private").count() == 0


def test_errors_in_the_browser_console_are_caught(browser):
    """The harness itself: what the fixture fails a test on is really collected."""
    person = browser.person()
    person.page.goto("/")
    person.page.evaluate("console.error('logged on purpose')")
    person.page.evaluate("setTimeout(() => { throw new Error('thrown on purpose'); })")
    person.page.wait_for_timeout(200)
    assert any("logged on purpose" in error for error in browser.errors)
    assert any("thrown on purpose" in error for error in browser.errors)
    browser.errors.clear()


def test_a_seeded_table_says_so_before_anyone_sits_and_sitting_accepts_it(browser):
    with browser.api() as api:
        table = api.post("/tables", json={"game": GAME, "players": 2, "seed": 4242}).json()["id"]
    ala, bartek = browser.person(), browser.person()
    ala.open_table(table)
    assert "4242" in ala.page.inner_text("#join .seeded")
    ala.take_seat(0, "Ala")
    token = ala.page.evaluate(f"JSON.parse(localStorage.getItem('tabulae.seats'))['{table}'].token")
    with browser.api() as api:
        again = api.post(
            f"/tables/{table}/join",
            json={"name": "Ala again", "accept_seed": True},
            headers={"X-Seat-Token": token},
        ).json()["error"]["code"]
    assert again == "already_seated"  # one browser, one seat
    bartek.open_table(table)
    bartek.take_seat(1, "Bartek")
    bartek.page.wait_for_function(PLAYING)


def test_a_refusal_is_read_in_the_players_language(browser):
    """The rules' refusal carries its message key: the page shows the game's words for it."""
    ala = browser.person("pl")
    ala.page.add_init_script("localStorage.setItem('tabulae.language', 'pl')")
    ala.start_table(GAME, 2, "Ala", seats={1: "random"})
    ala.wait_ready()
    ala.page.fill("input[name=notation]", "play 99")
    ala.act(lambda page: page.press("input[name=notation]", "Enter"))
    assert ala.notice() == "Niedozwolone: „play 99” jest teraz niedozwolone"


def test_the_lobby_words_options_and_bots_as_the_catalogs_do(browser):
    ala = browser.person("nl")
    page = ala.page
    page.add_init_script("localStorage.setItem('tabulae.language', 'nl')")
    page.goto("/")
    page.locator(f"input[name=game][value={GAME}]").check(force=True)
    options = page.inner_text("fieldset.options")
    assert "Rondes" in options and "Hoeveel rondes het spel duurt." in options
    assert "Open handen" in options and "open_hands" not in options
    bots = page.locator("select[name=seat-1] option").all_inner_texts()
    assert "gretige bot" in bots and "greedy" not in " ".join(bots)
    offered = page.locator("select[name=seat-1] option").evaluate_all("os => os.map(o => o.value)")
    assert "greedy" in offered and "learned" not in offered, "a bot offered where it cannot play"


def test_an_empty_name_is_refused_in_words(browser):
    ala, bartek = browser.person(), browser.person("pl")
    table = ala.start_table(GAME, 2, "Ala")
    bartek.page.add_init_script("localStorage.setItem('tabulae.language', 'pl')")
    bartek.open_table(table)
    bartek.page.fill("#join input[name=name]", " ")
    bartek.page.click("#join button.take-seat[data-seat='1']")
    bartek.page.wait_for_function("() => !document.getElementById('notice').hidden")
    assert bartek.notice() == "Imię ma od 1 do 40 znaków, nie 0."
    # the browser logs the refused request itself, the one console error this test expects
    refused = [e for e in browser.errors if "status of 422" in e]
    assert len(refused) == 1
    browser.errors.remove(refused[0])
