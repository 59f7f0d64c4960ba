"""The import contracts of pyproject.toml (import-linter): data flows down, from the interfaces
to the bots, the games and the core; the core and everything outside the games import no game;
each game knows no other; in each game the rule set sits on the state, the state on the rules
and the rules on the table; and no module imports one that imports it back."""

from __future__ import annotations

from pathlib import Path

from importlinter.cli import lint_imports

ROOT = Path(__file__).resolve().parents[1]


def test_the_package_keeps_its_import_contracts(capsys):
    kept = lint_imports(config_filename=str(ROOT / "pyproject.toml"), no_cache=True, no_logo=True)
    report = capsys.readouterr().out
    assert "0 broken" in report, report
    assert kept == 0, report


def test_a_cycle_between_two_modules_breaks_the_contract(tmp_path, monkeypatch, capsys):
    package = tmp_path / "circled"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "table.py").write_text("from . import flow\n")
    (package / "flow.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .table import Table\n"
    )
    config = tmp_path / ".importlinter"
    config.write_text(
        "[importlinter]\nroot_package = circled\n\n"
        "[importlinter:contract:acyclic]\nname = No cycles\ntype = acyclic_siblings\n"
        "ancestors = circled\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    broken = lint_imports(config_filename=str(config), no_cache=True, no_logo=True)
    report = capsys.readouterr().out
    assert broken == 1, report
    assert "No cycles are allowed in circled" in report
