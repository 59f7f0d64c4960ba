"""The data file holds the whole box, and the checks that vouch for its values hold."""

from tabulae.games.builders.components import (
    APPRENTICES,
    BUILDINGS,
    CREW,
    MACHINES,
    RULES,
    SLAVES,
    TOOLS,
    WORKERS,
    provisions,
)


def test_the_box():
    """Rulebook, "Zawartość": 33 buildings (4 of them machines), 18 workers, 6 slaves, 4
    tools; the rest of the investment row is counted in the rules' constants."""
    assert len(BUILDINGS) == 33 and len(MACHINES) == 4
    assert len(WORKERS) == 18 and len(APPRENTICES) == 4 and len(SLAVES) == 6
    assert len(TOOLS) == 4 and RULES.loans == 4 and RULES.slaves == 6
    assert [b.number for b in BUILDINGS] == list(range(1, 34))
    assert [c.number for c in CREW] == list(range(34, 58))


def test_each_material_totals_52_over_the_building_deck():
    """Rulings, "Checks on the dataset": each material totals exactly 52 over the 33 cards."""
    assert [sum(b.cost[m] for b in BUILDINGS) for m in range(4)] == [52, 52, 52, 52]


def test_every_worker_tier_is_balanced_with_the_ruled_fourth_apprentice():
    """Ruling B-03: with 1 stone + 1 decoration the apprentices balance like every tier."""
    table = provisions("stone_decoration")
    for tier, each in (("apprentice", 2), ("laborer", 3), ("craftsman", 6), ("master", 5)):
        cards = [c.number for c in CREW if c.tier == tier]
        assert [sum(table[c][m] for c in cards) for m in range(4)] == [each] * 4, tier
    assert all(c.wage == sum(c.provides) for c in CREW if not c.slave)


def test_the_lighthouse_and_the_worker_of_the_rulebook_example():
    """Rulebook, "Ukończenie budynku": the Lighthouse needs 2 stone, 4 wood, 1 architecture
    and 3 decoration and pays 14 sesterces and 5 VP; a wage-3 worker brings 1 wood and 2
    decoration."""
    lighthouse = next(b for b in BUILDINGS if b.id == "lighthouse_of_alexandria")
    assert (lighthouse.cost, lighthouse.coins, lighthouse.vp) == ((2, 4, 1, 3), 14, 5)
    assert lighthouse.names["pl"] == "Latarnia w Aleksandrii"
    assert any(c.wage == 3 and c.provides == (0, 1, 0, 2) for c in CREW)


def test_confidence_is_kept():
    assert {b.confidence for b in BUILDINGS} == {"confirmed", "single-source"}
    assert next(c for c in CREW if c.id == "apprentice_4").confidence == "inferred"
    assert next(b for b in BUILDINGS if b.id == "port").vp == 2, "ruling B-01"
