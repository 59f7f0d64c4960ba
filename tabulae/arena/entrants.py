"""The bots that meet in an arena, written ``name`` or ``name:param=value:…``, where a name is
a bot's or a level's (``hard``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tabulae.bots import Bot, make_bot
from tabulae.core import State


@dataclass(frozen=True)
class Entrant:
    """One place at the arena's table: a label, a bot name and its parameters."""

    label: str
    bot: str
    params: tuple[tuple[str, Any], ...] = ()

    def make(self, state: State | None = None) -> Bot:
        """The bot, as the game of `state` tunes its level when given (`make_bot`)."""
        return make_bot(self.bot, state, **dict(self.params))

    def to_json(self) -> dict[str, Any]:
        return {"label": self.label, "bot": self.bot, "params": dict(self.params)}


def parse_entrant(spec: str) -> Entrant:
    """Read ``ismcts:seconds=1:rollout=greedy`` (numbers become ints or floats, and
    ``none`` None)."""
    name, *pairs = spec.strip().split(":")
    params = []
    for pair in pairs:
        key, equals, value = pair.partition("=")
        if not equals or not key:
            raise ValueError(f"bot parameter {pair!r} in {spec!r} is not written key=value")
        params.append((key.strip(), _value(value.strip())))
    entrant = Entrant(spec.strip(), name.strip(), tuple(params))
    entrant.make()  # refuse unknown bots and parameters before any game is played
    return entrant


def parse_entrants(specs: str | list[str]) -> tuple[Entrant, ...]:
    """Entrants from a comma-separated list, where ``greedy*3`` stands for three greedy
    bots; repeated specs get numbered labels."""
    if isinstance(specs, str):
        specs = [spec for spec in specs.split(",") if spec.strip()]
    entrants = [parse_entrant(spec) for spec in _repeated(specs)]
    labels: list[str] = []
    for entrant in entrants:
        label, copy = entrant.label, 1
        while label in labels:
            copy += 1
            label = f"{entrant.label} #{copy}"
        labels.append(label)
    return tuple(Entrant(label, e.bot, e.params) for label, e in zip(labels, entrants, strict=True))


def _repeated(specs: list[str]) -> list[str]:
    found = []
    for spec in specs:
        name, star, count = spec.rpartition("*")
        if star and count.strip().isdigit():
            found += [name] * int(count)
        else:
            found.append(spec)
    return found


def _value(text: str) -> Any:
    if text.lower() == "none":
        return None
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text
