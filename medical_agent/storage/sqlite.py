"""The SQLite backend (the default: ``python app.py`` on a laptop needs no server). All of the project's SQL
for SQLite is in this module; the checkpointer is LangGraph's own SqliteSaver on the same file.

The schema evolves by :data:`MIGRATIONS`, applied in order by :meth:`SQLiteStorage.migrate` inside one
``BEGIN IMMEDIATE`` transaction and recorded in ``schema_migrations``, so two processes starting at once apply
each step once. Migration 1 is the schema the stores created before migrations existed (``IF NOT EXISTS``): a
database file written by that code is adopted as it is, with every row. One connection per storage, guarded by
a lock, in autocommit mode with explicit transactions; ``busy_timeout`` makes a second process wait for the
write lock instead of failing.
"""

from __future__ import annotations

import datetime as dt
import json
import sqlite3
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import numpy as np

from .base import CacheEntry, PassageReview, Profile, Storage, StorageError

LAST_TRACE = """SELECT user_id FROM (
    SELECT user_id, last_seen AS at FROM user_activity UNION ALL SELECT user_id, updated_at FROM profiles
    UNION ALL SELECT user_id, last_access FROM response_cache) GROUP BY user_id HAVING MAX(at) < ? ORDER BY user_id"""

MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (   # 1: profiles and the response cache, as written by the stores before the storage layer
        """CREATE TABLE IF NOT EXISTS profiles (
            user_id TEXT PRIMARY KEY, data TEXT NOT NULL, version INTEGER NOT NULL, updated_at TEXT NOT NULL)""",
        """CREATE TABLE IF NOT EXISTS response_cache (
            id INTEGER PRIMARY KEY AUTOINCREMENT, user_id TEXT NOT NULL, profile_version INTEGER,
            question TEXT NOT NULL, vector BLOB NOT NULL, answer TEXT NOT NULL, payload TEXT NOT NULL,
            created_at TEXT NOT NULL, last_access TEXT NOT NULL, hits INTEGER NOT NULL DEFAULT 0)""",
        "CREATE INDEX IF NOT EXISTS cache_user ON response_cache(user_id)",
    ),
    (   # 2: who talked in which thread, when last (erasure of all a person's threads; expiry of idle people)
        """CREATE TABLE user_activity (
            user_id TEXT NOT NULL, thread_id TEXT NOT NULL, last_seen TEXT NOT NULL,
            PRIMARY KEY (user_id, thread_id))""",
    ),
    (   # 3: clinicians' reviews of passages (verified, or a corrected text), by content hash; withdrawn ones stay
        """CREATE TABLE passage_reviews (
            content_key TEXT PRIMARY KEY, status TEXT NOT NULL, corrected_text TEXT, reviewer TEXT NOT NULL,
            reviewed_at TEXT NOT NULL, revision INTEGER NOT NULL)""",
    ),
)
BUSY_TIMEOUT_S = 30.0


DB_FIX = ("the folder must be writable and the file a database of this program: move a damaged file aside, or set "
          "MEDAGENT_DB_PATH to another file")


def _now() -> str:
    return dt.datetime.now(dt.UTC).isoformat(timespec="microseconds")


class SQLiteStorage(Storage):
    def __init__(self, path: str | Path = ":memory:", *,
                 migrations: Sequence[Sequence[str]] = MIGRATIONS) -> None:
        self.path = str(path)
        self.url = "sqlite:///" + self.path
        self.in_memory = self.path == ":memory:"
        try:
            if not self.in_memory:
                Path(self.path).parent.mkdir(parents=True, exist_ok=True)
            self._conn = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None,
                                         timeout=BUSY_TIMEOUT_S)
            if not self.in_memory:
                self._conn.execute("PRAGMA journal_mode=WAL")
            self._conn.execute("PRAGMA secure_delete=ON")      # deleted rows are overwritten, not just unlinked
        except (OSError, sqlite3.Error) as exc:
            raise StorageError(f"cannot open the SQLite database {self.path}: {exc}; {DB_FIX}") from exc
        self._lock = threading.RLock()
        self._checkpointer: Any = None
        self.schema_version = self.migrate(migrations)
        self.profiles = SQLiteProfiles(self)
        self.cache = SQLiteCache(self)
        self.activity = SQLiteActivity(self)
        self.reviews = SQLiteReviews(self)

    # ----- plumbing -------------------------------------------------------------------------------------
    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """One write transaction; the write lock is taken at BEGIN, so a read inside it sees no later write."""
        with self._lock:
            self._conn.execute("BEGIN IMMEDIATE")
            try:
                yield self._conn
                self._conn.execute("COMMIT")
            except BaseException:
                self._conn.execute("ROLLBACK")
                raise

    def rows(self, sql: str, args: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        with self._lock:
            return self._conn.execute(sql, args).fetchall()

    def execute(self, sql: str, args: Sequence[Any] = ()) -> int:
        with self._lock:
            return self._conn.execute(sql, args).rowcount

    def migrate(self, migrations: Sequence[Sequence[str]]) -> int:
        """Apply the migrations this database has not seen; returns its schema version."""
        try:
            with self.transaction() as conn:
                conn.execute("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, "
                             "applied_at TEXT NOT NULL)")
                current = conn.execute("SELECT COALESCE(MAX(version), 0) FROM schema_migrations").fetchone()[0]
                if current > len(migrations):
                    raise StorageError(f"{self.path} has schema version {current}, newer than this program "
                                       f"knows ({len(migrations)}): update the program, or use another database")
                for version in range(current + 1, len(migrations) + 1):
                    for statement in migrations[version - 1]:
                        conn.execute(statement)
                    conn.execute("INSERT INTO schema_migrations(version, applied_at) VALUES (?, ?)",
                                 (version, _now()))
        except sqlite3.DatabaseError as exc:
            raise StorageError(f"cannot migrate the SQLite database {self.path}: {exc}; {DB_FIX}") from exc
        return len(migrations)

    @property
    def checkpointer(self) -> Any:
        with self._lock:
            if self._checkpointer is None:
                if self.in_memory:
                    from langgraph.checkpoint.memory import InMemorySaver

                    self._checkpointer = InMemorySaver()
                else:
                    from langgraph.checkpoint.sqlite import SqliteSaver

                    conn = sqlite3.connect(self.path, check_same_thread=False, timeout=BUSY_TIMEOUT_S)
                    conn.execute("PRAGMA journal_mode=WAL")
                    conn.execute("PRAGMA secure_delete=ON")
                    self._checkpointer = SqliteSaver(conn)
            return self._checkpointer

    def erase_residue(self) -> None:
        """Deleted text must not survive on disk: secure_delete zeroes the freed pages; then the write-ahead log,
        which still holds the pages as they were before the delete, is checkpointed and truncated, and VACUUM
        rewrites the file without free pages (then the log it wrote is truncated too)."""
        if self.in_memory:
            return
        with self._lock:
            try:
                self._conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
                self._conn.execute("VACUUM")
                self._conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            except sqlite3.Error as exc:
                raise StorageError(f"the erasure was done but {self.path} could not be compacted: {exc}; it is "
                                   "retried at the next erasure") from exc

    def close(self) -> None:
        with self._lock:
            if self._checkpointer is not None and hasattr(self._checkpointer, "conn"):
                self._checkpointer.conn.close()
            self._conn.close()


class SQLiteProfiles:
    def __init__(self, db: SQLiteStorage) -> None:
        self.db = db

    def get(self, user_id: str) -> Profile | None:
        rows = self.db.rows("SELECT data FROM profiles WHERE user_id = ?", (user_id,))
        return json.loads(rows[0][0]) if rows else None

    def version(self, user_id: str) -> int:
        rows = self.db.rows("SELECT version FROM profiles WHERE user_id = ?", (user_id,))
        return int(rows[0][0]) if rows else 0

    def update(self, user_id: str, change: Callable[[Profile | None], Profile | None]) -> Profile | None:
        with self.db.transaction() as conn:
            row = conn.execute("SELECT data FROM profiles WHERE user_id = ?", (user_id,)).fetchone()
            current = json.loads(row[0]) if row else None
            new = change(current)
            if new is None:
                return current
            conn.execute("INSERT INTO profiles(user_id, data, version, updated_at) VALUES (?, ?, ?, ?) "
                         "ON CONFLICT(user_id) DO UPDATE SET data=excluded.data, version=excluded.version, "
                         "updated_at=excluded.updated_at",
                         (user_id, json.dumps(new, ensure_ascii=False), int(new["version"]), _now()))
            return new

    def delete(self, user_id: str) -> bool:
        return self.db.execute("DELETE FROM profiles WHERE user_id = ?", (user_id,)) > 0


class SQLiteCache:
    def __init__(self, db: SQLiteStorage) -> None:
        self.db = db

    def entries(self, user_id: str, profile_version: int) -> list[CacheEntry]:
        rows = self.db.rows(
            "SELECT id, question, vector, answer, payload, profile_version FROM response_cache "
            "WHERE user_id = ? AND profile_version = ? ORDER BY id",
            (user_id, profile_version))
        return [CacheEntry(r[0], r[1], np.frombuffer(r[2], dtype=np.float32), r[3], json.loads(r[4]), r[5])
                for r in rows]

    def record_hit(self, entry_id: int) -> None:
        self.db.execute("UPDATE response_cache SET hits = hits + 1, last_access = ? WHERE id = ?", (_now(), entry_id))

    def add(self, user_id: str, profile_version: int | None, question: str, vector: np.ndarray, answer: str,
            payload: dict[str, Any], *, max_entries: int) -> None:
        now, blob = _now(), np.asarray(vector, dtype=np.float32).tobytes()
        with self.db.transaction() as conn:
            conn.execute("INSERT INTO response_cache(user_id, profile_version, question, vector, answer, payload, "
                         "created_at, last_access) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                         (user_id, profile_version, question, blob, answer, json.dumps(payload, ensure_ascii=False),
                          now, now))
            extra = conn.execute("SELECT COUNT(*) FROM response_cache").fetchone()[0] - max_entries
            if extra > 0:
                conn.execute("DELETE FROM response_cache WHERE id IN (SELECT id FROM response_cache "
                             "ORDER BY last_access ASC LIMIT ?)", (extra,))

    def delete_user(self, user_id: str) -> int:
        return self.db.execute("DELETE FROM response_cache WHERE user_id = ?", (user_id,))

    def stats(self, user_id: str | None = None) -> dict[str, int]:
        where, args = ("WHERE user_id = ?", (user_id,)) if user_id else ("", ())
        (n, hits), = self.db.rows(f"SELECT COUNT(*), COALESCE(SUM(hits), 0) FROM response_cache {where}", args)
        return {"entries": int(n), "hits": int(hits)}


class SQLiteActivity:
    def __init__(self, db: SQLiteStorage) -> None:
        self.db = db

    def touch(self, user_id: str, thread_id: str) -> None:
        self.db.execute("INSERT INTO user_activity(user_id, thread_id, last_seen) VALUES (?, ?, ?) "
                        "ON CONFLICT(user_id, thread_id) DO UPDATE SET last_seen = excluded.last_seen",
                        (user_id, thread_id, _now()))

    def threads(self, user_id: str) -> list[str]:
        return [t for (t,) in self.db.rows("SELECT thread_id FROM user_activity WHERE user_id = ? ORDER BY thread_id",
                                           (user_id,))]

    def last_thread(self, user_id: str) -> str | None:
        rows = self.db.rows("SELECT thread_id FROM user_activity WHERE user_id = ? ORDER BY last_seen DESC, "
                            "thread_id LIMIT 1", (user_id,))
        return rows[0][0] if rows else None

    def idle_users(self, before: str) -> list[str]:
        return [u for (u,) in self.db.rows(LAST_TRACE, (before,))]

    def delete_user(self, user_id: str) -> int:
        return self.db.execute("DELETE FROM user_activity WHERE user_id = ?", (user_id,))


class SQLiteReviews:
    def __init__(self, db: SQLiteStorage) -> None:
        self.db = db

    def get_many(self, content_keys: Iterable[str]) -> dict[str, PassageReview]:
        keys = list(dict.fromkeys(content_keys))
        if not keys:
            return {}
        marks = ",".join("?" * len(keys))
        rows = self.db.rows(f"SELECT content_key, status, corrected_text, reviewer, reviewed_at FROM passage_reviews "
                            f"WHERE status != 'withdrawn' AND content_key IN ({marks})", keys)
        return {r[0]: PassageReview(*r) for r in rows}

    def _write(self, key: str, status: str, text: str | None, reviewer: str) -> int:
        with self.db.transaction() as conn:
            revision = conn.execute("SELECT COALESCE(MAX(revision), 0) + 1 FROM passage_reviews").fetchone()[0]
            conn.execute("INSERT INTO passage_reviews(content_key, status, corrected_text, reviewer, reviewed_at, "
                         "revision) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT(content_key) DO UPDATE SET "
                         "status = excluded.status, corrected_text = excluded.corrected_text, "
                         "reviewer = excluded.reviewer, reviewed_at = excluded.reviewed_at, "
                         "revision = excluded.revision", (key, status, text, reviewer, _now(), revision))
        return revision

    def put(self, review: PassageReview) -> int:
        return self._write(review.content_key, review.status, review.corrected_text, review.reviewer)

    def withdraw(self, content_key: str, reviewer: str) -> int:
        if not self.get_many([content_key]):
            return self.revision()
        return self._write(content_key, "withdrawn", None, reviewer)

    def revision(self) -> int:
        return int(self.db.rows("SELECT COALESCE(MAX(revision), 0) FROM passage_reviews")[0][0])
