"""What the agent keeps between turns, behind narrow protocols: one repository per kind of record, one
:class:`Storage` that owns them with the LangGraph checkpointer, and a backend per database.

The domain logic stays with the domain (merging and decay in ``context.profile``, cache signatures in
``cache``): a backend only stores, scopes by user and keeps read-merge-write atomic. Every method takes the
``user_id`` it reads or writes; no method can return another person's records. The contract tests in
``tests/storage/contract.py`` hold every backend to this. Each kind of record (reviews, documents, feedback on
answers) adds a repository protocol here, a table in each backend's migrations and a contract mixin.
"""

from __future__ import annotations

import datetime as dt
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np

Profile = dict[str, Any]       # the JSON profile of context.profile.schema; its "version" is stored beside it


class StorageError(RuntimeError):
    """The database cannot be opened or migrated; the message names it and what to do."""


class ProfileRepository(Protocol):
    def get(self, user_id: str) -> Profile | None: ...

    def version(self, user_id: str) -> int:
        """The stored profile's version, 0 when there is none."""
        ...

    def update(self, user_id: str, change: Callable[[Profile | None], Profile | None]) -> Profile | None:
        """Read, change and write one profile as one transaction: ``change`` gets the stored profile (or None)
        and returns the profile to store, or None to keep it as it is. Concurrent updates of one profile, from
        threads or from other processes on the same database, never lose a write. Returns what is stored."""
        ...

    def delete(self, user_id: str) -> bool: ...


@dataclass(frozen=True)
class CacheEntry:
    entry_id: int
    question: str
    vector: np.ndarray
    answer: str
    payload: dict[str, Any]
    profile_version: int | None     # None: stored by an older release (never served)


class CacheRepository(Protocol):
    def entries(self, user_id: str, profile_version: int) -> list[CacheEntry]:
        """The user's entries answered under ``profile_version`` (entries of other versions, and entries of
        older releases stored without one, are never offered)."""
        ...

    def record_hit(self, entry_id: int) -> None: ...

    def add(self, user_id: str, profile_version: int | None, question: str, vector: np.ndarray, answer: str,
            payload: dict[str, Any], *, max_entries: int) -> None:
        """Store an entry; beyond ``max_entries`` in all, the least recently used ones are dropped."""
        ...

    def delete_user(self, user_id: str) -> int: ...

    def stats(self, user_id: str | None = None) -> dict[str, int]:
        """{"entries": n, "hits": total hits}, for one user or for all."""
        ...


class ActivityRepository(Protocol):
    """Who talked in which conversation thread, and when last: so a person's threads can be erased with them
    (a web session's thread ids are random) and people idle for too long can be expired."""

    def touch(self, user_id: str, thread_id: str) -> None: ...

    def threads(self, user_id: str) -> list[str]: ...

    def last_thread(self, user_id: str) -> str | None:
        """The thread the person used most recently (a resumed person continues it, on any replica)."""
        ...

    def idle_users(self, before: str) -> list[str]:
        """Users whose last trace (a turn, a profile change, a cache hit) is older than ``before`` (ISO UTC)."""
        ...

    def delete_user(self, user_id: str) -> int: ...


@dataclass(frozen=True)
class PassageReview:
    """A clinician's word on a passage, keyed by a hash of the passage's text (it survives re-indexing):
    ``verified`` as it stands, or ``corrected`` with the text that replaces it."""

    content_key: str
    status: str                     # verified | corrected
    corrected_text: str | None
    reviewer: str
    reviewed_at: str = ""
    identity: str = "shared"        # listed: the reviewer's own code named them | shared: the demo code, name typed


class ReviewRepository(Protocol):
    """Reviews are not a person's data: they belong to the passages every user is answered from."""

    def get_many(self, content_keys: Iterable[str]) -> dict[str, PassageReview]: ...

    def put(self, review: PassageReview) -> int:
        """Store (or replace) the review of a passage; returns the new revision."""
        ...

    def withdraw(self, content_key: str, reviewer: str, identity: str = "shared") -> int:
        """The passage is no longer verified or corrected; returns the new revision (the old one if unknown)."""
        ...

    def revision(self) -> int:
        """Rises with every change: answers cached before it may quote a passage as it was."""
        ...


class DocumentRepository(Protocol):
    """The registry of people's uploaded documents, which every replica reads: each collection's files (their bytes)
    and a generation that counts the collection's changes. ``collection`` is a hash of the person's id (or the
    shared collection's name), never the id itself. The passages and vectors are built from these files where they
    are searched (``collections.personal``), so a replica rebuilds a collection when its generation moved."""

    def put(self, collection: str, name: str, content: bytes) -> int:
        """Add or replace a file; returns the collection's new generation."""
        ...

    def remove(self, collection: str, name: str) -> int | None:
        """Remove a file; the new generation, or None when there was no such file (nothing changes)."""
        ...

    def names(self, collection: str) -> list[str]: ...

    def content(self, collection: str, name: str) -> bytes | None: ...

    def generation(self, collection: str) -> int:
        """0 for a collection that never had a file."""
        ...

    def delete_collection(self, collection: str) -> int:
        """Erase every file of the collection and its generation; returns how many files."""
        ...


class FeedbackRepository(Protocol):
    """A person's 👍/👎 on an answer, with an optional comment and the turn's trace (question, route, evidence,
    verdict, model, language): one row per (person, turn), replaced when the person changes their mind. It is the
    person's data: erased and exported with their profile."""

    def put(self, user_id: str, turn_id: str, rating: str, trace: dict[str, Any]) -> None:
        """Store (or replace) the rating (``up`` | ``down`` | another option's word) of a turn; a comment already
        given stays."""
        ...

    def comment(self, user_id: str, turn_id: str, comment: str) -> bool:
        """Add the comment to the turn's rating; False when the turn has no rating."""
        ...

    def remove(self, user_id: str, turn_id: str) -> bool: ...

    def for_user(self, user_id: str) -> list[dict[str, Any]]:
        """The person's ratings, oldest first: turn_id, rating, comment, trace, created_at, updated_at."""
        ...

    def all(self, limit: int = 10_000) -> list[dict[str, Any]]:
        """Everyone's ratings, newest first, without who gave them (for the operator's summary)."""
        ...

    def delete_user(self, user_id: str) -> int: ...


class Storage(ABC):
    """One database: the repositories and the matching LangGraph checkpointer. Open with
    :func:`medical_agent.storage.open_storage`."""

    profiles: ProfileRepository
    cache: CacheRepository
    activity: ActivityRepository
    reviews: ReviewRepository
    documents: DocumentRepository
    feedback: FeedbackRepository
    url: str

    @property
    @abstractmethod
    def checkpointer(self) -> Any:
        """The LangGraph checkpointer that keeps conversation threads in the same database."""

    @abstractmethod
    def close(self) -> None: ...

    def delete_user(self, user_id: str, thread_ids: Iterable[str] = (), *, compact: bool = True) -> dict[str, int]:
        """Erase a person: their profile, their cached answers, their ratings of answers and their conversation
        threads (those named and those the activity table knows)."""
        threads = list(dict.fromkeys([*thread_ids, *self.activity.threads(user_id)]))
        counts = {"profiles": int(self.profiles.delete(user_id)), "cache_entries": self.cache.delete_user(user_id),
                  "feedback": self.feedback.delete_user(user_id), "threads": 0}
        for thread in threads:
            self.checkpointer.delete_thread(thread)
            counts["threads"] += 1
        self.activity.delete_user(user_id)
        if compact:
            self.erase_residue()
        return counts

    def expire_idle(self, days: float, now: dt.datetime | None = None) -> list[str]:
        """Erase everyone idle for more than ``days`` (profile, cached answers, threads); returns who."""
        before = ((now or dt.datetime.now(dt.UTC)) - dt.timedelta(days=days)).isoformat(timespec="microseconds")
        expired = self.activity.idle_users(before)
        for user in expired:
            self.delete_user(user, compact=False)
        if expired:
            self.erase_residue()
        return expired

    @abstractmethod
    def erase_residue(self) -> None:
        """After an erasure: make sure deleted rows leave no copy on disk (journals, free pages)."""

    def __enter__(self) -> Storage:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
