"""The SQLite backend (the default: ``python app.py`` on a laptop needs no server). Its schema and plumbing are here,
the repositories' statements in ``sql.py``; the checkpointer is LangGraph's own SqliteSaver on the same file.

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
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from .base import Storage, StorageError
from .sql import SQLDatabase, repositories

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
    (   # 4: people's uploaded documents (the registry the replicas share) and each collection's generation
        """CREATE TABLE documents (
            collection TEXT NOT NULL, name TEXT NOT NULL, content BLOB NOT NULL, added_at TEXT NOT NULL,
            PRIMARY KEY (collection, name))""",
        "CREATE TABLE document_collections (collection TEXT PRIMARY KEY, generation INTEGER NOT NULL)",
    ),
    (   # 5: how a review's reviewer was known: 'listed' (their own code, from the reviewer list) or 'shared' (the
        # shared demo code, the name as typed); the reviews before were all made with the shared code
        "ALTER TABLE passage_reviews ADD COLUMN identity TEXT NOT NULL DEFAULT 'shared'",
    ),
    (   # 6: people's ratings of answers (👍/👎, an optional comment, the turn's trace), erased with the person
        """CREATE TABLE answer_feedback (
            user_id TEXT NOT NULL, turn_id TEXT NOT NULL, rating TEXT NOT NULL, comment TEXT NOT NULL,
            trace TEXT NOT NULL, created_at TEXT NOT NULL, updated_at TEXT NOT NULL,
            PRIMARY KEY (user_id, turn_id))""",
    ),
)
BUSY_TIMEOUT_S = 30.0


DB_FIX = ("the folder must be writable and the file a database of this program: move a damaged file aside, or set "
          "MEDAGENT_DB_PATH to another file")


def _now() -> str:
    return dt.datetime.now(dt.UTC).isoformat(timespec="microseconds")


class SQLiteStorage(Storage, SQLDatabase):
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
        self.profiles, self.cache, self.activity, self.reviews, self.documents, self.feedback = \
            repositories(self)

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

    def now(self) -> str:
        return _now()

    def json_value(self, obj: Any) -> str:
        return json.dumps(obj, ensure_ascii=False)

    def json_loaded(self, value: Any) -> Any:
        return json.loads(value)

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
