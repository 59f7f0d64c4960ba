"""Read gettext .po catalogs as they are, with Babel: no compile step, nothing built at install."""

from __future__ import annotations

import gettext
import io
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO

from babel.messages.pofile import read_po


@dataclass
class Catalog:
    """The translated messages of one .po file and its language's plural rule."""

    messages: dict[str, str] = field(default_factory=dict)
    plural: Callable[[int], int] = lambda n: int(n != 1)
    nplurals: int = 2

    @classmethod
    def read(cls, path: Path) -> Catalog:
        with path.open("rb") as file:
            return cls._read(file)

    @classmethod
    def parse(cls, text: str) -> Catalog:
        return cls._read(io.BytesIO(text.encode("utf-8")))

    @classmethod
    def _read(cls, file: BinaryIO) -> Catalog:
        """Translated entries only: no fuzzy ones, none in a context, none left empty."""
        po = read_po(file)
        messages = {
            message.id: message.string
            for message in po
            if message.id
            and isinstance(message.id, str)
            and isinstance(message.string, str)
            and message.string
            and not message.fuzzy
            and message.context is None
        }
        return cls(messages, gettext.c2py(po.plural_expr), po.num_plurals)


def msgids(path: Path) -> set[str]:
    """Every msgid a catalog holds, translated or not."""
    with path.open("rb") as file:
        return {message.id for message in read_po(file) if isinstance(message.id, str)}
