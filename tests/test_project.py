"""The README's promises hold: CI runs its test command, after installing only what the README
says a fresh machine needs."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text()
CI = (ROOT / ".ci" / "run").read_text()


def readme_commands() -> list[str]:
    block = re.search(r"```bash\n(.*?)```", README, re.S)
    assert block, "the README opens with a bash block of commands"
    return [line for line in block.group(1).splitlines() if line.strip()]


def debian_packages(text: str) -> set[str]:
    """The packages `apt-get install` is given in a text."""
    found = set()
    for arguments in re.findall(r"apt-get install ([^`&\n]*)", text):
        found |= {word for word in arguments.split() if not word.startswith("-")}
    return found


def test_readme_opens_with_a_run_command_and_a_test_command():
    run, test = readme_commands()[:2]
    assert "pip install" in run and "tabulae" in run
    assert "pip install" in test and "pytest" in test


def test_ci_runs_exactly_the_readme_test_command():
    test = readme_commands()[1]
    assert CI.splitlines()[-1] == test, "the last line of .ci/run is the README's test command"


def test_ci_installs_only_what_the_readme_says_a_fresh_machine_needs():
    after_the_commands = README.split("```", 2)[2]
    first_paragraph = after_the_commands.strip().split("\n\n")[0]
    assert debian_packages(CI) == debian_packages(first_paragraph) == {"chromium"}
    steps = [
        line
        for line in CI.splitlines()[:-1]
        if line.strip() and not line.startswith(("#", "set ", "cd ", "export DEBIAN_FRONTEND"))
    ]
    assert steps == ["apt-get update -q && apt-get install -y -q chromium"]
