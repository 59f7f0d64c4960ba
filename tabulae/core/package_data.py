"""Data files a game's package brings in a folder of its own (its lessons, its rules): each
YAML file read in the order of the file names."""

from __future__ import annotations

from collections.abc import Iterator
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any

import yaml


def yaml_files(
    package: str, name: str, error: type[ValueError]
) -> Iterator[tuple[str, Any, Traversable]]:
    """(where, data, folder) of each YAML file in the `name` folder of `package`, by file name;
    nothing when the package has no such folder. A file that is not YAML raises `error`."""
    try:
        folder = resources.files(package).joinpath(name)
    except ModuleNotFoundError:
        return
    if not folder.is_dir():
        return
    for file in sorted(folder.iterdir(), key=lambda f: f.name):
        if file.name.endswith((".yaml", ".yml")):
            where = f"{package} {name}/{file.name}"
            try:
                data = yaml.safe_load(file.read_text(encoding="utf-8"))
            except yaml.YAMLError as problem:
                raise error(f"{where}: not YAML: {problem}") from None
            yield where, data, folder
