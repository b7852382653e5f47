"""The PostgreSQL backend (``MEDAGENT_DATABASE_URL=postgresql://…``): replicas of the app on several machines share
people's profiles, cached answers, reviews and conversation threads. All of the project's SQL for PostgreSQL is in
this module; the checkpointer is LangGraph's own PostgresSaver on the same connection pool.

The schema evolves by :data:`MIGRATIONS`, as in the SQLite backend: applied in order, recorded in
``schema_migrations``, under a session advisory lock so that two replicas starting at once apply each step once
(the checkpointer's own migrations run under the same lock: one of them creates an index CONCURRENTLY, which
cannot run inside a transaction). A profile's read-merge-write holds a transaction advisory lock keyed by the
person, so two replicas updating one profile queue instead of overwriting each other, and a first profile is
created once. Connections come from a psycopg pool in autocommit mode with explicit transactions.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import numpy as np

from .base import CacheEntry, PassageReview, Profile, Storage, StorageError

LAST_TRACE = """SELECT user_id FROM (
    SELECT user_id, last_seen AS at FROM user_activity UNION ALL SELECT user_id, updated_at FROM profiles
    UNION ALL SELECT user_id, last_access FROM response_cache) AS traces
    GROUP BY user_id HAVING MAX(at) < %s ORDER BY user_id"""

MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (   # 1: profiles and the response cache (the vector is float32 bytes: it is compared in the cache, not here)
        """CREATE TABLE profiles (
            user_id TEXT PRIMARY KEY, data JSON NOT NULL, version INTEGER NOT NULL, updated_at TIMESTAMPTZ NOT NULL)""",
        """CREATE TABLE response_cache (
            id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY, user_id TEXT NOT NULL, profile_version INTEGER,
            question TEXT NOT NULL, vector BYTEA NOT NULL, answer TEXT NOT NULL, payload JSON NOT NULL,
            created_at TIMESTAMPTZ NOT NULL, last_access TIMESTAMPTZ NOT NULL, hits INTEGER NOT NULL DEFAULT 0)""",
        "CREATE INDEX cache_user ON response_cache(user_id, profile_version)",
        "CREATE INDEX cache_last_access ON response_cache(last_access)",
    ),
    (   # 2: who talked in which thread, when last
        """CREATE TABLE user_activity (
            user_id TEXT NOT NULL, thread_id TEXT NOT NULL, last_seen TIMESTAMPTZ NOT NULL,
            PRIMARY KEY (user_id, thread_id))""",
    ),
    (   # 3: clinicians' reviews of passages, by content hash; withdrawn ones stay
        """CREATE TABLE passage_reviews (
            content_key TEXT PRIMARY KEY, status TEXT NOT NULL, corrected_text TEXT, reviewer TEXT NOT NULL,
            reviewed_at TIMESTAMPTZ NOT NULL, revision INTEGER NOT NULL)""",
    ),
)
# advisory lock keys: one for schema changes, one namespace per kind of record (pg_advisory_xact_lock(int, int))
SCHEMA_LOCK = 7_410_001
PROFILE_LOCK, REVIEW_LOCK = 7_410_002, 7_410_003
PERSON_TABLES = ("profiles", "response_cache", "user_activity", "checkpoints", "checkpoint_blobs",
                 "checkpoint_writes")
INSTALL_HINT = "pip install -r requirements.txt (psycopg, psycopg-pool, langgraph-checkpoint-postgres)"


def _now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


def redact(url: str) -> str:
    """The URL without its password, for messages and logs."""
    scheme, sep, rest = url.partition("://")
    if not sep or "@" not in rest:
        return url
    credentials, _, host = rest.rpartition("@")
    return f"{scheme}://{credentials.partition(':')[0]}:***@{host}" if ":" in credentials else url


class PostgresStorage(Storage):
    def __init__(self, url: str, *, migrations: Sequence[Sequence[str]] = MIGRATIONS, max_connections: int = 10,
                 connect_timeout_s: float = 10.0) -> None:
        try:
            from psycopg.rows import dict_row
            from psycopg_pool import ConnectionPool
        except ImportError as exc:
            raise StorageError(f"PostgreSQL needs psycopg and psycopg-pool: {INSTALL_HINT}") from exc
        self.url = url
        self.where = redact(url)
        # dict rows and no prepared statements: what LangGraph's PostgresSaver needs on a shared pool
        self.pool = ConnectionPool(url, min_size=1, max_size=max_connections, open=False, timeout=connect_timeout_s,
                                   kwargs={"autocommit": True, "prepare_threshold": 0, "row_factory": dict_row})
        try:
            self.pool.open(wait=True, timeout=connect_timeout_s)
        except Exception as exc:          # PoolTimeout carries no reason; say where and what to check
            self.pool.close()
            raise StorageError(f"cannot connect to PostgreSQL at {self.where}: {exc}; check that the server runs, "
                               "the URL (postgresql://user:password@host:port/database) and the password") from exc
        self._checkpointer: Any = None
        try:
            self.schema_version = self.migrate(migrations)
        except BaseException:
            self.pool.close()
            raise
        self.profiles = PostgresProfiles(self)
        self.cache = PostgresCache(self)
        self.activity = PostgresActivity(self)
        self.reviews = PostgresReviews(self)

    # ----- plumbing -------------------------------------------------------------------------------------
    @contextmanager
    def transaction(self) -> Iterator[Any]:
        """A cursor (tuple rows) inside one transaction, committed at the end or rolled back on an error."""
        from psycopg.rows import tuple_row

        with self.pool.connection() as conn, conn.transaction(), conn.cursor(row_factory=tuple_row) as cur:
            yield cur

    def rows(self, sql: str, args: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        from psycopg.rows import tuple_row

        with self.pool.connection() as conn, conn.cursor(row_factory=tuple_row) as cur:
            cur.execute(sql, args)
            return cur.fetchall() if cur.description else []

    def execute(self, sql: str, args: Sequence[Any] = ()) -> int:
        with self.pool.connection() as conn:
            return conn.execute(sql, args).rowcount

    def migrate(self, migrations: Sequence[Sequence[str]]) -> int:
        """Apply the migrations this database has not seen, then the checkpointer's; returns the schema version."""
        import psycopg

        try:
            with self.pool.connection() as conn:
                conn.execute("SELECT pg_advisory_lock(%s)", (SCHEMA_LOCK,))
                try:
                    with conn.transaction():
                        conn.execute("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, "
                                     "applied_at TIMESTAMPTZ NOT NULL)")
                        current = conn.execute("SELECT COALESCE(MAX(version), 0) AS v FROM schema_migrations"
                                               ).fetchone()["v"]
                        if current > len(migrations):
                            raise StorageError(f"{self.where} has schema version {current}, newer than this program "
                                               f"knows ({len(migrations)}): update the program, or use another "
                                               "database")
                        for version in range(current + 1, len(migrations) + 1):
                            for statement in migrations[version - 1]:
                                conn.execute(statement)
                            conn.execute("INSERT INTO schema_migrations(version, applied_at) VALUES (%s, %s)",
                                         (version, _now()))
                    self.checkpointer.setup()
                finally:
                    conn.execute("SELECT pg_advisory_unlock(%s)", (SCHEMA_LOCK,))
        except psycopg.Error as exc:
            raise StorageError(f"cannot migrate the PostgreSQL database at {self.where}: {exc}") from exc
        return len(migrations)

    @property
    def checkpointer(self) -> Any:
        if self._checkpointer is None:
            try:
                from langgraph.checkpoint.postgres import PostgresSaver
            except ImportError as exc:
                raise StorageError(f"PostgreSQL threads need langgraph-checkpoint-postgres: {INSTALL_HINT}") from exc
            self._checkpointer = PostgresSaver(self.pool)
        return self._checkpointer

    def erase_residue(self) -> None:
        """VACUUM FULL rewrites the tables that hold people's data, so a deleted row's text is not left in a
        page's free space. Copies outside these tables (the write-ahead log, base backups, replicas' disks) are
        the server's and its operator's: they age out by the server's retention, not by this program."""
        import psycopg

        try:
            with self.pool.connection() as conn:
                for table in PERSON_TABLES:
                    conn.execute(f"VACUUM FULL {table}")
        except psycopg.Error as exc:
            raise StorageError(f"the erasure was done but {self.where} could not be compacted: {exc}; it is "
                               "retried at the next erasure") from exc

    def close(self) -> None:
        self.pool.close()


class PostgresProfiles:
    def __init__(self, db: PostgresStorage) -> None:
        self.db = db

    def get(self, user_id: str) -> Profile | None:
        rows = self.db.rows("SELECT data FROM profiles WHERE user_id = %s", (user_id,))
        return rows[0][0] if rows else None

    def version(self, user_id: str) -> int:
        rows = self.db.rows("SELECT version FROM profiles WHERE user_id = %s", (user_id,))
        return int(rows[0][0]) if rows else 0

    def update(self, user_id: str, change: Callable[[Profile | None], Profile | None]) -> Profile | None:
        from psycopg.types.json import Json

        with self.db.transaction() as cur:
            cur.execute("SELECT pg_advisory_xact_lock(%s, hashtext(%s))", (PROFILE_LOCK, user_id))
            cur.execute("SELECT data FROM profiles WHERE user_id = %s", (user_id,))
            row = cur.fetchone()
            current = row[0] if row else None
            new = change(current)
            if new is None:
                return current
            cur.execute("INSERT INTO profiles(user_id, data, version, updated_at) VALUES (%s, %s, %s, %s) "
                        "ON CONFLICT(user_id) DO UPDATE SET data = excluded.data, version = excluded.version, "
                        "updated_at = excluded.updated_at", (user_id, Json(new), int(new["version"]), _now()))
            return new

    def delete(self, user_id: str) -> bool:
        return self.db.execute("DELETE FROM profiles WHERE user_id = %s", (user_id,)) > 0


class PostgresCache:
    def __init__(self, db: PostgresStorage) -> None:
        self.db = db

    def entries(self, user_id: str, profile_version: int) -> list[CacheEntry]:
        rows = self.db.rows(
            "SELECT id, question, vector, answer, payload, profile_version FROM response_cache "
            "WHERE user_id = %s AND profile_version = %s ORDER BY id", (user_id, profile_version))
        return [CacheEntry(r[0], r[1], np.frombuffer(r[2], dtype=np.float32), r[3], r[4], r[5]) for r in rows]

    def record_hit(self, entry_id: int) -> None:
        self.db.execute("UPDATE response_cache SET hits = hits + 1, last_access = %s WHERE id = %s",
                        (_now(), entry_id))

    def add(self, user_id: str, profile_version: int | None, question: str, vector: np.ndarray, answer: str,
            payload: dict[str, Any], *, max_entries: int) -> None:
        from psycopg.types.json import Json

        now, blob = _now(), np.asarray(vector, dtype=np.float32).tobytes()
        with self.db.transaction() as cur:
            cur.execute("INSERT INTO response_cache(user_id, profile_version, question, vector, answer, payload, "
                        "created_at, last_access) VALUES (%s, %s, %s, %s, %s, %s, %s, %s)",
                        (user_id, profile_version, question, blob, answer, Json(payload), now, now))
            cur.execute("SELECT COUNT(*) FROM response_cache")
            extra = cur.fetchone()[0] - max_entries
            if extra > 0:
                cur.execute("DELETE FROM response_cache WHERE id IN (SELECT id FROM response_cache "
                            "ORDER BY last_access ASC LIMIT %s)", (extra,))

    def delete_user(self, user_id: str) -> int:
        return self.db.execute("DELETE FROM response_cache WHERE user_id = %s", (user_id,))

    def stats(self, user_id: str | None = None) -> dict[str, int]:
        where, args = ("WHERE user_id = %s", (user_id,)) if user_id else ("", ())
        (n, hits), = self.db.rows(f"SELECT COUNT(*), COALESCE(SUM(hits), 0) FROM response_cache {where}", args)
        return {"entries": int(n), "hits": int(hits)}


class PostgresActivity:
    def __init__(self, db: PostgresStorage) -> None:
        self.db = db

    def touch(self, user_id: str, thread_id: str) -> None:
        self.db.execute("INSERT INTO user_activity(user_id, thread_id, last_seen) VALUES (%s, %s, %s) "
                        "ON CONFLICT(user_id, thread_id) DO UPDATE SET last_seen = excluded.last_seen",
                        (user_id, thread_id, _now()))

    def threads(self, user_id: str) -> list[str]:
        return [t for (t,) in self.db.rows(
            "SELECT thread_id FROM user_activity WHERE user_id = %s ORDER BY thread_id", (user_id,))]

    def last_thread(self, user_id: str) -> str | None:
        rows = self.db.rows("SELECT thread_id FROM user_activity WHERE user_id = %s ORDER BY last_seen DESC, "
                            "thread_id LIMIT 1", (user_id,))
        return rows[0][0] if rows else None

    def idle_users(self, before: str) -> list[str]:
        return [u for (u,) in self.db.rows(LAST_TRACE, (dt.datetime.fromisoformat(before),))]

    def delete_user(self, user_id: str) -> int:
        return self.db.execute("DELETE FROM user_activity WHERE user_id = %s", (user_id,))


class PostgresReviews:
    def __init__(self, db: PostgresStorage) -> None:
        self.db = db

    def get_many(self, content_keys: Iterable[str]) -> dict[str, PassageReview]:
        keys = list(dict.fromkeys(content_keys))
        if not keys:
            return {}
        rows = self.db.rows("SELECT content_key, status, corrected_text, reviewer, reviewed_at FROM passage_reviews "
                            "WHERE status != 'withdrawn' AND content_key = ANY(%s)", (keys,))
        return {r[0]: PassageReview(r[0], r[1], r[2], r[3], r[4].isoformat(timespec="microseconds")) for r in rows}

    def _write(self, key: str, status: str, text: str | None, reviewer: str) -> int:
        with self.db.transaction() as cur:
            cur.execute("SELECT pg_advisory_xact_lock(%s, 0)", (REVIEW_LOCK,))     # one revision counter
            cur.execute("SELECT COALESCE(MAX(revision), 0) + 1 FROM passage_reviews")
            revision = cur.fetchone()[0]
            cur.execute("INSERT INTO passage_reviews(content_key, status, corrected_text, reviewer, reviewed_at, "
                        "revision) VALUES (%s, %s, %s, %s, %s, %s) ON CONFLICT(content_key) DO UPDATE SET "
                        "status = excluded.status, corrected_text = excluded.corrected_text, "
                        "reviewer = excluded.reviewer, reviewed_at = excluded.reviewed_at, "
                        "revision = excluded.revision", (key, status, text, reviewer, _now(), revision))
        return int(revision)

    def put(self, review: PassageReview) -> int:
        return self._write(review.content_key, review.status, review.corrected_text, review.reviewer)

    def withdraw(self, content_key: str, reviewer: str) -> int:
        if not self.get_many([content_key]):
            return self.revision()
        return self._write(content_key, "withdrawn", None, reviewer)

    def revision(self) -> int:
        return int(self.db.rows("SELECT COALESCE(MAX(revision), 0) FROM passage_reviews")[0][0])
