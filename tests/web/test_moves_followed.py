"""Moves you can follow: a bot's several actions in a row are shown one after another at the
pace the player set, each with its log lines and what it changed on the board lit up; with the
pace off, every update is shown as it comes."""

from __future__ import annotations

import itertools

import pytest

import tabulae
from tests.server.harness import create, join

from .browser import Person

GAME = "builders"
pytestmark = pytest.mark.skipif(GAME not in tabulae.all_games(), reason="Builders is not installed")
NORMAL_MS = 700  # js/pace.js: the pause after each update at the normal pace
TURNS = 6  # the bot's turns looked at, until one of several actions

# Every step the page shows, as it shows it: the version drawn, the updates still waiting, the
# turn bar (the actions used, the progress), the log lines lit and the parts lit on the board.
RECORD = """() => {
  const root = document.getElementById("table");
  window.shownSteps = [];
  new MutationObserver(() => {
    window.shownSteps.push({
      step: Number(root.dataset.step),
      version: Number(root.dataset.version),
      waiting: Number(root.dataset.waiting),
      at: performance.now(),
      turn: document.querySelector("#board [data-area=turn]")?.innerText ?? "",
      lit: [...document.querySelectorAll("#log li.latest")].map((li) => Number(li.dataset.version)),
      changed: document.querySelectorAll("#board .changed").length,
    });
  }).observe(root, { attributeFilter: ["data-step"] });
}"""


def bot_turn(ala: Person) -> tuple[int, int, list[dict]]:
    """Ala ends her turn; the bot plays its own. Returns the version Ala's end made, the version
    when her turn came again, and the steps the page showed in between."""
    page = ala.page
    ala.wait_ready()
    seen = page.evaluate("() => window.shownSteps.length")
    ended = ala.version + 1  # her end is one action; the bot's may follow at once
    ala.click_action(["end"])
    ala.wait_ready()
    page.wait_for_function("() => document.getElementById('table').dataset.waiting === '0'")
    steps = page.evaluate("() => window.shownSteps")[seen:]
    return ended, ala.version, [step for step in steps if step["version"] > ended]


def test_a_bot_s_several_actions_are_shown_one_after_another_with_their_log_lines_lit(browser):
    ala = browser.person("pl", pace="normal")
    ala.start_table(GAME, 2, "Ala", seats={1: "easy"})
    page = ala.page
    assert page.inner_text("#pace-setting").startswith("Tempo ruchów")
    assert page.input_value("#pace-setting select") == "normal"
    page.evaluate(RECORD)
    shown = []
    for _ in range(TURNS):
        ended, final, steps = bot_turn(ala)
        versions = [step["version"] for step in steps]
        assert versions == sorted(set(versions)), "each step once, in order"
        assert not versions or versions[-1] == final
        between = [step for step in steps if step["version"] < final]
        if final - ended >= 4:
            shown.append(versions)
            # a long queue is caught up at once (js/pace.js): on a busy machine the bot's
            # actions may all wait before the first is shown, so another turn is looked at
            if len(between) >= 3:
                break
    else:
        pytest.fail(f"no turn of four actions or more shown one by one in {TURNS}: {shown}")
    turns = [step["turn"] for step in steps]
    assert all(a != b for a, b in itertools.pairwise(turns)), turns
    before = ended
    for step in steps:
        # the log lights up the lines of this step's action, and those only
        assert step["version"] in step["lit"], step
        assert all(before < lit <= step["version"] for lit in step["lit"]), (before, step)
        assert step["changed"] > 0, f"nothing lit on the board at version {step['version']}"
        before = step["version"]
    for earlier, later in itertools.pairwise(steps):
        assert later["at"] - earlier["at"] >= NORMAL_MS - 50, (earlier, later)


def test_the_pace_off_shows_every_update_as_it_comes_and_is_remembered(browser):
    ala = browser.person("en", pace="normal")
    table = ala.start_table(GAME, 2, "Ala", seats={1: "easy"})
    page = ala.page
    page.select_option("#pace-setting select", "off")
    page.evaluate(RECORD)
    ended, final, steps = bot_turn(ala)
    assert final > ended + 1
    assert steps[-1]["version"] == final
    assert all(step["waiting"] == 0 for step in steps), steps
    page.reload()
    ala.wait_connected()
    assert page.input_value("#pace-setting select") == "off"
    bea = browser.person("ru", pace="slow")
    bea.page.goto(f"/table.html?id={table}&pace=0")
    bea.wait_connected()
    assert bea.page.input_value("#pace-setting select") == "off"
    assert bea.page.inner_text("#pace-setting").startswith("Темп ходов")


def test_a_long_queue_is_skipped_to_its_newest_and_an_own_action_takes_the_queue_along(browser):
    """js/pace.js's queue: the first update is shown at once, the next after the pause; more
    than four waiting are shown together (the page catching up); one to be shown at once (the
    player's own action) takes those waiting along; with no pause, those that come together are
    shown together at the next frame (or when the page goes out of sight), or each at once on a
    page out of sight."""
    page = browser.person().page
    page.goto("/")
    shown = page.evaluate(
        """async () => {
          const { Steps } = await import("/js/pace.js");
          const pause = (ms) => new Promise((done) => setTimeout(done, ms));
          const shown = [];
          let delay = 50;
          const steps = new Steps((updates) => shown.push(updates.map((u) => u.v)), () => delay);
          // until nothing waits, then a while: timers run late on a busy machine
          const settle = async () => {
            while (steps.length) await pause(10);
            await pause(150);
          };
          for (let v = 1; v <= 7; v++) steps.push({ v });
          await settle();
          steps.push({ v: 8 });
          steps.push({ v: 9 });
          steps.push({ v: 10 }, true);
          await settle();
          steps.push({ v: 11 });
          steps.push({ v: 12 });
          steps.push({ v: 13 });
          await settle();
          delay = 0;
          steps.push({ v: 14 });
          steps.push({ v: 15 });
          const drawn = shown.length;
          await new Promise((done) => requestAnimationFrame(() => setTimeout(done)));
          const atTheFrame = shown.length - drawn;
          steps.push({ v: 16 });
          steps.push({ v: 17 });
          const beforeHidden = shown.length;
          Object.defineProperty(document, "hidden", { value: true });
          document.dispatchEvent(new Event("visibilitychange"));
          const atHiding = shown.length - beforeHidden;
          steps.push({ v: 18 });
          steps.push({ v: 19 });
          steps.stop();
          return { shown, drawn, atTheFrame, atHiding };
        }"""
    )
    # with no pause, a burst is drawn once, at the next frame; one waiting for its frame when
    # the page goes out of sight is drawn then; out of sight, each at once
    assert shown["drawn"] == 7 and shown["atTheFrame"] == 1 and shown["atHiding"] == 1
    together = [[1], [2, 3, 4, 5, 6, 7], [8], [9, 10], [11], [12], [13], [14, 15], [16, 17]]
    assert shown["shown"] == [*together, [18], [19]]


# A board before and after a step: a count that changed, a card that moved to another row, one
# pushed down in its row (whose spacing changed), a part that is new, one that did not change.
BOARD = """async () => {
  const { capture, mark } = await import("/js/changes.js");
  const { h } = await import("/js/dom.js");
  const card = (id) => h("div", { "data-card": id, class: "card" }, id);
  const draw = (after) =>
    h("div", { class: "board-test" },
      h("div", { "data-area": "row", style: after ? "padding-top: 30px" : null },
        card("c2"), after ? null : card("c1")),
      h("div", { "data-area": "hand", style: "margin-top: 80px" }, after ? card("c1") : null),
      h("span", { class: "coins", title: "Coins" }, after ? "7" : "5"),
      h("span", { class: "vp" }, "3"),
      after ? h("p", { class: "new" }, h("b", {}, "new")) : null);
  const root = document.createElement("div");
  document.body.append(root);
  root.replaceChildren(draw(false));
  const before = capture(root);
  root.replaceChildren(draw(true));
  const lit = mark(root, before, 700);
  const slides = [...root.querySelectorAll("[data-card]")].map((c) => c.getAnimations().length);
  return { lit, slides, changed: [...root.querySelectorAll(".changed")].map((e) => e.className) };
}"""


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_what_a_step_changed_is_lit_and_a_moved_card_slides_unless_motion_is_reduced(
    browser, motion
):
    page = browser.person().page
    page.emulate_media(reduced_motion=motion)
    page.goto("/")
    found = page.evaluate(BOARD)
    # the card in the hand is new there; the new part is lit whole, not its inside; the card
    # pushed down slides, or with less motion is lit
    lit = ["card changed", "changed", "coins changed", "new changed"]
    if motion == "reduce":
        assert sorted(found["changed"]) == sorted([*lit, "card changed"])
        assert found["slides"] == [0, 0]
    else:
        assert sorted(found["changed"]) == lit
        assert found["slides"] == [1, 1]
    assert found["lit"] == len(found["changed"])


def test_acting_while_others_choices_wait_to_be_shown_shows_them_and_is_accepted(browser):
    """When several choose at once (Hadrian's Wall's Path cards), two others' choices arriving
    together wait at the pace; a player who acts meanwhile is shown them, and the action, sent
    with the version he saw, is played: the others' choices leave it the same move."""
    wall = "hadrians_wall"
    api = browser.api()
    table = create(api, wall, 3, {})["id"]
    ala = browser.person("en", pace="slow")
    ala.open_table(table)
    ala.take_seat(0, "Ala")
    tokens = [join(api, table, seat) for seat in (1, 2)]
    ala.wait_ready()
    page = ala.page
    assert ala.version == 0
    for token in tokens:
        state = api.get(f"/tables/{table}/state", headers={"X-Seat-Token": token}).json()
        body = {"action": state["legal"][0], "version": state["version"]}
        reply = api.post(f"/tables/{table}/actions", json=body, headers={"X-Seat-Token": token})
        assert reply.status_code == 200, reply.text
    # the first choice is shown at once, the second waits its turn
    page.wait_for_function("() => document.getElementById('table').dataset.waiting === '1'")
    ala.click_action(ala.legal()[0])
    assert page.locator("#notice").is_hidden(), ala.notice()
    page.wait_for_function("() => document.getElementById('table').dataset.version === '3'")
