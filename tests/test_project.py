"""The README's promises hold: its test command is exactly what CI runs."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def readme_commands() -> list[str]:
    block = re.search(r"```bash\n(.*?)```", (ROOT / "README.md").read_text(), re.S)
    assert block, "the README opens with a bash block of commands"
    return [line for line in block.group(1).splitlines() if line.strip()]


def test_readme_opens_with_a_run_command_and_a_test_command():
    run, test = readme_commands()[:2]
    assert "pip install" in run and "tabulae" in run
    assert "pip install" in test and "pytest" in test


def test_ci_runs_exactly_the_readme_test_command():
    test = readme_commands()[1]
    ci_lines = (ROOT / ".ci" / "run").read_text().splitlines()
    assert ci_lines[-1] == test, "the last line of .ci/run is the README's test command"
