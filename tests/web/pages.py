"""What the browser tests share: the toy game and a random player of it, the final scores
worked out offline, the page checks of each screen size, and the status bar's questions."""

from __future__ import annotations

from pathlib import Path

from tabulae.core import Match, Rng

from .browser import Browser, Person

GAME = "tesserae"


PLAYING = "() => document.getElementById('table').dataset.status === 'playing'"


def random_clicks(seed: int):
    """A chooser that clicks a random button of the legal-action list."""
    rng = Rng(seed)

    def choose(person: Person):
        legal = person.legal()
        pick = rng.below(len(legal))
        return lambda page: page.locator("#actions button.action").nth(pick).click()

    return choose


def engine_scores(browser: Browser, table: str) -> dict[int, float]:
    """The final scores by seat, from replaying the server's match record offline."""
    with browser.api() as api:
        match = Match.from_json(api.get(f"/tables/{table}/match").json())
    result = match.replay().result()
    assert result is not None
    return dict(enumerate(result.scores))


WEB = Path(__file__).resolve().parents[2] / "tabulae" / "web"


# WCAG's contrast ratio of an element's text against the first background behind it that is
# not transparent, from the computed styles.
CONTRAST = """(node) => {
  const rgb = (color) => color.match(/[\\d.]+/g).map(Number);
  const luminance = ([r, g, b]) => {
    const [R, G, B] = [r, g, b].map((v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * R + 0.7152 * G + 0.0722 * B;
  };
  let back = node;
  while (back && rgb(getComputedStyle(back).backgroundColor)[3] === 0) back = back.parentElement;
  const fore = luminance(rgb(getComputedStyle(node).color));
  const behind = luminance(rgb(getComputedStyle(back ?? document.body).backgroundColor));
  return (Math.max(fore, behind) + 0.05) / (Math.min(fore, behind) + 0.05);
}"""


WIDE = {"width": 1366, "height": 768}


PHONE = {"width": 390, "height": 844}


OUTLINED = """el => {
  const style = getComputedStyle(el);
  return style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0;
}"""


SIDEWAYS = "() => document.documentElement.scrollWidth > innerWidth"


# Each game's first question to a player, as its English catalog words it.
ASKED = {
    "sylla": "Your move: Choose 6 more starting characters to keep, in secret: everyone chooses "
    "at once.",
    "builders": "Your move: Take an action (free actions left: 3;",
    "hadrians_wall": "Your move: Choose which of your two drawn cards becomes this year's Path "
    "card, in secret",
}


def wait_for_prompt(person: Person, start: str) -> None:
    person.page.wait_for_function(
        "start => document.getElementById('prompt').innerText.startsWith(start)", arg=start
    )


def refused_click(person: Person, part: str) -> str:
    """Click a part of the board that offers no legal action; the notice that follows."""
    before = person.version
    person.act(lambda page: page.locator(part).first.click())
    assert person.version == before, "the click played"
    return person.notice()
