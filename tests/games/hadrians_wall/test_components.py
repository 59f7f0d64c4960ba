"""The component data: one frozen file, each item with its confidence, the tables the rules read."""

from types import MappingProxyType

import pytest

from tabulae.games.hadrians_wall import components as D

CONFIDENCE = {"confirmed", "single-source", "inferred", "provisional"}


def _items():
    for key, value in D.DATA.items():
        if isinstance(value, MappingProxyType) and "confidence" in value:
            yield key, value


def test_every_item_keeps_its_confidence_and_none_is_provisional():
    items = dict(_items())
    assert len(items) >= 30
    for key, item in items.items():
        assert item["confidence"] in CONFIDENCE - {"provisional"}, key
        for field, word in item.get("confidence_by_field", {}).items():
            assert word in CONFIDENCE, (key, field)
    assert items["theatre"]["confidence"] == "single-source"


def test_the_data_is_frozen():
    with pytest.raises(TypeError):
        D.DATA["wall"]["boxes"] = ()
    assert isinstance(D.DATA["fate_cards"]["cards"], tuple)


def test_polish_names_come_from_the_rulebook():
    assert D.DATA["cippi"]["names"] == {"en": "Cippi", "pl": "Ostrokół"}
    assert D.DATA["baths"]["names"]["pl"] == "Łaźnie"
    assert [c.name_pl for c in D.PLAYER_CARDS][:3] == ["Inżynier", "Handlarz", "Tropiciel"]


def test_decks_and_tables():
    assert len(D.FATE_CARDS) == 48 and all(sum(c.items) == 8 for c in D.FATE_CARDS)
    assert [sum(1 for c in D.FATE_CARDS if c.attack == k) for k in range(3)] == [16, 16, 16]
    assert len(D.PLAYER_CARDS) == 12
    assert D.ATTACK_CARDS["easy"][2] == 3 and D.ATTACK_CARDS["hard"][2] == 5
    assert D.GREY_FLAGS == (1, 2, 2, 3, 3, 4)
    assert D.INFRASTRUCTURE[6] == 3 and D.INFRASTRUCTURE[17] == 8
    assert D.CIPPI_NEEDS_FORT[2] == 7


def test_buildings_read_their_banners():
    large_granary = D.BUILDINGS[D.BUILDING_INDEX["large_granary"]]
    assert large_granary.needs == ("infrastructure", 5)
    assert large_granary.after == "medium_granary"
    medium_precinct = D.BUILDINGS[D.BUILDING_INDEX["medium_precinct"]]
    assert medium_precinct.needs == ("trader", 6) and medium_precinct.after == "small_precinct"
    assert D.BUILDINGS[D.BUILDING_INDEX["baths"]].needs == ("apparitor", 3)
