"""Read what a person types: an action by number or notation, or a command."""

from __future__ import annotations

from dataclasses import dataclass

from tabulae.core import Action

# Command words and their one-letter forms; a legal action written in full wins over them.
COMMANDS = {
    "?": "help",
    "help": "help",
    "u": "undo",
    "undo": "undo",
    "s": "save",
    "save": "save",
    "l": "log",
    "log": "log",
    "v": "view",
    "view": "view",
    "h": "hint",
    "hint": "hint",
    "q": "quit",
    "quit": "quit",
}


@dataclass(frozen=True)
class Command:
    name: str
    argument: str = ""


@dataclass(frozen=True)
class Unclear:
    """Input that names no single legal action; `matches` are the actions it could mean."""

    text: str
    matches: tuple[Action, ...] = ()


def choose(
    text: str, legal: list[Action], labels: list[str] | None = None
) -> Action | Command | Unclear | None:
    """What the input means; None for an empty line. Input that begins no notation may name an
    action by the words of its label (`labels`, one per legal action), in order, each word or
    its beginning: "recruit 44" for "Recruit worker 44"."""
    text = " ".join(text.split())
    if not text:
        return None
    if text.isdigit():
        number = int(text)
        return legal[number - 1] if 1 <= number <= len(legal) else Unclear(text)
    lowered = text.lower()
    for action in legal:
        if str(action).lower() == lowered:
            return action
    word, _, argument = text.partition(" ")
    if word.lower() in COMMANDS:
        return Command(COMMANDS[word.lower()], argument)
    matches = tuple(action for action in legal if str(action).lower().startswith(lowered))
    if not matches and labels:
        words = lowered.split()
        matches = tuple(
            action
            for action, label in zip(legal, labels, strict=True)
            if _in_order(words, label.lower().split())
        )
    return matches[0] if len(matches) == 1 else Unclear(text, matches)


def _in_order(words: list[str], label: list[str]) -> bool:
    """Whether each word begins a word of the label, in the label's order."""
    remaining = iter(label)
    return all(any(part.startswith(word) for part in remaining) for word in words)


def find(text: str, legal: list[Action]) -> list[Action]:
    """The legal actions a help request names: by number, notation, or its beginning."""
    text = " ".join(text.split()).lower()
    if text.isdigit():
        number = int(text)
        return [legal[number - 1]] if 1 <= number <= len(legal) else []
    return [action for action in legal if str(action).lower().startswith(text)]
