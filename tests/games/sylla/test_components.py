"""The component data: loaded once, frozen, with confidences, and satisfying its stated constraints.

Provisional values (hex colours, building counts, famine symbols) are checked
against the constraints the data file lists, not against their placeholder values.
"""

from types import MappingProxyType

import pytest
import yaml

from tabulae.core import BadOptions
from tabulae.games.sylla import GAME
from tabulae.games.sylla.components import BUNDLED, load
from tabulae.i18n import glossary

COMP = load()
CONFIDENCE = {"confirmed", "single-source", "inferred", "provisional"}


def test_loaded_once_and_frozen():
    assert load() is COMP
    assert isinstance(COMP.raw, MappingProxyType)
    assert isinstance(COMP.designs, tuple) and isinstance(COMP.events, tuple)
    with pytest.raises(TypeError):
        COMP.raw["events"] = None  # type: ignore[index]


def test_every_item_keeps_its_confidence_and_rulebook_names():
    for items in (COMP.designs, COMP.buildings, COMP.events, COMP.great_works):
        for item in items:
            assert item.confidence in CONFIDENCE, item.id
    for items in (COMP.buildings, COMP.events, (*COMP.great_works, COMP.ecclesia)):
        for item in items:
            assert {"en", "pl", "nl", "ru"} <= set(item.names), item.id
    assert COMP.events[COMP.index("events", "slave_revolt")].names["pl"] == "Rewolta Niewolników"
    assert glossary(GAME)["vestal"]["pl"] == "Westalka"
    assert glossary(GAME)["public_baths"]["ru"] == "Общественные Бани"


def test_character_constraints():
    """Slaves show all three colours; other designs 1 or 2; Merchants show grey."""
    assert len(COMP.cards) == 40 and len(COMP.designs) == 10
    for design in COMP.designs:
        if design.type == "slave":
            assert set(design.hexes) == {"red", "yellow", "grey"}
        else:
            assert 1 <= len(set(design.hexes)) <= 2
        if design.type == "merchant":
            assert "grey" in design.hexes
    types = [COMP.designs[d].type for _, d in COMP.cards]
    assert all(types.count(t) == 8 for t in ("senator", "merchant", "legionary", "vestal", "slave"))
    assert sum(COMP.designs[d].christian for _, d in COMP.cards) == 12


def test_building_constraints():
    """32 tiles; more than 6 A tiles; Crane tiles are A tiles, as many as Crane cards."""
    assert len(COMP.tiles) == 32
    letters = [t.letter for t in COMP.tiles]
    assert letters.count("A") > 6
    cranes = [t for t in COMP.tiles if COMP.buildings[t.kind].id == "crane"]
    assert cranes and all(t.letter == "A" for t in cranes)
    assert len(cranes) == COMP.crane_cards == 3
    firsts = {COMP.buildings[t.kind].id for t in COMP.tiles if t.letter == "A"}
    assert {"market_stall", "field", "private_temple"} <= firsts
    assert sorted(COMP.slot_colours) == ["grey", "grey", "red", "red", "yellow", "yellow"]


def test_event_constraints():
    """Two famine symbols among the round-1 example's events; no Health from Legionary-only ones."""
    ids = {e.id: e for e in COMP.events}
    example = ("decadence", "famine", "slave_revolt", "imperial_cult")
    assert sum(ids[e].famine_symbols for e in example) == 2
    for event in COMP.events:
        if event.fought_by == ("legionary",):
            assert event.tendency != "health"
    assert ids["decadence"].permanent and ids["decadence"].majority_prestige == 1
    assert len(COMP.events) == 10


def test_ladder_and_tracks():
    assert COMP.ladder_values == (1, 1, 2, 2, 3, 3, 4)
    assert COMP.ladder_start == 4 and COMP.crisis_positions == (1,)
    assert (COMP.famine_min, COMP.famine_max, COMP.famine_start) == (0, 6, 0)
    assert COMP.prestige_start == 10
    assert COMP.coins == 60 and COMP.tokens_per_tendency == 38


def test_another_edition_is_a_data_file(tmp_path):
    """A corrected data file plays without touching code: here Epidemic gains 3 famine symbols."""
    data = yaml.safe_load(BUNDLED.read_text(encoding="utf-8"))
    for card in data["events"]["cards"]:
        if card["id"] == "epidemic":
            card["famine_symbols"] = 3
    path = tmp_path / "corrected.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    corrected = load(str(path))
    assert corrected.events[corrected.index("events", "epidemic")].famine_symbols == 3
    state = GAME.new(3, seed=1, edition=str(path))
    assert state.components is corrected and COMP.events[0].famine_symbols == 0


def test_an_unreadable_edition_is_refused():
    with pytest.raises(BadOptions, match="cannot be read"):
        GAME.new(3, edition="no/such/edition.yaml")
