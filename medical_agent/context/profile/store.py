"""ProfileStore: one JSON profile per ``user_id`` in SQLite (WAL mode), so it survives restarts.

Every read and write is keyed by ``user_id``; there is no query that can return another person's data.
A single connection guarded by a lock keeps writes atomic under Gradio's worker threads.
"""

from __future__ import annotations

import datetime as dt
import json
import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .merge import merge_slots, with_weights
from .schema import PatientProfile, new_profile
from .summary import generate_summary

SCHEMA = """CREATE TABLE IF NOT EXISTS profiles (
    user_id TEXT PRIMARY KEY, data TEXT NOT NULL, version INTEGER NOT NULL, updated_at TEXT NOT NULL)"""


def utc_now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


class ProfileStore:
    def __init__(self, path: Path | str = ":memory:", clock: Callable[[], dt.datetime] = utc_now,
                 korean_name: Callable[[str | None, str], str] | None = None):
        self.clock, self.korean_name = clock, korean_name
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        self._conn = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None)
        self._lock = threading.Lock()
        with self._lock:
            if str(path) != ":memory:":
                self._conn.execute("PRAGMA journal_mode=WAL")
            self._conn.execute(SCHEMA)

    def _load(self, user_id: str) -> PatientProfile | None:
        row = self._conn.execute("SELECT data FROM profiles WHERE user_id = ?", (user_id,)).fetchone()
        return json.loads(row[0]) if row else None

    def update(self, user_id: str, slot_out: dict[str, Any], timestamp: dt.datetime | None = None) -> PatientProfile:
        """Merge this turn's slots; returns the stored profile (with temporal weights)."""
        _require(user_id)
        now = (timestamp or self.clock()).isoformat(timespec="seconds")
        with self._lock:
            self._conn.execute("BEGIN IMMEDIATE")
            try:
                current = self._load(user_id) or new_profile(user_id, now)
                merged = merge_slots(current, slot_out, now)
                if merged["version"] != current["version"] or current["version"] == 0:
                    self._conn.execute(
                        "INSERT INTO profiles(user_id, data, version, updated_at) VALUES (?, ?, ?, ?) "
                        "ON CONFLICT(user_id) DO UPDATE SET data=excluded.data, version=excluded.version, "
                        "updated_at=excluded.updated_at",
                        (user_id, json.dumps(merged, ensure_ascii=False), merged["version"], now))
                self._conn.execute("COMMIT")
            except BaseException:
                self._conn.execute("ROLLBACK")
                raise
        return with_weights(merged, self.clock())

    def get(self, user_id: str) -> PatientProfile | None:
        _require(user_id)
        with self._lock:
            profile = self._load(user_id)
        return with_weights(profile, self.clock()) if profile else None

    def version(self, user_id: str) -> int:
        with self._lock:
            row = self._conn.execute("SELECT version FROM profiles WHERE user_id = ?", (user_id,)).fetchone()
        return int(row[0]) if row else 0

    def summary(self, user_id: str, lang: str = "ko") -> str:
        return generate_summary(self.get(user_id), lang, self.korean_name)

    def export(self, user_id: str) -> str:
        """The person's whole profile as JSON text (for download)."""
        return json.dumps(self.get(user_id) or {}, ensure_ascii=False, indent=2)

    def delete(self, user_id: str) -> bool:
        _require(user_id)
        with self._lock:
            cur = self._conn.execute("DELETE FROM profiles WHERE user_id = ?", (user_id,))
        return cur.rowcount > 0

    def close(self) -> None:
        with self._lock:
            self._conn.close()


def _require(user_id: str) -> None:
    if not isinstance(user_id, str) or not user_id.strip():
        raise ValueError("a non-empty user_id is required")
