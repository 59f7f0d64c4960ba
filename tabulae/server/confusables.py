"""The confusables skeleton of Unicode's UTS #39: two names with the same skeleton look alike
(`аnn` with a Cyrillic а and `ann`; Greek `ΑΝΝ` and `ann`, whatever the case), so the second
is refused.

The mapping is Unicode's confusables.txt, as the `confusable-homoglyphs` package ships it: for
every character it lists the characters it can be confused with. A source character lists
only its prototype; a prototype lists the sources that map to it. Where a pair lists only
each other, either may be the prototype, and the smaller one stands for both: the skeleton
still puts the two in one class, which is all a comparison needs.
"""

from __future__ import annotations

import unicodedata
from functools import cache

from confusable_homoglyphs.confusables import confusables_data

LTR_MARK = "\u200e"  # the package wraps right-to-left characters in these


def _plain(text: str) -> str:
    return text.replace(LTR_MARK, "")


@cache
def prototypes() -> dict[str, str]:
    """Each confusable character → the string it looks like."""
    listed: dict[str, list[str]] = {}
    for character, entries in confusables_data.items():
        listed[_plain(character)] = [_plain(entry["c"]) for entry in entries]
    mapping: dict[str, str] = {}
    for character, alike in listed.items():
        if len(character) != 1 or len(alike) != 1:
            continue  # a prototype (its sources are mapped from their side)
        [target] = alike
        if target == character:
            continue
        if len(listed.get(target, ())) == 1 and listed[target][0] == character:
            mapping[character] = min(character, target)  # a pair: either is the prototype
        else:
            mapping[character] = target
    return mapping


def uts39(text: str) -> str:
    """UTS #39's skeleton: decomposed, every character replaced by its prototype, decomposed
    again."""
    table = prototypes()
    decomposed = unicodedata.normalize("NFD", text)
    return unicodedata.normalize("NFD", "".join(table.get(c, c) for c in decomposed))


def skeleton(name: str) -> str:
    """A name as compared for looking alike whatever its case: the skeleton of the casefolded
    skeleton (Greek `ΑΝΝ` looks like `ANN`, and so like `ann`, though `ανν` does not)."""
    return uts39(uts39(name).casefold())
