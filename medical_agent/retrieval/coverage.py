"""Does the evidence cover what the question names? A medicine or condition the knowledge base has no passage
about (ferrous sulfate, alendronate … in the Synthea scenarios) is otherwise answered from unrelated passages that
happen to rank first. A named concept counts as covered when a retrieved passage's title or text contains one of
its names: as written, its English preferred name, or a synonym or Korean name from the concept table (빈혈증 is
covered by a passage on 빈혈; Latin-letter names as whole words of three letters or more). The uncovered ones are
told to the person (generation), keep the answer out of the cache and start the web fallback where one is
configured (web/)."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from ..context.extraction.mentions import Mention
from ..evidence import Evidence
from ..text import HANGUL

NAMED = ("medication", "condition")
Names = Callable[[Mention], Sequence[str]]


def said(name: str, text: str) -> bool:
    """Whether ``name`` stands in ``text`` (lower case): Hangul names of two syllables or more anywhere, Latin ones
    of three letters or more as whole words."""
    name = name.lower().strip()
    if HANGUL.search(name):
        return len(name) >= 2 and name in text
    return len(name) >= 3 and re.search(rf"(?<![a-z0-9]){re.escape(name)}(?![a-z0-9])", text) is not None


def uncovered(mentions: Sequence[Mention], docs: Sequence[Evidence], names: Names | None = None) -> list[str]:
    """The question's medicines and conditions (as written) that no passage of ``docs`` mentions; ``names`` gives a
    mention's other names (the concept table's)."""
    text = " ".join(f"{d.title} {d.text}" for d in docs).lower()
    missing = [m.text for m in mentions if m.slot in NAMED
               and not any(said(n, text) for n in (m.text, m.name or "", *(names(m) if names else ())))]
    return list(dict.fromkeys(missing))
