"""Response cache (seed 001/002 §3.4.1) with the safety the seed lacks.

- An entry belongs to one user: a cached answer never reaches another person. It carries the profile version it
  was answered under (0 for an empty profile) and is served only while that version is current: any change of
  the profile, made by this very message too (memory runs before the lookup), retires it.
- Only answers that passed quality_check are stored (the caller decides; see store_response).
- A hit needs cosine similarity ≥ threshold (0.85) AND an equal :func:`~medical_agent.cache.signature.
  question_signature` (entities, who, what to do, when, organ, states, numbers, negation): "메트포르민" ≠ "와파린",
  "혈당 180" ≠ "혈당 80", "my child" ≠ "me". Entries stored without a signature are never served.
- LRU of 1000 entries with hit counts, kept by a :class:`~medical_agent.storage.CacheRepository` (SQLite by
  default); the style of a served answer varies (~30 % of sentences) by swapping connectives only, never
  numbers, drug names or negations.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..storage import CacheRepository

STYLE_SWAPS = {
    "ko": [("또한", "게다가"), ("그러나", "하지만"), ("따라서", "그래서"), ("예를 들어", "예컨대"), ("특히", "무엇보다")],
    "en": [("Also,", "In addition,"), ("However,", "That said,"), ("For example,", "For instance,"),
           ("Therefore,", "So,"), ("In particular,", "Especially,")],
}


def vary_style(answer: str, lang: str, seed: str, share: float = 0.3) -> str:
    """Swap connectives in about ``share`` of the lines; lines with 🚨 or ⚕️ are left alone."""
    rng = random.Random(seed)
    swaps = STYLE_SWAPS["ko" if lang == "ko" else "en"]
    out = []
    for line in answer.split("\n"):
        if "🚨" not in line and "⚕️" not in line and rng.random() < share:
            for a, b in swaps:
                if a in line:
                    line = line.replace(a, b, 1)
                    break
                if b in line:
                    line = line.replace(b, a, 1)
                    break
        out.append(line)
    return "\n".join(out)


@dataclass
class CacheHit:
    entry_id: int
    question: str
    answer: str
    payload: dict[str, Any]
    similarity: float


class ResponseCache:
    def __init__(self, repository: CacheRepository, max_entries: int = 1000):
        self.repository, self.max_entries = repository, max_entries

    def lookup(self, user_id: str, profile_version: int, signature: dict[str, list[str]], vector: np.ndarray,
               threshold: float) -> CacheHit | None:
        best: tuple[float, Any] | None = None
        for entry in self.repository.entries(user_id, profile_version):   # other versions' answers are not offered
            sim = float(entry.vector @ vector)
            if sim < threshold or entry.payload.get("signature") != signature:
                continue
            if best is None or sim > best[0]:
                best = (sim, entry)
        if best is None:
            return None
        sim, entry = best
        self.repository.record_hit(entry.entry_id)
        return CacheHit(entry.entry_id, entry.question, entry.answer, entry.payload, sim)

    def store(self, user_id: str, profile_version: int, question: str, vector: np.ndarray, answer: str,
              payload: dict[str, Any]) -> None:
        """``payload`` carries the question's ``signature`` (without it the entry is never served)."""
        self.repository.add(user_id, profile_version, question, vector, answer, payload, max_entries=self.max_entries)

    def delete_user(self, user_id: str) -> int:
        return self.repository.delete_user(user_id)

    def stats(self, user_id: str | None = None) -> dict[str, int]:
        return self.repository.stats(user_id)
