"""The examples in docs/research.md run as written.

Each example names its game on a `GAME = "…"` line. A game not yet registered is replaced by
a test game of the same kind (the multiplayer test game, or the solo one for Hadrian's Wall),
so the examples run now and run on the real games as soon as those are registered.
"""

import re
from pathlib import Path

import pytest

import tabulae

DOC = Path(__file__).resolve().parents[2] / "docs" / "research.md"
STAND_INS = {
    "sylla": "tests.plugin_games.tesserae:GAME",
    "builders": "tests.plugin_games.tesserae:GAME",
    "hadrians_wall": "tests.interop.solo_game:GAME",
}
GAME_LINE = re.compile(r'^GAME = "(\w+)"$', re.M)


def examples() -> list[str]:
    return re.findall(r"```python\n(.*?)```", DOC.read_text(), re.S)


def runnable(code: str) -> str:
    (name,) = GAME_LINE.findall(code)
    if name in tabulae.all_games():
        return code
    assert name in STAND_INS, f"the example plays {name!r}, which is no game"
    return GAME_LINE.sub(f'GAME = "{STAND_INS[name]}"', code)


@pytest.mark.parametrize("number", range(len(examples())))
def test_the_example_runs(number, capsys):
    code = runnable(examples()[number])
    exec(compile(code, f"{DOC.name} example {number + 1}", "exec"), {"__name__": "__main__"})
    assert capsys.readouterr().out.strip()


def test_every_example_names_its_game():
    assert len(examples()) == 6
    assert all(len(GAME_LINE.findall(code)) == 1 for code in examples())


SIZES = {"Sylla": ("sylla", (2, 3, 4)), "The Builders": ("builders", (2, 3, 4))}
SIZES["Hadrian's Wall"] = ("hadrians_wall", (1, 2, 4, 6))


def test_the_sizes_table_gives_each_games_observation_sizes_and_action_codes():
    from tabulae.interop.observation import encoder

    rows = {
        line.split("|")[1].strip(): line.split("|")[2:4]
        for line in DOC.read_text().split("\n")
        if line.startswith("| ") and line.split("|")[1].strip() in SIZES
    }
    assert set(rows) == set(SIZES)
    for name, (game, counts) in SIZES.items():
        found = tabulae.load(game)
        sizes, codes = rows[name]
        written = [int(size) for size in re.findall(r"([\d,]+) \(", sizes.replace(",", ""))]
        assert written == [encoder(found, players).size for players in counts], name
        assert {f"{len(found.action_space(players)):,}" for players in counts} == {codes.strip()}
