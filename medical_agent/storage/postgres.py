"""The PostgreSQL backend (``MEDAGENT_DATABASE_URL=postgresql://…``): replicas of the app on several machines share
people's profiles, cached answers, reviews and conversation threads. Its schema and plumbing are here, the repositories'
statements in ``sql.py``; the checkpointer is LangGraph's own PostgresSaver on the same connection pool.

The schema evolves by :data:`MIGRATIONS`, as in the SQLite backend: applied in order, recorded in
``schema_migrations``, under a session advisory lock so that two replicas starting at once apply each step once
(the checkpointer's own migrations run under the same lock: one of them creates an index CONCURRENTLY, which
cannot run inside a transaction). A profile's read-merge-write holds a transaction advisory lock keyed by the
person, so two replicas updating one profile queue instead of overwriting each other, and a first profile is
created once. Connections come from a psycopg pool in autocommit mode with explicit transactions.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from .base import Storage, StorageError
from .sql import SQLDatabase, repositories

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
    (   # 4: people's uploaded documents (the registry the replicas share) and each collection's generation; the
        # cache's scope is a 56-bit hash once documents or reviews exist (Deps.scope_version), beyond INTEGER
        "ALTER TABLE response_cache ALTER COLUMN profile_version TYPE BIGINT",
        """CREATE TABLE documents (
            collection TEXT NOT NULL, name TEXT NOT NULL, content BYTEA NOT NULL, added_at TIMESTAMPTZ NOT NULL,
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
            trace JSON NOT NULL, created_at TIMESTAMPTZ NOT NULL, updated_at TIMESTAMPTZ NOT NULL,
            PRIMARY KEY (user_id, turn_id))""",
    ),
)
# advisory lock keys: one for schema changes, one namespace per kind of record (pg_advisory_xact_lock(int, int))
SCHEMA_LOCK = 7_410_001
LOCKS = {"profile": 7_410_002, "review": 7_410_003}
PERSON_TABLES = ("profiles", "response_cache", "user_activity", "checkpoints", "checkpoint_blobs",
                 "checkpoint_writes", "documents", "answer_feedback")
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


class PostgresStorage(Storage, SQLDatabase):
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
        self.profiles, self.cache, self.activity, self.reviews, self.documents, self.feedback = \
            repositories(self)

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

    def sql(self, statement: str) -> str:
        return statement.replace("?", "%s")

    def lock(self, tx: Any, kind: str, key: str = "") -> None:
        """A transaction advisory lock: per person for profiles (two replicas' updates queue, a first profile is
        created once), one for the reviews' revision counter."""
        tx.execute("SELECT pg_advisory_xact_lock(%s, hashtext(%s))", (LOCKS[kind], key))

    def now(self) -> dt.datetime:
        return _now()

    def time_value(self, iso: str) -> dt.datetime:
        return dt.datetime.fromisoformat(iso)

    def json_value(self, obj: Any) -> Any:
        from psycopg.types.json import Json

        return Json(obj)

    def any_of(self, column: str, keys: list[str]) -> tuple[str, list[Any]]:
        return f"{column} = ANY(?)", [keys]

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
