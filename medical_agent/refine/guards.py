"""The dual loop guards of seed 003 §5: duplicate documents (Jaccard of MD5 document-hash sets ≥ 0.8
between the last two retrievals) and stagnating or declining quality (improvement < 0.05)."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

from ..evidence import Evidence

DUPLICATE_JACCARD = 0.8
MIN_IMPROVEMENT = 0.05


def doc_hashes(docs: Sequence[Evidence]) -> list[str]:
    return sorted({hashlib.md5(d.text.encode("utf-8")).hexdigest() for d in docs})


def jaccard(a: Sequence[str], b: Sequence[str]) -> float:
    sa, sb = set(a), set(b)
    union = sa | sb
    return len(sa & sb) / len(union) if union else 1.0


def duplicate_documents(history: Sequence[Sequence[str]]) -> bool:
    return len(history) >= 2 and jaccard(history[-1], history[-2]) >= DUPLICATE_JACCARD


def progress_stop(scores: Sequence[float]) -> str | None:
    """"decline" when quality fell, "stagnation" when it rose by less than 0.05, else None."""
    if len(scores) < 2:
        return None
    improvement = scores[-1] - scores[-2]
    if improvement < 0:
        return "decline"
    return "stagnation" if improvement < MIN_IMPROVEMENT else None
