"""Does the evidence cover what the question names? A medicine or condition the knowledge base has no passage
about (ferrous sulfate, alendronate … in the Synthea scenarios) is otherwise answered from unrelated passages that
happen to rank first. A named concept counts as covered when a retrieved passage's title or text contains its words
as written or its English preferred name; the uncovered ones are told to the person (generation) and keep the
answer out of the cache. Web search would be the fallback (issue 18); until one is configured the note says so."""

from __future__ import annotations

from collections.abc import Sequence

from ..context.extraction.mentions import Mention
from ..evidence import Evidence

NAMED = ("medication", "condition")


def uncovered(mentions: Sequence[Mention], docs: Sequence[Evidence]) -> list[str]:
    """The question's medicines and conditions (as written) that no passage of ``docs`` mentions."""
    text = " ".join(f"{d.title} {d.text}" for d in docs).lower()
    missing = [m.text for m in mentions if m.slot in NAMED
               and m.text.lower() not in text and (m.name or "").lower() not in text]
    return list(dict.fromkeys(missing))
