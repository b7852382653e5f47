"""The repositories both SQL backends share: the statements are written once (``?`` placeholders) and a backend
supplies what differs between databases as a :class:`SQLDatabase` — its placeholder, how it takes a transaction
and its locks, how it stores JSON and time, and how it asks for "any of these keys"."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import AbstractContextManager
from typing import Any

import numpy as np

from .base import CacheEntry, PassageReview, Profile

LAST_TRACE = """SELECT user_id FROM (
    SELECT user_id, last_seen AS at FROM user_activity UNION ALL SELECT user_id, updated_at FROM profiles
    UNION ALL SELECT user_id, last_access FROM response_cache
    UNION ALL SELECT user_id, updated_at FROM answer_feedback) AS traces
    GROUP BY user_id HAVING MAX(at) < ? ORDER BY user_id"""


class SQLDatabase:
    """What a backend supplies. ``transaction()`` yields an object whose ``execute(sql, args)`` returns a cursor
    (``fetchone``/``fetchall``); every statement here is written with ``?`` and goes through ``sql()``."""

    def sql(self, statement: str) -> str:
        return statement

    def rows(self, sql: str, args: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        raise NotImplementedError

    def execute(self, sql: str, args: Sequence[Any] = ()) -> int:
        raise NotImplementedError

    def transaction(self) -> AbstractContextManager[Any]:
        raise NotImplementedError

    def lock(self, tx: Any, kind: str, key: str = "") -> None:
        """Serialise read-merge-writes of one ``kind`` (and ``key``) inside ``tx``; no-op where the transaction
        already holds the database's write lock."""

    def now(self) -> Any:
        raise NotImplementedError

    def time_value(self, iso: str) -> Any:
        """An ISO timestamp as a query parameter."""
        return iso

    def time_text(self, value: Any) -> str:
        return value if isinstance(value, str) else value.isoformat(timespec="microseconds")

    def json_value(self, obj: Any) -> Any:
        raise NotImplementedError

    def json_loaded(self, value: Any) -> Any:
        return value

    def any_of(self, column: str, keys: list[str]) -> tuple[str, list[Any]]:
        """A condition "``column`` is one of ``keys``" and its arguments."""
        return f"{column} IN ({','.join('?' * len(keys))})", list(keys)


class SQLProfiles:
    def __init__(self, db: SQLDatabase) -> None:
        self.db = db

    def get(self, user_id: str) -> Profile | None:
        rows = self.db.rows(self.db.sql("SELECT data FROM profiles WHERE user_id = ?"), (user_id,))
        return self.db.json_loaded(rows[0][0]) if rows else None

    def version(self, user_id: str) -> int:
        rows = self.db.rows(self.db.sql("SELECT version FROM profiles WHERE user_id = ?"), (user_id,))
        return int(rows[0][0]) if rows else 0

    def update(self, user_id: str, change: Callable[[Profile | None], Profile | None]) -> Profile | None:
        with self.db.transaction() as tx:
            self.db.lock(tx, "profile", user_id)
            row = tx.execute(self.db.sql("SELECT data FROM profiles WHERE user_id = ?"), (user_id,)).fetchone()
            current = self.db.json_loaded(row[0]) if row else None
            new = change(current)
            if new is None:
                return current
            tx.execute(self.db.sql(
                "INSERT INTO profiles(user_id, data, version, updated_at) VALUES (?, ?, ?, ?) ON CONFLICT(user_id) DO "
                "UPDATE SET data = excluded.data, version = excluded.version, updated_at = excluded.updated_at"),
                (user_id, self.db.json_value(new), int(new["version"]), self.db.now()))
            return new

    def delete(self, user_id: str) -> bool:
        return self.db.execute(self.db.sql("DELETE FROM profiles WHERE user_id = ?"), (user_id,)) > 0


class SQLCache:
    def __init__(self, db: SQLDatabase) -> None:
        self.db = db

    def entries(self, user_id: str, profile_version: int) -> list[CacheEntry]:
        rows = self.db.rows(self.db.sql(
            "SELECT id, question, vector, answer, payload, profile_version FROM response_cache "
            "WHERE user_id = ? AND profile_version = ? ORDER BY id"), (user_id, profile_version))
        return [CacheEntry(r[0], r[1], np.frombuffer(r[2], dtype=np.float32), r[3], self.db.json_loaded(r[4]), r[5])
                for r in rows]

    def record_hit(self, entry_id: int) -> None:
        self.db.execute(self.db.sql("UPDATE response_cache SET hits = hits + 1, last_access = ? WHERE id = ?"),
                        (self.db.now(), entry_id))

    def add(self, user_id: str, profile_version: int | None, question: str, vector: np.ndarray, answer: str,
            payload: dict[str, Any], *, max_entries: int) -> None:
        now, blob = self.db.now(), np.asarray(vector, dtype=np.float32).tobytes()
        with self.db.transaction() as tx:
            tx.execute(self.db.sql(
                "INSERT INTO response_cache(user_id, profile_version, question, vector, answer, payload, created_at, "
                "last_access) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"),
                (user_id, profile_version, question, blob, answer, self.db.json_value(payload), now, now))
            extra = tx.execute("SELECT COUNT(*) FROM response_cache").fetchone()[0] - max_entries
            if extra > 0:
                tx.execute(self.db.sql("DELETE FROM response_cache WHERE id IN (SELECT id FROM response_cache "
                                       "ORDER BY last_access ASC LIMIT ?)"), (extra,))

    def delete_user(self, user_id: str) -> int:
        return self.db.execute(self.db.sql("DELETE FROM response_cache WHERE user_id = ?"), (user_id,))

    def stats(self, user_id: str | None = None) -> dict[str, int]:
        where, args = ("WHERE user_id = ?", (user_id,)) if user_id else ("", ())
        (n, hits), = self.db.rows(self.db.sql(
            f"SELECT COUNT(*), COALESCE(SUM(hits), 0) FROM response_cache {where}"), args)
        return {"entries": int(n), "hits": int(hits)}


class SQLActivity:
    def __init__(self, db: SQLDatabase) -> None:
        self.db = db

    def touch(self, user_id: str, thread_id: str) -> None:
        self.db.execute(self.db.sql(
            "INSERT INTO user_activity(user_id, thread_id, last_seen) VALUES (?, ?, ?) "
            "ON CONFLICT(user_id, thread_id) DO UPDATE SET last_seen = excluded.last_seen"),
            (user_id, thread_id, self.db.now()))

    def threads(self, user_id: str) -> list[str]:
        return [t for (t,) in self.db.rows(self.db.sql(
            "SELECT thread_id FROM user_activity WHERE user_id = ? ORDER BY thread_id"), (user_id,))]

    def last_thread(self, user_id: str) -> str | None:
        rows = self.db.rows(self.db.sql("SELECT thread_id FROM user_activity WHERE user_id = ? "
                                        "ORDER BY last_seen DESC, thread_id LIMIT 1"), (user_id,))
        return rows[0][0] if rows else None

    def idle_users(self, before: str) -> list[str]:
        return [u for (u,) in self.db.rows(self.db.sql(LAST_TRACE), (self.db.time_value(before),))]

    def delete_user(self, user_id: str) -> int:
        return self.db.execute(self.db.sql("DELETE FROM user_activity WHERE user_id = ?"), (user_id,))


class SQLReviews:
    def __init__(self, db: SQLDatabase) -> None:
        self.db = db

    def get_many(self, content_keys: Iterable[str]) -> dict[str, PassageReview]:
        keys = list(dict.fromkeys(content_keys))
        if not keys:
            return {}
        condition, args = self.db.any_of("content_key", keys)
        rows = self.db.rows(self.db.sql(
            "SELECT content_key, status, corrected_text, reviewer, reviewed_at, identity FROM passage_reviews "
            f"WHERE status != 'withdrawn' AND {condition}"), args)
        return {r[0]: PassageReview(r[0], r[1], r[2], r[3], self.db.time_text(r[4]), r[5]) for r in rows}

    def _write(self, key: str, status: str, text: str | None, reviewer: str, identity: str) -> int:
        with self.db.transaction() as tx:
            self.db.lock(tx, "review")                 # one revision counter for all reviews
            revision = tx.execute("SELECT COALESCE(MAX(revision), 0) + 1 FROM passage_reviews").fetchone()[0]
            tx.execute(self.db.sql(
                "INSERT INTO passage_reviews(content_key, status, corrected_text, reviewer, reviewed_at, revision, "
                "identity) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT(content_key) DO UPDATE SET "
                "status = excluded.status, corrected_text = excluded.corrected_text, reviewer = excluded.reviewer, "
                "reviewed_at = excluded.reviewed_at, revision = excluded.revision, identity = excluded.identity"),
                (key, status, text, reviewer, self.db.now(), revision, identity))
        return int(revision)

    def put(self, review: PassageReview) -> int:
        return self._write(review.content_key, review.status, review.corrected_text, review.reviewer, review.identity)

    def withdraw(self, content_key: str, reviewer: str, identity: str = "shared") -> int:
        if not self.get_many([content_key]):
            return self.revision()
        return self._write(content_key, "withdrawn", None, reviewer, identity)

    def revision(self) -> int:
        return int(self.db.rows("SELECT COALESCE(MAX(revision), 0) FROM passage_reviews")[0][0])


class SQLDocuments:
    """Files in ``documents``, generations in ``document_collections``; a change and its new generation are one
    transaction, so two replicas changing one collection both move its generation."""

    BUMP = ("INSERT INTO document_collections(collection, generation) VALUES (?, 1) ON CONFLICT(collection) DO "
            "UPDATE SET generation = document_collections.generation + 1 RETURNING generation")

    def __init__(self, db: SQLDatabase) -> None:
        self.db = db

    def put(self, collection: str, name: str, content: bytes) -> int:
        with self.db.transaction() as tx:
            tx.execute(self.db.sql(
                "INSERT INTO documents(collection, name, content, added_at) VALUES (?, ?, ?, ?) ON CONFLICT(collection, "
                "name) DO UPDATE SET content = excluded.content, added_at = excluded.added_at"),
                (collection, name, content, self.db.now()))
            return int(tx.execute(self.db.sql(self.BUMP), (collection,)).fetchone()[0])

    def remove(self, collection: str, name: str) -> int | None:
        with self.db.transaction() as tx:
            gone = tx.execute(self.db.sql("DELETE FROM documents WHERE collection = ? AND name = ?"),
                              (collection, name)).rowcount
            return int(tx.execute(self.db.sql(self.BUMP), (collection,)).fetchone()[0]) if gone else None

    def names(self, collection: str) -> list[str]:
        return [n for (n,) in self.db.rows(self.db.sql(
            "SELECT name FROM documents WHERE collection = ? ORDER BY name"), (collection,))]

    def content(self, collection: str, name: str) -> bytes | None:
        rows = self.db.rows(self.db.sql("SELECT content FROM documents WHERE collection = ? AND name = ?"),
                            (collection, name))
        return bytes(rows[0][0]) if rows else None

    def generation(self, collection: str) -> int:
        rows = self.db.rows(self.db.sql("SELECT generation FROM document_collections WHERE collection = ?"),
                            (collection,))
        return int(rows[0][0]) if rows else 0

    def delete_collection(self, collection: str) -> int:
        with self.db.transaction() as tx:
            files = tx.execute(self.db.sql("DELETE FROM documents WHERE collection = ?"), (collection,)).rowcount
            tx.execute(self.db.sql("DELETE FROM document_collections WHERE collection = ?"), (collection,))
        return int(files)


class SQLFeedback:
    """Ratings in ``answer_feedback``, one row per (person, turn); the trace is JSON beside the rating."""

    COLUMNS = "turn_id, rating, comment, trace, created_at, updated_at"

    def __init__(self, db: SQLDatabase) -> None:
        self.db = db

    def put(self, user_id: str, turn_id: str, rating: str, trace: dict[str, Any]) -> None:
        now = self.db.now()
        self.db.execute(self.db.sql(
            "INSERT INTO answer_feedback(user_id, turn_id, rating, comment, trace, created_at, updated_at) VALUES "
            "(?, ?, ?, '', ?, ?, ?) ON CONFLICT(user_id, turn_id) DO UPDATE SET rating = excluded.rating, "
            "trace = excluded.trace, updated_at = excluded.updated_at"),
            (user_id, turn_id, rating, self.db.json_value(trace), now, now))

    def comment(self, user_id: str, turn_id: str, comment: str) -> bool:
        return self.db.execute(self.db.sql(
            "UPDATE answer_feedback SET comment = ?, updated_at = ? WHERE user_id = ? AND turn_id = ?"),
            (comment, self.db.now(), user_id, turn_id)) > 0

    def remove(self, user_id: str, turn_id: str) -> bool:
        return self.db.execute(self.db.sql("DELETE FROM answer_feedback WHERE user_id = ? AND turn_id = ?"),
                               (user_id, turn_id)) > 0

    def _rows(self, rows: list[tuple[Any, ...]]) -> list[dict[str, Any]]:
        return [{"turn_id": r[0], "rating": r[1], "comment": r[2], "trace": self.db.json_loaded(r[3]),
                 "created_at": self.db.time_text(r[4]), "updated_at": self.db.time_text(r[5])} for r in rows]

    def for_user(self, user_id: str) -> list[dict[str, Any]]:
        return self._rows(self.db.rows(self.db.sql(
            f"SELECT {self.COLUMNS} FROM answer_feedback WHERE user_id = ? ORDER BY created_at, turn_id"), (user_id,)))

    def all(self, limit: int = 10_000) -> list[dict[str, Any]]:
        return self._rows(self.db.rows(self.db.sql(
            f"SELECT {self.COLUMNS} FROM answer_feedback ORDER BY updated_at DESC LIMIT ?"), (limit,)))

    def delete_user(self, user_id: str) -> int:
        return self.db.execute(self.db.sql("DELETE FROM answer_feedback WHERE user_id = ?"), (user_id,))


def repositories(db: SQLDatabase) -> Iterator[Any]:
    """The repositories over ``db``, in the order Storage names them (profiles, cache, activity, reviews,
    documents, feedback)."""
    yield from (SQLProfiles(db), SQLCache(db), SQLActivity(db), SQLReviews(db), SQLDocuments(db), SQLFeedback(db))
