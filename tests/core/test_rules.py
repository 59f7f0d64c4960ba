"""The rules format: sections read from a game package's `rules` folder, refused with the file,
the section and the field at fault when they do not follow it, and searched by a word."""

from __future__ import annotations

import pytest

from tabulae.core.rules import BadRules, Rules, load_rules

SECTION = {
    "id": "bidding",
    "title": {"en": "Bidding", "pl": "Licytacja"},
    "text": {"en": "Bid more than the last bid.", "pl": "Przebij ostatnią ofertę."},
    "lessons": ["first-bid"],
    "refusals": ["toy.refused.too_low"],
}


def test_a_section_is_found_by_its_id_its_refusal_and_a_word_in_the_reader_s_language():
    rules = Rules.from_data([SECTION, {"id": "end", "title": "The end", "text": "It ends."}])
    assert rules.section("bidding") is rules.for_refusal("toy.refused.too_low")
    assert rules.for_refusal("toy.refused.other") is None and rules.for_refusal(None) is None
    assert [found.id for found in rules.search("przebij", "pl")] == ["bidding"]
    assert [found.id for found in rules.search("ENDS")] == ["end"]
    assert len(rules.search("")) == 2
    assert rules.section("bidding").to_json("pl")["title"] == "Licytacja"
    assert rules.section("end").to_json("pl")["title"] == "The end"  # English when untranslated


@pytest.mark.parametrize(
    ("data", "fault"),
    [
        ({"sections": []}, "a list of sections"),
        ([{**SECTION, "extra": 1}], "unknown fields extra"),
        ([{**SECTION, "id": "two words"}], "`id` must be a word"),
        ([{**SECTION, "title": {"pl": "Licytacja"}}], "(bidding): title"),
        ([{**SECTION, "text": {"en": "x", "de": "y"}}], "(bidding): text"),
        ([{**SECTION, "lessons": "first-bid"}], "(bidding): lessons"),
        ([SECTION, SECTION], "two sections share an id"),
        ([SECTION, {**SECTION, "id": "again"}], "explained by two sections"),
    ],
)
def test_a_section_that_does_not_follow_the_format_is_refused_with_where(data, fault):
    with pytest.raises(BadRules) as refused:
        Rules.from_data(data, "toy rules/rules.yaml")
    assert fault in str(refused.value)
    assert "toy rules/rules.yaml" in str(refused.value)


def test_a_package_without_a_rules_folder_has_no_sections():
    assert load_rules("tests.plugin_games.tesserae").sections == ()
    assert load_rules("no.such.package").sections == ()
