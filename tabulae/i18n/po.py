"""Read gettext .po catalogs directly: no compile step, nothing to build at install."""

from __future__ import annotations

import ast
import gettext
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class Catalog:
    """The translated messages of one .po file and its language's plural rule."""

    messages: dict[str, str] = field(default_factory=dict)
    plural: Callable[[int], int] = lambda n: int(n != 1)
    nplurals: int = 2

    @classmethod
    def read(cls, path: Path) -> Catalog:
        return cls.parse(path.read_text(encoding="utf-8"))

    @classmethod
    def parse(cls, text: str) -> Catalog:
        catalog = cls()
        for entry in entries(text):
            msgid, msgstr = entry.get("msgid"), entry.get("msgstr", "")
            if msgid == "":
                catalog._header(msgstr)
            elif msgid and msgstr and "fuzzy" not in entry and "msgctxt" not in entry:
                catalog.messages[msgid] = msgstr
        return catalog

    def _header(self, header: str) -> None:
        for line in header.splitlines():
            name, _, value = line.partition(":")
            if name.strip().lower() == "plural-forms":
                parts = dict(p.strip().split("=", 1) for p in value.split(";") if "=" in p)
                self.nplurals = int(parts["nplurals"])
                self.plural = gettext.c2py(parts["plural"])


def entries(text: str) -> Iterator[dict[str, str]]:
    """Each entry's fields (msgctxt, msgid, msgstr, …) and a "fuzzy" key when so flagged."""
    entry: dict[str, str] = {}
    current = None
    for raw in [*text.splitlines(), ""]:
        line = raw.strip()
        if line.startswith('"') and current:
            entry[current] += ast.literal_eval(line)
            continue
        current = None
        ends = not line or line.startswith(("#", "msgctxt ", "msgid "))
        if ends and any(name.startswith("msgstr") for name in entry):
            yield entry
            entry = {}
        if line.startswith("#,") and "fuzzy" in line:
            entry["fuzzy"] = ""
        elif line and not line.startswith("#"):
            keyword, _, literal = line.partition(" ")
            entry[keyword] = ast.literal_eval(literal)
            current = keyword


def quote(text: str) -> str:
    """A .po string literal."""
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return f'"{escaped}"'
