"""The table fits every screen: each game at its most players, in English, Dutch and Russian, at
1920×1080, 1366×768, 1280×720 and on a 390×844 phone, measured in the page — no box spills out
of its parent, no two sibling boxes overlap, and the page never scrolls sideways. On the phone
the current decision and its actions are a tap away in a drawer at the bottom of the window.

What the measurement leaves out, and why:
- boxes taken out of the flow (`position: absolute` or `fixed`): they are meant to lie over
  others — a board's menu, a card's back over its face, a box's small note, the hidden radio
  buttons of the lobby, the phone's drawer over the board;
- boxes of no size and `display: inline` text runs (a line of text may wrap around its
  neighbours); the inside of an SVG drawing, which places its own shapes;
- the children of a box that scrolls (`overflow: auto`): the action list, the log, and on a
  phone a Hadrian's Wall sheet, which pans inside its own box. The board as a whole must never
  need to pan, which is measured apart.
"""

from __future__ import annotations

import json

import pytest

from .crowded import GAMES, LANGUAGES, crowded_positions, seated

SCREENS = ((1920, 1080), (1366, 768), (1280, 720), (390, 844))
PHONE = (390, 844)

# Every fault of layout in the page, as sentences: the page wider than the window, a box
# spilling out of its parent, two sibling boxes overlapping (see the module's docstring).
FAULTS = """() => {
  const SLACK = 1; // sub-pixel rounding
  const faults = [];
  const name = (node) => {
    let said = node.tagName.toLowerCase();
    if (node.id) said += "#" + node.id;
    if (typeof node.className === "string" && node.className.trim())
      said += "." + node.className.trim().split(/\\s+/).join(".");
    return said;
  };
  const where = (node) => {
    const names = [];
    for (let n = node; n && n !== document.body && names.length < 4; n = n.parentElement)
      names.unshift(name(n));
    const words = (node.textContent || "").trim().slice(0, 30);
    return names.join(" > ") + (words ? ` "${words}"` : "");
  };
  const box = (node) => {
    const style = getComputedStyle(node);
    if (["none", "contents", "inline"].includes(style.display)) return null;
    if (style.visibility === "hidden" || ["absolute", "fixed"].includes(style.position))
      return null;
    const rect = node.getBoundingClientRect();
    return rect.width < 1 || rect.height < 1 ? null : { rect, style };
  };
  const scrolls = (style) =>
    [style.overflowX, style.overflowY].some((o) => o === "auto" || o === "scroll");
  const field = (node) =>
    node instanceof HTMLInputElement || node instanceof HTMLSelectElement ||
    node instanceof HTMLTextAreaElement;
  const measure = (parent) => {
    const outer = box(parent);
    const inner = [];
    for (const child of parent.children) {
      if (child instanceof SVGElement) {
        const rect = child.getBoundingClientRect();
        if (rect.width >= 1 && rect.height >= 1) inner.push({ node: child, rect });
        continue;
      }
      const found = box(child);
      if (found) inner.push({ node: child, rect: found.rect });
      measure(child);
    }
    if (!outer) return;
    if (!scrolls(outer.style)) {
      const o = outer.rect;
      for (const { node, rect } of inner)
        if (rect.left < o.left - SLACK || rect.right > o.right + SLACK ||
            rect.top < o.top - SLACK || rect.bottom > o.bottom + SLACK)
          faults.push(`${where(node)} spills out of its parent`);
      if (!field(parent) && parent.scrollWidth > parent.clientWidth + SLACK)
        faults.push(`the content of ${where(parent)} is wider than it ` +
                    `(${parent.scrollWidth} > ${parent.clientWidth} px)`);
    }
    for (let i = 0; i < inner.length; i++)
      for (let j = i + 1; j < inner.length; j++) {
        const a = inner[i].rect, b = inner[j].rect;
        const across = Math.min(a.right, b.right) - Math.max(a.left, b.left);
        const down = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        if (across > SLACK && down > SLACK)
          faults.push(`${where(inner[i].node)} overlaps ${name(inner[j].node)}`);
      }
  };
  if (document.documentElement.scrollWidth > innerWidth)
    faults.push(`the page is ${document.documentElement.scrollWidth} px wide ` +
                `in a ${innerWidth} px window`);
  measure(document.body);
  const board = document.getElementById("board");
  if (board && board.scrollWidth > board.clientWidth + SLACK)
    faults.push(`the board needs to pan (${board.scrollWidth} > ${board.clientWidth} px)`);
  return faults;
}"""


@pytest.fixture(scope="module")
def positions(server) -> dict[str, tuple[str, str]]:
    return crowded_positions(server)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_the_table_fits_every_screen(browser, positions, game, lang):
    page = seated(browser, *positions[game], lang)
    faults = {}
    for width, height in SCREENS:
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate("() => new Promise((done) => requestAnimationFrame(() => done()))")
        found = page.evaluate(FAULTS)
        if found:
            faults[f"{width}×{height}"] = found[:10]
    assert not faults, json.dumps(faults, indent=1, ensure_ascii=False)


def test_the_measurement_sees_a_box_that_spills_and_two_that_overlap(browser, positions):
    page = seated(browser, *positions["sylla"], "en")
    assert page.evaluate(FAULTS) == []
    page.add_style_tag(content=".seats { width: 2500px; }")
    spilled = page.evaluate(FAULTS)
    assert any("px wide in a" in fault for fault in spilled), spilled
    assert any("> section#seats.seats " in f and "spills out" in f for f in spilled), spilled
    page.add_style_tag(content=".seats { width: auto; } .prompt { margin-bottom: -3rem; }")
    overlapping = page.evaluate(FAULTS)
    assert any("> div#prompt.prompt " in f and "overlaps div#board" in f for f in overlapping)


@pytest.mark.parametrize("game", GAMES)
def test_on_a_phone_the_decision_and_its_actions_are_a_tap_away(browser, positions, game):
    page = seated(browser, *positions[game], "en")
    width, height = PHONE
    page.set_viewport_size({"width": width, "height": height})
    # The header scrolls away with the page: it never lies over what a tap is meant for.
    assert page.eval_on_selector(".top", "node => getComputedStyle(node).position") == "static"
    # The Copy button of the join link is whole inside the window.
    copy = page.locator(".share button").bounding_box()
    assert copy and copy["x"] >= 0 and copy["x"] + copy["width"] <= width
    # The board's own buttons (End the year, End the turn, …) are in the window, unless they
    # lie in a part of the board that pans on its own.
    outside = page.evaluate(
        """(width) => [...document.querySelectorAll("#board button")]
          .filter((button) => {
            for (let node = button.parentElement; node.id !== "board"; node = node.parentElement)
              if (["auto", "scroll"].includes(getComputedStyle(node).overflowX)) return false;
            const box = button.getBoundingClientRect();
            return box.left < 0 || box.right > width;
          })
          .map((button) => button.textContent)""",
        width,
    )
    assert outside == []
    # The drawer's handle is at the bottom of the window wherever the page is scrolled, and
    # says what is to be decided and how many actions there are.
    page.mouse.wheel(0, 2000)
    handle = page.locator("#drawer-handle")
    box = handle.bounding_box()
    assert box and box["y"] + box["height"] == pytest.approx(height, abs=1)
    # The handle repeats the status bar: it is the player's move, and the step's question.
    said = page.inner_text("#drawer-handle .drawer-prompt")
    assert said == page.inner_text("#prompt")
    assert said.startswith("Your move: ") and len(said) > len("Your move: ")
    legal = page.locator("#actions button.action").count()
    assert page.inner_text("#drawer-handle .drawer-count") == str(legal)
    assert not page.locator("#actions button.action").first.is_visible()
    # A tap opens it over the board; the first action is in the window, and a tap there
    # reaches it (nothing lies over it).
    handle.click()
    first = page.locator("#actions button.action").first
    assert first.is_visible()
    spot = first.bounding_box()
    assert spot and spot["y"] >= 0 and spot["y"] + spot["height"] <= height
    hit = page.evaluate(
        "([x, y]) => document.elementFromPoint(x, y)?.closest('button.action') !== null",
        [spot["x"] + spot["width"] / 2, spot["y"] + spot["height"] / 2],
    )
    assert hit
    handle.click()
    assert not first.is_visible()
