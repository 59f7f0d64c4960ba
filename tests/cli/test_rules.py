"""`tabulae rules`: a game's rules reference at the terminal, and the rule a refusal rests on
named at `tabulae play`."""

from __future__ import annotations

from .driver import run


def test_a_section_is_printed_in_the_players_language_with_its_lessons():
    out = run("rules", "builders", "sesterces", "--lang", "pl")
    assert out.returncode == 0, out.stderr
    assert "Zasady: Budowniczowie: Starożytność" in out.stdout
    assert "Pobranie Sestercji  [sesterces]" in out.stdout
    assert "1, 3 lub 6 Sestercji" in out.stdout
    assert "Lekcja: tabulae learn builders --lesson take-sesterces" in out.stdout
    assert "[loans]" not in out.stdout  # that one section only


def test_a_search_keeps_the_sections_that_speak_of_the_word_and_an_unknown_section_is_refused():
    out = run("rules", "sylla", "--search", "Tavern")
    assert out.returncode == 0, out.stderr
    assert "[revenue]" in out.stdout and "[great-work]" not in out.stdout
    none = run("rules", "sylla", "--search", "zeppelin", "--lang", "nl")
    assert none.returncode == 1 and "Geen onderdeel van de regels spreekt over „zeppelin”." in (
        none.stdout
    )
    unknown = run("rules", "sylla", "nope")
    assert unknown.returncode == 2
    assert "No section nope; the sections are: setup-and-goal," in " ".join(unknown.stderr.split())


def test_a_refusal_at_play_names_the_rule_to_read(tmp_path):
    out = run(
        "play", "builders", "--seats", "human,random", "--seed", "1", "--lang", "pl",
        input="loan\nloan\nq\n", cwd=tmp_path,
    ).stdout  # fmt: skip
    assert "Niedozwolone: W tej turze podjęto już Inwestycję (jedna na turę)." in out
    assert "Zasada: tabulae rules builders investments" in out
