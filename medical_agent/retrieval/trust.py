"""Evidence ordered by trust (seed 004): passages a clinician verified or corrected first, then structured
entities (tables, figures), then plain text — each group in its retrieval order.

A review is keyed by a hash of the passage's text, so it holds across re-indexing (a rebuilt index has new
positions but the same texts). A corrected passage carries the corrected text from here on: the prompt, the
extractive generator, the verifier and the references table all see the clinician's version, labelled.
"""

from __future__ import annotations

import hashlib
from dataclasses import replace

from ..evidence import Evidence
from ..storage import ReviewRepository

STRUCTURED = ("table", "figure")


def content_key(text: str) -> str:
    """The key a review is stored under: the passage text with its whitespace normalised, hashed."""
    return hashlib.sha256(" ".join(text.split()).encode()).hexdigest()[:32]


def tier(doc: Evidence) -> int:
    if doc.metadata.get("review"):
        return 0
    return 1 if doc.metadata.get("category") in STRUCTURED else 2


def apply_reviews(hits: list[Evidence], reviews: ReviewRepository | None) -> list[Evidence]:
    """The hits with their reviews applied (corrected text swapped in, the review in ``metadata["review"]``),
    ordered verified → tables/figures → text, ranks renumbered."""
    found = reviews.get_many(content_key(h.text) for h in hits) if reviews is not None and hits else {}
    out = []
    for h in hits:
        r = found.get(content_key(h.text))
        if r is not None:
            meta = {**h.metadata, "review": {"status": r.status, "by": r.reviewer, "at": r.reviewed_at,
                                             "content_key": r.content_key}}
            h = replace(h, text=r.corrected_text if r.status == "corrected" and r.corrected_text else h.text,
                        metadata=meta)
        out.append(h)
    # stable: retrieval order within each group; a planned search's subtask groups stay together
    ordered = sorted(out, key=lambda h: (h.metadata.get("subtask", 0), tier(h)))
    return [replace(h, rank=n) for n, h in enumerate(ordered, start=1)]
