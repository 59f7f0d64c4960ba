"""The rules reference in the browser: a refused click at the table offers a "why?" link to the
section of the rules it rests on, the lobby and the table link to the rules, and the rules page
keeps the sections that speak of a searched word, on a phone without sideways scroll, and names
the terms as the board does, with the board's marks."""

from __future__ import annotations

from tabulae.core import load
from tabulae.i18n import glossary

from .pages import ASKED, PHONE, SIDEWAYS, refused_click, wait_for_prompt


def test_a_refused_click_links_to_the_rule_it_rests_on(browser):
    ala = browser.person()
    ala.page.goto("/")
    ala.page.click("label.game:has(input[value=builders])")
    assert ala.page.get_attribute("#rules-link", "href") == "/rules.html?game=builders"
    ala.start_table("builders", 2, "Ala", seats={1: "random"})
    ala.wait_ready()
    assert ala.page.get_attribute("#rules-link", "href") == "/rules.html?game=builders"
    wait_for_prompt(ala, ASKED["builders"])
    ala.act(lambda page: page.click(".builders [data-area=loans]"))
    notice = refused_click(ala, ".builders [data-area=investments] .bd-card.slave")
    assert "one per turn" in notice
    why = ala.page.locator("#notice a#why-link")
    assert why.inner_text() == "why?"
    href = why.get_attribute("href")
    assert href == "/rules.html?game=builders#investments"
    ala.page.goto(href)
    section = ala.page.wait_for_selector("#investments.current")
    assert "Once per turn" in section.inner_text()


def test_the_rules_page_filters_its_sections_by_a_word_on_a_phone(browser):
    page = browser.person(lang="pl").page
    page.set_viewport_size(PHONE)
    page.goto("/rules.html?game=sylla")
    page.wait_for_selector("#rules-sections .rule")
    sections = page.locator("#rules-sections .rule")
    assert sections.count() >= 8 and not page.evaluate(SIDEWAYS)
    assert page.inner_text("#revenue h2") == "Faza IV: Przychód"
    page.fill("#rules-search", "tawern")
    visible = page.locator("#rules-sections .rule:visible")
    assert [visible.nth(n).get_attribute("id") for n in range(visible.count())] == ["revenue"]
    lesson = page.locator("#revenue .rule-lessons a")
    assert lesson.get_attribute("href") == "/learn.html?game=sylla&lesson=revenue"
    page.fill("#rules-search", "zeppelin")
    assert page.locator("#rules-sections .rule:visible").count() == 0
    assert page.inner_text("#rules-none") == "Żaden rozdział zasad nie mówi o „zeppelin”."
    page.fill("#rules-search", "")
    assert page.locator("#rules-sections .rule:visible").count() == sections.count()
    assert not page.evaluate(SIDEWAYS), "the page scrolls sideways"


def test_the_rules_name_the_terms_as_the_board_does_with_its_marks(browser):
    """Each section names the terms its board's tooltips link from by the catalogs' names, and
    where the board draws a mark for a worker or a material the text shows it beside the name."""
    page = browser.person(lang="pl").page
    page.goto("/rules.html?game=hadrians_wall")
    page.wait_for_selector("#rules-sections .rule")
    wall = load("hadrians_wall")
    words = glossary(wall)
    terms = page.locator("#columns .rule-terms .rule-term")
    listed = wall.rules().section("columns").terms
    named = [word for word in listed if word in words]
    assert [terms.nth(n).inner_text() for n in range(terms.count())] == [
        words[word]["pl"] for word in named
    ]
    builder = page.locator("#columns p [data-icon=builder]").first
    drawn = builder.locator("img")
    assert drawn.get_attribute("src") == "/games/hadrians_wall/icons/builder.svg"
    assert drawn.evaluate("image => image.complete && image.naturalWidth > 0")
    assert builder.get_attribute("title") == words["builder"]["pl"]
    assert builder.get_attribute("aria-hidden") == "true"  # the word before it is read instead
    assert builder.inner_text() == ""
    page.goto("/rules.html?game=builders")
    page.wait_for_selector("#rules-sections .rule")
    builders = load("builders")
    assert (
        page.locator("#loans .rule-terms").inner_text()
        == f"Na planszy: {glossary(builders)['loan']['pl']}"
    )
