"""Response cache (seed 001/002 §3.4.1) with the safety the seed lacks.

- An entry belongs to one user: a cached answer never reaches another person. An answer that used the
  profile also carries the profile version and is served only while that version is current.
- Only answers that passed quality_check are stored (the caller decides; see store_response).
- A hit needs cosine similarity ≥ threshold (0.85) AND the same negation words and the same numbers in both
  questions: "Is metformin safe with kidney disease?" ≠ "... not safe ...", "혈당 180" ≠ "혈당 80".
- LRU of 1000 entries with hit counts, persisted in SQLite; the style of a served answer varies (~30 % of
  sentences) by swapping connectives only, never numbers, drug names or negations.
"""

from __future__ import annotations

import datetime as dt
import json
import random
import re
import sqlite3
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

NEGATION = re.compile(r"안\s|않|없|못|말아야|금지|\bnot\b|\bno\b|\bnever\b|\bwithout\b|n't\b|\bavoid", re.I)
NUMBER = re.compile(r"\d+(?:\.\d+)?")
STYLE_SWAPS = {
    "ko": [("또한", "게다가"), ("그러나", "하지만"), ("따라서", "그래서"), ("예를 들어", "예컨대"), ("특히", "무엇보다")],
    "en": [("Also,", "In addition,"), ("However,", "That said,"), ("For example,", "For instance,"),
           ("Therefore,", "So,"), ("In particular,", "Especially,")],
}
SCHEMA = """CREATE TABLE IF NOT EXISTS response_cache (
    id INTEGER PRIMARY KEY AUTOINCREMENT, user_id TEXT NOT NULL, profile_version INTEGER, question TEXT NOT NULL,
    vector BLOB NOT NULL, answer TEXT NOT NULL, payload TEXT NOT NULL, created_at TEXT NOT NULL,
    last_access TEXT NOT NULL, hits INTEGER NOT NULL DEFAULT 0)"""


def negation_signature(text: str) -> frozenset[str]:
    return frozenset(m.group(0).strip().lower() for m in NEGATION.finditer(text))


def number_signature(text: str) -> tuple[str, ...]:
    return tuple(sorted(NUMBER.findall(text)))


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


def _now() -> str:
    return dt.datetime.now(dt.UTC).isoformat(timespec="microseconds")


class ResponseCache:
    def __init__(self, path: Path | str = ":memory:", max_entries: int = 1000):
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        self._conn = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None)
        self._lock = threading.Lock()
        self.max_entries = max_entries
        with self._lock:
            self._conn.execute(SCHEMA)
            self._conn.execute("CREATE INDEX IF NOT EXISTS cache_user ON response_cache(user_id)")

    def lookup(self, user_id: str, profile_version: int, question: str, vector: np.ndarray,
               threshold: float) -> CacheHit | None:
        with self._lock:
            rows = self._conn.execute(
                "SELECT id, question, vector, answer, payload, profile_version FROM response_cache WHERE user_id = ?",
                (user_id,)).fetchall()
        best: tuple[float, Any] | None = None
        neg, nums = negation_signature(question), number_signature(question)
        for row in rows:
            if row[5] is not None and row[5] != profile_version:
                continue  # answer built on an older profile
            sim = float(np.frombuffer(row[2], dtype=np.float32) @ vector)
            if sim < threshold or negation_signature(row[1]) != neg or number_signature(row[1]) != nums:
                continue
            if best is None or sim > best[0]:
                best = (sim, row)
        if best is None:
            return None
        sim, row = best
        with self._lock:
            self._conn.execute("UPDATE response_cache SET hits = hits + 1, last_access = ? WHERE id = ?",
                               (_now(), row[0]))
        return CacheHit(row[0], row[1], row[3], json.loads(row[4]), sim)

    def store(self, user_id: str, profile_version: int | None, question: str, vector: np.ndarray, answer: str,
              payload: dict[str, Any]) -> None:
        now = _now()
        blob = np.asarray(vector, dtype=np.float32).tobytes()
        with self._lock:
            self._conn.execute(
                "INSERT INTO response_cache(user_id, profile_version, question, vector, answer, payload, created_at, "
                "last_access) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (user_id, profile_version, question, blob, answer, json.dumps(payload, ensure_ascii=False), now, now))
            extra = self._conn.execute("SELECT COUNT(*) FROM response_cache").fetchone()[0] - self.max_entries
            if extra > 0:
                self._conn.execute("DELETE FROM response_cache WHERE id IN (SELECT id FROM response_cache "
                                   "ORDER BY last_access ASC LIMIT ?)", (extra,))

    def delete_user(self, user_id: str) -> int:
        with self._lock:
            return self._conn.execute("DELETE FROM response_cache WHERE user_id = ?", (user_id,)).rowcount

    def stats(self, user_id: str | None = None) -> dict[str, int]:
        where, args = ("WHERE user_id = ?", (user_id,)) if user_id else ("", ())
        with self._lock:
            n, hits = self._conn.execute(f"SELECT COUNT(*), COALESCE(SUM(hits), 0) FROM response_cache {where}",
                                         args).fetchone()
        return {"entries": int(n), "hits": int(hits)}
