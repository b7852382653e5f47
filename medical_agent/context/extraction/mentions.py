"""What a concept linker returns: concept mentions with character spans in the original text.

Both linkers — the MedCAT one and the dictionary fallback over the same concept table — implement
:class:`ConceptLinker`, so the slot extractor does not care which is active (``medcat2_enabled``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, runtime_checkable


@dataclass(frozen=True)
class Mention:
    cui: str
    name: str          # English preferred name from the concept table
    tui: str
    slot: str          # condition | symptom | medication | vital | lab
    text: str          # surface form exactly as written: original_text[start:end]
    start: int
    end: int
    confidence: float
    source: str = ""   # "medcat" | "dictionary"
    topic: str = ""    # the concept table's topic (a class of medicines, a body system): for a group denied


def holds(outer: tuple[int, int], inner: tuple[int, int]) -> bool:
    """The span ``outer`` holds ``inner`` whole and more (a longer name over a shorter one)."""
    return outer[0] <= inner[0] and inner[1] <= outer[1] and outer != inner


@runtime_checkable
class ConceptLinker(Protocol):
    name: str

    def link(self, text: str) -> list[Mention]:
        """Non-overlapping mentions sorted by start; spans index the text exactly as given."""
        ...
